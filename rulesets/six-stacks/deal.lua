-- Dealing: the six stacks (at the start, and again after a reshuffle), the hands, and
-- drawing, which reshuffles the covered stack cards into a new stock when it runs out.
local cards = require "cards"
local layout = require "layout"

local deal = {}

local function hand(game, seat) return game:zone("hand", seat) end

local function color_and_rank(game, c)
  return game:prop(c, "color") .. " " .. game:prop(c, "rank_name")
end

-- Deals into empty stack `i`. A card equal to one already in the layout (while dealing
-- every layout card is active) goes to the reserve, and the next card is dealt instead.
-- Returns false when the stock is empty.
local function deal_into(game, i)
  while true do
    local c = game:top("stock")
    if not c then return false end
    local twin = layout.equal_in_layout(game, c)
    if twin then
      game:move(c, "reserve")
      game:say(("%s is dealt, but %s (a %s) is already in the layout: %s goes to the reserve."):format(
        game:name(c), game:name(twin), color_and_rank(game, c), game:name(c)))
    else
      game:move(c, layout.zone(i))
      game:say(("Stack %d is dealt %s."):format(i, game:name(c)))
      return true
    end
  end
end

-- The initial dealing process: fill every empty stack left to right, then let stacks that
-- fit together merge (and reserve cards that fit be played), and fill the gaps again,
-- until six stacks stand and nothing fits, or the stock is empty.
function deal.fill_layout(game)
  while true do
    for i = 1, layout.count do
      if layout.size(game, i) == 0 and not deal_into(game, i) then break end
    end
    layout.settle(game)
    if layout.stack_count(game) == layout.count or game:count("stock") == 0 then return end
  end
end

-- The stock has run out: every card of the stacks but the active ones (and the reserve,
-- with `reshuffle_reserve`) is shuffled into a new stock, and the deal is repeated to
-- bring back six stacks. Returns false when there was nothing to shuffle.
function deal.restock(game)
  local gathered = 0
  for i = 1, layout.count do
    local column = game:cards(layout.zone(i)) -- head first, the active card last
    for k = 1, #column - 1 do game:move(column[k], "stock") end
    gathered = gathered + math.max(#column - 1, 0)
  end
  local from_reserve = game:param("reshuffle_reserve") and game:move_all("reserve", "stock") or 0
  if gathered + from_reserve == 0 then
    game:say("The stock is empty, and every card left in the stacks is active: there is nothing to reshuffle.")
    return false
  end
  game:shuffle("stock")
  game:say(("The stock has run out: the %d covered stack cards%s are shuffled into a new stock; "
    .. "each stack keeps its active card, and the deal is repeated."):format(gathered,
    from_reserve > 0 and (" and the " .. from_reserve .. " reserve cards") or ""))
  deal.fill_layout(game)
  return true
end

-- Draws `n` cards into the seat's hand, reshuffling when the stock runs out (see the
-- `reshuffle_when` parameter). Tells the seat what it got and the others how many, in
-- words of `verb` ("draw" or "are dealt"). Returns how many cards were drawn.
function deal.draw(game, seat, n, verb)
  verb = verb or "draw"
  local pending, total = {}, 0
  local function report()
    if #pending == 0 then return end
    local name = game:seat_name(seat)
    game:tell(seat, ("You %s %s."):format(verb, cards.names(game, pending)))
    local others = verb == "draw" and " draws " or " is dealt "
    game:tell_others(seat, name .. others .. (#pending == 1 and "a card." or (#pending .. " cards.")))
    total, pending = total + #pending, {}
  end
  for _ = 1, n do
    if game:count("stock") == 0 then report(); deal.restock(game) end
    local c = game:draw("stock", hand(game, seat))
    if not c then break end
    pending[#pending + 1] = c
    if game:param("reshuffle_when") == "empty" and game:count("stock") == 0 then report(); deal.restock(game) end
  end
  report()
  if total < n then
    game:say(("The stock is empty: %s gets %d card%s instead of %d."):format(game:seat_name(seat), total,
      total == 1 and "" or "s", n))
  end
  return total
end

-- Three cards to each seat, one at a time, starting with the first seat (the dealer's left).
function deal.hands(game)
  local dealt = {}
  for seat = 1, game:seats() do dealt[seat] = {} end
  for _ = 1, 3 do
    for s = 1, game:seats() do
      if game:count("stock") == 0 then deal.restock(game) end
      dealt[s][#dealt[s] + 1] = game:draw("stock", hand(game, s))
    end
  end
  game:say("Three cards are dealt to each player.")
  for s = 1, game:seats() do game:tell(s, "You are dealt " .. cards.names(game, dealt[s]) .. ".") end
end

return deal
