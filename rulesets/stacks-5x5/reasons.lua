-- Why an action is refused, in the player's words: "c6 holds red pieces, not yours", "2
-- against 2: an attack needs at least one piece more than the defenders". Only asked about
-- actions that are not legal (accepts() and the one-line notation), so it may take its
-- time; the rules themselves never depend on it.
local board = require "board"
local lists = require "lists"
local position = require "position"
local attacks = require "attacks"
local moves = require "moves"
local words = require "words"

local reasons = {}

-- Why a move stopped (moves.lua notes it as pos.stopped), for a line that goes on after it.
function reasons.stopped(pos)
  local how = pos.stopped
  if how == "spent" then
    return "the movement allowance is used up: one piece moves three spaces, two pieces two, three "
      .. "pieces one, and two single pieces two each"
  end
  if how == "joined" then return "joining a friendly stack ends the move" end
  if how == "reached" then return "pieces entering an enemy home space stay there" end
  if how == "attacked" or how == "combined" then return "an attack ends the move" end
end

local function no_cell(name)
  return ("there is no space %s (files a-e; ranks 1-5 the grid, 0 and 6 the home spaces)"):format(name)
end

local function diagonal(pos, from, to)
  local between = board.between(from, to)
  return ("the diagonal step %s → %s passes between %s and %s, both held by %s pieces"):format(from, to,
    between[1], between[2], words.colour(board.enemy(pos.seat)))
end

-- Why nothing but a retreat (or nothing at all) can be done now; nil when something can.
local function blocked(pos, verb)
  local r = pos.t.retreat
  if r and verb ~= "retreat" then
    local list = {}
    for i, cell in ipairs(attacks.retreats(pos)) do list[i] = "retreat " .. cell end
    return ("first say where the survivors on %s retreat: %s"):format(r.from, table.concat(list, " or "))
  end
  if pos.t.moving and #pos.t.path < 2 and (verb == "pick" or verb == "done") then
    return ("the pieces picked on %s must step or attack first"):format(pos.t.moving)
  end
end

local function why_pick(pos, cell, k)
  local t, seat = pos.t, pos.seat
  if t.moving and not moves.second_allowed(pos) then
    return ("the pieces on %s are still moving: step, attack or done"):format(t.moving)
  end
  if pos.side[cell] ~= seat then
    if not pos.side[cell] then return ("%s is empty"):format(cell) end
    return ("%s holds %s pieces, not yours"):format(cell, words.colour(pos.side[cell]))
  end
  if board.home_side(cell) == board.enemy(seat) then
    return ("pieces in a %s home space stay there for the rest of the game"):format(words.colour(board.enemy(seat)))
  end
  if #t.must_shed > 0 and not lists.index_of(t.must_shed, cell) then
    return ("first move a piece off the stack of four on %s"):format(words.list(t.must_shed))
  end
  if k and k >= board.MAX_STACK then return "a stack of four cannot move: take one to three pieces off it" end
  local free = moves.free_pieces(pos, cell)
  if k and k > free then
    if free < pos.n[cell] then
      return ("only %s of the pieces on %s may still move"):format(words.number(free), cell)
    end
    return ("%s holds only %s"):format(cell, words.pieces(free))
  end
  if k and k > 1 and t.picks >= 1 then
    return "the second group of a turn must be a single piece (two single pieces, two spaces each)"
  end
  if k and k > 1 and #t.must_shed >= 2 then return "with two stacks of four, one single piece must leave each" end
  return ("%s on %s %s no space to step to and nothing to attack"):format(words.pieces(k or free), cell,
    (k or free) == 1 and "has" or "have")
end

-- Why nothing is moving now: no pieces picked yet, or the first single piece has stopped.
local function not_moving(pos)
  local t = pos.t
  if t.picks == 0 then return "pick the pieces to move first: pick c2 2, say, or pick c2 for the whole stack" end
  local why = reasons.stopped(pos)
  return ("the piece on %s has ended its move%s; a second single piece may still move (pick it), or say done"):format(
    t.first or "?", why and " (" .. why .. ")" or "")
end

local function why_step(pos, to)
  local t, seat = pos.t, pos.seat
  if not t.moving then return not_moving(pos) end
  if not board.adjacent(t.moving, to) then
    return ("%s is not next to %s: pieces move one space at a time"):format(to, t.moving)
  end
  local enemy = board.enemy(seat)
  if pos.side[to] == enemy and board.home_side(to) == seat then
    return ("%s holds %s pieces that have reached a %s home space: they stay there, and nobody may "
      .. "enter it or attack them"):format(to, words.colour(enemy), words.colour(seat))
  end
  if pos.side[to] == enemy then
    return ("%s holds %s pieces: only an attack enters it (attack %s), with at least one piece more "
      .. "than they have"):format(to, words.colour(enemy), to)
  end
  if pos.n[to] + t.count > board.MAX_STACK then
    return ("that would make a stack of %s on %s; four is the most"):format(words.number(pos.n[to] + t.count), to)
  end
  if not board.passable(pos, t.moving, to, seat) then return diagonal(pos, t.moving, to) end
end

local HELPER = {
  moving = "%s holds the moving pieces themselves",
  not_own = "%s holds none of your pieces",
  four = "the stack of four on %s cannot move",
  enemy_home = "the pieces on %s stay in the enemy's home space for the rest of the game",
  four_this_turn = "the pieces on %s began the turn as a stack of four and may not attack this turn",
  spent = "the single piece on %s has no movement point left (7.3: one must be left over)",
}

local function why_helpers(pos, target, helpers, total)
  local t, seat = pos.t, pos.seat
  for _, h in ipairs(helpers) do
    if not board.exists(h) then return no_cell(h) end
    if not board.adjacent(h, target) then return ("%s is not next to %s"):format(h, target) end
    local problem = attacks.helper_problem(pos, h, target, seat, t.moving)
    if problem == "diagonal" then return diagonal(pos, h, target) end
    if problem then return HELPER[problem]:format(h) end
  end
  if total > board.MAX_STACK then
    return ("that is %s pieces: at most four attack together"):format(words.number(total))
  end
  if total <= pos.n[target] then
    return ("%d against %d: an attack needs at least one piece more than the defenders"):format(total, pos.n[target])
  end
  local rule = position.param(pos, "combine")
  if not attacks.grouped({ t.moving, table.unpack(helpers) }, rule) then
    return rule == "pairwise" and "every two of the attacking stacks must be next to each other"
      or "the attacking stacks must be next to each other"
  end
end

local function why_attack(pos, target, helpers)
  local t, seat = pos.t, pos.seat
  if not t.moving then return not_moving(pos) end
  if t.shed then return "pieces moved off a stack of four may not attack this turn" end
  if t.left < 1 then return ("the pieces on %s have no movement point left to attack with"):format(t.moving) end
  local enemy = board.enemy(seat)
  if pos.side[target] ~= enemy then return ("%s holds no %s pieces"):format(target, words.colour(enemy)) end
  if board.home_side(target) == seat then
    return ("%s pieces in a %s home space cannot be attacked"):format(words.colour(enemy), words.colour(seat))
  end
  if not board.adjacent(t.moving, target) then return ("%s is not next to %s"):format(target, t.moving) end
  if not board.passable(pos, t.moving, target, seat) then return diagonal(pos, t.moving, target) end
  local total = t.count
  for _, h in ipairs(helpers) do total = total + (board.exists(h) and pos.n[h] or 0) end
  return why_helpers(pos, target, helpers, total)
end

local function why_done(pos)
  local t = pos.t
  if #t.must_shed > 0 then
    return ("a piece must still leave the stack of four on %s"):format(words.list(t.must_shed))
  end
  if t.picks == 0 then return "nothing has moved yet: pick pieces to move" end
end

-- Why `text` (one step, as listed: pick c2 2, step c3, attack d4 with c3, retreat d5, done,
-- pass) cannot be played in `pos`; nil when there is nothing more to say than that it is
-- not among the legal actions.
function reasons.why_not(pos, text)
  local w = {}
  for word in text:lower():gmatch("%S+") do w[#w + 1] = word end
  local verb = w[1]
  local why = blocked(pos, verb)
  if why then return why end
  local cell = w[2]
  if verb == "pick" or verb == "step" or verb == "attack" or verb == "retreat" then
    if not cell then return ("say which space: %s c3"):format(verb) end
    if not board.exists(cell) then return no_cell(cell) end
  end
  if verb == "pick" then
    if w[3] and not tonumber(w[3]) then return ("say how many pieces: pick %s 2"):format(cell) end
    return why_pick(pos, cell, tonumber(w[3]))
  elseif verb == "step" then return why_step(pos, cell)
  elseif verb == "attack" then
    local helpers = {}
    for i = 4, #w do if w[i] ~= "and" then helpers[#helpers + 1] = w[i] end end
    if w[3] and w[3] ~= "with" then return "write the helpers as: attack d4 with c3 e3" end
    return why_attack(pos, cell, helpers)
  elseif verb == "retreat" then
    if not pos.t.retreat then return "no survivors are waiting to retreat" end
    return ("the survivors on %s may retreat only to %s (one space towards their own edge, or from "
      .. "their home space to another; onto a space with room, not onto your pieces nor diagonally "
      .. "between two of them)"):format(pos.t.retreat.from, words.list(attacks.retreats(pos)))
  elseif verb == "done" then return why_done(pos)
  elseif verb == "pass" then return "a turn may be passed only when no piece can move" end
end

return reasons
