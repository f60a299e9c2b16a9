-- The notation of plays: the legal plays of a seat as text, and reading what is typed.
--   play 7H            the card fits in one place only
--   play 7H on 8H      on the stack whose active card is 8H
--   play KH under QH   under the stack that is QH alone
--   play 7H reserve    into the reserve (7H equals an active card)
-- Also read, and turned into the forms above: play 7H to stack3, play 7H on stack3,
-- play KH under stack2, play 7H to reserve, and lower-case card names.
local cards = require "cards"
local layout = require "layout"

local moves = {}

local suit_order = { S = 1, H = 2, D = 3, C = 4 }

local function hand(game, seat) return game:zone("hand", seat) end

-- The seat's hand, lowest rank first, then spades, hearts, diamonds, clubs: a stable list.
local function sorted_hand(game, seat)
  local list = game:cards(hand(game, seat))
  table.sort(list, function(a, b)
    local ra, rb = game:prop(a, "rank"), game:prop(b, "rank")
    if ra ~= rb then return ra < rb end
    return suit_order[game:prop(a, "suit")] < suit_order[game:prop(b, "suit")]
  end)
  return list
end

-- The long form of playing `c` to `d`, naming the card it goes on or under.
local function long_form(game, c, d)
  local card = game:name(c)
  if d.how == "reserve" then return "play " .. card .. " reserve" end
  local target = d.how == "on" and layout.active(game, d.stack) or layout.head(game, d.stack)
  return ("play %s %s %s"):format(card, d.how, game:name(target))
end

-- The canonical text of a play: short when the card fits in one place only.
function moves.text(game, c, d, all)
  if #all == 1 then return "play " .. game:name(c) end
  return long_form(game, c, d)
end

local function all_forms(game, c, all)
  local list = {}
  for i, d in ipairs(all) do list[i] = long_form(game, c, d) end
  return table.concat(list, ", ")
end

-- Every legal play of the seat, card by card.
function moves.list(game, seat)
  local list = {}
  for _, c in ipairs(sorted_hand(game, seat)) do
    local all = layout.destinations(game, c)
    for _, d in ipairs(all) do list[#list + 1] = moves.text(game, c, d, all) end
  end
  return list
end

-- The stack a typed target names: "stack3", or the name of a stack's active card.
local function target_stack(game, word)
  local n = word:match("^stack(%d)$")
  if n then
    n = tonumber(n)
    if n >= 1 and n <= layout.count and layout.size(game, n) > 0 then return n end
    return nil, "there is no stack " .. word:sub(6) .. " now"
  end
  local name = word:upper()
  for i = 1, layout.count do
    local a = layout.active(game, i)
    if a and game:name(a) == name then return i end
  end
  return nil, name .. " is not the active card of any stack"
end

-- What the words after the card ask for: {how = "reserve"} or {how = "on"|"under"|"to", stack = i}.
local function read_target(game, words)
  local first, second = words[1], words[2]
  if #words == 1 and first == "reserve" then return { how = "reserve" } end
  if #words ~= 2 or not (first == "on" or first == "under" or first == "to") then
    return nil, "after the card write: on CARD, under CARD, to stackN, or reserve"
  end
  if first == "to" and second == "reserve" then return { how = "reserve" } end
  local stack, why = target_stack(game, second)
  if not stack then return nil, why end
  return { how = first, stack = stack }
end

local function matches(want, d)
  if want.how == "reserve" or d.how == "reserve" then return want.how == d.how end
  return want.stack == d.stack and (want.how == "to" or want.how == d.how)
end

-- Reads a typed play of the seat. Returns the card, its destination and every destination
-- of the card, or nil and why not.
function moves.read(game, seat, text)
  local words = {}
  for w in text:gmatch("%S+") do words[#words + 1] = w:lower() end
  if words[1] ~= "play" or not words[2] then
    return nil, "write play CARD (play 7H, play 7H on 8H, play KH under QH, play 7H reserve), or strike when nothing fits"
  end
  local name = words[2]:upper()
  local c = cards.find(game, hand(game, seat), name)
  if not c then return nil, "you have no " .. name .. " in your hand" end
  local all = layout.destinations(game, c)
  if #all == 0 then
    return nil, name .. " fits nowhere: no active card is one rank above it in its colour, or equal to it"
  end
  if #words == 2 then
    if #all == 1 then return c, all[1], all end
    return nil, name .. " can go to more than one place; write one of: " .. all_forms(game, c, all)
  end
  local want, why = read_target(game, { table.unpack(words, 3) })
  if not want then return nil, why end
  for _, d in ipairs(all) do
    if matches(want, d) then return c, d, all end
  end
  return nil, name .. " cannot go there; it can go: " .. all_forms(game, c, all)
end

return moves
