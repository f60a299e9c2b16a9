-- Stack Attack!: bid how many of your coins and bills you can stack, then stack them on
-- a shared pile; a knocked pile is yours to keep. Whoever runs out of pieces wins. See
-- README.md for the rules in short and the readings chosen. The parts:
--   pieces.lua    the pieces, the hand-out, tidy zones, words, the counts shown
--   bidding.lua   bids and passes, their notation and what is legal
--   stacking.lua  placements, the stability model, held / fell / knocked
local pieces = require "pieces"
local bidding = require "bidding"
local stacking = require "stacking"

local rules = {}

local function name(game, s) return game:seat_name(s) end

function rules.setup(game)
  pieces.hand_out(game)
  pieces.refresh(game)
end

function rules.round_start(game)
  for s = 1, game:seats() do
    game:set("bid", s, nil)
    game:set("passed", s, nil)
  end
  game:set("phase", "bidding")
  game:set("high_bid", 0)
  game:set("last_adder", nil)
  game:set("opener", game:order()[1])
  game:say(("Round %d: %s opens the bidding."):format(game:round(), name(game, game:order()[1])))
  pieces.refresh(game)
end

-- Seats that have passed are locked in and skipped for the rest of the bidding; in the
-- stacking, the seat on turn places its innermost piece.
function rules.turn_start(game)
  if game:get("phase") == "stacking" then stacking.turn(game)
  elseif game:get("passed", game:active()) then game:end_turn() end
  pieces.refresh(game)
end

function rules.actions(game, seat)
  if seat ~= game:active() or game:get("phase") ~= "bidding" then return {} end
  return bidding.actions(game, seat)
end

-- Any bid the seat can cover, with the pieces it names; answered with the canonical text.
function rules.accepts(game, seat, text)
  if seat ~= game:active() then return false, ("it is %s's turn"):format(name(game, game:active())) end
  if game:get("phase") ~= "bidding" then return false, "the bidding is over: the stacking is on" end
  local n, list = bidding.read(game, seat, text)
  if not n then return false, list end
  return bidding.text(game, n, list)
end

function rules.apply(game, seat, action)
  if action.name == "bid" then
    bidding.bid(game, seat, action.text)
  elseif action.name == "pass" then
    local everyone_passed = bidding.pass(game, seat)
    if everyone_passed then stacking.begin(game, seat) else game:end_turn() end
  end
  pieces.refresh(game)
end

function rules.outcome(game, decision, result)
  stacking.outcome(game, result)
  pieces.refresh(game)
end

-- The seats holding the fewest pieces (none, for a win by the rules).
local function fewest(game)
  local least, seats = nil, {}
  for s = 1, game:seats() do
    local n = pieces.held(game, s)
    if least == nil or n < least then least, seats = n, { s }
    elseif n == least then seats[#seats + 1] = s end
  end
  return seats, least
end

local function names(game, seats)
  local list = {}
  for i, s in ipairs(seats) do list[i] = name(game, s) end
  return pieces.join(list)
end

-- Winners by the rules: every seat with no pieces left, together.
local function out_of_pieces(game)
  local winners, least = fewest(game)
  if least > 0 then return false end
  if #winners == 1 then game:say(("%s has no pieces left and wins!"):format(names(game, winners)))
  else game:say(("%s have no pieces left and share the victory!"):format(names(game, winners))) end
  game:finish(winners)
  return true
end

-- The simulation limit (max_rounds): the fewest pieces left share the win.
local function limit_reached(game)
  local limit = game:param("max_rounds")
  if limit == 0 or game:round() < limit then return false end
  local winners, least = fewest(game)
  game:say(("The round limit (%d) is reached: %s, with %s left, %s."):format(limit, names(game, winners),
    pieces.count_text(least), #winners == 1 and "wins" or "share the win"))
  game:finish(winners)
  return true
end

-- Every row is empty: the stack goes into the bag, then who is out of pieces wins. The
-- last seat to add a piece opens the next bidding; if nobody stacked, the opener again.
function rules.round_end(game)
  local n = game:move_all("stack", "bag")
  pieces.tidy(game, "bag")
  if n > 0 then game:say(("Every row is empty: the %s of the stack go into the bag."):format(pieces.count_text(n)))
  elseif game:get("last_adder") then game:say("Every row is empty; the last stack was knocked over, so nothing goes into the bag.") end
  pieces.refresh(game)
  if out_of_pieces(game) or limit_reached(game) then return end
  local last = game:get("last_adder")
  if last then
    game:set("opener", last)
    game:say(("Everyone still has pieces. %s added the last piece and opens the next bidding."):format(name(game, last)))
  end
end

-- Clockwise from the next round's opener.
function rules.round_order(game)
  local order, first = {}, game:get("opener")
  for i = 0, game:seats() - 1 do order[#order + 1] = (first - 1 + i) % game:seats() + 1 end
  return order
end

-- The pieces a seat still holds: none wins, and fewer is better.
function rules.score(game, seat)
  return pieces.held(game, seat)
end

return rules
