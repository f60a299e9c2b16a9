-- Strikes: a seat that cannot play takes one and draws; the third puts it out of the game
-- while three or more are in, and between the last two it starts the Final Match.
local cards = require "cards"
local deal = require "deal"
local layout = require "layout"

local strikes = {}

local function name(game, s) return game:seat_name(s) end
local function hand(game, s) return game:zone("hand", s) end

local function seats_in_game(game)
  local list = {}
  for s = 1, game:seats() do
    if not game:eliminated(s) then list[#list + 1] = s end
  end
  return list
end

-- Puts the seat's whole hand into the reserve, where its cards are played as soon as they fit.
local function hand_to_reserve(game, seat)
  local held = game:cards(hand(game, seat))
  for _, c in ipairs(held) do game:move(c, "reserve") end
  return cards.names(game, held)
end

-- Out of the game with three or more left: the cards go to the reserve, so that the
-- others are hurt as little as possible by a player going out.
local function eliminate(game, seat)
  game:eliminate(seat)
  local held = hand_to_reserve(game, seat)
  game:say(("%s has three strikes and is out of the game; their cards go to the reserve: %s."):format(
    name(game, seat), held ~= "" and held or "none"))
  layout.settle(game)
end

-- The last two: the struck seat is not out yet, but its cards go to the reserve and the
-- other seat must play on its next turn to win.
local function start_final_match(game, seat)
  local held = hand_to_reserve(game, seat)
  game:set("struck_out", seat)
  local left = seats_in_game(game)
  local other = left[1] == seat and left[2] or left[1]
  game:say(("%s has a third strike with two players left: the Final Match. %s's cards go to the reserve (%s); "
    .. "if %s can play on the next turn, %s wins."):format(name(game, seat), name(game, seat),
    held ~= "" and held or "none", name(game, other), name(game, other)))
  layout.settle(game)
end

-- The other seat could not play after the third strike either: the Final Match goes on.
local function final_match_again(game, seat, struck)
  game:say(("%s cannot play either, so the game goes on: %s draws two cards, %s is dealt three new cards, "
    .. "and both now have 2 strikes."):format(name(game, seat), name(game, seat), name(game, struck)))
  game:set("struck_out", nil)
  deal.draw(game, seat, 2)
  deal.draw(game, struck, 3, "are dealt")
  game:set("strikes", seat, 2)
  game:set("strikes", struck, 2)
end

-- The seat on turn cannot play any card: it takes a strike, and what follows depends on
-- how many it has and how many seats are left.
function strikes.take(game, seat)
  local count = game:get("strikes", seat) + 1
  game:set("strikes", seat, count)
  local struck = game:get("struck_out")
  game:say(("%s cannot play any card and takes strike %d."):format(name(game, seat), count))
  if struck then
    final_match_again(game, seat, struck)
  elseif count < 3 then
    deal.draw(game, seat, 1)
  elseif #seats_in_game(game) >= 3 then
    eliminate(game, seat)
  else
    start_final_match(game, seat)
  end
  game:end_turn()
end

-- A play made on the turn after the other seat's third strike wins the Final Match.
function strikes.win_final_match(game, seat)
  game:say(("%s has played after %s's third strike and wins the Final Match."):format(name(game, seat),
    name(game, game:get("struck_out"))))
  game:finish({ seat })
end

-- The `max_turns` limit for simulations: once it is passed the game stops, and the seats
-- still in the game with the fewest strikes win. Returns true when it did.
function strikes.turn_limit_reached(game)
  local limit = game:param("max_turns")
  if limit == 0 or game:turn() <= limit then return false end
  local fewest, winners = nil, {}
  for _, s in ipairs(seats_in_game(game)) do
    local n = game:get("strikes", s)
    if fewest == nil or n < fewest then fewest, winners = n, { s }
    elseif n == fewest then winners[#winners + 1] = s end
  end
  local names = {}
  for i, s in ipairs(winners) do names[i] = name(game, s) end
  game:say(("The turn limit (max_turns = %d) is reached and the game stops: fewest strikes (%d) wins: %s."):format(
    limit, fewest, table.concat(names, ", ")))
  game:finish(winners)
  return true
end

return strikes
