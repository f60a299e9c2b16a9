-- Standard algebraic notation: writing a move for the narration (Nf3, exd5, O-O, e8=Q,
-- Nbd2, with + and #), and reading what a player typed, in SAN or in coordinates (e2e4,
-- e2-e4, e7e8q, Ng1-f3), into the legal move it names.
local B = require("board")

local S = {}

local FILE_LETTER = "abcdefgh"
local function file_letter(sq) local f = B.file(sq) + 1 return FILE_LETTER:sub(f, f) end

-- Move m (a number) in SAN, without + or #. `b` is the board before it (the mover's
-- pieces positive), `legal` the texts of the mover's legal moves (n of them), for
-- disambiguation.
function S.format(b, m, legal, n)
  local from, to, promo = B.decode(m)
  local piece = b[from]
  if piece == B.KING and (to - from == 2 or from - to == 2) then return to > from and "O-O" or "O-O-O" end
  if piece == B.PAWN then
    local text = B.file(from) ~= B.file(to) and (file_letter(from) .. "x" .. B.NAME[to]) or B.NAME[to]
    return promo > 0 and (text .. "=" .. B.LETTER[promo]) or text
  end
  local others, same_file, same_rank = false, false, false
  for i = 1, n do
    local f, t = B.decode(B.MOVE[legal[i]])
    if t == to and f ~= from and b[f] == piece then
      others = true
      same_file = same_file or B.file(f) == B.file(from)
      same_rank = same_rank or B.rank(f) == B.rank(from)
    end
  end
  local which = ""
  if others then
    if not same_file then which = file_letter(from)
    elseif not same_rank then which = tostring(B.rank(from) + 1)
    else which = B.NAME[from] end
  end
  return B.LETTER[piece] .. which .. (b[to] and "x" or "") .. B.NAME[to]
end

local PIECE = { K = 6, Q = 5, R = 4, B = 3, N = 2, k = 6, q = 5, r = 4, n = 2 }  -- lower-case b is a file
local PROMOTION = { q = 5, r = 4, b = 3, n = 2 }

-- What a typed move says: {castle = "O-O" | "O-O-O"} or {piece, file, rank, to, promo}
-- (file and rank of the piece moving, 0-based, when given; no piece when both are, as in
-- coordinates); nil when it is not a move.
-- Several readings when the text allows them (bxc3: a pawn, else a bishop).
function S.read(text)
  local t = text:gsub("[+#!?]+$", ""):gsub("%s*e%.?p%.?$", "")
  local c = t:upper():gsub("0", "O")
  if c == "O-O" or c == "OO" then return { { castle = "O-O" } } end
  if c == "O-O-O" or c == "OOO" then return { { castle = "O-O-O" } } end
  local piece, file, rank, to, promo = t:match("^([KQRBNkqrn]?)([a-h]?)([1-8]?)[-x:]?([a-h][1-8])=?([QRBNqrbn]?)$")
  if not piece then return nil end
  local spec = {
    piece = PIECE[piece] or B.PAWN,
    file = file ~= "" and (file:byte() - 97) or nil,
    rank = rank ~= "" and tonumber(rank) - 1 or nil,
    to = B.SQUARE[to],
    promo = promo ~= "" and PROMOTION[promo:lower()] or nil,
  }
  if piece == "" and spec.file and spec.rank then spec.piece = nil end  -- e2e4, g1f3: whatever stands there
  local readings = { spec }
  if spec.piece == B.PAWN and file == "b" and rank == "" then  -- bxc3 could be the bishop
    readings[2] = { piece = B.BISHOP, to = spec.to }
  end
  return readings
end

-- Whether move m, by the piece b[from], fits a reading.
local function fits(b, spec, m)
  local from, to, promo = B.decode(m)
  if spec.castle then
    return b[from] == B.KING and (to - from) == (spec.castle == "O-O" and 2 or -2)
  end
  if to ~= spec.to or b[from] ~= (spec.piece or b[from]) then return false end
  if spec.file and B.file(from) ~= spec.file then return false end
  if spec.rank and B.rank(from) ~= spec.rank then return false end
  if spec.piece == B.PAWN and not spec.file and B.file(from) ~= B.file(to) then return false end
  return promo == (spec.promo or promo)
end

-- The legal moves among `legal` (n texts) that the readings name: those of the first
-- reading that names any.
function S.matches(b, readings, legal, n)
  for _, spec in ipairs(readings) do
    local found = {}
    for i = 1, n do
      if fits(b, spec, B.MOVE[legal[i]]) then found[#found + 1] = legal[i] end
    end
    if #found > 0 then return found, spec end
  end
  return {}, readings[1]
end

return S
