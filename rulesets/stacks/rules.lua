-- Stacks: play cards face down into your Stack and bid its total; anyone may Call
-- the last bid. See README.md for the rules in short and the readings chosen.
local rules = {}

local card_names = require("cards").names  -- "4 4 6"

local function hand(game, s) return game:zone("hand", s) end
local function stack(game, s) return game:zone("stack", s) end
local function value(game, c) return game:prop(c, "value") end
local function name(game, s) return game:seat_name(s) end

-- Card names of a zone, lowest value first.
local function sorted_cards(game, z)
  local cards = game:cards(z)
  table.sort(cards, function(a, b) return value(game, a) < value(game, b) end)
  return cards
end

local function seats_in_play(game)
  local list = {}
  for s = 1, game:seats() do
    if game:in_play(s) then list[#list + 1] = s end
  end
  return list
end

-- Whether `seat` may Call now: a play has been made this round, by someone else, both still in.
local function may_call(game, seat)
  local last = game:get("last_player")
  return last ~= nil and last ~= seat and game:in_play(seat) and game:in_play(last)
end


function rules.setup(game)
  local needed = game:seats() + 1
  if game:count("deck") < needed then
    error(("the deck has %d cards; %d players need at least %d"):format(game:count("deck"), game:seats(), needed))
  end
end

function rules.round_start(game)
  for s = 1, game:seats() do
    game:move_all(hand(game, s), "deck")
    game:move_all(stack(game, s), "deck")
    game:set("bid", s, nil)
  end
  game:set("last_bid", nil)
  game:set("last_player", nil)
  if game:narrating() then
    local names = {}
    for i, s in ipairs(game:order()) do names[i] = name(game, s) end
    game:say("Round %d: %s play in that order.", game:round(), table.concat(names, ", "))
  end
  game:shuffle("deck")
  for _, s in ipairs(game:order()) do
    local c = game:draw("deck", hand(game, s))
    game:tell(s, "You are dealt a %C.", c)
  end
end

function rules.turn_start(game)
  local s = game:active()
  local c = game:draw("deck", hand(game, s))
  game:tell(s, "You draw a %C.", c)
  game:tell_others(s, "%S draws a card.", s)
  if game:count("deck") == 0 then
    game:say("That was the last card: the round ends before %S plays.", s)
    game:end_round()
  end
end

-- A table of tables that makes `make(a, b)` the first time [a][b] is read, and keeps it.
local function memo2(make)
  return setmetatable({}, { __index = function(outer, a)
    local inner = setmetatable({}, { __index = function(t, b)
      local value = make(a, b)
      t[b] = value
      return value
    end })
    outer[a] = inner
    return inner
  end })
end

-- Action texts by prefix and bid ("play 4 bid " and 7 give "play 4 bid 7"), made once:
-- the list below is built at every decision of every simulated game, and turning a number
-- into text is most of its cost. The texts depend on nothing but their two keys.
local texts = memo2(function(prefix, bid) return prefix .. bid end)

-- "play 4 bid " by card name, and "play 4 5 bid " by the two names, each made once.
local ONE = setmetatable({}, { __index = function(t, name)
  local prefix = "play " .. name .. " bid "
  t[name] = prefix
  return prefix
end })
local TWO = memo2(function(first, second) return "play " .. first .. " " .. second .. " bid " end)

-- The plays a bot is offered: each card alone and both together, each with the truthful
-- total and the three bids just above the last one (above the truth on the round's first
-- play). A person may bid any other integer (see accepts). Each adds to `list` after its
-- first `n` and returns the new count. Bids stop at the largest integer (math.maxinteger): past it there is no higher bid to
-- offer, and adding to it would wrap round to the lowest.
local MAX_BID = math.maxinteger
local function add(list, n, prefix, truth, last)
  local text = texts[prefix]
  if last == MAX_BID then return n end
  local from = last and last + 1 or truth + 1
  if last == nil then n = n + 1; list[n] = text[truth] end
  local to = from <= MAX_BID - 2 and from + 2 or MAX_BID
  for b = from, to do n = n + 1; list[n] = text[b] end
  if truth > to then n = n + 1; list[n] = text[truth] end
  return n
end

local function play_actions(game, seat, list, n)
  local cards = game:cards(hand(game, seat))
  if #cards == 0 then return n end
  if #cards == 2 and value(game, cards[2]) < value(game, cards[1]) then cards[1], cards[2] = cards[2], cards[1] end
  local last = game:get("last_bid")
  local base = game:sum(stack(game, seat), "value")
  local first, v1 = game:name(cards[1]), value(game, cards[1])
  n = add(list, n, ONE[first], base + v1, last)
  if #cards == 2 then
    local second, v2 = game:name(cards[2]), value(game, cards[2])
    if second ~= first then n = add(list, n, ONE[second], base + v2, last) end
    n = add(list, n, TWO[first][second], base + v1 + v2, last)
  end
  return n
end

-- Off its turn a seat can only call; that list is the same every time, so it is made once.
local CALL_ONLY = { "call" }

-- The list the seat on turn gets, refilled at every decision: the runtime reads it at once
-- and keeps nothing of it.
local LIST = {}

function rules.actions(game, seat)
  if seat ~= game:active() then
    if may_call(game, seat) then return CALL_ONLY end
    return nil
  end
  local n = play_actions(game, seat, LIST, 0)
  n = n + 1; LIST[n] = "fold"
  if may_call(game, seat) then n = n + 1; LIST[n] = "call" end
  for i = n + 1, #LIST do LIST[i] = nil end
  return LIST
end

-- A bid as typed: digits with an optional sign. tonumber alone would let "9.0" and "1e1"
-- through, and the rule text allows no decimals.
local function read_bid(word)
  if not word:match("^[-+]?%d+$") then return nil end
  return math.tointeger(tonumber(word))
end

-- Reads the words after "play" ("4 bid 7" as {"4", "bid", "7"}) against the seat's hand.
-- Returns the cards and the bid, or nil and why.
local function parse_play(game, seat, words)
  local bid_at
  for i, w in ipairs(words) do if w == "bid" then bid_at = i end end
  if not bid_at then return nil, "a play needs a bid: play 4 bid 7" end
  if bid_at ~= #words - 1 then return nil, "write the bid last: play 4 5 bid 9" end
  local bid = read_bid(words[#words])
  if not bid then return nil, "a bid is a whole number, not '" .. words[#words] .. "'" end
  local count = bid_at - 1
  if count < 1 or count > 2 then return nil, "play one or both of your cards" end
  local available = game:cards(hand(game, seat))
  local chosen = {}
  for i = 1, count do
    local found
    for j, c in ipairs(available) do
      if game:name(c) == words[i] then found = j; break end
    end
    if not found then return nil, "you have no " .. words[i] .. " in your hand" end
    chosen[#chosen + 1] = table.remove(available, found)
  end
  return chosen, bid
end

function rules.accepts(game, seat, text)
  if text == "call" then
    if game:get("last_player") == nil then return false, "there is no play to call yet this round" end
    if game:get("last_player") == seat then return false, "you cannot call your own play" end
    return false, "you are out of this round"
  end
  if seat ~= game:active() then return false, "only a call may be made off your turn" end
  local words = {}
  for w in text:gmatch("%S+") do words[#words + 1] = w end
  if table.remove(words, 1) ~= "play" then return false, "actions are: play CARD [CARD] bid N, fold, call" end
  local cards, bid = parse_play(game, seat, words)
  if not cards then return false, bid end
  local last = game:get("last_bid")
  if last ~= nil and bid <= last then
    return false, ("each bid must be higher than the last one (%d)"):format(last)
  end
  table.sort(cards, function(a, b) return value(game, a) < value(game, b) end)
  return ("play %s bid %d"):format(card_names(game, cards), bid)
end

-- What a legal play's text says, read once per text: its card names and its bid
-- ("play 4 5 bid 9" as { "4", "5", bid = 9 }). The texts come from the list or from
-- accepts, so they are well formed.
local PLAYS = setmetatable({}, { __index = function(t, text)
  local words = {}
  for w in text:gmatch("%S+") do words[#words + 1] = w end
  local parsed = { bid = read_bid(words[#words]) }
  for i = 2, #words - 2 do parsed[i - 1] = words[i] end
  t[text] = parsed
  return parsed
end })

-- The seat's cards a play names, in its order (a hand holds at most two).
local function played_cards(game, seat, names)
  local h = hand(game, seat)
  local top, bottom = game:top(h), game:bottom(h)
  if bottom == top then bottom = nil end
  local cards = {}
  for i, want in ipairs(names) do
    if top and game:name(top) == want then cards[i], top = top, nil
    elseif bottom and game:name(bottom) == want then cards[i], bottom = bottom, nil
    else error("no " .. want .. " in the hand of " .. game:seat_name(seat)) end
  end
  return cards
end

local function play(game, seat, action)
  local parsed = PLAYS[action.text]
  local cards, bid = played_cards(game, seat, parsed), parsed.bid
  for _, c in ipairs(cards) do game:move(c, stack(game, seat)) end
  game:set("bid", seat, bid)
  game:set("last_bid", bid)
  game:set("last_player", seat)
  game:say("%S plays %s and bids %d.", seat, #cards == 1 and "one card" or "two cards", bid)
  game:end_turn()
end

local function fold(game, seat)
  for _, z in ipairs({ hand(game, seat), stack(game, seat) }) do
    for _, c in ipairs(game:cards(z)) do game:face(c, "up") end
  end
  game:fold(seat)
  if game:narrating() then
    game:say("%s folds, showing hand [%s] and stack [%s].", name(game, seat),
      card_names(game, game:cards(hand(game, seat))), card_names(game, game:cards(stack(game, seat))))
  end
  if #seats_in_play(game) <= 1 then
    game:say("Everyone else has folded: the round ends.")
    game:end_round()
  else
    game:end_turn()
  end
end

local function call(game, caller)
  local accused = game:get("last_player")
  local bid = game:get("last_bid")
  local total = game:sum(stack(game, accused), "value")
  -- A call turns the accused's stack over for everyone: the narration then names what all see.
  for _, c in ipairs(game:cards(stack(game, accused))) do game:face(c, "up") end
  local shown = game:narrating() and card_names(game, game:cards(stack(game, accused)))
  if total ~= bid then
    game:say("%S calls %S: the stack [%s] is worth %d, not %d. A bluff! %S takes the stack.",
      caller, accused, shown, total, bid, caller)
    game:move_all(stack(game, accused), stack(game, caller))
  else
    game:say("%S calls %S: the stack [%s] is worth exactly %d. The truth! %S takes %S's stack.",
      caller, accused, shown, bid, accused, caller)
    for _, c in ipairs(game:cards(stack(game, caller))) do
      if not game:prop(c, "kept_by_caller") then game:move(c, stack(game, accused)) end
    end
  end
  game:end_round()
end

function rules.apply(game, seat, action)
  if action.name == "play" then play(game, seat, action)
  elseif action.name == "fold" then fold(game, seat)
  elseif action.name == "call" then call(game, seat)
  end
end

function rules.round_end(game)
  for s = 1, game:seats() do
    if game:in_play(s) then
      -- Each stack in play is turned over to be scored, so everyone sees what it scores.
      for _, c in ipairs(game:cards(stack(game, s))) do game:face(c, "up") end
      local points = game:sum(stack(game, s), "value")
      game:set("score", s, game:get("score", s) + points)
      if game:narrating() then
        game:say("%s's stack [%s] scores %d: %d in all.", name(game, s),
          card_names(game, game:cards(stack(game, s))), points, game:get("score", s))
      end
    else
      game:say("%S folded and scores nothing: %d in all.", s, game:get("score", s))
    end
  end
  -- The game ends once one seat at or above the target has the single highest score.
  local best, leaders = nil, {}
  for s = 1, game:seats() do
    local score = game:get("score", s)
    if best == nil or score > best then best, leaders = score, { s }
    elseif score == best then leaders[#leaders + 1] = s end
  end
  if best >= game:param("target") then
    if #leaders == 1 then
      game:say("%S wins with %d points.", leaders[1], best)
      game:finish(leaders)
    else
      game:say("A tie at the top at %d: play goes on.", best)
    end
  end
end

-- Lowest score first; ties go to the younger seat. An insertion sort on keys read once:
-- the order is total (no two seats are equally young), so it is the one a sort gives.
local youth, score = {}, {}
function rules.round_order(game)
  for rank, s in ipairs(game:youngest_first()) do youth[s] = rank end
  local order = {}
  for s = 1, game:seats() do
    score[s] = game:get("score", s)
    local i = s - 1
    while i >= 1 and (score[order[i]] > score[s] or (score[order[i]] == score[s] and youth[order[i]] > youth[s])) do
      order[i + 1] = order[i]
      i = i - 1
    end
    order[i + 1] = s
  end
  return order
end

return rules
