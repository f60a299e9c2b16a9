-- How the game ends (rule 10): six enemy pieces eliminated, or four own pieces in the
-- enemy's home spaces (both numbers are parameters); and, for simulations, a turn limit.
local board = require "board"
local words = require "words"

local outcome = {}

-- Why `side` has won, or nil.
local function win(pos, side)
  local enemy = board.enemy(side)
  if pos.lost[enemy] >= board.param(pos, "win_eliminations") then
    return ("%s has eliminated %s and wins."):format(words.side(side), words.coloured(pos.lost[enemy], enemy))
  end
  local reached = board.reached(pos, side)
  if reached >= board.param(pos, "win_home") then
    return ("%s has %s in %s's home spaces and wins."):format(words.side(side), words.coloured(reached, side),
      words.side(enemy))
  end
end

-- Checked after every action and at the start of every turn. Only the side on turn moves
-- pieces, so both sides can win at once only through rule changes; then the side on turn
-- (who made it happen) wins.
function outcome.check(pos)
  local first, other = pos.seat, board.enemy(pos.seat)
  for _, side in ipairs({ first, other }) do
    local why = win(pos, side)
    if why then
      board.say(pos, why)
      pos.winners = { side }
      return true
    end
  end
  return false
end

-- The turn limit: once max_turns turns have been played the game stops; the side that has
-- eliminated more pieces wins, then the one with more pieces in enemy home spaces; else
-- (or with at_limit: draw) nobody wins.
function outcome.turn_limit(pos, turn)
  local limit = board.param(pos, "max_turns")
  if limit == 0 or turn <= limit then return false end
  local text = ("The turn limit (%d turns) is reached."):format(limit)
  pos.winners = {}
  if board.param(pos, "at_limit") == "most_eliminated" then
    local score = {}
    for side = 1, 2 do score[side] = { pos.lost[board.enemy(side)], board.reached(pos, side) } end
    for _, k in ipairs({ 1, 2 }) do
      if score[1][k] ~= score[2][k] then
        local side = score[1][k] > score[2][k] and 1 or 2
        pos.winners = { side }
        text = text .. (" %s wins with %s."):format(words.side(side), k == 1
          and (words.number(score[side][1]) .. " enemy pieces eliminated against " .. score[3 - side][1])
          or (words.number(score[side][2]) .. " pieces in enemy home spaces against " .. score[3 - side][2]))
        break
      end
    end
  end
  if #pos.winners == 0 then text = text .. " Nobody wins." end
  board.say(pos, text)
  return true
end

return outcome
