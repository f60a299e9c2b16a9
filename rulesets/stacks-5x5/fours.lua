-- Stacks of four (rule 6.3): a side that starts its turn with a stack of four must move at
-- least one piece off it this turn; pieces that leave it this turn may not attack, neither
-- as the moving pieces (moves.lua marks them `shed`) nor as helpers (attacks.lua); and a
-- stack of four that no piece can leave is eliminated at once.
local board = require "board"
local position = require "position"
local words = require "words"

local fours = {}

-- Whether a single piece could leave the stack on `cell`: one legal step is enough (an
-- attack does not count, since pieces leaving a stack of four may not attack).
local function can_shed(pos, cell)
  return #board.steps(pos, cell, 1, pos.seat) > 0
end

local function eliminate(pos, cell)
  position.say(pos, ("No piece can leave %s's stack of four on %s: all four pieces are eliminated."):format(
    words.side(pos.seat), cell))
  position.eliminate(pos, cell, pos.n[cell])
end

-- At the start of a turn: every stack of four of the side on turn, except in an enemy home
-- space (pieces there never move again), must shed a piece or is eliminated. Which ones
-- cannot shed is judged on the position as the turn starts, all at once: one stack being
-- eliminated does not free a space for another.
function fours.start_turn(pos)
  local must, blocked = {}, {}
  local order = board.order()
  for i = 1, #order do
    local cell = order[i]
    if pos.side[cell] == pos.seat and pos.n[cell] == board.MAX_STACK and board.home_side(cell) ~= board.enemy(pos.seat) then
      if can_shed(pos, cell) then must[#must + 1] = cell else blocked[#blocked + 1] = cell end
    end
  end
  for _, cell in ipairs(blocked) do eliminate(pos, cell) end
  pos.t.must_shed = must
  pos.t.fours = { table.unpack(must) }
  if #must > 0 then
    position.say(pos, ("%s must move at least one piece off the stack of four on %s."):format(words.side(pos.seat),
      words.list(must)))
  end
end

-- After the first group has stopped with a second stack of four still to shed: if its
-- pieces can no longer leave it (the first piece took the last free space), it is
-- eliminated as the rule says.
function fours.after_first(pos)
  local keep = {}
  for _, cell in ipairs(pos.t.must_shed) do
    if can_shed(pos, cell) then keep[#keep + 1] = cell else eliminate(pos, cell) end
  end
  pos.t.must_shed = keep
end

-- A turn that ends with a stack of four still unshed (only when it could not be shed).
function fours.at_turn_end(pos)
  for _, cell in ipairs(pos.t.must_shed) do eliminate(pos, cell) end
  pos.t.must_shed = {}
end

return fours
