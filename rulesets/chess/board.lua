-- The board's constant tables, built once when the ruleset loads: square names, the
-- squares each piece reaches from each square, rays, move texts and the keys of the
-- position hash. Nothing here changes after loading.
--
-- Squares are 1..64 in the order game:tops() lists the cells: a1, b1, ..., h1, a2, ..., h8
-- (square = rank * 8 + file + 1, file and rank counted from 0). Pieces are codes seen from
-- the side to move: its own positive, the other side's negative; empty squares are false.
local B = {}

B.PAWN, B.KNIGHT, B.BISHOP, B.ROOK, B.QUEEN, B.KING = 1, 2, 3, 4, 5, 6
B.LETTER = { "P", "N", "B", "R", "Q", "K" }        -- by code: White's names; Black's in lower case
B.PIECE_NAME = { "pawn", "knight", "bishop", "rook", "queen", "king" }
B.SIDE_NAME = { "White", "Black" }
B.WHITE, B.BLACK = 1, 2                              -- seats: the first plays White

local FILES = "abcdefgh"
B.NAME = {}      -- square -> "e4"
B.SQUARE = {}    -- "e4" -> square
for sq = 1, 64 do
  local f, r = (sq - 1) % 8, (sq - 1) // 8
  local name = FILES:sub(f + 1, f + 1) .. (r + 1)
  B.NAME[sq], B.SQUARE[name] = name, sq
end
function B.file(sq) return (sq - 1) % 8 end
function B.rank(sq) return (sq - 1) // 8 end

local function at(f, r) if f >= 0 and f < 8 and r >= 0 and r < 8 then return r * 8 + f + 1 end end

-- The eight directions: four along ranks and files (rook), then four diagonals (bishop).
local DF = { 0, 0, 1, -1, 1, -1, 1, -1 }
local DR = { 1, -1, 0, 0, 1, 1, -1, -1 }
B.ORTHOGONAL_LAST = 4

-- RAY[d][sq]: the squares from sq outwards in direction d, nearest first, to the edge.
-- ORTHO_RAYS[sq] / DIAG_RAYS[sq]: the non-empty rays from sq, for the attack tests.
-- DIR[(a - 1) * 64 + b]: the direction from a to b when they share a line, else 0.
B.RAY, B.ORTHO_RAYS, B.DIAG_RAYS, B.DIR = {}, {}, {}, {}
for d = 1, 8 do B.RAY[d] = {} end
for sq = 1, 64 do
  B.ORTHO_RAYS[sq], B.DIAG_RAYS[sq] = {}, {}
  for d = 1, 8 do
    local ray, f, r = {}, B.file(sq) + DF[d], B.rank(sq) + DR[d]
    while at(f, r) do
      ray[#ray + 1] = at(f, r)
      B.DIR[(sq - 1) * 64 + at(f, r)] = d
      f, r = f + DF[d], r + DR[d]
    end
    B.RAY[d][sq] = ray
    if #ray > 0 then
      local list = d <= B.ORTHOGONAL_LAST and B.ORTHO_RAYS[sq] or B.DIAG_RAYS[sq]
      list[#list + 1] = ray
    end
  end
end
for i = 1, 64 * 64 do B.DIR[i] = B.DIR[i] or 0 end

-- SLIDES[code][sq]: the rays a bishop (3), rook (4) or queen (5) slides along from sq.
B.SLIDES = { [3] = B.DIAG_RAYS, [4] = B.ORTHO_RAYS, [5] = {} }
for sq = 1, 64 do
  local all = {}
  for _, ray in ipairs(B.ORTHO_RAYS[sq]) do all[#all + 1] = ray end
  for _, ray in ipairs(B.DIAG_RAYS[sq]) do all[#all + 1] = ray end
  B.SLIDES[5][sq] = all
end

-- Leapers: KNIGHT_MOVES[sq] and KING_MOVES[sq] list the squares reached in one move.
local function leaps(steps)
  local out = {}
  for sq = 1, 64 do
    out[sq] = {}
    for _, s in ipairs(steps) do
      local t = at(B.file(sq) + s[1], B.rank(sq) + s[2])
      if t then out[sq][#out[sq] + 1] = t end
    end
  end
  return out
end
B.KNIGHT_MOVES = leaps({ { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 }, { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 } })
B.KING_MOVES = leaps({ { 0, 1 }, { 1, 1 }, { 1, 0 }, { 1, -1 }, { 0, -1 }, { -1, -1 }, { -1, 0 }, { -1, 1 } })

-- ADJACENT[(a - 1) * 64 + b] / JUMP[...]: whether a king / a knight on a reaches b.
B.ADJACENT, B.JUMP = {}, {}
for a = 1, 64 do
  for _, b in ipairs(B.KING_MOVES[a]) do B.ADJACENT[(a - 1) * 64 + b] = true end
  for _, b in ipairs(B.KNIGHT_MOVES[a]) do B.JUMP[(a - 1) * 64 + b] = true end
end
for i = 1, 64 * 64 do
  B.ADJACENT[i], B.JUMP[i] = B.ADJACENT[i] or false, B.JUMP[i] or false
end

-- Pawns, by side (1 White, 2 Black): FORWARD the step in squares, PUSH[sq] the square ahead,
-- DOUBLE[sq] the square two ahead from the starting rank, CAPTURES[sq] the two diagonals
-- ahead, LAST[sq] whether sq is the promotion rank.
B.FORWARD = { 8, -8 }
B.PUSH, B.DOUBLE, B.CAPTURES, B.LAST = {}, {}, {}, {}
for side = 1, 2 do
  local dr, start, last = side == 1 and 1 or -1, side == 1 and 1 or 6, side == 1 and 7 or 0
  B.PUSH[side], B.DOUBLE[side], B.CAPTURES[side], B.LAST[side] = {}, {}, {}, {}
  for sq = 1, 64 do
    local f, r = B.file(sq), B.rank(sq)
    B.PUSH[side][sq] = at(f, r + dr)
    if r == start then B.DOUBLE[side][sq] = at(f, r + 2 * dr) end
    local caps = {}
    for _, df in ipairs({ -1, 1 }) do caps[#caps + 1] = at(f + df, r + dr) end
    B.CAPTURES[side][sq] = caps
    B.LAST[side][sq] = r == last
  end
end

-- Castling. Rights are a bitmask: 1 White king side, 2 White queen side, 4 Black king
-- side, 8 Black queen side. KEEP[sq] is the mask of rights that survive a move from or to
-- sq (a king or rook leaving home, or a rook taken on its home square).
B.CASTLES = {
  { right = 1, side = 1, king = 5, to = 7, rook = 8, rook_to = 6, empty = { 6, 7 }, safe = { 6, 7 }, san = "O-O" },
  { right = 2, side = 1, king = 5, to = 3, rook = 1, rook_to = 4, empty = { 2, 3, 4 }, safe = { 4, 3 }, san = "O-O-O" },
  { right = 4, side = 2, king = 61, to = 63, rook = 64, rook_to = 62, empty = { 62, 63 }, safe = { 62, 63 }, san = "O-O" },
  { right = 8, side = 2, king = 61, to = 59, rook = 57, rook_to = 60, empty = { 58, 59, 60 }, safe = { 60, 59 }, san = "O-O-O" },
}
B.KEEP = {}
for sq = 1, 64 do B.KEEP[sq] = 15 end
B.KEEP[5], B.KEEP[8], B.KEEP[1] = 12, 14, 13
B.KEEP[61], B.KEEP[64], B.KEEP[57] = 3, 11, 7

-- Moves as numbers: from + (to - 1) * 64 + promotion * 4096 (the promoted piece's code, 0
-- for none). TEXT[m] is the move in coordinate notation ("e2e4", "e7e8q"); MOVE[text] the
-- number back. Only pairs of squares some piece can join are listed.
B.TEXT, B.MOVE = {}, {}
local PROMOTION_LETTER = { [2] = "n", [3] = "b", [4] = "r", [5] = "q" }
B.PROMOTION_LETTER = PROMOTION_LETTER
local function add_move(from, to, promotion)
  local m = from + (to - 1) * 64 + promotion * 4096
  local text = B.NAME[from] .. B.NAME[to] .. (PROMOTION_LETTER[promotion] or "")
  B.TEXT[m], B.MOVE[text] = text, m
end
for from = 1, 64 do
  for to = 1, 64 do
    if B.DIR[(from - 1) * 64 + to] ~= 0 then add_move(from, to, 0) end
  end
  for _, to in ipairs(B.KNIGHT_MOVES[from]) do add_move(from, to, 0) end
  for side = 1, 2 do
    if B.LAST[side][B.PUSH[side][from] or from] and B.PUSH[side][from] then
      for _, to in ipairs({ B.PUSH[side][from], table.unpack(B.CAPTURES[side][from]) }) do
        for p = 2, 5 do add_move(from, to, p) end
      end
    end
  end
end

-- The same texts by square: TEXT_FROM[from][to], and PROMOTIONS[from][to] the four
-- promotions (queen first), so the generator writes a move with one lookup.
B.TEXT_FROM, B.PROMOTIONS = {}, {}
for from = 1, 64 do B.TEXT_FROM[from], B.PROMOTIONS[from] = {}, {} end
for m, text in pairs(B.TEXT) do
  local f, t, p = (m - 1) % 64 + 1, ((m - 1) // 64) % 64 + 1, (m - 1) // 4096
  if p == 0 then B.TEXT_FROM[f][t] = text end
end
for from = 1, 64 do
  for to = 1, 64 do
    local base = from + (to - 1) * 64
    if B.TEXT[base + 5 * 4096] then
      B.PROMOTIONS[from][to] = { B.TEXT[base + 5 * 4096], B.TEXT[base + 4 * 4096], B.TEXT[base + 3 * 4096], B.TEXT[base + 2 * 4096] }
    end
  end
end

-- The parts of a move number: from, to, and the promoted piece's code (0 for none).
function B.decode(m)
  m = m - 1
  return m % 64 + 1, (m // 64) % 64 + 1, m // 4096
end

-- Position keys (Zobrist): ZOBRIST[(code + 6) * 64 + sq] for a piece by its code as seen
-- by White, BLACK_TO_MOVE for the side, EN_PASSANT[file + 1] when an en passant capture is
-- possible. A fixed generator makes them, so every run and every copy agrees.
B.ZOBRIST, B.EN_PASSANT = {}, {}
local seed = 0x2545F4914F6CDD1D
local function next_key()
  seed = seed ~ (seed << 13)
  seed = seed ~ (seed >> 7)
  seed = seed ~ (seed << 17)
  return seed
end
for code = -6, 6 do
  for sq = 1, 64 do B.ZOBRIST[(code + 6) * 64 + sq] = code == 0 and 0 or next_key() end
end
B.BLACK_TO_MOVE = next_key()
for f = 1, 8 do B.EN_PASSANT[f] = next_key() end

-- Square colours, for bishops: DARK[sq] is true on a1, c1, ..., the dark squares.
B.DARK = {}
for sq = 1, 64 do B.DARK[sq] = (B.file(sq) + B.rank(sq)) % 2 == 0 end

return B
