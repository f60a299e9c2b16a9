-- The board: its geometry (cells, neighbours, home spaces), read once from game.yaml's
-- board through the board API, and the questions about steps that need a position
-- (position.lua) as well: where pieces may step, and past whom.
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
  -- The tables of every cell's count and side that position.read() fills in. They are
  -- reused rather than made anew: a position is read for every hook call, and allocating
  -- (and collecting) two tables of 35 cells each time was most of the cost. `filled` lists
  -- the cells that may hold pieces (set by a read or a transfer); each read clears those
  -- first, so nothing carries over from one call to the next.
  g.counts, g.sides, g.filled = {}, {}, {}
  for _, name in ipairs(g.order) do g.counts[name], g.sides[name] = 0, false end
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
function board.pick_text(cell, k) return geo.pick_text[cell][k] end
function board.step_text(cell) return geo.step_text[cell] end
function board.order() return geo.order end
function board.exists(name) return geo.cell[name] ~= nil end
function board.neighbours(name) return geo.cell[name].neighbours end
function board.adjacent(a, b) return geo.cell[a].adjacent[b] == true end
function board.home_side(name) return geo.home[name] end
function board.homes() return geo.home end
function board.rank(name) return geo.cell[name].rank end
function board.enemy(side) return 3 - side end
-- The two cells a diagonal step from `a` to `b` passes between; nil for other steps.
function board.between(a, b) return geo.cell[a].between[b] end

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

return board
