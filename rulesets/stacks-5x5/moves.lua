-- Movement (rules 4, 6 and 9): a turn is one choice at a time. A side picks pieces from a
-- cell (a whole stack or part of it), steps them one space at a time, may attack, and the
-- move ends when they join a friendly stack, enter an enemy home space, attack, run out
-- of movement, or the player says done. A single piece that stopped with movement to
-- spare lets a second single piece move (the two-singles turn); picking it stops the first.
--   pick c2 2   step c3   attack d4   attack d4 with c3 e3   retreat d5   done   pass
local board = require "board"
local lists = require "lists"
local position = require "position"
local attacks = require "attacks"
local fours = require "fours"
local outcome = require "outcome"
local words = require "words"

local moves = {}

-- Movement allowance by the number of pieces moving (6.1); two single pieces get two each.
local ALLOWANCE = { 3, 2, 1, 0 }
local SINGLES_ALLOWANCE = 2

-- The pieces in `cell` that have not moved this turn: the first single piece, once it
-- has stopped (or while it is still moving), does not move again.
local function free_pieces(pos, cell)
  local t, n = pos.t, pos.n[cell]
  if cell == t.first or cell == t.moving then n = n - 1 end
  return n
end
moves.free_pieces = free_pieces

-- The second group of a turn is always a single piece; the first is a single piece with
-- two spaces when a second stack of four must also shed a piece this turn.
local function allowance(pos, count)
  if pos.t.picks >= 1 then return SINGLES_ALLOWANCE end
  if count == 1 and #pos.t.must_shed >= 2 then return SINGLES_ALLOWANCE end
  return ALLOWANCE[count]
end

-- Picking, stepping, stopping ------------------------------------------------------------

local function narrate_path(pos, ending)
  local t = pos.t
  if #t.path < 2 then return end
  position.say(pos, ("%s moves %s %s%s."):format(words.side(pos.seat), words.pieces(t.count), words.path(t.path),
    ending or ""))
end

-- The moving pieces stop. `how`: stopped, joined, reached, spent, attacked, combined.
-- A single piece that has used two spaces or fewer, and did not attack together with
-- other stacks, lets a second single piece move; otherwise the turn is over.
local function stop(pos, how, cell)
  local t = pos.t
  pos.stopped = how  -- for the notation, to say why a line went on after the move was over
  local used = #t.path - 1 + ((how == "attacked" or how == "combined") and 1 or 0)
  local second = t.picks == 1 and t.count == 1 and used <= SINGLES_ALLOWANCE and how ~= "combined"
  t.first, t.second = cell, second
  t.first_left = (how == "stopped" and not t.shed) and SINGLES_ALLOWANCE - used or 0
  t.moving, t.count, t.left, t.path, t.shed = nil, nil, nil, {}, false
  if not second then
    pos.turn_over = true
    fours.at_turn_end(pos)
  else
    fours.after_first(pos)
  end
end

local function pick(pos, cell, count)
  local t = pos.t
  if t.moving then
    narrate_path(pos)
    stop(pos, "stopped", t.moving)
  end
  local shed_at = lists.index_of(t.must_shed, cell)
  t.left = allowance(pos, count)
  if shed_at then table.remove(t.must_shed, shed_at) end
  t.picks = t.picks + 1
  -- Every piece leaving a stack that began the turn as a four is shed, the second single
  -- piece taken off it too (6.3: "pieces that are moved from a stack of four").
  t.moving, t.count, t.path, t.shed = cell, count, { cell }, lists.index_of(t.fours, cell) ~= nil
end

local function step(pos, to)
  local t = pos.t
  local from, joined = t.moving, pos.n[to] > 0
  position.transfer(pos, from, to, t.count)
  t.moving, t.left = to, t.left - 1
  t.path[#t.path + 1] = to
  local mine, theirs = words.colour(pos.seat), words.colour(board.enemy(pos.seat))
  if board.home_side(to) == board.enemy(pos.seat) then
    -- Pieces in an enemy home space never move again (9.2), whether or not they join others.
    local into = joined and ("joining the %s pieces in a %s home space (now %s)"):format(mine, theirs,
      words.number(pos.n[to])) or ("into a %s home space"):format(theirs)
    narrate_path(pos, (", %s, where %s for the rest of the game"):format(into,
      t.count == 1 and not joined and "it stays" or "they stay"))
    stop(pos, joined and "joined" or "reached", to)
  elseif joined then
    narrate_path(pos, (", joining the %s stack there (now %s)"):format(mine, words.number(pos.n[to])))
    stop(pos, "joined", to)
  elseif t.left == 0 then
    narrate_path(pos)
    stop(pos, "spent", to)
  end
end

-- Ends the turn, narrating the pieces still on their way.
local function end_turn(pos)
  if pos.t.moving then narrate_path(pos) end
  pos.turn_over = true
  fours.at_turn_end(pos)
end

-- The legal actions -------------------------------------------------------------------------

-- "pick CELL N" for every group that may start moving now: one that can step, or else
-- attack. (Run for nearly every list of legal actions, so it reads tables directly.)
local function picks(pos, singles_only)
  local t, list, seat = pos.t, {}, pos.seat
  local only = #t.must_shed > 0 and t.must_shed or nil
  local single = singles_only or #t.must_shed >= 2
  local order, sides, counts, homes, enemy = board.order(), pos.side, pos.n, board.homes(), 3 - seat
  for i = 1, #order do
    local cell = order[i]
    if sides[cell] == seat and homes[cell] ~= enemy and (not only or lists.index_of(only, cell)) then
      local most, shed_from = free_pieces(pos, cell), #t.fours > 0 and lists.index_of(t.fours, cell)
      if most > board.MAX_STACK - 1 then most = board.MAX_STACK - 1 end
      if single and most > 1 then most = 1 end
      local stepping = most > 0 and board.room_to_step(pos, cell, seat) or 0
      for k = 1, most do
        if k <= stepping or (not shed_from and #attacks.options(pos, cell, k, seat) > 0) then
          list[#list + 1] = board.pick_text(cell, k)
        end
      end
    end
  end
  return list
end

-- A second single piece may be picked while the first is moving once it has used one or
-- two spaces, or after it has stopped.
function moves.second_allowed(pos)
  local t = pos.t
  if not t.moving then return t.second end
  local used = #t.path - 1
  return t.picks == 1 and t.count == 1 and used >= 1 and used <= SINGLES_ALLOWANCE
end
local second_allowed = moves.second_allowed

local function add_all(list, more)
  for _, v in ipairs(more) do list[#list + 1] = v end
end

function moves.legal(pos)
  local t = pos.t
  if t.retreat then
    local list = {}
    for i, cell in ipairs(attacks.retreats(pos)) do list[i] = "retreat " .. cell end
    return list
  end
  local list = {}
  if t.moving then
    if t.left > 0 then
      local steps = board.steps(pos, t.moving, t.count, pos.seat)
      for i = 1, #steps do list[#list + 1] = board.step_text(steps[i]) end
      if not t.shed then
        for _, o in ipairs(attacks.options(pos, t.moving, t.count, pos.seat)) do list[#list + 1] = o.text end
      end
    end
    if second_allowed(pos) then add_all(list, picks(pos, true)) end
    if #t.path > 1 and #t.must_shed == 0 then list[#list + 1] = "done" end
    return list
  end
  if t.picks == 0 then
    list = picks(pos, false)
    if #list == 0 then list[1] = "pass" end
    return list
  end
  if t.second then
    list = picks(pos, true)
    if #t.must_shed == 0 then list[#list + 1] = "done" end
  end
  return list
end

-- Applying ------------------------------------------------------------------------------------

-- The attack is over (the survivors have retreated, the attackers moved in, or stayed
-- where they were under no_retreat: stay): the pieces that attacked have finished moving.
local function attack_over(pos, target, combined)
  local cell = pos.side[target] == pos.seat and target or pos.t.moving
  stop(pos, combined and "combined" or "attacked", cell)
end

local function attack(pos, text)
  local t = pos.t
  for _, o in ipairs(attacks.options(pos, t.moving, t.count, pos.seat)) do
    if o.text == text then
      if attacks.start(pos, o) then attack_over(pos, o.target, #o.helpers > 0) end
      return
    end
  end
  error("no such attack: " .. text)
end

-- Applies one legal action (the engine has checked it) to the position.
function moves.apply(pos, text)
  local verb, a, b = text:match("^(%a+)%s*(%S*)%s*(%S*)")
  local t = pos.t
  if verb == "pick" then
    pick(pos, a, tonumber(b))
  elseif verb == "step" then
    step(pos, a)
  elseif verb == "attack" then
    attack(pos, text)
  elseif verb == "retreat" then
    local target, combined = t.retreat.from, #t.retreat.attackers > 1
    if attacks.retreat(pos, a) then attack_over(pos, target, combined) end
  elseif verb == "done" then
    end_turn(pos)
  elseif verb == "pass" then
    position.say(pos, ("%s cannot move any piece and passes."):format(words.side(pos.seat)))
    pos.turn_over = true
  else
    error("unknown action: " .. text)
  end
end

-- Plays one legal action, then sees whether someone has won; a turn with nothing left to
-- do but "done" ends by itself.
function moves.play(pos, text)
  moves.apply(pos, text)
  if outcome.check(pos) or pos.turn_over then return end
  local list = moves.legal(pos)
  if #list == 0 or (#list == 1 and list[1] == "done") then end_turn(pos) end
end

return moves
