-- The board and the position. The geometry (cells, neighbours, home spaces) is read once
-- from game.yaml's board through the board API. A position is a plain-table snapshot of
-- the pieces and of the turn in progress: the rules read and change it, and write() then
-- makes the same changes to the game. Working on a snapshot lets the one-line notation
-- try a whole move out before the engine plays it, and keeps the hooks fast.
local board = {}

board.BLACK, board.RED = 1, 2
local KIND_SIDE = { black = 1, red = 2 }
local HOME_TAG = { "black_home", "red_home" }
board.MAX_STACK = 4

-- The geometry never changes during a game (it is game.yaml's), so it is cached here on
-- first use; no game state is kept outside the state itself.
local geo

local function cell_name(game, z) return game:zone_name(z) end

local function build(game)
  local g = { order = {}, cell = {}, zone_cell = {}, side_of = {}, home = {} }
  for i, z in ipairs(game:cells()) do
    local f, r = game:coords(z)
    local c = { name = cell_name(game, z), zone = z, file = f, rank = r, index = i, adjacent = {},
                neighbours = {}, between = {} }
    for side, tag in ipairs(HOME_TAG) do
      if game:tagged(z, tag) then c.home = side end
    end
    g.home[c.name] = c.home
    g.order[i], g.cell[c.name], g.zone_cell[z] = c.name, c, c.name
  end
  -- Every component's side, by its kind; components keep their ids and kinds all game.
  local total = 0
  for _, z in ipairs(game:cells()) do total = total + game:count(z) end
  for side = 1, 2 do total = total + game:count(game:zone("eliminated", side)) end
  for c = 1, total do g.side_of[c] = KIND_SIDE[game:name(c)] end
  for _, name in ipairs(g.order) do
    local c = g.cell[name]
    for _, n in ipairs(game:neighbours(c.zone)) do
      local other = g.cell[cell_name(game, n)]
      c.neighbours[#c.neighbours + 1] = other.name
      c.adjacent[other.name] = true
    end
    -- Neighbours in board order, so that every list of actions comes out the same way.
    table.sort(c.neighbours, function(a, b) return g.cell[a].index < g.cell[b].index end)
    -- A diagonal step passes between two cells: the ones sharing a file with one end
    -- and a rank with the other (rule 6.2 looks at them).
    for _, n in ipairs(game:neighbours(c.zone, "diagonal")) do
      local other = g.cell[cell_name(game, n)]
      c.between[other.name] = { cell_name(game, game:cell_at(c.file, other.rank)),
                                cell_name(game, game:cell_at(other.file, c.rank)) }
    end
  end
  -- The tables of every cell's count and side that read() fills in for each hook call.
  -- They are reused rather than made anew: a position is read for every hook call, and
  -- allocating (and collecting) two tables of 35 cells each time was most of the cost.
  -- read() overwrites every entry, so nothing carries over from one call to the next.
  g.counts, g.sides = {}, {}
  -- Action texts, made once: strings are allocated like tables.
  g.pick_text, g.step_text = {}, {}
  for _, name in ipairs(g.order) do
    g.step_text[name] = "step " .. name
    g.pick_text[name] = {}
    for k = 1, 4 do g.pick_text[name][k] = "pick " .. name .. " " .. k end
  end
  -- The same as flat links {to, between1, between2} for the hot loops below.
  for _, name in ipairs(g.order) do
    local c = g.cell[name]
    c.links = {}
    for i, to in ipairs(c.neighbours) do
      local between = c.between[to] or {}
      c.links[i] = { to, between[1], between[2] }
    end
  end
  return g
end

function board.geometry(game)
  if not geo then geo = build(game) end
  return geo
end

-- Geometry questions; valid once geometry() has run (every hook reads a position first).
function board.order() return geo.order end
function board.exists(name) return geo.cell[name] ~= nil end
function board.neighbours(name) return geo.cell[name].neighbours end
function board.adjacent(a, b) return geo.cell[a].adjacent[b] == true end
function board.home_side(name) return geo.cell[name].home end
function board.rank(name) return geo.cell[name].rank end
function board.enemy(side) return 3 - side end

-- Whether `side` may step from `a` to the neighbouring `b` past the enemy: rule 6.2 forbids
-- a diagonal step between two cells that both hold enemy pieces.
function board.passable(pos, a, b, side)
  local between = geo.cell[a].between[b]
  if not between then return true end
  local enemy = board.enemy(side)
  return not (pos.side[between[1]] == enemy and pos.side[between[2]] == enemy)
end

-- The neighbours `count` of `side`'s pieces on `from` may step to: not onto the enemy
-- (that is an attack), not past four in a stack, not diagonally between two enemy pieces.
-- A step onto friendly pieces joins them; one into a home space is like any other.
-- (These loops run for every legal-action list, so they index arrays rather than call
-- ipairs and helpers.)
function board.steps(pos, from, count, side)
  local list, sides, ns, enemy = {}, pos.side, pos.n, 3 - side
  local links = geo.cell[from].links
  for i = 1, #links do
    local l = links[i]
    local to = l[1]
    if sides[to] ~= enemy and ns[to] + count <= board.MAX_STACK
        and not (l[2] and sides[l[2]] == enemy and sides[l[3]] == enemy) then
      list[#list + 1] = to
    end
  end
  return list
end

-- The most pieces that could step off `from` at once (0: none can).
function board.room_to_step(pos, from, side)
  local sides, ns, enemy, most = pos.side, pos.n, 3 - side, 0
  local links = geo.cell[from].links
  for i = 1, #links do
    local l = links[i]
    local to = l[1]
    if sides[to] ~= enemy and not (l[2] and sides[l[2]] == enemy and sides[l[3]] == enemy) then
      most = math.max(most, board.MAX_STACK - ns[to])
    end
  end
  return most
end

-- How many of `side`'s pieces stand in the other side's home spaces (kept up to date by
-- read, transfer and eliminate).
function board.reached(pos, side) return pos.reached[side] end

-- What a change of `n` pieces of `side` on `cell` does to pos.reached.
local function count_reached(pos, cell, side, n)
  if geo.cell[cell].home == 3 - side then pos.reached[side] = pos.reached[side] + n end
end

-- The position ---------------------------------------------------------------------------

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
                    "first_single_left", "second_single", "must_shed", "retreat_from", "retreating", "attackers" }

local function read_turn(game)
  local raw = { picks = game:get("picks"), must_shed = game:get("must_shed") }
  -- Before the first pick of a turn only must_shed can be set: skip the rest.
  if raw.picks then
    for i = 1, #TURN_VARS do raw[TURN_VARS[i]] = game:get(TURN_VARS[i]) end
  end
  local t = {
    moving = raw.moving, count = raw.moving_pieces, left = raw.spaces_left, path = split(raw.path, "-"),
    shed = raw.shed == true, picks = raw.picks or 0, first = raw.first_single,
    first_left = raw.first_single_left or 0, second = raw.second_single == true,
    must_shed = split(raw.must_shed, " "),
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
-- eliminated, pos.t the turn in progress.
function board.read(game)
  board.geometry(game)
  local lost, reached = { 0, 0 }, { 0, 0 }
  local pos = { game = game, seat = game:active(), n = geo.counts, side = geo.sides, lost = lost, reached = reached,
                ops = {}, news = {} }
  local order, side_of, zone_cell, home, n, sides = geo.order, geo.side_of, geo.zone_cell, geo.home, geo.counts,
    geo.sides
  for i = 1, #order do
    local cell = order[i]
    n[cell], sides[cell] = 0, false
  end
  -- Twenty questions "where is piece c?" are cheaper than asking every cell.
  for c = 1, #side_of do
    local side, cell = side_of[c], zone_cell[game:where(c)]
    if cell then
      n[cell], sides[cell] = n[cell] + 1, side
      if home[cell] == 3 - side then reached[side] = reached[side] + 1 end
    else
      lost[side] = lost[side] + 1
    end
  end
  pos.t, pos.raw = read_turn(game)
  return pos
end

-- A string that tells positions apart, for remembering their legal actions: where every
-- piece is, the side on turn, the turn in progress and the parameters legal actions
-- depend on. (Pieces are told apart by id, so one position may have several keys; two
-- different positions never share one.)
local places = {}

function board.key(game)
  board.geometry(game)
  for c = 1, #geo.side_of do places[c] = game:where(c) end
  local vars = {}
  if game:get("picks") then
    for i = 1, #TURN_VARS do vars[i] = game:get(TURN_VARS[i]) end
  else
    vars[10] = game:get("must_shed")
  end
  return ("%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s"):format(
    string.char(table.unpack(places, 1, #geo.side_of)), game:active(), game:param("combine"),
    game:param("home_retreat"), table.unpack(vars, 1, #TURN_VARS))
end

-- A parameter of the game (game.yaml's params).
function board.param(pos, name) return pos.game:param(name) end

function board.pick_text(cell, k) return geo.pick_text[cell][k] end
function board.step_text(cell) return geo.step_text[cell] end

-- A deep copy, for trying actions out; its changes are never written.
function board.copy(value)
  if type(value) ~= "table" then return value end
  local out = {}
  for k, v in pairs(value) do out[k] = board.copy(v) end
  return out
end

-- Moves `n` of the pieces in `from` to `to` (empty, or holding the same side).
function board.transfer(pos, from, to, n)
  local side = pos.side[from]
  count_reached(pos, from, side, -n)
  count_reached(pos, to, side, n)
  pos.side[to], pos.n[to], pos.n[from] = side, pos.n[to] + n, pos.n[from] - n
  if pos.n[from] == 0 then pos.side[from] = false end
  pos.ops[#pos.ops + 1] = { "move", from, to, n }
end

-- Eliminates `n` of the pieces in `from`: they leave the game.
function board.eliminate(pos, from, n)
  local side = pos.side[from]
  count_reached(pos, from, side, -n)
  pos.n[from] = pos.n[from] - n
  if pos.n[from] == 0 then pos.side[from] = false end
  pos.lost[side] = pos.lost[side] + n
  pos.ops[#pos.ops + 1] = { "lose", from, n, side }
end

function board.say(pos, text) pos.news[#pos.news + 1] = text end

-- Makes the position's changes to the game: pieces moved and eliminated, the turn's
-- variables, the narration; then ends the turn or the game if the position says so.
function board.write(game, pos)
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
    local reached = board.reached(pos, side)
    if reached ~= game:get("in_enemy_home", side) then game:set("in_enemy_home", side, reached) end
  end
  if pos.winners then
    write_turn(game, nil, pos.raw)
    game:finish(pos.winners)
  elseif pos.turn_over then
    write_turn(game, nil, pos.raw)
    game:end_turn()
  else
    write_turn(game, pos.t, pos.raw)
  end
end

return board
