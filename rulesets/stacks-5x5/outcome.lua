-- How the game ends (rule 10): six enemy pieces eliminated, or four own pieces in the
-- enemy's home spaces (both numbers are parameters); and, for simulations, a turn limit.
local board = require "board"
local position = require "position"
local words = require "words"

local outcome = {}

-- Why `side` has won, or nil; and the reason in a few words, for the game's last line.
local function win(pos, side)
  local enemy = board.enemy(side)
  if pos.lost[enemy] >= position.param(pos, "win_eliminations") then
    return ("%s has eliminated %s and wins."):format(words.side(side), words.coloured(pos.lost[enemy], enemy)),
      "enemy pieces eliminated"
  end
  local reached = position.reached(pos, side)
  if reached >= position.param(pos, "win_home") then
    return ("%s has %s in %s's home spaces and wins."):format(words.side(side), words.coloured(reached, side),
      words.side(enemy)), "pieces in the enemy's home spaces"
  end
end

-- Checked after every action and at the start of every turn. Only the side on turn moves
-- pieces, so both sides can win at once only through rule changes; then the side on turn
-- (who made it happen) wins.
function outcome.check(pos)
  local first, other = pos.seat, board.enemy(pos.seat)
  for _, side in ipairs({ first, other }) do
    local why, reason = win(pos, side)
    if why then
      position.say(pos, why)
      pos.winners, pos.reason = { side }, reason
      return true
    end
  end
  return false
end

-- The side ahead at the turn limit, and a phrase saying why: more enemy pieces eliminated,
-- then more pieces in enemy home spaces. Nil when they are level on both.
local function ahead(pos)
  local measures = {
    { function(side) return pos.lost[board.enemy(side)] end, "having eliminated %d enemy pieces to %d" },
    { function(side) return position.reached(pos, side) end, "with %d pieces in enemy home spaces to %d" },
  }
  for _, m in ipairs(measures) do
    local black, red = m[1](board.BLACK), m[1](board.RED)
    if black ~= red then
      local side = black > red and board.BLACK or board.RED
      return side, m[2]:format(math.max(black, red), math.min(black, red))
    end
  end
end

-- The turn limit: once max_turns turns have been played the game stops. With at_limit:
-- most_eliminated the side ahead wins (see ahead); level, or with at_limit: draw, nobody.
function outcome.turn_limit(pos, turn)
  local limit = position.param(pos, "max_turns")
  if limit == 0 or turn <= limit then return false end
  local text = ("The turn limit (%d turns) is reached."):format(limit)
  pos.reason = "the turn limit"
  local side, why
  if position.param(pos, "at_limit") == "most_eliminated" then side, why = ahead(pos) end
  if side then
    pos.winners = { side }
    text = text .. (" %s wins, %s."):format(words.side(side), why)
  else
    pos.winners = {}
    text = text .. " Nobody wins."
  end
  position.say(pos, text)
  return true
end

return outcome
