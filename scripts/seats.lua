-- Seats around the table: neighbours to the left and right.
-- The seat to the left is the next one clockwise (the next in seating order), the seat
-- to the right the previous one. With two players the one opponent is both.
local seats = {}

-- The seat `steps` places clockwise from `seat` (negative: counter-clockwise).
function seats.clockwise(game, seat, steps)
  local n = game:seats()
  return (seat - 1 + (steps or 1)) % n + 1
end

function seats.left(game, seat) return seats.clockwise(game, seat, 1) end
function seats.right(game, seat) return seats.clockwise(game, seat, -1) end

-- Left then right, each seat once: a two-player game has a single neighbour.
function seats.neighbours(game, seat)
  local left, right = seats.left(game, seat), seats.right(game, seat)
  if left == seat then return {} end
  if left == right then return { left } end
  return { left, right }
end

return seats
