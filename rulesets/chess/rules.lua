-- Chess by the FIDE Laws. The first seat plays White, the second Black; the seat on turn
-- is the side to move. A move is listed in coordinate notation (e2e4, e7e8q, castling as
-- the king's move e1g1) and may be typed in SAN too (Nf3, exd5, O-O, e8=Q); the narration
-- is in SAN. The modules: board.lua (constant tables), movegen.lua (legal moves),
-- fen.lua (the fen parameter), san.lua (notation), reasons.lua (why a move is refused),
-- draws.lua (dead positions, repetitions).
--
-- All state is the runtime's: the pieces on the cells and the variables in game.yaml.
-- The only tables kept between calls are constant: board.lua's, and the zone numbers of
-- the cells and boxes, which game.yaml fixes; and BOARD, which each hook refills.
local B = require("board")
local M = require("movegen")
local F = require("fen")
local S = require("san")
local R = require("reasons")
local D = require("draws")

local rules = {}

local VIEW = { "as_white", "as_black" }   -- the property holding a piece's code as each side sees it
-- The board a hook reads, refilled by game:tops at each read (a new 64-slot table a read
-- was a sixth of a random game): read it before anything that reads it again is called.
local BOARD = {}
local KIND = { { "P", "N", "B", "R", "Q", "K" }, { "p", "n", "b", "r", "q", "k" } }
local MOVE, decode = B.MOVE, B.decode
local ZOBRIST, BLACK_TO_MOVE, FORWARD, KEEP, CASTLES = B.ZOBRIST, B.BLACK_TO_MOVE, B.FORWARD, B.KEEP, B.CASTLES

-- The zone numbers of the 64 cells (square order) and of the two boxes, the squares of
-- the cells by zone number, and the two kings' components: found once, since game.yaml
-- fixes them (kings never change kind, and no piece becomes a king).
local cells, boxes, square_of, kings
local function places(game)
  if not cells then
    cells, square_of, kings = game:cells(), {}, {}
    for sq, z in ipairs(cells) do square_of[z] = sq end
    boxes = { game:zone("white_box"), game:zone("black_box") }
    local count = game:count(boxes[1]) + game:count(boxes[2])
    for sq = 1, 64 do count = count + game:count(cells[sq]) end
    for c = 1, count do
      local name = game:name(c)
      if name == "K" then kings[1] = c elseif name == "k" then kings[2] = c end
    end
  end
  return cells, boxes, square_of, kings
end

-- A component of `side` for the piece letter `ch`, taken from its box: one of that kind
-- if the box has one left, else another (never the king) made into it.
local function take(game, spare, side, ch)
  local list = spare[ch]
  if not list or #list == 0 then
    for k = 1, 5 do
      local name = KIND[side][k]
      if spare[name] and #spare[name] > 0 then list = spare[name] break end
    end
    game:become(list[#list], ch)
  end
  return table.remove(list)
end

-- How the game stands for `side` to move on board `b` (its king on ks, in_check telling
-- whether it is attacked): "checkmate", "stalemate", "dead", "fifty", "seventy-five",
-- "threefold", "fivefold" or nil (play on).
local function judge(game, b, side, ks, in_check, ep, castle, clock, history, material_changed)
  if not M.any_move(b, side, ks, in_check) then
    local n, checkers = M.generate(b, side, ep, castle, M.list(), true)
    if n == 0 then return checkers > 0 and "checkmate" or "stalemate" end
  end
  if material_changed and D.dead(b) then return "dead" end
  local repeated = #history >= 9 * 16 and D.occurrences(history) or 1
  if clock < 100 and repeated < 3 then return nil end
  local claims = game:param("draws") == "claim"
  if clock >= (claims and 150 or 100) then return claims and "seventy-five" or "fifty" end
  if repeated >= (claims and 5 or 3) then return claims and "fivefold" or "threefold" end
  return nil
end

local ENDING = {
  stalemate = "Stalemate: %s has no legal move and is not in check. The game is drawn.",
  dead = "Neither side has the pieces left to checkmate. The game is drawn.",
  fifty = "Fifty moves each without a capture or a pawn move: the game is drawn (the fifty-move rule).",
  ["seventy-five"] = "Seventy-five moves each without a capture or a pawn move: the game is drawn.",
  threefold = "The same position has come up three times: the game is drawn (threefold repetition).",
  fivefold = "The same position has come up five times: the game is drawn.",
  claimed_fifty = "%s claims a draw by the fifty-move rule. The game is drawn.",
  claimed_threefold = "%s claims a draw by threefold repetition. The game is drawn.",
}

-- Why the game ended, for its last line (game:finish's reason).
local REASON = {
  checkmate = "checkmate", stalemate = "stalemate", dead = "dead position", fifty = "fifty-move rule",
  ["seventy-five"] = "seventy-five-move rule", threefold = "threefold repetition", fivefold = "fivefold repetition",
  claimed_fifty = "fifty-move rule, claimed", claimed_threefold = "threefold repetition, claimed",
}

-- Ends the game as `result` says, `side` being the side to move.
local function finish(game, result, side)
  if result == "checkmate" then
    game:say("Checkmate: %s wins with %s.", game:seat_name(3 - side), B.SIDE_NAME[3 - side])
    game:finish({ 3 - side }, REASON[result])
  else
    game:say(ENDING[result], game:seat_name(side))
    game:finish({ results = { 0.5, 0.5 }, reason = REASON[result] })
  end
end

function rules.setup(game)
  local pos, why = F.parse(game:param("fen"))
  if not pos then error("the fen parameter: " .. why) end
  local cell, box = places(game)
  for side = 1, 2 do
    local spare = {}
    for _, c in ipairs(game:cards(box[side])) do
      local name = game:name(c)
      spare[name] = spare[name] or {}
      table.insert(spare[name], c)
    end
    for sq = 1, 64 do
      local ch = pos.squares[sq]
      if ch and (ch == ch:upper()) == (side == 1) then game:move(take(game, spare, side, ch), cell[sq]) end
    end
  end
  local b = F.board(pos.squares, pos.side)
  local key = D.key(b, pos.side)
  local ep_file = M.en_passant_possible(b, pos.side, pos.ep, M.king(b)) and B.file(pos.ep) or nil
  local history = D.entry(key, ep_file)
  game:set("castle", pos.castle)
  game:set("ep", pos.ep)
  game:set("clock", pos.clock)
  game:set("key", key)
  game:set("history", history)
  game:set("plays", 1, "White")
  game:set("plays", 2, "Black")
  game:say("%s plays White and %s plays Black.", game:seat_name(1), game:seat_name(2))
  if game:param("fen") ~= F.START then game:say("The game starts from %s.", game:param("fen")) end
  local ks = M.king(b)
  local result = judge(game, b, pos.side, ks, M.attacked(b, ks, pos.side), pos.ep, pos.castle, pos.clock, history, true)
  if result then finish(game, result, pos.side) end
end

-- Black moves first when the fen says so: White's turn ends before it begins.
function rules.round_start(game)
  if F.side(game:param("fen")) == 2 then game:end_turn() end
end

-- Whether the side to move may claim a draw now (draws: claim).
local function may_claim(game)
  return game:param("draws") == "claim" and (game:get("clock") >= 100 or D.occurrences(game:get("history")) >= 3)
end

function rules.actions(game, seat)
  if seat ~= game:active() then return nil end
  local out = M.list()
  local n = M.generate(game:tops(VIEW[seat], BOARD), seat, game:get("ep"), game:get("castle"), out)
  if may_claim(game) then out[n + 1] = "claim" end
  return out
end

-- Moves typed in SAN or in coordinates that are not listed as typed.
function rules.accepts(game, seat, text)
  if seat ~= game:active() then return false, "not your turn" end
  if text:lower() == "claim" then
    return false, "a draw may be claimed only with draws=claim, after fifty moves each without a capture or a pawn move, or when the position has come up three times"
  end
  local readings = S.read(text)
  if not readings then return false, "write a move as e2e4, or in algebraic notation (Nf3, exd5, O-O, e8=Q)" end
  local b, ep, castle = game:tops(VIEW[seat], BOARD), game:get("ep"), game:get("castle")
  local legal = {}
  local n = M.generate(b, seat, ep, castle, legal)
  local found = S.matches(b, readings, legal, n)
  if #found == 1 then return found[1] end
  if #found == 0 then return false, R.move(b, seat, ep, castle, readings) end
  local names = {}
  for i, m in ipairs(found) do names[i] = S.format(b, MOVE[m], legal, n) end
  local from, to = decode(MOVE[found[1]])
  local _, last_to = decode(MOVE[found[#found]])
  if #found == 4 and b[from] == B.PAWN and last_to == to then
    return false, "say which piece the pawn becomes: " .. table.concat(names, ", ")
  end
  return false, "ambiguous: " .. table.concat(names, " or ")
end

-- What Tab completes at the prompt besides the listed moves: each of them in SAN.
function rules.completions(game, seat)
  if seat ~= game:active() then return nil end
  local b, legal = game:tops(VIEW[seat], BOARD), {}
  local n, out = M.generate(b, seat, game:get("ep"), game:get("castle"), legal), {}
  for i = 1, n do out[i] = S.format(b, MOVE[legal[i]], legal, n) end
  return out
end

-- The move line of the narration: "Andy plays 1. e4" or "Bill plays 1... e5".
local function narrate(game, seat, san)
  local fen = game:param("fen")
  local ply = game:turn() - 1 + (F.side(fen) == 2 and 1 or 0)
  local number = F.fullmove(fen) + ply // 2
  game:say(ply % 2 == 0 and "%s plays %d. %s" or "%s plays %d... %s", game:seat_name(seat), number, san)
end

local function claim(game, seat)
  local kind = game:get("clock") >= 100 and "claimed_fifty" or "claimed_threefold"
  game:say(ENDING[kind], game:seat_name(seat))
  game:finish({ results = { 0.5, 0.5 }, reason = REASON[kind] })
end

-- The move in SAN, for the narration (without + or #).
local function describe(game, side, m, ep, castle)
  local b, legal = game:tops(VIEW[side], BOARD), {}
  return S.format(b, m, legal, M.generate(b, side, ep, castle, legal))
end

-- Moves the pieces on the table; returns the moving piece's code, the taken piece's (or
-- false), the position key updated for them (codes as White sees them) and whether the
-- move was en passant or castling.
local function move_pieces(game, side, from, to, promo, ep, key)
  local cell, box = places(game)
  local view, sign = VIEW[side], side == 1 and 1 or -1
  local c, victim = game:top(cell[from]), game:top(cell[to])
  local piece, taken, special = game:prop(c, view), false, false
  key = key ~ ZOBRIST[(piece * sign + 6) * 64 + from]
  if victim then
    taken = game:prop(victim, view)
    game:move(victim, box[3 - side])
    key = key ~ ZOBRIST[(taken * sign + 6) * 64 + to]
  elseif piece == B.PAWN and to == ep then
    local sq = to - FORWARD[side]
    game:move(game:top(cell[sq]), box[3 - side])
    key, taken = key ~ ZOBRIST[(6 - sign) * 64 + sq], -1
    special = true
  end
  game:move(c, cell[to])
  if promo > 0 then game:become(c, KIND[side][promo]) end
  key = key ~ ZOBRIST[((promo > 0 and promo or piece) * sign + 6) * 64 + to]
  if piece == B.KING and (to - from == 2 or from - to == 2) then
    for _, k in ipairs(CASTLES) do
      if k.king == from and k.to == to then
        game:move(game:top(cell[k.rook]), cell[k.rook_to])
        key = key ~ ZOBRIST[(4 * sign + 6) * 64 + k.rook] ~ ZOBRIST[(4 * sign + 6) * 64 + k.rook_to]
        special = true
      end
    end
  end
  return piece, taken, key, special
end

function rules.apply(game, seat, action)
  if action.text == "claim" then return claim(game, seat) end
  local m = MOVE[action.text]
  local from, to, promo = decode(m)
  local side, other = seat, 3 - seat
  local ep, castle = game:get("ep"), game:get("castle")
  local san = game:narrating() and describe(game, side, m, ep, castle)
  local piece, taken, key, special = move_pieces(game, side, from, to, promo, ep, game:get("key") ~ BLACK_TO_MOVE)
  local rights = castle & KEEP[from] & KEEP[to]
  if rights ~= castle then game:set("castle", rights) end
  local passed = nil
  if piece == B.PAWN and (to - from == 16 or from - to == 16) then passed = from + FORWARD[side] end
  if passed ~= ep then game:set("ep", passed) end
  local irreversible = piece == B.PAWN or taken
  local clock = irreversible and 0 or game:get("clock") + 1
  game:set("clock", clock)
  game:set("key", key)
  -- The position now, as the side to move sees it; its entry in the history.
  local _, _, square_of, kings = places(game)
  local b, ks = game:tops(VIEW[other], BOARD), square_of[game:where(kings[other])]
  local ep_file = passed and M.en_passant_possible(b, other, passed, ks) and B.file(passed) or nil
  local entry = D.entry(key, ep_file)
  local history = (irreversible or rights ~= castle) and entry or game:get("history") .. entry
  game:set("history", history)
  local check = M.checked_by(b, other, ks, from, to, special)
  local result = judge(game, b, other, ks, check, passed, rights, clock, history, taken or promo > 0)
  if san then narrate(game, seat, san .. (result == "checkmate" and "#" or check and "+" or "")) end
  if result then finish(game, result, other) else game:end_turn() end
end

-- A seat's material: pawn 1, knight and bishop 3, rook 5, queen 9 (the search bot's guide).
local VALUE = { 1, 3, 3, 5, 9, 0 }
function rules.score(game, seat)
  local b, total = game:tops(VIEW[seat], BOARD), 0
  for sq = 1, 64 do
    local v = b[sq]
    if v and v > 0 then total = total + VALUE[v] end
  end
  return total
end

return rules
