-- Forsyth–Edwards Notation: the `fen` parameter read into a position, checked as the
-- rules need it (one king a side, no pawn on the first or last rank, castling rights
-- that fit the board, an en passant square behind a pawn that has just moved two).
local B = require("board")
local M = require("movegen")

local F = {}

F.START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

local CODE = { P = 1, N = 2, B = 3, R = 4, Q = 5, K = 6 }
local RIGHT = { K = 1, Q = 2, k = 4, q = 8 }

-- The placement field into a table of 64 letters (false for empty), or nil and a reason.
local function placement(field)
  local ranks = {}
  for rank in (field .. "/"):gmatch("([^/]*)/") do ranks[#ranks + 1] = rank end
  if #ranks ~= 8 then return nil, "the placement has " .. #ranks .. " ranks, not 8" end
  local squares = {}
  for i, text in ipairs(ranks) do
    local rank, file = 8 - i, 0
    for ch in text:gmatch(".") do
      if ch:match("%d") then
        for _ = 1, tonumber(ch) do
          if file < 8 then squares[rank * 8 + file + 1] = false end
          file = file + 1
        end
      elseif CODE[ch:upper()] then
        if file < 8 then squares[rank * 8 + file + 1] = ch end
        file = file + 1
      else
        return nil, "'" .. ch .. "' is not a piece (K Q R B N P, black in lower case) nor a count of empty squares"
      end
    end
    if file ~= 8 then return nil, "rank " .. (rank + 1) .. " ('" .. text .. "') covers " .. file .. " squares, not 8" end
  end
  return squares
end

-- The board as the side `side` sees it (movegen.lua's codes).
function F.board(squares, side)
  local b = {}
  for sq = 1, 64 do
    local ch = squares[sq]
    if ch then
      local white = ch == ch:upper()
      b[sq] = CODE[ch:upper()] * ((white == (side == 1)) and 1 or -1)
    else
      b[sq] = false
    end
  end
  return b
end

local function check_kings_and_pawns(squares)
  local kings, count = { K = 0, k = 0 }, { 0, 0 }
  for sq = 1, 64 do
    local ch = squares[sq]
    if ch then
      if kings[ch] then kings[ch] = kings[ch] + 1 end
      local side = ch == ch:upper() and 1 or 2
      count[side] = count[side] + 1
      if (ch == "P" or ch == "p") and (B.rank(sq) == 0 or B.rank(sq) == 7) then
        return "a pawn stands on " .. B.NAME[sq] .. ", on the first or last rank"
      end
    end
  end
  if kings.K ~= 1 or kings.k ~= 1 then return "each side needs exactly one king (White has " .. kings.K .. ", Black " .. kings.k .. ")" end
  for side = 1, 2 do
    if count[side] > 16 then return B.SIDE_NAME[side] .. " has " .. count[side] .. " pieces; a side has at most 16" end
  end
end

local function castling(field, squares)
  if field == "-" then return 0 end
  local rights = 0
  for ch in field:gmatch(".") do
    local right = RIGHT[ch]
    if not right or rights & right ~= 0 then return nil, "castling rights are '-' or some of K, Q, k, q once each, not '" .. field .. "'" end
    for _, k in ipairs(B.CASTLES) do
      if k.right == right then
        local king, rook = k.side == 1 and "K" or "k", k.side == 1 and "R" or "r"
        if squares[k.king] ~= king or squares[k.rook] ~= rook then
          return nil, "castling right " .. ch .. " needs the king on " .. B.NAME[k.king] .. " and a rook on " .. B.NAME[k.rook]
        end
      end
    end
    rights = rights | right
  end
  return rights
end

local function en_passant(field, squares, side)
  if field == "-" then return nil end
  local sq = B.SQUARE[field]
  local rank = side == 1 and 5 or 2
  if not sq or B.rank(sq) ~= rank then return nil, "the en passant square '" .. field .. "' is not on rank " .. (rank + 1) end
  local pawn, behind = sq - B.FORWARD[side], sq + B.FORWARD[side]
  if squares[pawn] ~= (side == 1 and "p" or "P") or squares[sq] or squares[behind] then
    return nil, "the en passant square " .. field .. " is not behind a pawn that has just moved two squares"
  end
  return sq
end

-- The position the text gives: {squares, side, castle, ep, clock, fullmove}, or nil and why.
function F.parse(text)
  local fields = {}
  for f in text:gmatch("%S+") do fields[#fields + 1] = f end
  if #fields < 4 or #fields > 6 then
    return nil, "a FEN has 4 to 6 fields (placement, side, castling, en passant, clocks), not " .. #fields
  end
  local squares, why = placement(fields[1])
  if not squares then return nil, why end
  local side = ({ w = 1, b = 2 })[fields[2]]
  if not side then return nil, "the side to move is w or b, not '" .. fields[2] .. "'" end
  why = check_kings_and_pawns(squares)
  if why then return nil, why end
  local castle, ep
  castle, why = castling(fields[3], squares)
  if not castle then return nil, why end
  ep, why = en_passant(fields[4], squares, side)
  if why then return nil, why end
  local clock, fullmove = tonumber(fields[5] or "0"), tonumber(fields[6] or "1")
  if not clock or clock < 0 or clock ~= clock // 1 then return nil, "the halfmove clock is a whole number, not '" .. fields[5] .. "'" end
  if not fullmove or fullmove < 1 or fullmove ~= fullmove // 1 then return nil, "the move number is a whole number from 1, not '" .. fields[6] .. "'" end
  if M.in_check(F.board(squares, 3 - side), 3 - side) then
    return nil, "the side not to move (" .. B.SIDE_NAME[3 - side] .. ") is in check"
  end
  return { squares = squares, side = side, castle = castle, ep = ep, clock = math.tointeger(clock), fullmove = math.tointeger(fullmove) }
end

-- Only the side to move, read cheaply (round_start and narration need nothing else).
function F.side(text)
  return text:match("^%s*%S+%s+b") and 2 or 1
end

-- The move number the position starts at (the sixth field; 1 when left out).
function F.fullmove(text)
  local n = text:match("^%s*%S+%s+%S+%s+%S+%s+%S+%s+%S+%s+(%d+)")
  return n and math.tointeger(tonumber(n)) or 1
end

return F
