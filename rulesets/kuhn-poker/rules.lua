-- Kuhn poker: each seat antes 1 and is dealt one of J, Q, K; the first seat checks or bets 1;
-- a check may be answered by a check (showdown) or a bet, a bet by a call (showdown) or a
-- fold. The higher card wins the pot at a showdown. See README.md.
local rules = {}

-- The betting as letters (c check or call, b bet, f fold) -> what ends it there:
-- "show" a showdown, or the seat that folded's opponent takes the pot.
local ENDS = { cc = "show", bc = "show", cbc = "show", bf = "fold", cbf = "fold" }
local ASK = { [""] = { "check", "bet" }, c = { "check", "bet" }, b = { "call", "fold" }, cb = { "call", "fold" } }
local LETTER = { check = "c", bet = "b", call = "c", fold = "f" }
local SAID = { check = "checks", bet = "bets 1", call = "calls", fold = "folds" }

local function hand(game, s) return game:zone("hand", s) end

-- The weights of the deal: each card still in the deck, 1.
local function deck_weights(game)
  local w = {}
  for _, c in ipairs(game:cards(game:zone("deck"))) do w[game:name(c)] = 1 end
  return w
end

-- Deals the next card, to the first seat without one, as a chance decision only it sees.
local function deal_next(game)
  for s = 1, game:seats() do
    if game:count(hand(game, s)) == 0 then
      game:chance("deal", deck_weights(game), { seat = game:seat_name(s) }, s)
      return
    end
  end
end

function rules.setup(game)
  deal_next(game)
end

function rules.outcome(game, decision, result)
  local seat
  for s = 1, game:seats() do
    if game:count(hand(game, s)) == 0 then seat = s; break end
  end
  local card
  for _, c in ipairs(game:cards(game:zone("deck"))) do
    if game:name(c) == result then card = c end
  end
  game:move(card, hand(game, seat))
  game:tell(seat, "You are dealt the %s.", result)
  deal_next(game)
end

function rules.actions(game, seat)
  if seat ~= game:active() then return nil end
  return ASK[game:get("bets")]
end

-- The seat's net chips: the pot's other half when it wins, its own stake lost when not.
local function finish(game, winner)
  local loser = 3 - winner
  local won = game:get("staked", loser)
  local payoffs = {}
  payoffs[winner], payoffs[loser] = won, -won
  game:say("%S wins %d.", winner, won)
  game:finish{ payoffs = payoffs }
end

local function showdown(game)
  for s = 1, 2 do game:reveal(hand(game, s)) end
  local a, b = game:top(hand(game, 1)), game:top(hand(game, 2))
  finish(game, game:prop(a, "rank") > game:prop(b, "rank") and 1 or 2)
end

function rules.apply(game, seat, action)
  local word = action.name
  if word == "bet" or word == "call" then game:set("staked", seat, 2) end
  local bets = game:get("bets") .. LETTER[word]
  game:set("bets", bets)
  game:say("%S %s.", seat, SAID[word])
  local ends = ENDS[bets]
  if ends == "show" then showdown(game)
  elseif ends == "fold" then finish(game, 3 - seat)
  else game:end_turn() end
end

return rules
