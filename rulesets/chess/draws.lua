-- The draws that are not stalemate: a position where neither side has the material to
-- checkmate, the fifty-move rule and repeated positions.
--
-- Repetitions are counted over `history`, a game variable holding the key of every
-- position since the last capture, pawn move or loss of a castling right (no earlier
-- position can come back after one), 16 hex digits each, oldest first. A key is the
-- Zobrist hash of the placement and the side to move (the `key` variable, kept up to date
-- move by move), changed when an en passant capture is possible: by the rules two
-- positions are the same only when the same moves can be made in both.
local B = require("board")

local D = {}

local DARK = B.DARK

-- Whether no sequence of legal moves can end in checkmate, judged by material alone:
-- kings only, a single knight besides them, or any number of bishops that all stand on
-- squares of one colour. `b` holds codes of either sign.
function D.dead(b)
  local knights, dark, light = 0, 0, 0
  for sq = 1, 64 do
    local v = b[sq]
    if v then
      if v < 0 then v = -v end
      if v == B.BISHOP then
        if DARK[sq] then dark = dark + 1 else light = light + 1 end
      elseif v == B.KNIGHT then
        knights = knights + 1
      elseif v ~= B.KING then
        return false
      end
    end
  end
  if knights == 0 then return dark == 0 or light == 0 end
  return knights == 1 and dark + light == 0
end

-- The key of the placement on `b` (codes seen by `side`), from scratch.
function D.key(b, side)
  local sign, key = side == 1 and 1 or -1, side == 2 and B.BLACK_TO_MOVE or 0
  for sq = 1, 64 do
    local v = b[sq]
    if v then key = key ~ B.ZOBRIST[(v * sign + 6) * 64 + sq] end
  end
  return key
end

-- The entry `history` holds for a position: its key, marked when en passant is possible.
function D.entry(key, ep_file)
  if ep_file then key = key ~ B.EN_PASSANT[ep_file + 1] end
  return string.format("%016x", key)
end

-- How many times the last entry of `history` occurs in it, at whole-entry places.
function D.occurrences(history)
  local entry = history:sub(-16)
  local count, at = 0, 1
  while true do
    local i = history:find(entry, at, true)
    if not i then return count end
    if i % 16 == 1 then count = count + 1 end
    at = i + 1
  end
end

return D
