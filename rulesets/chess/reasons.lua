-- Why a typed move is not legal, in words a player can act on: no such piece, a piece that
-- does not move that way, a king that would be in check, a pinned piece, a check not met,
-- and each condition of castling. Runs only when a move is refused, never in playouts.
local B = require("board")
local M = require("movegen")

local R = {}

local KING_MOVES, KNIGHT_MOVES, PUSH, DOUBLE, CAPTURES = B.KING_MOVES, B.KNIGHT_MOVES, B.PUSH, B.DOUBLE, B.CAPTURES

local function member(list, x)
  for _, y in ipairs(list) do if y == x then return true end end
  return false
end

-- Whether the piece on `from` could go to `to` if its own king did not matter.
local function reaches(b, side, ep, from, to)
  local v, w = b[from], b[to]
  if not v or v < 0 or (w and w > 0) then return false end
  if v == B.PAWN then
    if to == PUSH[side][from] then return not w end
    if to == DOUBLE[side][from] then return not w and not b[PUSH[side][from]] end
    return member(CAPTURES[side][from], to) and ((w and w < 0) or to == ep)
  elseif v == B.KNIGHT then return member(KNIGHT_MOVES[from], to)
  elseif v == B.KING then return member(KING_MOVES[from], to)
  end
  local d = B.DIR[(from - 1) * 64 + to]
  if d == 0 or (v == B.ROOK and d > B.ORTHOGONAL_LAST) or (v == B.BISHOP and d <= B.ORTHOGONAL_LAST) then return false end
  for _, t in ipairs(B.RAY[d][from]) do
    if t == to then return true end
    if b[t] then return false end
  end
  return false
end

-- Whether the move leaves the mover's king attacked, tried on a copy of the board.
local function exposes(b, side, ep, from, to)
  local c = table.move(b, 1, 64, 1, {})
  if c[from] == B.PAWN and to == ep then c[to - B.FORWARD[side]] = false end
  c[to], c[from] = c[from], false
  return M.in_check(c, side)
end

local function piece_name(b, sq) return B.PIECE_NAME[b[sq]] end

-- Why the pseudo-legal move from-to is illegal (it leaves the king in check).
local function check_reason(b, side, ep, from, to)
  if b[from] == B.KING then return "your king would be in check on " .. B.NAME[to] end
  if M.in_check(b, side) then
    return "your king is in check, and " .. piece_name(b, from) .. " " .. B.NAME[from] .. "-" .. B.NAME[to] .. " does not get it out of check"
  end
  if b[from] == B.PAWN and to == ep then return "taking en passant would leave your king in check" end
  return "the " .. piece_name(b, from) .. " on " .. B.NAME[from] .. " is pinned: moving it would leave your king in check"
end

-- Why castling that way (board.lua's CASTLES entry) is not legal now.
function R.castle(b, side, castle, which)
  local k
  for _, entry in ipairs(B.CASTLES) do if entry.side == side and entry.san == which then k = entry end end
  local wing = which == "O-O" and "king side" or "queen side"
  if castle & k.right == 0 then
    return "you may no longer castle on the " .. wing .. ": the king or that rook has moved (or it was not allowed from the start)"
  end
  local blocker = M.castle_blocker(b, k)
  if blocker then return "you cannot castle on the " .. wing .. ": " .. B.NAME[blocker] .. " is not empty" end
  if M.in_check(b, side) then return "you cannot castle out of check" end
  for i, sq in ipairs(k.safe) do
    local c = table.move(b, 1, 64, 1, {})
    c[k.king], c[sq] = false, B.KING
    if M.in_check(c, side) then
      return "you cannot castle " .. (i == 1 and "through" or "into") .. " check: " .. B.NAME[sq] .. " is attacked"
    end
  end
  return "you cannot castle now"
end

-- Why no legal move fits the readings of a typed move (san.lua's S.read).
function R.move(b, side, ep, castle, readings)
  local spec = readings[1]
  if spec.castle then return R.castle(b, side, castle, spec.castle) end
  if spec.promo and (spec.piece ~= B.PAWN and spec.piece or not B.LAST[side][spec.to]) then
    return "only a pawn reaching the last rank is promoted"
  end
  for _, s in ipairs(readings) do
    for from = 1, 64 do
      local v = b[from]
      if v and v > 0 and v == (s.piece or v) and (not s.file or B.file(from) == s.file) and (not s.rank or B.rank(from) == s.rank)
          and reaches(b, side, ep, from, s.to) then
        if exposes(b, side, ep, from, s.to) then return check_reason(b, side, ep, from, s.to) end
      end
    end
  end
  if not spec.piece then  -- coordinates: name what stands on the square
    local from = spec.rank * 8 + spec.file + 1
    local v = b[from]
    if not v or v < 0 then return "there is no piece of yours on " .. B.NAME[from] end
    if v == B.KING and B.file(from) == 4 and B.rank(from) == B.rank(spec.to) and (spec.to - from == 2 or from - spec.to == 2) then
      return R.castle(b, side, castle, spec.to > from and "O-O" or "O-O-O")
    end
    return "the " .. B.PIECE_NAME[v] .. " on " .. B.NAME[from] .. " cannot move to " .. B.NAME[spec.to]
  end
  return "no " .. B.PIECE_NAME[spec.piece] .. " of yours can move to " .. B.NAME[spec.to]
end

return R
