-- Legal move generation, the hot loop of every playout. The board `b` is an array of 64
-- squares (board.lua) holding codes seen from the side to move: its own pieces positive,
-- the other side's negative, empty squares false. `side` (1 White, 2 Black) gives the
-- pawns' direction. Moves come out as their coordinate texts ("e2e4"; board.lua).
--
-- Legality without trying every move: the checks and pins on the king are found first,
-- from the other side's rooks, bishops and queens that stand on a line with it; a piece
-- that is not pinned, when the king is not in check, may make every move it can reach.
-- Only king moves and en passant (which can uncover a rank) are tried on the board. The
-- functions are long on purpose: a call per move would cost more than the move.
local B = require("board")

local M = {}

local RAY, ORTHO_RAYS, DIAG_RAYS, DIR = B.RAY, B.ORTHO_RAYS, B.DIAG_RAYS, B.DIR
local KNIGHT, KING, PUSH, DOUBLE, CAPTURES, LAST, FORWARD = B.KNIGHT_MOVES, B.KING_MOVES, B.PUSH, B.DOUBLE, B.CAPTURES, B.LAST, B.FORWARD
local CASTLES, ADJACENT, JUMP = B.CASTLES, B.ADJACENT, B.JUMP
local TEXT_FROM, PROMOTIONS, SLIDES = B.TEXT_FROM, B.PROMOTIONS, B.SLIDES

-- Whether a ray in `rays` first meets the other side's `slider` (-4 rook, -3 bishop) or
-- its queen (-5).
local function ray_attack(b, rays, slider)
  for r = 1, #rays do
    local ray = rays[r]
    for i = 1, #ray do
      local v = b[ray[i]]
      if v then
        if v == slider or v == -5 then return true end
        break
      end
    end
  end
  return false
end

-- Whether the other side attacks square t (its pieces are the negative codes).
local function attacked(b, t, side)
  local list = CAPTURES[side][t]            -- an enemy pawn attacks t from where our pawn would capture
  for i = 1, #list do if b[list[i]] == -1 then return true end end
  list = KNIGHT[t]
  for i = 1, #list do if b[list[i]] == -2 then return true end end
  if ray_attack(b, ORTHO_RAYS[t], -4) or ray_attack(b, DIAG_RAYS[t], -3) then return true end
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

-- The other side's pieces that attack from afar, found by one pass over the board:
-- `sliders` (bishops, rooks, queens) and `knights` list their squares, `ek` is its king.
-- Testing a square against these lists beats walking eight rays out from it, above all
-- in the sparse endgames where random games spend most of their moves.
local function attacked_by(b, t, side, ek, knights, nk, sliders, ns)
  local row = (t - 1) * 64
  if ADJACENT[row + ek] then return true end
  local list = CAPTURES[side][t]
  for i = 1, #list do if b[list[i]] == -1 then return true end end
  for i = 1, nk do if JUMP[row + knights[i]] then return true end end
  for i = 1, ns do
    local s = sliders[i]
    local d = DIR[row + s]
    if d ~= 0 then
      local v = b[s]
      if v == -5 or v == (d <= 4 and -4 or -3) then
        local ray, k = RAY[d][t], 1
        while true do
          local x = ray[k]
          if x == s then return true end
          if b[x] then break end
          k = k + 1
        end
      end
    end
  end
  return false
end

-- The checks on the king at ks: how many pieces give check, the squares that stop a single
-- check (the checker's and those between), and the pinned pieces (square -> direction).
local function checks_and_pins(b, side, ks, knights, nk, sliders, ns)
  local checkers, block, pins = 0, nil, nil
  local row = (ks - 1) * 64
  for i = 1, ns do
    local s = sliders[i]
    local d = DIR[row + s]
    if d ~= 0 then
      local v = b[s]
      if v == -5 or v == (d <= 4 and -4 or -3) then
        local ray, own, k = RAY[d][ks], nil, 1
        while true do
          local x = ray[k]
          if x == s then
            if own then
              pins = pins or {}
              pins[own] = d
            else
              checkers, block = checkers + 1, {}
              for j = 1, k do block[ray[j]] = true end
            end
            break
          end
          local w = b[x]
          if w then
            if w < 0 or own then break end
            own = x
          end
          k = k + 1
        end
      end
    end
  end
  for i = 1, nk do
    if JUMP[row + knights[i]] then checkers, block = checkers + 1, { [knights[i]] = true } end
  end
  local list = CAPTURES[side][ks]
  for i = 1, #list do
    if b[list[i]] == -1 then checkers, block = checkers + 1, { [list[i]] = true } end
  end
  return checkers, block, pins
end

-- Appends the legal moves of `side` to `out` (from out[1]) and returns their number and the
-- number of pieces giving check. `ep` is the en passant square or nil, `castle` the rights.
-- With `first`, it stops once a move is found (is there any legal move?).
function M.generate(b, side, ep, castle, out, first)
  local ks, ek
  -- Tables made at their usual size: growing one slot by slot costs more than the moves.
  local pieces = { nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil }
  local knights = { nil, nil, nil, nil }
  local sliders = { nil, nil, nil, nil, nil, nil, nil, nil }
  local np, nk, ns = 0, 0, 0
  for sq = 1, 64 do
    local v = b[sq]
    if v then
      if v > 0 then
        if v == 6 then ks = sq else np = np + 1; pieces[np] = sq end
      elseif v <= -3 then
        if v == -6 then ek = sq else ns = ns + 1; sliders[ns] = sq end
      elseif v == -2 then
        nk = nk + 1; knights[nk] = sq
      end
    end
  end
  local checkers, block, pins = checks_and_pins(b, side, ks, knights, nk, sliders, ns)
  local king_row = (ks - 1) * 64
  local n = 0
  if checkers < 2 then
    local TEXT_FROM, PROMOTIONS, SLIDES, KNIGHT = TEXT_FROM, PROMOTIONS, SLIDES, KNIGHT  -- registers, not upvalues
    local push, double, captures, last = PUSH[side], DOUBLE[side], CAPTURES[side], LAST[side]
    for p = 1, np do
      local sq = pieces[p]
      local v, pin = b[sq], pins and pins[sq]
      local free = not pin and not block
      local texts = TEXT_FROM[sq]
      if v == 1 then
        local t = push[sq]
        local promotes = last[t]
        if not b[t] then
          if free or allowed(t, pin, block, king_row) then
            if promotes then
              local four = PROMOTIONS[sq][t]
              out[n + 1], out[n + 2], out[n + 3], out[n + 4] = four[1], four[2], four[3], four[4]
              n = n + 4
            else
              n = n + 1; out[n] = texts[t]
            end
          end
          t = double[sq]
          if t and not b[t] and (free or allowed(t, pin, block, king_row)) then n = n + 1; out[n] = texts[t] end
        end
        local caps = captures[sq]
        for i = 1, #caps do
          t = caps[i]
          local w = b[t]
          if w and w < 0 then
            if free or allowed(t, pin, block, king_row) then
              if promotes then
                local four = PROMOTIONS[sq][t]
                out[n + 1], out[n + 2], out[n + 3], out[n + 4] = four[1], four[2], four[3], four[4]
                n = n + 4
              else
                n = n + 1; out[n] = texts[t]
              end
            end
          elseif t == ep and en_passant_safe(b, side, ks, sq, t) then
            n = n + 1; out[n] = texts[t]
          end
        end
      elseif v == 2 then
        if not pin then
          local list = KNIGHT[sq]
          for i = 1, #list do
            local t = list[i]
            local w = b[t]
            if (not w or w < 0) and (free or block[t]) then n = n + 1; out[n] = texts[t] end
          end
        end
      else
        local rays = SLIDES[v][sq]
        for r = 1, #rays do
          local ray = rays[r]
          for i = 1, #ray do
            local t = ray[i]
            local w = b[t]
            if w and w > 0 then break end
            if free or allowed(t, pin, block, king_row) then n = n + 1; out[n] = texts[t] end
            if w then break end
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
    if (not w or w < 0) and not attacked_by(b, t, side, ek, knights, nk, sliders, ns) then n = n + 1; out[n] = TEXT_FROM[ks][t] end
  end
  b[ks] = 6
  if checkers == 0 and castle ~= 0 then
    for c = side * 2 - 1, side * 2 do
      local k = CASTLES[c]
      if castle & k.right ~= 0 and ks == k.king and b[k.rook] == 4 and M.castle_blocker(b, k) == nil
          and not attacked_by(b, k.safe[1], side, ek, knights, nk, sliders, ns)
          and not attacked_by(b, k.safe[2], side, ek, knights, nk, sliders, ns) then
        n = n + 1; out[n] = TEXT_FROM[ks][k.to]
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

-- A table with room for a position's moves (a list made by growing it a slot at a time
-- is rebuilt at 1, 2, 4, 8, 16 and 32 entries). 32, a power of two, also lets Lua keep
-- the length it finds, so the runtime's reading of the list does not search for it.
function M.list()
  return { nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil,
    nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil }
end

-- Whether some pawn may lawfully take en passant onto `ep` (a position's identity
-- depends on it, for repetitions). ks is the king's square.
function M.en_passant_possible(b, side, ep, ks)
  if not ep then return false end
  local list = CAPTURES[3 - side][ep]  -- the squares our pawns capture onto ep from
  for i = 1, #list do
    if b[list[i]] == 1 and en_passant_safe(b, side, ks, list[i], ep) then return true end
  end
  return false
end

-- Some square the piece v on sq can move to if its own king did not matter, or nil: a
-- pawn's step or capture, a knight's jump, a slider's first step.
local function some_target(b, side, sq, v)
  if v == 1 then
    local t = PUSH[side][sq]
    if not b[t] then return t end
    local caps = CAPTURES[side][sq]
    for i = 1, #caps do
      local w = b[caps[i]]
      if w and w < 0 then return caps[i] end
    end
    return nil
  end
  local list = v == 2 and KNIGHT[sq] or nil
  if list then
    for i = 1, #list do
      local w = b[list[i]]
      if not w or w < 0 then return list[i] end
    end
    return nil
  end
  for d = v == 3 and 5 or 1, v == 4 and 4 or 8 do
    local t = RAY[d][sq][1]
    if t then
      local w = b[t]
      if not w or w < 0 then return t end
    end
  end
  return nil
end

-- Whether taking the piece on sq off the line d from the king at ks uncovers a check.
local function uncovers(b, ks, sq, d)
  local ray, passed = RAY[d][ks], false
  for i = 1, #ray do
    local x = ray[i]
    if x == sq then
      passed = true
    else
      local w = b[x]
      if w then return passed and (w == -5 or w == (d <= 4 and -4 or -3)) end
    end
  end
  return false
end

-- Whether the other side's last move, from-to, put this side's king (on ks) in check:
-- only the piece now on `to` and a line through `from` can have done it, since the king
-- was safe before. `special` (en passant, castling) moved more: those are tried in full.
function M.checked_by(b, side, ks, from, to, special)
  if special then return attacked(b, ks, side) end
  local row, v = (ks - 1) * 64, b[to]
  if v == -1 then
    local list = CAPTURES[side][ks]
    for i = 1, #list do if list[i] == to then return true end end
  elseif v == -2 then
    if JUMP[row + to] then return true end
  elseif v ~= -6 then
    local d = DIR[row + to]
    if d ~= 0 and (v == -5 or v == (d <= 4 and -4 or -3)) then
      local ray, k = RAY[d][ks], 1
      while ray[k] ~= to and not b[ray[k]] do k = k + 1 end
      if ray[k] == to then return true end
    end
  end
  local d = DIR[row + from]
  if d == 0 or DIR[row + to] == d then return false end
  local ray = RAY[d][ks]
  for i = 1, #ray do
    local w = b[ray[i]]
    if w then return w == -5 or w == (d <= 4 and -4 or -3) end
  end
  return false
end

-- A quick "has the side a legal move?" for the usual case, where the king is not in check
-- and some other piece has a move that uncovers nothing: true when it finds one, nil when
-- M.generate must decide. Most positions are answered within a few squares.
function M.any_move(b, side, ks, in_check)
  if in_check then return nil end
  local row = (ks - 1) * 64
  for sq = 1, 64 do
    local v = b[sq]
    if v and v > 0 and v < 6 then
      local t = some_target(b, side, sq, v)
      if t then
        local d = DIR[row + sq]
        if d == 0 or DIR[row + t] == d or not uncovers(b, ks, sq, d) then return true end
      end
    end
  end
  return nil
end

return M
