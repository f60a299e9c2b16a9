-- Six Stacks (3 Card n' Strikes): play a card to six shared stacks built downward in colour;
-- a seat that cannot play takes a strike, and three strikes put it out. See README.md for
-- the rules in short and the readings chosen. The parts:
--   layout.lua   where a card fits; merges and reserve plays after every play
--   deal.lua     dealing the stacks and hands, drawing, reshuffling when the stock runs out
--   moves.lua    the notation of plays
--   strikes.lua  strikes, going out, the Final Match, the turn limit
local deal = require "deal"
local layout = require "layout"
local moves = require "moves"
local strikes = require "strikes"

local rules = {}

local function name(game, s) return game:seat_name(s) end

function rules.setup(game)
  game:shuffle("stock")
  game:say("The stock is shuffled and six stacks are dealt.")
  deal.fill_layout(game)
  deal.hands(game)
  game:say(name(game, 1) .. " sits at the dealer's left and plays first.")
  layout.refresh(game)
end

-- The only thing a turn does by itself is check the simulation limit; a seat with no card
-- to play has the single action `strike`, so that a person sees why the turn is lost.
function rules.turn_start(game)
  strikes.turn_limit_reached(game)
end

-- Only the seat on turn acts: a play if any card fits, otherwise the one action `strike`.
function rules.actions(game, seat)
  if seat ~= game:active() then return {} end
  local list = moves.list(game, seat)
  if #list == 0 then return { "strike" } end
  return list
end

-- Plays typed in another form than the listed one (play 7H to stack3), or refused with why.
function rules.accepts(game, seat, text)
  if game:eliminated(seat) then return false, "you are out of the game" end
  if seat ~= game:active() then return false, "not your turn" end
  if text:lower() == "strike" then
    return false, "you can play a card, so you take no strike: " .. table.concat(moves.list(game, seat), ", ")
  end
  local c, d, all = moves.read(game, seat, text)
  if not c then return false, d end
  return moves.text(game, c, d, all)
end

-- Says what was played where, naming the stack so everyone can follow.
local function announce(game, seat, c, d)
  local card, who = game:name(c), name(game, seat)
  if d.how == "reserve" then
    local twin = layout.equal_active(game, c)
    game:say(("%s plays %s into the reserve (it equals %s, the active card of stack %d)."):format(who, card,
      game:name(layout.active(game, twin)), twin))
  elseif d.how == "on" then
    game:say(("%s plays %s on %s (stack %d)."):format(who, card, game:name(layout.active(game, d.stack)), d.stack))
  else
    game:say(("%s plays %s under the lone %s (stack %d)."):format(who, card, game:name(layout.head(game, d.stack)),
      d.stack))
  end
end

-- After a play a hand of fewer than three draws one card; a hand of three or more does not.
local function draw_after_play(game, seat)
  if game:count(game:zone("hand", seat)) < 3 then deal.draw(game, seat, 1) end
end

local function play(game, seat, text)
  local c, d = moves.read(game, seat, text)
  announce(game, seat, c, d)
  if d.how == "reserve" then game:move(c, "reserve") else layout.place(game, c, d.stack, d.how) end
  layout.settle(game)
  if game:get("struck_out") then return strikes.win_final_match(game, seat) end
  draw_after_play(game, seat)
  game:end_turn()
end

function rules.apply(game, seat, action)
  if action.name == "strike" then strikes.take(game, seat)
  else play(game, seat, action.text) end
  layout.refresh(game)
end

return rules
