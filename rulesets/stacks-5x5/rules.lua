-- STACKS on a 5x5 grid: Black (the first seat) and Red each march ten pieces from their
-- home spaces, stacking and attacking; four pieces in the enemy's home spaces, or six
-- enemy pieces eliminated, win. See README.md for the rules in short and the readings.
-- The parts:
--   board.lua     the geometry: cells, neighbours, home spaces, where pieces may step
--   position.lua  the snapshot of pieces and turn that the rules work on, and writing it back
--   moves.lua     a turn one choice at a time: pick, step, done, pass; the legal actions
--   attacks.lua   attacks alone and combined, eliminations, retreats
--   fours.lua     stacks of four must shed a piece, or are eliminated
--   outcome.lua   the two ways to win, and the turn limit
--   notation.lua  other spellings, and whole moves typed on one line
--   reasons.lua   why a refused action is refused, in the player's words
--   words.lua     narration
--   lists.lua     list helpers the other files share
local board = require "board"
local position = require "position"
local moves = require "moves"
local fours = require "fours"
local outcome = require "outcome"
local notation = require "notation"
local words = require "words"

local rules = {}

-- Every piece starts on the corner home space (game.yaml); stack them two to a home space.
function rules.setup(game)
  board.geometry(game)
  for side, tag in ipairs({ "black_home", "red_home" }) do
    local homes = game:cells(tag)
    local pile = homes[1]
    for i = 2, #homes do
      for _ = 1, 2 do game:move(game:top(pile), homes[i]) end
    end
    game:set("plays", side, words.side(side))
  end
  game:say(("%s plays Black and %s plays Red. Each side's ten pieces stand in stacks of two on its five "
    .. "home spaces. Black moves first."):format(game:seat_name(1), game:seat_name(2)))
end

-- A turn starts: the turn limit, stacks of four that must shed (or are eliminated), and a
-- win that such an elimination may give the other side.
function rules.turn_start(game)
  local pos = position.read(game)
  if not outcome.turn_limit(pos, game:turn()) then
    fours.start_turn(pos)
    outcome.check(pos)
  end
  position.write(game, pos)
end

function rules.actions(game, seat)
  if seat ~= game:active() then return {} end
  return moves.legal(position.read(game))
end

function rules.accepts(game, seat, text)
  if seat ~= game:active() then return false, "not your turn" end
  local pos = position.read(game)
  return notation.accepts(pos, text, moves.legal(pos))
end

function rules.expand(game, seat, line)
  if seat ~= game:active() then return nil end
  return (notation.expand(position.read(game), line))
end

function rules.apply(game, seat, action)
  local pos = position.read(game)
  moves.play(pos, action.text)
  position.write(game, pos)
end

-- The score is the number of enemy pieces eliminated (shown at the end of a game).
function rules.score(game, seat)
  return game:count(game:zone("eliminated", board.enemy(seat)))
end

return rules
