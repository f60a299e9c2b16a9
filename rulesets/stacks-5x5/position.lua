-- The position: a plain-table snapshot of the pieces and of the turn in progress, read
-- from the game at the start of every hook. The rules read and change it; write() then
-- makes the same changes to the game (pieces moved and eliminated, the turn's variables,
-- the narration). Working on a snapshot lets the one-line notation try a whole move out
-- on a copy before the engine plays it, and keeps the hooks fast.
local board = require "board"

local position = {}

local geo  -- board.geometry(), set by read()

-- How many of `side`'s pieces stand in the other side's home spaces (kept up to date by
-- read, transfer and eliminate).
function position.reached(pos, side) return pos.reached[side] end

-- What a change of `n` pieces of `side` on `cell` does to pos.reached.
local function count_reached(pos, cell, side, n)
  if geo.home[cell] == 3 - side then pos.reached[side] = pos.reached[side] + n end
end

local function split(text, sep)
  local list = {}
  if text then for part in text:gmatch("[^" .. sep .. "]+") do list[#list + 1] = part end end
  return list
end

local function read_attackers(text)
  local list = {}
  for _, part in ipairs(split(text, " ")) do
    local cell, n = part:match("^(%w+):(%d+)$")
    list[#list + 1] = { cell, tonumber(n) }
  end
  return list
end

-- The turn in progress lives in game variables (game.yaml lists them); `raw` keeps the
-- values read, so that write() sets only those that changed.
local TURN_VARS = { "moving", "moving_pieces", "spaces_left", "path", "shed", "picks", "first_single",
                    "first_single_left", "second_single", "must_shed", "fours", "retreat_from", "retreating",
                    "attackers" }

local function read_turn(game)
  local raw = { picks = game:get("picks"), must_shed = game:get("must_shed"), fours = game:get("fours") }
  -- Before the first pick of a turn only must_shed and fours can be set: skip the rest.
  if raw.picks then
    for i = 1, #TURN_VARS do raw[TURN_VARS[i]] = game:get(TURN_VARS[i]) end
  end
  local t = {
    moving = raw.moving, count = raw.moving_pieces, left = raw.spaces_left, path = split(raw.path, "-"),
    shed = raw.shed == true, picks = raw.picks or 0, first = raw.first_single,
    first_left = raw.first_single_left or 0, second = raw.second_single == true,
    must_shed = split(raw.must_shed, " "), fours = split(raw.fours, " "),
  }
  if raw.retreat_from then
    t.retreat = { from = raw.retreat_from, count = raw.retreating, attackers = read_attackers(raw.attackers) }
  end
  return t, raw
end

local function encode_turn(t)
  local moving, r = t.moving ~= nil, t.retreat
  local attackers = {}
  for i, a in ipairs(r and r.attackers or {}) do attackers[i] = a[1] .. ":" .. a[2] end
  return {
    moving = t.moving, moving_pieces = moving and t.count or nil, spaces_left = moving and t.left or nil,
    path = moving and table.concat(t.path, "-") or nil, shed = moving and t.shed or nil,
    picks = t.picks > 0 and t.picks or nil, first_single = t.second and t.first or nil,
    first_single_left = t.second and t.first_left or nil, second_single = t.second or nil,
    must_shed = #t.must_shed > 0 and table.concat(t.must_shed, " ") or nil,
    fours = #t.fours > 0 and table.concat(t.fours, " ") or nil,
    retreat_from = r and r.from or nil, retreating = r and r.count or nil,
    attackers = r and table.concat(attackers, " ") or nil,
  }
end

local function write_turn(game, t, raw)
  local values = t and encode_turn(t) or {}
  for i = 1, #TURN_VARS do
    local v = TURN_VARS[i]
    if values[v] ~= raw[v] then game:set(v, values[v]) end
  end
end

-- A snapshot of the game for the side on turn (nil before the first turn): pos.n[cell]
-- pieces of side pos.side[cell] (false when empty) on every cell, pos.lost[side] pieces
-- eliminated, pos.reached[side] in enemy home spaces, pos.t the turn in progress.
function position.read(game)
  geo = board.geometry(game)
  local lost, reached = { 0, 0 }, { 0, 0 }
  local pos = { game = game, seat = game:active(), n = geo.counts, side = geo.sides, lost = lost, reached = reached,
                ops = {}, news = {} }
  local side_of, zone_cell, home, n, sides = geo.side_of, geo.zone_cell, geo.home, geo.counts, geo.sides
  local filled = geo.filled
  for i = #filled, 1, -1 do
    local cell = filled[i]
    n[cell], sides[cell], filled[i] = 0, false, nil
  end
  -- Twenty questions "where is piece c?" are cheaper than asking every cell.
  for c = 1, #side_of do
    local side, cell = side_of[c], zone_cell[game:where(c)]
    if cell then
      if n[cell] == 0 then filled[#filled + 1] = cell end
      n[cell], sides[cell] = n[cell] + 1, side
      if home[cell] == 3 - side then reached[side] = reached[side] + 1 end
    else
      lost[side] = lost[side] + 1
    end
  end
  pos.t, pos.raw = read_turn(game)
  return pos
end

-- A parameter of the game (game.yaml's params).
function position.param(pos, name) return pos.game:param(name) end

-- A deep copy, for trying actions out; its changes are never written.
function position.copy(value)
  if type(value) ~= "table" then return value end
  local out = {}
  for k, v in pairs(value) do out[k] = position.copy(v) end
  return out
end

-- Moves `n` of the pieces in `from` to `to` (empty, or holding the same side).
function position.transfer(pos, from, to, n)
  local side = pos.side[from]
  if pos.n[to] == 0 and pos.n == geo.counts then geo.filled[#geo.filled + 1] = to end
  count_reached(pos, from, side, -n)
  count_reached(pos, to, side, n)
  pos.side[to], pos.n[to], pos.n[from] = side, pos.n[to] + n, pos.n[from] - n
  if pos.n[from] == 0 then pos.side[from] = false end
  pos.ops[#pos.ops + 1] = { "move", from, to, n }
end

-- Eliminates `n` of the pieces in `from`: they leave the game.
function position.eliminate(pos, from, n)
  local side = pos.side[from]
  count_reached(pos, from, side, -n)
  pos.n[from] = pos.n[from] - n
  if pos.n[from] == 0 then pos.side[from] = false end
  pos.lost[side] = pos.lost[side] + n
  pos.ops[#pos.ops + 1] = { "lose", from, n, side }
end

function position.say(pos, text) pos.news[#pos.news + 1] = text end

-- Makes the position's changes to the game: pieces moved and eliminated, the turn's
-- variables, the narration; then ends the turn or the game if the position says so.
function position.write(game, pos)
  for i = 1, #pos.ops do
    local op = pos.ops[i]
    local from = geo.cell[op[2]].zone
    local to = op[1] == "move" and geo.cell[op[3]].zone or game:zone("eliminated", op[4])
    local n = op[1] == "move" and op[4] or op[3]
    for _ = 1, n do game:move(game:top(from), to) end
  end
  pos.ops = {}
  for i = 1, #pos.news do game:say(pos.news[i]) end
  pos.news = {}
  for side = 1, 2 do
    local reached = position.reached(pos, side)
    if reached ~= game:get("in_enemy_home", side) then game:set("in_enemy_home", side, reached) end
  end
  if pos.winners then
    write_turn(game, nil, pos.raw)
    game:finish(pos.winners, pos.reason)
  elseif pos.turn_over then
    write_turn(game, nil, pos.raw)
    game:end_turn()
  else
    write_turn(game, pos.t, pos.raw)
  end
end

return position
