-- Bidding: each seat in turn, clockwise, bids how many pieces it will stack this round
-- (matching or exceeding the high bid) and lays the new pieces in its row, or passes and
-- is locked in. Notation:
--   bid N               lay the new pieces by the default choice (biggest first)
--   bid N P1 P2 ...     lay these new pieces, listed from the centre outwards
--   bid 0               the same as pass, for a seat that has not bid this round
--   pass
local pieces = require "pieces"

local bidding = {}

local function name(game, s) return game:seat_name(s) end
local function own_bid(game, s) return game:get("bid", s) or 0 end

-- A seat that has not bid this round and cannot match the high bid from its supply makes
-- up the difference from the bag: it may then only match, using all its own pieces.
local function tops_up(game, s)
  return game:get("bid", s) == nil and game:count(pieces.supply(game, s)) < game:get("high_bid")
end

-- The bids the seat may make now, lowest to highest; `hi < lo` when it can only pass.
-- A bid matches or exceeds the high bid and raises the seat's own earlier bid.
function bidding.range(game, s)
  local high = game:get("high_bid")
  if tops_up(game, s) then
    local can = game:count(pieces.supply(game, s)) + game:count("bag") >= high
    return high, can and high or high - 1
  end
  local lo = math.max(high, own_bid(game, s) + 1)
  return lo, own_bid(game, s) + game:count(pieces.supply(game, s))
end

-- The default new pieces for a bid of `n`: the biggest of the supply, or, topping up,
-- the whole supply and the smallest pieces of the bag (coins hold best); biggest first.
local function default_pieces(game, s, n)
  local need = n - own_bid(game, s)
  local own = pieces.biggest_first(game, game:cards(pieces.supply(game, s)))
  if not tops_up(game, s) then return { table.unpack(own, 1, need) } end
  local bag = pieces.biggest_first(game, game:cards("bag"))
  for i = #bag, #bag - (need - #own) + 1, -1 do own[#own + 1] = bag[i] end
  return pieces.biggest_first(game, own)
end

-- "no 5000" or "only 1 × 5000": what a place lacks for the names listed so far.
local function lacking(k, already)
  if already == 0 then return "no " .. k end
  return ("only %d × %s"):format(already, k)
end

-- A seat making up a bid from the bag must lay every piece of its own: the first one it
-- left in its supply, or nil.
local function own_piece_left(game, s, taken)
  for _, c in ipairs(game:cards(pieces.supply(game, s))) do
    if not taken[c] then return c end
  end
  return nil
end

-- The named new pieces, from the supply (and, making up a bid, then from the bag), in
-- the order listed. Returns the components, or nil and why.
local function named_pieces(game, s, names)
  local from_bag = tops_up(game, s)
  local known, kinds = {}, pieces.kinds(game)
  for _, k in ipairs(kinds) do known[k] = 0 end
  local taken, list = {}, {}
  for i, k in ipairs(names) do
    if not known[k] then
      return nil, ("there is no piece called '%s'; pieces are %s"):format(k, table.concat(kinds, ", "))
    end
    local c = pieces.find(game, pieces.supply(game, s), k, taken) or (from_bag and pieces.find(game, "bag", k, taken))
    if not c then
      local where = from_bag and "your supply and the bag together have" or "your supply has"
      return nil, ("%s %s"):format(where, lacking(k, known[k]))
    end
    known[k] = known[k] + 1
    taken[c] = true
    list[i] = c
  end
  local left = from_bag and own_piece_left(game, s, taken)
  if left then
    return nil, "lay all of your own pieces before taking any from the bag; you still have a " .. game:name(left)
  end
  return list
end

-- Why a bid of `n` is not allowed, or nil when it is.
local function refusal(game, s, n)
  local lo, hi = bidding.range(game, s)
  local high, own = game:get("high_bid"), own_bid(game, s)
  if hi < lo then
    if tops_up(game, s) then
      return ("you and the bag together cannot make up %d: pass"):format(high)
    end
    return ("your supply cannot cover a bid of %d: pass, and your bid of %d is locked in"):format(lo, own)
  end
  if n < lo then
    if own > 0 and own >= high then return ("you bid %d already: raise above it, or pass"):format(own) end
    return ("match or exceed the bid of %d, or pass"):format(high)
  end
  if n > hi then
    if tops_up(game, s) then
      return ("short of pieces, you may only match the bid of %d, making up the difference from the bag"):format(high)
    end
    return ("you can cover at most %d (pieces in your supply: %d)"):format(hi, game:count(pieces.supply(game, s)))
  end
  return nil
end

-- Reads "bid N [PIECES...]" for seat `s`. Returns N and the new pieces in row order, or
-- nil and why. A bid of 0 comes back as 0 with no pieces: a pass.
function bidding.read(game, s, text)
  local words = {}
  for w in text:lower():gmatch("%S+") do words[#words + 1] = w end
  if words[1] ~= "bid" then return nil, "write bid N (with the pieces, centre first, if you like), or pass" end
  local n = words[2] and words[2]:match("^%d+$") and math.tointeger(tonumber(words[2]))
  if not n then return nil, "a bid is a whole number of pieces: bid 3, or bid 3 5000 500 100" end
  if n == 0 then
    if #words > 2 then return nil, "a bid of 0 lays no pieces" end
    if own_bid(game, s) > 0 then return nil, ("you bid %d already: raise above it, or pass"):format(own_bid(game, s)) end
    return 0, {}
  end
  local why = refusal(game, s, n)
  if why then return nil, why end
  local names = { table.unpack(words, 3) }
  if #names == 0 then return n, default_pieces(game, s, n) end
  local need = n - own_bid(game, s)
  if #names ~= need then
    return nil, ("bidding %d, you lay %d new %s; you listed %d"):format(n, need, need == 1 and "piece" or "pieces", #names)
  end
  local list, bad = named_pieces(game, s, names)
  if not list then return nil, bad end
  return n, list
end

-- The canonical text of a bid: the new pieces always spelt out, so the log says exactly
-- what was laid.
function bidding.text(game, n, list)
  if n == 0 then return "pass" end
  local names = {}
  for i, c in ipairs(list) do names[i] = game:name(c) end
  return "bid " .. n .. " " .. table.concat(names, " ")
end

-- What a bot is offered, and what the REPL lists: the three lowest bids with the default
-- pieces, and pass. A person may type any bid they can cover (accepts).
function bidding.actions(game, s)
  local list = {}
  local lo, hi = bidding.range(game, s)
  for n = lo, math.min(hi, lo + 2) do list[#list + 1] = bidding.text(game, n, default_pieces(game, s, n)) end
  list[#list + 1] = "pass"
  return list
end

-- Lays the new pieces at the outer end of the row, in the order given.
local function lay(game, s, list)
  local row = pieces.row(game, s)
  for _, c in ipairs(list) do game:move(c, row, "bottom") end
end

-- Narrates a bid before it is laid, while the supply still says what was short.
local function announce(game, s, n, list)
  local who, high, own = name(game, s), game:get("high_bid"), own_bid(game, s)
  if tops_up(game, s) then
    local from_bag = {}
    for _, c in ipairs(list) do if game:where(c) == game:zone("bag") then from_bag[#from_bag + 1] = c end end
    game:say(("%s has only %s and takes %s from the bag to match."):format(who,
      pieces.count_text(game:count(pieces.supply(game, s))), pieces.names(game, from_bag)))
  end
  local laid = pieces.names(game, list)
  if own > 0 then game:say(("%s raises to %d and adds %s to the row."):format(who, n, laid))
  elseif n == high then game:say(("%s matches %d and lays out %s."):format(who, n, laid))
  else game:say(("%s bids %d and lays out %s."):format(who, n, laid)) end
end

function bidding.bid(game, s, text)
  local n, list = bidding.read(game, s, text)
  announce(game, s, n, list)
  lay(game, s, list)
  pieces.tidy(game, pieces.supply(game, s))
  game:set("bid", s, n)
  game:set("high_bid", math.max(n, game:get("high_bid")))
  game:end_turn()
end

-- Passing locks the seat's bid in. Returns true when every seat has now passed.
function bidding.pass(game, s)
  game:set("passed", s, true)
  local bid = game:get("bid", s)
  if bid then game:say(("%s passes: the bid of %d is locked in."):format(name(game, s), bid))
  else game:say(("%s passes and stacks nothing this round."):format(name(game, s))) end
  for other = 1, game:seats() do
    if not game:get("passed", other) then return false end
  end
  return true
end

return bidding
