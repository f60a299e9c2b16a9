-- The layout: six stacks built downward in colour, turning the corner (3, 2, A, K, Q),
-- and the reserve. Works out where a card fits and carries out what must happen by
-- itself after every play: merging stacks and playing reserve cards.
--
-- A stack is the zone stackN. Its top is the stack's first card (its head, the highest)
-- and its bottom is the active card, the only one cards go on (the text's "bottom card").
local cards = require "cards"

local layout = { count = 6 }

-- The zones' names, made once: this runs many times a decision.
local ZONES = {}
for i = 1, layout.count do ZONES[i] = "stack" .. i end

function layout.zone(i) return ZONES[i] end

local function rank(game, c) return game:prop(c, "rank") end
local function color(game, c) return game:prop(c, "color") end

-- The rank that goes on `r`: one lower, and the corner turns, so a king goes on an ace.
local function rank_below(r) return r == 1 and 13 or r - 1 end

function layout.active(game, i) return cards.bottom(game, layout.zone(i)) end
function layout.head(game, i) return game:top(layout.zone(i)) end
function layout.size(game, i) return game:count(layout.zone(i)) end

-- Same colour and rank: suits do not matter, so 7H and 7D are the same card here.
local COLOR_AND_RANK = { "color", "rank" }
function layout.same(game, a, b) return cards.same(game, a, b, COLOR_AND_RANK) end

-- Whether card `c` goes on a stack whose active card is `a`.
function layout.fits_on(game, c, a)
  return color(game, c) == color(game, a) and rank(game, c) == rank_below(rank(game, a))
end

-- Whether king `c` goes under stack `i`: the one card played under a stack, and only
-- when the stack is a queen of its colour alone.
function layout.fits_under(game, c, i)
  if layout.size(game, i) ~= 1 or rank(game, c) ~= 13 then return false end
  local queen = layout.head(game, i)
  return rank(game, queen) == 12 and color(game, queen) == color(game, c)
end

-- The first stack whose active card equals `c`, or nil: such a card may go to the reserve.
function layout.equal_active(game, c)
  for i = 1, layout.count do
    local a = layout.active(game, i)
    if a and layout.same(game, c, a) then return i end
  end
  return nil
end

-- A card in the layout equal to `c`, or nil. While dealing every layout card is active.
function layout.equal_in_layout(game, c)
  for i = 1, layout.count do
    for _, other in ipairs(game:cards(layout.zone(i))) do
      if layout.same(game, c, other) then return other end
    end
  end
  return nil
end

-- The places card `c` may be played from a hand, stacks left to right, then the reserve:
-- {how = "on" | "under", stack = i} or {how = "reserve"}.
function layout.destinations(game, c)
  local found = {}
  for i = 1, layout.count do
    local a = layout.active(game, i)
    if a and layout.fits_on(game, c, a) then found[#found + 1] = { how = "on", stack = i }
    elseif layout.fits_under(game, c, i) then found[#found + 1] = { how = "under", stack = i } end
  end
  if layout.equal_active(game, c) then found[#found + 1] = { how = "reserve" } end
  return found
end

-- Puts card `c` on stack `i` (on its active card) or under it (a king under a lone queen).
function layout.place(game, c, i, how)
  game:move(c, layout.zone(i), how == "on" and "bottom" or nil)
end

function layout.describe(game, i) return cards.names(game, game:cards(layout.zone(i))) end

function layout.stack_count(game)
  local n = 0
  for i = 1, layout.count do
    if layout.size(game, i) > 0 then n = n + 1 end
  end
  return n
end

-- The first pair of stacks that fit together, or nil: the target stack left to right,
-- then the stack that goes on it left to right (the text does not say which comes first).
local function find_merge(game)
  for to = 1, layout.count do
    local a = layout.active(game, to)
    for from = 1, layout.count do
      local head = layout.head(game, from)
      if a and head and from ~= to and layout.fits_on(game, head, a) then return from, to end
    end
  end
  return nil
end

-- Moves stack `from`, in order, onto the active card of stack `to`; `from` is left empty.
local function merge(game, from, to)
  local moved = layout.describe(game, from)
  local onto = game:name(layout.active(game, to))
  for _, c in ipairs(game:cards(layout.zone(from))) do game:move(c, layout.zone(to), "bottom") end
  game:say(("Stack %d (%s) fits on %s and joins stack %d: %s."):format(from, moved, onto, to,
    layout.describe(game, to)))
end

-- The reserve cards in the order they are tried (the `reserve_first` parameter).
local function reserve_in_order(game)
  local pile = game:cards("reserve") -- newest first
  if game:param("reserve_first") == "newest" then return pile end
  local oldest_first = {}
  for i = #pile, 1, -1 do oldest_first[#oldest_first + 1] = pile[i] end
  return oldest_first
end

-- The first reserve card that goes on a stack as its next card, with that stack, or nil.
local function find_reserve_play(game)
  for _, r in ipairs(reserve_in_order(game)) do
    for i = 1, layout.count do
      local a = layout.active(game, i)
      if a and layout.fits_on(game, r, a) then return r, i end
    end
  end
  return nil
end

local function play_from_reserve(game, r, i)
  local onto = game:name(layout.active(game, i))
  layout.place(game, r, i, "on")
  game:say(("%s in the reserve goes on %s: stack %d is now %s."):format(game:name(r), onto, i,
    layout.describe(game, i)))
end

-- The names of the active cards, left to right, "-" for an empty stack: shown in the
-- table as the `active_cards` variable, since the display cannot mark a card.
function layout.refresh(game)
  local names = {}
  for i = 1, layout.count do
    local a = layout.active(game, i)
    names[i] = a and game:name(a) or "-"
  end
  game:set("active_cards", table.concat(names, " "))
end

-- Does what must happen by itself until nothing more fits: stacks that fit together merge,
-- then reserve cards that fit are played. Merges always come first, which is the text's
-- exception: a 10 played on A-K-Q-J joins 9-8-7-6 and a red 9 in the reserve stays there.
function layout.settle(game)
  while true do
    local from, to = find_merge(game)
    if from then
      merge(game, from, to)
    else
      local r, i = find_reserve_play(game)
      if not r then break end
      play_from_reserve(game, r, i)
    end
  end
  layout.refresh(game)
end

return layout
