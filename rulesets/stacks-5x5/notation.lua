-- The notation. Step by step, the listed actions (pick c2 2, step c3, attack d4 with c3 e3,
-- retreat d5, done, pass), with a few other spellings accepted. A whole move on one line:
--   c2x2-c3-c4       two pieces from c2, by c3 to c4 (no xN: the whole stack)
--   c2-d3,b1-b2      two single pieces, one after the other (xN may be left out: 1)
--   b2-c3*d4+c4/d5   step to c3, attack d4 together with the stack on c4; the survivors
--                    retreat to d5
-- A line is tried out on a copy of the position; if the move could go on afterwards,
-- "done" is added, since a whole line is a whole move.
local board = require "board"
local lists = require "lists"
local position = require "position"
local moves = require "moves"
local attacks = require "attacks"
local reasons = require "reasons"

local notation = {}

local function words_of(text)
  local list = {}
  for w in text:lower():gmatch("[^%s,]+") do
    if w ~= "and" then list[#list + 1] = w end
  end
  return list
end

-- Another spelling of a legal action, as its listed text; or nil. "pick c2" picks every
-- piece there that may move (one, where only a single piece may go); an attack may name
-- its helpers in any order, with "and".
local function canonical(pos, text)
  local w = words_of(text)
  if w[1] == "pick" and #w == 2 and board.exists(w[2]) then
    local n = pos.n[w[2]] - ((w[2] == pos.t.first or w[2] == pos.t.moving) and 1 or 0)
    if n > 1 and (pos.t.picks > 0 or #pos.t.must_shed >= 2) then n = 1 end  -- only a single piece may go
    return n > 0 and ("pick %s %d"):format(w[2], n) or "pick " .. w[2]
  end
  if w[1] == "attack" and w[3] == "with" then
    local helpers = { table.unpack(w, 4) }
    table.sort(helpers)
    return "attack " .. w[2] .. " with " .. table.concat(helpers, " ")
  end
  return nil
end

-- For accepts(): the legal text a typed action stands for, or false and why not. A whole
-- move on one line is left to expand() (false without a reason) when it can be played.
function notation.accepts(pos, text, legal)
  local c = canonical(pos, text)
  if c and lists.index_of(legal, c) then return c end
  local steps, why = notation.expand(pos, text)
  if steps then return false end
  why = why or reasons.why_not(pos, c or text)
  if why then return false, why end
  if c then return false, ("'%s' is not possible now"):format(c) end
  return false, "type one of the actions listed, or a whole move such as c2x2-c3-c4 (see the README)"
end

-- Reading a line -------------------------------------------------------------------------

local function cell_at(text, i)
  local cell = text:match("^%a%d+", i)
  if cell and board.exists(cell) then return cell, i + #cell end
end

-- One group's move: "c2x2-c3-c4*d5+e4/d6/c6".
local function read_segment(text)
  local seg = { path = {}, helpers = {}, retreats = {} }
  local i
  seg.from, i = cell_at(text, 1)
  if not seg.from then return nil end
  local count = text:match("^x(%d)", i)
  if count then seg.count, i = tonumber(count), i + 2 end
  local marks = { ["-"] = seg.path, ["+"] = seg.helpers, ["/"] = seg.retreats }
  while i <= #text do
    local mark, cell = text:sub(i, i), nil
    cell, i = cell_at(text, i + 1)
    if not cell then return nil end
    if mark == "*" and not seg.target then seg.target = cell
    elseif marks[mark] and (mark == "-" or seg.target) then
      if mark == "-" and seg.target then return nil end
      table.insert(marks[mark], cell)
    else
      return nil
    end
  end
  -- A lone cell is not a move (and "c2" alone is no notation of this ruleset).
  if #seg.path == 0 and not seg.target then return nil end
  return seg
end

local function read_line(line)
  local text = line:lower():gsub("%s+", "")
  if text == "" then return nil end
  local segments = {}
  for part in (text .. ","):gmatch("([^,]*),") do
    local seg = read_segment(part)
    if not seg then return nil end
    segments[#segments + 1] = seg
  end
  return segments
end

-- Turning a line into steps, trying each on a copy -----------------------------------------

-- Plays `text` on the trial position if it is legal there; else notes why not.
local function try(sim, text)
  if sim.why then return end
  if sim.winners then
    sim.why = "the game is won before " .. text
  elseif sim.turn_over then
    local why = reasons.stopped(sim)
    sim.why = "the move is over before " .. text .. (why and ": " .. why or "")
  else
    local legal = moves.legal(sim)
    if lists.index_of(legal, text) then return moves.play(sim, text) end
    local why = reasons.why_not(sim, text)
    sim.why = why and ("%s is not possible: %s"):format(text, why)
      or ("%s is not possible there (possible: %s)"):format(text, table.concat(legal, ", "))
  end
end

local function segment_steps(sim, seg, steps, default_count)
  local function add(text)
    -- A retreat with one place to go happens by itself: a "/cell" naming it is dropped.
    if text:match("^retreat") and not sim.why and not sim.t.retreat
        and lists.index_of(sim.retreated or {}, text:sub(9)) then return end
    steps[#steps + 1] = text
    try(sim, text)
  end
  local continues = sim.t.moving == seg.from and not seg.count and #sim.t.path > 0
  if not continues then
    -- Without xN: the whole stack, or one piece where only a single piece may follow.
    local free = sim.n[seg.from] - ((seg.from == sim.t.first or seg.from == sim.t.moving) and 1 or 0)
    if sim.t.picks > 0 or #sim.t.must_shed >= 2 then default_count = 1 end
    add(("pick %s %d"):format(seg.from, seg.count or default_count or free))
  end
  for _, cell in ipairs(seg.path) do add("step " .. cell) end
  if seg.target then add(attacks.text(seg.target, seg.helpers)) end
  for _, cell in ipairs(seg.retreats) do add("retreat " .. cell) end
end

-- The steps a whole move typed on one line stands for; or nil and why not (nil alone when
-- the line is not in this notation at all).
function notation.expand(pos, line)
  local segments = read_line(line)
  if not segments then return nil end
  local sim = position.copy(pos)
  local steps = {}
  for _, seg in ipairs(segments) do segment_steps(sim, seg, steps, #segments > 1 and 1 or nil) end
  if sim.why then return nil, sim.why end
  if not sim.turn_over and not sim.winners and lists.index_of(moves.legal(sim), "done") then
    steps[#steps + 1] = "done"
  end
  return steps
end

return notation
