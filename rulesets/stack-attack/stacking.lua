-- Stacking: from the last seat to pass, clockwise, each seat with pieces in its row adds
-- the innermost one to the centre stack. Whether it held is a chance decision the table
-- makes (the RNG, in simulation, by the stability model); a piece that fell is tried
-- again; a knocked stack goes to the placer with the piece, who starts a new stack.
-- Stacking uses the runtime's turns: the seat on turn is the one placing.
local pieces = require "pieces"

local stacking = {}

local function name(game, s) return game:seat_name(s) end

local function all_rows_empty(game)
  for s = 1, game:seats() do
    if game:count(pieces.row(game, s)) > 0 then return false end
  end
  return true
end

-- The stability model (game.yaml, params): the chances in percent that `c`, laid on a
-- stack `height` high, falls or knocks the stack. Fell is capped so that a piece keeps
-- at least 1% to hold unless knocking alone reaches 100%: a piece that can only fall
-- would be tried again for ever.
function stacking.weights(game, c, height)
  local shape = game:prop(c, "shape")
  local function chance(what)
    return game:param(shape .. "_" .. what .. "_pct") + height * game:param(shape .. "_" .. what .. "_per_level")
  end
  local knocked = math.min(chance("knocked"), 100)
  local fell = knocked < 100 and math.min(chance("fell"), 99 - knocked) or 0
  return { held = 100 - knocked - fell, fell = fell, knocked = knocked }
end

-- A piece laid on the empty centre starts a stack. Nothing can be knocked and it cannot
-- fall onto the table it lies on, so the table is not asked.
local function start_stack(game, s, words)
  local c = game:top(pieces.row(game, s))
  game:move(c, "stack")
  game:set("last_adder", s)
  game:say(("%s %s %s."):format(name(game, s), words, game:name(c)))
end

-- The seat on turn adds its innermost piece: at once on an empty centre (then the turn
-- passes), otherwise the table decides how it went (outcome).
local function place(game, s)
  if game:count("stack") == 0 then
    start_stack(game, s, "starts the stack with a")
    game:end_turn()
    return
  end
  local c = game:top(pieces.row(game, s))
  game:chance("placement", stacking.weights(game, c, game:count("stack")),
    { seat = name(game, s), item = game:name(c), height = game:count("stack") })
end

-- A stacking turn: the round ends once every row is empty; a seat with an empty row is
-- skipped; anyone else places.
function stacking.turn(game)
  local s = game:active()
  if all_rows_empty(game) then game:end_round()
  elseif game:count(pieces.row(game, s)) == 0 then game:end_turn()
  else place(game, s) end
end

-- Every seat has passed; `last` passed last and stacks first (or, with an empty row, the
-- next seat clockwise that has pieces to stack).
function stacking.begin(game, last)
  game:set("phase", "stacking")
  if all_rows_empty(game) then
    game:say("Nobody bid: nothing is stacked this round.")
    game:end_round()
    return
  end
  if game:count(pieces.row(game, last)) > 0 then
    game:say(("Everyone has passed. %s passed last and stacks first."):format(name(game, last)))
  else
    game:say(("Everyone has passed. %s passed last but has nothing to stack; the next player clockwise begins."):format(
      name(game, last)))
  end
  stacking.turn(game)
end

local function held(game, s, c)
  game:move(c, "stack")
  game:set("last_adder", s)
  game:say(("%s's %s held: the stack is %d high."):format(name(game, s), game:name(c), game:count("stack")))
  game:end_turn()
end

local function fell(game, s, c)
  game:say(("%s's %s fell onto the table: no penalty, %s tries again."):format(name(game, s), game:name(c), name(game, s)))
  place(game, s)
end

-- The placer takes the whole stack and the piece, then starts a new stack with the next
-- piece of its row, if any; play goes on with the next seat.
local function knocked(game, s, c)
  local supply = pieces.supply(game, s)
  local taken = game:move_all("stack", supply) + 1
  game:move(c, supply)
  pieces.tidy(game, supply)
  game:say(("%s knocked the stack and takes all %s."):format(name(game, s), pieces.count_text(taken)))
  if game:count(pieces.row(game, s)) > 0 then start_stack(game, s, "starts a new stack with a")
  elseif not all_rows_empty(game) then
    game:say(("%s has nothing left in the row: the next piece starts a new stack."):format(name(game, s)))
  end
  game:end_turn()
end

local outcomes = { held = held, fell = fell, knocked = knocked }

-- The table has decided how the seat on turn's innermost piece went.
function stacking.outcome(game, result)
  local s = game:active()
  outcomes[result](game, s, game:top(pieces.row(game, s)))
end

return stacking
