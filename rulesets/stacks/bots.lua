-- Stacks' own bot, next to the generic random and mcts ones. A bot sees only its seat's
-- view (a plain table), never the game: see docs/writing-a-ruleset.md.
local bots = {}

local function parse_play(action)
  local cards, bid = action:match("^play (.-) bid (%-?%d+)$")
  if not cards then return nil end
  local total = 0
  for v in cards:gmatch("%S+") do total = total + tonumber(v) end
  return total, tonumber(bid)
end

-- "honest": bids the truth when it can, preferring the biggest stack; otherwise bluffs as
-- little as it can; calls a bid that is hard to believe (the deck holds 39 points in all,
-- so a bid far above the visible cards is likely a lie).
function bots.honest(view, legal, on_turn)
  local me = view.seats[view.seat].name
  local stack = 0
  for _, card in ipairs(view.zones[me .. ".stack"].items) do stack = stack + (tonumber(card) or 0) end
  local last = view.globals.last_bid
  local can_call = false
  for _, a in ipairs(legal) do can_call = can_call or a == "call" end
  if can_call and last and last >= 14 then return "call" end
  if not on_turn then return "" end
  local best, best_bid, cheapest, cheapest_bid
  for _, a in ipairs(legal) do
    local cards, bid = parse_play(a)
    if cards then
      if stack + cards == bid and (not best_bid or bid > best_bid) then best, best_bid = a, bid end
      if not cheapest_bid or bid < cheapest_bid then cheapest, cheapest_bid = a, bid end
    end
  end
  return best or cheapest or legal[1]
end

return bots
