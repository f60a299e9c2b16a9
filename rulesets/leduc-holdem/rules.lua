-- Leduc hold'em: each seat antes 1 and is dealt one card of J, J, Q, Q, K, K; a round of
-- betting (bets and raises of 2); one public card; a second round (4); then a showdown,
-- where a card pairing the public card wins, else the higher card, equal ranks splitting
-- the pot. At most a bet and a raise a round. See README.md.
local rules = {}

local SIZE = { 2, 4 }     -- a bet or raise in the first round, in the second
local MAX_RAISES = 2      -- a bet and one raise a round
local LETTER = { check = "k", bet = "b", raise = "r", call = "c", fold = "f" }
local SAID = { check = "checks", call = "calls", fold = "folds" }
local SUITED = { Js = true, Jh = true, Qs = true, Qh = true, Ks = true, Kh = true }

local function hand(game, s) return game:zone("hand", s) end

-- This round's letters: the betting after the last "/".
local function this_round(game) return game:get("betting"):match("[^/]*$") end
local function round_number(game) return game:get("betting"):find("/") and 2 or 1 end
local function raises(letters) return select(2, letters:gsub("[br]", "")) end

-- The weights of a deal: each card still in the deck, 1 (so two of a rank weigh 2).
local function deck_weights(game)
  local w = {}
  for _, c in ipairs(game:cards(game:zone("deck"))) do
    local name = game:name(c)
    w[name] = (w[name] or 0) + 1
  end
  return w
end

local function from_deck(game, name)
  for _, c in ipairs(game:cards(game:zone("deck"))) do
    if game:name(c) == name then return c end
  end
end

-- Deals the next private card, to the first seat without one, as a chance decision only it sees.
local function deal_next(game)
  for s = 1, game:seats() do
    if game:count(hand(game, s)) == 0 then
      game:chance("deal", deck_weights(game), { seat = game:seat_name(s) }, s)
      return
    end
  end
end

function rules.setup(game)
  local suited = game:param("suits")
  for _, c in ipairs(game:cards(game:zone("deck"))) do
    if (SUITED[game:name(c)] or false) ~= suited then game:move(c, game:zone("box")) end
  end
  deal_next(game)
end

function rules.outcome(game, decision, result)
  local card = from_deck(game, result)
  if decision == "board" then
    game:move(card, game:zone("board"))
    game:say("The public card is the %s.", result)
    return
  end
  local seat
  for s = 1, game:seats() do
    if game:count(hand(game, s)) == 0 then seat = s; break end
  end
  game:move(card, hand(game, seat))
  game:tell(seat, "You are dealt the %s.", result)
  deal_next(game)
end

function rules.actions(game, seat)
  if seat ~= game:active() then return nil end
  local n = raises(this_round(game))
  if n == 0 then return { "check", "bet" } end
  if n < MAX_RAISES then return { "call", "raise", "fold" } end
  return { "call", "fold" }
end

-- The seat's net chips: the other's stake won, or its own lost.
local function finish(game, winner)
  local loser = 3 - winner
  local won = game:get("staked", loser)
  local payoffs = {}
  payoffs[winner], payoffs[loser] = won, -won
  game:say("%S wins %d.", winner, won)
  game:finish{ payoffs = payoffs }
end

local function rank(game, zone) return game:prop(game:top(zone), "rank") end

-- A pair with the public card wins (only one seat can hold one: two cards a rank), else
-- the higher card; equal ranks split the pot.
local function showdown(game)
  for s = 1, 2 do game:reveal(hand(game, s)) end
  local a, b, public = rank(game, hand(game, 1)), rank(game, hand(game, 2)), rank(game, game:zone("board"))
  if a == b then
    game:say("The hands are equal: the pot is split.")
    game:finish{ payoffs = { 0, 0 } }
  elseif a == public or b == public then
    finish(game, a == public and 1 or 2)
  else
    finish(game, a > b and 1 or 2)
  end
end

-- Puts the seat's chips in: a call matches the other's stake, a bet or raise goes `size` past it.
local function stake(game, seat, word, size)
  local other = game:get("staked", 3 - seat)
  if word == "call" then game:set("staked", seat, other)
  elseif word == "bet" or word == "raise" then game:set("staked", seat, other + size) end
end

function rules.apply(game, seat, action)
  local word, round = action.name, round_number(game)
  stake(game, seat, word, SIZE[round])
  game:set("betting", game:get("betting") .. LETTER[word])
  game:say("%S %s.", seat, SAID[word] or (word .. "s " .. SIZE[round]))
  if word == "fold" then return finish(game, 3 - seat) end
  -- A round ends when a bet is called or both seats check.
  if word ~= "call" and this_round(game) ~= "kk" then return game:end_turn() end
  if round == 2 then return showdown(game) end
  game:set("betting", game:get("betting") .. "/")
  game:chance("board", deck_weights(game))
  game:end_round()
end

return rules
