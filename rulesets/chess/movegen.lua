-- Legal move generation, the hot loop of every playout. The board `b` is an array of 64
-- squares (board.lua) holding codes seen from the side to move: its own pieces positive,
-- the other side's negative, empty squares false. `side` (1 White, 2 Black) gives the
-- pawns' direction. Moves are numbers (board.lua: from + (to - 1) * 64 + promotion * 4096).
--
-- Legality without trying every move: the checks and pins on the king are found first,
-- by walking the eight rays out from it; a piece that is not pinned, when the king is not
-- in check, may make every move it can reach. Only king moves and en passant (which can
-- uncover a rank) are tried on the board. The functions are long on purpose: a call per
-- move would cost more than the move.
local B = require("board")

local M = {}

local RAY, ORTHO_RAYS, DIAG_RAYS, DIR = B.RAY, B.ORTHO_RAYS, B.DIAG_RAYS, B.DIR
local KNIGHT, KING, PUSH, DOUBLE, CAPTURES, LAST, FORWARD = B.KNIGHT_MOVES, B.KING_MOVES, B.PUSH, B.DOUBLE, B.CAPTURES, B.LAST, B.FORWARD
local CASTLES = B.CASTLES

-- Whether the other side attacks square t (its pieces are the negative codes).
local function attacked(b, t, side)
  local list = CAPTURES[side][t]            -- an enemy pawn attacks t from where our pawn would capture
  for i = 1, #list do if b[list[i]] == -1 then return true end end
  list = KNIGHT[t]
  for i = 1, #list do if b[list[i]] == -2 then return true end end
  local rays = ORTHO_RAYS[t]
  for r = 1, #rays do
    local ray = rays[r]
    for i = 1, #ray do
      local v = b[ray[i]]
      if v then
        if v == -4 or v == -5 then return true end
        break
      end
    end
  end
  rays = DIAG_RAYS[t]
  for r = 1, #rays do
    local ray = rays[r]
    for i = 1, #ray do
      local v = b[ray[i]]
      if v then
        if v == -3 or v == -5 then return true end
        break
      end
    end
  end
  list = KING[t]
  for i = 1, #list do if b[list[i]] == -6 then return true end end
  return false
end
M.attacked = attacked

-- The square of the side's king, or nil.
function M.king(b)
  for sq = 1, 64 do if b[sq] == 6 then return sq end end
end

-- Whether capturing en passant from `from` onto `ep` leaves the king safe: tried on the board.
local function en_passant_safe(b, side, ks, from, ep)
  local taken = ep - FORWARD[side]
  b[ep], b[from], b[taken] = 1, false, false
  local safe = not attacked(b, ks, side)
  b[ep], b[from], b[taken] = false, 1, -1
  return safe
end
M.en_passant_safe = en_passant_safe

-- Whether a move to t by a restricted piece keeps to its pin line and meets the check.
local function allowed(t, pin, block, king_row)
  return (not pin or DIR[king_row + t] == pin) and (not block or block[t])
end

-- The checks on the king at ks: how many pieces give check, the squares that stop a single
-- check (the checker's and those between), and the pinned pieces (square -> direction).
local function checks_and_pins(b, side, ks)
  local checkers, block, pins = 0, nil, nil
  for d = 1, 8 do
    local ray, own = RAY[d][ks], nil
    for i = 1, #ray do
      local v = b[ray[i]]
      if v then
        if v > 0 then
          if own then break end
          own = ray[i]
        else
          if v == -5 or v == (d <= 4 and -4 or -3) then
            if own then
              pins = pins or {}
              pins[own] = d
            else
              checkers, block = checkers + 1, {}
              for j = 1, i do block[ray[j]] = true end
            end
          end
          break
        end
      end
    end
  end
  local list = KNIGHT[ks]
  for i = 1, #list do
    if b[list[i]] == -2 then checkers, block = checkers + 1, { [list[i]] = true } end
  end
  list = CAPTURES[side][ks]
  for i = 1, #list do
    if b[list[i]] == -1 then checkers, block = checkers + 1, { [list[i]] = true } end
  end
  return checkers, block, pins
end

-- Appends the legal moves of `side` to `out` (from out[1]) and returns their number and the
-- number of pieces giving check. `ep` is the en passant square or nil, `castle` the rights.
-- With `first`, it stops once a move is found (is there any legal move?).
function M.generate(b, side, ep, castle, out, first)
  local ks
  local pieces, np = {}, 0
  for sq = 1, 64 do
    local v = b[sq]
    if v and v > 0 then
      if v == 6 then ks = sq else np = np + 1; pieces[np] = sq end
    end
  end
  local checkers, block, pins = checks_and_pins(b, side, ks)
  local king_row = (ks - 1) * 64
  local n = 0
  if checkers < 2 then
    for p = 1, np do
      local sq = pieces[p]
      local v, pin = b[sq], pins and pins[sq]
      local free = not pin and not block
      local base = sq - 64
      if v == 1 then
        local last = LAST[side][PUSH[side][sq]]
        local t = PUSH[side][sq]
        if not b[t] then
          if free or allowed(t, pin, block, king_row) then
            if last then
              for promo = 5, 2, -1 do n = n + 1; out[n] = base + t * 64 + promo * 4096 end
            else
              n = n + 1; out[n] = base + t * 64
            end
          end
          t = DOUBLE[side][sq]
          if t and not b[t] and (free or allowed(t, pin, block, king_row)) then n = n + 1; out[n] = base + t * 64 end
        end
        local caps = CAPTURES[side][sq]
        for i = 1, #caps do
          t = caps[i]
          local w = b[t]
          if w and w < 0 then
            if free or allowed(t, pin, block, king_row) then
              if last then
                for promo = 5, 2, -1 do n = n + 1; out[n] = base + t * 64 + promo * 4096 end
              else
                n = n + 1; out[n] = base + t * 64
              end
            end
          elseif t == ep and en_passant_safe(b, side, ks, sq, t) then
            n = n + 1; out[n] = base + t * 64
          end
        end
      elseif v == 2 then
        if not pin then
          local list = KNIGHT[sq]
          for i = 1, #list do
            local t = list[i]
            local w = b[t]
            if (not w or w < 0) and (free or block[t]) then n = n + 1; out[n] = base + t * 64 end
          end
        end
      else
        for kind = 1, 2 do
          local rays = (kind == 1 and v ~= 3) and ORTHO_RAYS[sq] or (kind == 2 and v ~= 4) and DIAG_RAYS[sq] or nil
          if rays then
            for r = 1, #rays do
              local ray = rays[r]
              for i = 1, #ray do
                local t = ray[i]
                local w = b[t]
                if w and w > 0 then break end
                if free or allowed(t, pin, block, king_row) then n = n + 1; out[n] = base + t * 64 end
                if w then break end
              end
            end
          end
        end
      end
      if first and n > 0 then return n, checkers end
    end
  end
  -- The king: off its square while its targets are tried, so it does not hide a ray.
  b[ks] = false
  local list = KING[ks]
  for i = 1, #list do
    local t = list[i]
    local w = b[t]
    if (not w or w < 0) and not attacked(b, t, side) then n = n + 1; out[n] = ks - 64 + t * 64 end
  end
  b[ks] = 6
  if checkers == 0 and castle ~= 0 then
    for c = side * 2 - 1, side * 2 do
      local k = CASTLES[c]
      if castle & k.right ~= 0 and ks == k.king and b[k.rook] == 4 and M.castle_blocker(b, k) == nil
          and not attacked(b, k.safe[1], side) and not attacked(b, k.safe[2], side) then
        n = n + 1; out[n] = ks - 64 + k.to * 64
      end
    end
  end
  return n, checkers
end

-- The first square between king and rook that is not empty, or nil.
function M.castle_blocker(b, k)
  local list = k.empty
  for i = 1, #list do if b[list[i]] then return list[i] end end
  return nil
end

-- Whether the side's king is attacked.
function M.in_check(b, side)
  return attacked(b, M.king(b), side)
end

-- Whether some pawn may lawfully take en passant onto `ep` (a position's identity
-- depends on it, for repetitions).
function M.en_passant_possible(b, side, ep)
  if not ep then return false end
  local ks = M.king(b)
  local list = CAPTURES[3 - side][ep]  -- the squares our pawns capture onto ep from
  for i = 1, #list do
    if b[list[i]] == 1 and en_passant_safe(b, side, ks, list[i], ep) then return true end
  end
  return false
end

return M
