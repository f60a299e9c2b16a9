-- Attacks (rule 7): the attacks the moving pieces can make, alone or together with
-- friendly stacks next to them and to the target; and what follows: eliminations, the
-- survivors' retreat (chosen by the attacker), the attackers moving in.
local board = require "board"
local lists = require "lists"
local position = require "position"
local words = require "words"

local attacks = {}

-- The first of two single pieces, once another piece may move: its cell and the movement
-- points it keeps for an attack (7.3: of its two, one must be left). While it is still on
-- its way, that is what it would keep if it stopped now.
local function first_single(pos)
  local t = pos.t
  if t.moving and t.picks == 1 and t.count == 1 then
    return t.moving, t.shed and 0 or 2 - (#t.path - 1)
  end
  return t.first, t.first_left
end

-- Why the stack on `cell` may not join an attack on `target` made by the pieces moving on
-- `group`, or nil when it may: its pieces must be able to move (three at most, not in an
-- enemy home space, not what is left of a stack of four that had to shed this turn, and
-- not the first single piece without a movement point to spare), and its step into the
-- target must not be a diagonal between two enemy pieces. The reasons are constant strings
-- (this runs for every list of legal actions); reasons.lua puts them in words.
function attacks.helper_problem(pos, cell, target, side, group)
  if cell == group then return "moving" end
  if pos.side[cell] ~= side then return "not_own" end
  if pos.n[cell] >= board.MAX_STACK then return "four" end
  if board.home_side(cell) == board.enemy(side) then return "enemy_home" end
  if lists.index_of(pos.t.fours, cell) then return "four_this_turn" end
  local first, left = first_single(pos)
  if cell == first and left < 1 then return "spent" end
  if not board.passable(pos, cell, target, side) then return "diagonal" end
  return nil
end

local function can_help(pos, cell, target, side, group)
  return attacks.helper_problem(pos, cell, target, side, group) == nil
end

-- Whether the attacking stacks are "adjacent to each other": one connected group of
-- neighbours, or (combine: pairwise) every two of them neighbours.
function attacks.grouped(cells, rule)
  if rule == "pairwise" then
    for i = 1, #cells do
      for j = i + 1, #cells do
        if not board.adjacent(cells[i], cells[j]) then return false end
      end
    end
    return true
  end
  local seen, queue, count = { [cells[1]] = true }, { cells[1] }, 1
  while #queue > 0 do
    local a = table.remove(queue)
    for i = 1, #cells do
      local b = cells[i]
      if not seen[b] and board.adjacent(a, b) then
        seen[b], count = true, count + 1
        queue[#queue + 1] = b
      end
    end
  end
  return count == #cells
end

-- Calls visit(chosen, total) for every set of helpers that keeps the attack at four
-- pieces or fewer, always in the same order.
local function each_set(pos, helpers, total, visit, from, chosen)
  from, chosen = from or 1, chosen or {}
  visit(chosen, total)
  for i = from, #helpers do
    local n = pos.n[helpers[i]]
    if total + n <= board.MAX_STACK then
      chosen[#chosen + 1] = helpers[i]
      each_set(pos, helpers, total + n, visit, i + 1, chosen)
      chosen[#chosen] = nil
    end
  end
end

function attacks.text(target, helpers)
  if #helpers == 0 then return "attack " .. target end
  local sorted = { table.unpack(helpers) }
  table.sort(sorted)
  return "attack " .. target .. " with " .. table.concat(sorted, " ")
end

-- Every attack the `count` pieces moving on `group` can make: {target, helpers, total, text}.
-- The caller checks that they have a movement point left and may attack at all.
function attacks.options(pos, group, count, side)
  local list, around, rule = {}, board.neighbours(group), nil
  for i = 1, #around do
    local target = around[i]
    -- Enemy pieces standing in this side's own home spaces can never be attacked (9.2).
    if pos.side[target] == board.enemy(side) and board.home_side(target) ~= side and board.passable(pos, group, target, side) then
      rule = rule or position.param(pos, "combine")
      local helpers = {}
      local near = board.neighbours(target)
      for j = 1, #near do
        if can_help(pos, near[j], target, side, group) then helpers[#helpers + 1] = near[j] end
      end
      each_set(pos, helpers, count, function(chosen, total)
        local cells = { group, table.unpack(chosen) }
        if total > pos.n[target] and attacks.grouped(cells, rule) then
          list[#list + 1] = { target = target, helpers = { table.unpack(chosen) }, total = total,
                              text = attacks.text(target, chosen) }
        end
      end)
    end
  end
  return list
end

-- Retreats ------------------------------------------------------------------------------

-- The cells the survivors of the pending attack may retreat to: one space towards their
-- own edge, or from a home space to another (a neighbouring one unless home_retreat is
-- any); never onto the attacker's pieces, never past four, never diagonally between two
-- attacking pieces. Cells that take every survivor come first; only if there are none may
-- they split up, one piece at a time.
function attacks.retreats(pos)
  local r = pos.t.retreat
  local defender = pos.side[r.from]
  local candidates = {}
  if board.home_side(r.from) == defender then
    for _, name in ipairs(board.order()) do
      if name ~= r.from and board.home_side(name) == defender
          and (position.param(pos, "home_retreat") == "any" or board.adjacent(r.from, name)) then
        candidates[#candidates + 1] = name
      end
    end
  else
    local back = board.rank(r.from) + (defender == board.BLACK and -1 or 1)
    for _, name in ipairs(board.neighbours(r.from)) do
      if board.rank(name) == back then candidates[#candidates + 1] = name end
    end
  end
  local whole, single = {}, {}
  for _, name in ipairs(candidates) do
    if pos.side[name] ~= board.enemy(defender) and board.passable(pos, r.from, name, defender) then
      if pos.n[name] + r.count <= board.MAX_STACK then whole[#whole + 1] = name end
      if pos.n[name] + 1 <= board.MAX_STACK then single[#single + 1] = name end
    end
  end
  return #whole > 0 and whole or single
end

-- The attackers move into the cell they have emptied and form one stack there.
local function move_in(pos)
  local r, side = pos.t.retreat, pos.seat
  local total = 0
  for _, a in ipairs(r.attackers) do
    position.transfer(pos, a[1], r.from, a[2])
    total = total + a[2]
  end
  local line = ("%s move into %s"):format(words.capital(words.the(total, side)), r.from)
  if board.home_side(r.from) == board.enemy(side) then
    line = line .. (", a %s home space: they stay there for the rest of the game"):format(words.colour(board.enemy(side)))
  end
  position.say(pos, line .. ".")
  pos.t.retreat = nil
end

local function no_retreat(pos)
  local r = pos.t.retreat
  local defender = pos.side[r.from]
  local who = words.capital(words.the(r.count, defender))
  if position.param(pos, "no_retreat") == "stay" then
    position.say(pos, ("%s cannot retreat and %s on %s; the attackers stay where they are."):format(who,
      r.count == 1 and "stays" or "stay", r.from))
    pos.t.retreat = nil
    return
  end
  position.say(pos, ("%s cannot retreat and %s eliminated."):format(who, r.count == 1 and "is" or "are"))
  position.eliminate(pos, r.from, r.count)
  r.count = 0
  move_in(pos)
end

-- Survivors go to `cell`: all of them if it has room, else one.
function attacks.retreat(pos, cell)
  local r = pos.t.retreat
  local defender = pos.side[r.from]
  local n = pos.n[cell] + r.count <= board.MAX_STACK and r.count or 1
  position.say(pos, ("%s %s %s → %s."):format(words.capital(words.the(n, defender)), n == 1 and "retreats" or "retreat",
    r.from, cell))
  position.transfer(pos, r.from, cell, n)
  r.count = r.count - n
  pos.retreated = pos.retreated or {}
  pos.retreated[#pos.retreated + 1] = cell
  return attacks.settle(pos)
end

-- Plays out what needs no choice: a retreat with one place to go, no place at all, or no
-- survivors. Returns true once the attack is over (false: the attacker must choose).
function attacks.settle(pos)
  local r = pos.t.retreat
  if r.count == 0 then
    move_in(pos)
    return true
  end
  local cells = attacks.retreats(pos)
  if #cells == 0 then
    no_retreat(pos)
    return true
  end
  if #cells == 1 then return attacks.retreat(pos, cells[1]) end
  return false
end

-- The attack: narrates it, eliminates the difference in strength, and starts the retreat.
-- Returns true once the attack is over.
function attacks.start(pos, option)
  local t, side = pos.t, pos.seat
  local enemy = board.enemy(side)
  local target, defenders = option.target, pos.n[option.target]
  local lost = math.min(defenders, option.total - defenders)
  local attackers = { { t.moving, t.count } }
  for _, h in ipairs(option.helpers) do attackers[#attackers + 1] = { h, pos.n[h] } end
  local lead
  if #t.path > 1 then
    lead = ("%s moves %s %s and attacks %s"):format(words.side(side), words.pieces(t.count), words.path(t.path), target)
  else
    lead = ("%s attacks %s from %s"):format(words.side(side), target, t.moving)
  end
  if #option.helpers > 0 then
    local sorted = { table.unpack(option.helpers) }
    table.sort(sorted)
    lead = lead .. " together with " .. words.list(sorted)
  end
  local result = ("%s %s eliminated"):format(words.coloured(lost, enemy), lost == 1 and "is" or "are")
  if lost < defenders then result = result .. (" and %s must retreat"):format(words.number(defenders - lost)) end
  position.say(pos, ("%s, %d against %d: %s."):format(lead, option.total, defenders, result))
  position.eliminate(pos, target, lost)
  t.retreat = { from = target, count = defenders - lost, attackers = attackers }
  return attacks.settle(pos)
end

return attacks
