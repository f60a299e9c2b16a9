-- Goofspiel: each turn one prize is turned up, both seats bid one of their own cards for
-- it at the same time (game:simultaneous), and resolve() compares the two bids.
local rules = {}

local SUIT = { "spades", "hearts" }  -- each seat's own suit, by seat

-- Every card above the `cards` parameter goes back to the box; the rest are dealt.
function rules.setup(game)
  local n = game:param("cards")
  for seat = 1, 2 do
    local hand = game:zone("hand", seat)
    for _, c in ipairs(game:cards(SUIT[seat])) do
      game:move(c, game:prop(c, "value") <= n and hand or "box")
    end
  end
  for _, c in ipairs(game:cards("diamonds")) do
    if game:prop(c, "value") > n then game:move(c, "box") end
  end
end

-- The diamond still to come with the lowest (or highest) value.
local function extreme(game, highest)
  local best
  for _, c in ipairs(game:cards("diamonds")) do
    local v = game:prop(c, "value")
    if not best or (highest and v > game:prop(best, "value")) or (not highest and v < game:prop(best, "value")) then
      best = c
    end
  end
  return best
end

local function turn_up(game, c)
  game:move(c, "prize")
  game:say("The prize is the %C.", c)
  game:simultaneous({ 1, 2 })
end

-- Each turn turns up one prize; with none left, the game ends.
function rules.turn_start(game)
  if game:count("diamonds") == 0 then
    -- Prizes carried past the last bid go to nobody.
    game:move_all("prize", "discarded")
    local a, b = game:get("score", 1), game:get("score", 2)
    game:say("Final score: %S %d, %S %d.", 1, a, 2, b)
    if a == b then game:finish({ results = { 0.5, 0.5 } }) else game:finish({ a > b and 1 or 2 }) end
    return
  end
  local order = game:param("prizes")
  if order == "random" then
    local weights = {}
    for _, c in ipairs(game:cards("diamonds")) do weights[tostring(game:prop(c, "value"))] = 1 end
    game:chance("prize", weights)
  else
    turn_up(game, extreme(game, order == "descending"))
  end
end

function rules.outcome(game, decision, result)
  turn_up(game, game:matching("diamonds", "value", tonumber(result))[1])
end

-- A seat bids any card of its hand.
local BIDS = {}
function rules.actions(game, seat)
  local list = {}
  for _, c in ipairs(game:cards(game:zone("hand", seat))) do
    local v = game:prop(c, "value")
    BIDS[v] = BIDS[v] or ("bid " .. v)
    list[#list + 1] = BIDS[v]
  end
  return list
end

-- Every action is a bid, taken by the runtime as a commitment; no action is applied alone.
function rules.apply(game, seat, action)
  error("goofspiel has no action outside a simultaneous bid: " .. action.text)
end

-- Both bids are in: they are shown, and the higher takes every prize on the table.
function rules.resolve(game, choices)
  local bid = {}
  for seat = 1, 2 do
    bid[seat] = tonumber(choices[seat]:match("^bid (%d+)$"))
    local card = game:matching(game:zone("hand", seat), "value", bid[seat])[1]
    game:move(card, game:zone("bid", seat))
  end
  game:say("%S bids %d, %S bids %d.", 1, bid[1], 2, bid[2])
  local winner = bid[1] > bid[2] and 1 or bid[2] > bid[1] and 2 or nil
  if winner then
    local value = game:sum("prize", "value")
    game:move_all("prize", game:zone("won", winner))
    game:set("score", winner, game:get("score", winner) + value)
    game:say("%S takes %d.", winner, value)
  elseif game:param("ties") == "discard" then
    game:move_all("prize", "discarded")
    game:say("A tie: the prize is discarded.")
  else
    game:say("A tie: the prize stays for the next bid.")
  end
  game:end_turn()
end

return rules
