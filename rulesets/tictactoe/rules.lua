-- Tic-tac-toe: the first seat plays X, the second O. On its turn a side puts one of its
-- marks on an empty cell (the action is the cell's name, `b2`); three of one side's marks
-- in a row, a column or a diagonal win at once; a full grid without one is a draw.
local rules = {}

local LINES = {
  { "a1", "b1", "c1" }, { "a2", "b2", "c2" }, { "a3", "b3", "c3" },
  { "a1", "a2", "a3" }, { "b1", "b2", "b3" }, { "c1", "c2", "c3" },
  { "a1", "b2", "c3" }, { "a3", "b2", "c1" },
}
local MARK = { "X", "O" }
local PILE = { "x_marks", "o_marks" }

local function mark_at(game, cell)
  local c = game:top(cell)
  return c and game:name(c)
end

-- The line of three the mark completes through `cell`, or nil.
local function completed_line(game, cell, mark)
  for _, line in ipairs(LINES) do
    if (line[1] == cell or line[2] == cell or line[3] == cell)
        and mark_at(game, line[1]) == mark and mark_at(game, line[2]) == mark and mark_at(game, line[3]) == mark then
      return line
    end
  end
end

function rules.setup(game)
  game:say("%s plays X and %s plays O. X moves first.", game:seat_name(1), game:seat_name(2))
end

-- The empty cells, bottom rank first, left to right.
function rules.actions(game, seat)
  if seat ~= game:active() then return {} end
  local out = {}
  for _, cell in ipairs(game:cells()) do
    if game:count(cell) == 0 then out[#out + 1] = game:zone_name(cell) end
  end
  return out
end

function rules.accepts(game, seat, text)
  if seat ~= game:active() then return false, "not your turn" end
  if not text:match("^[abc][123]$") then return false, "name an empty cell, a1 to c3" end
  return false, text .. " is taken"
end

function rules.apply(game, seat, action)
  local cell = action.text
  game:move(game:top(PILE[seat]), cell)
  game:say("%s puts %s on %s.", game:seat_name(seat), MARK[seat], cell)
  local line = completed_line(game, cell, MARK[seat])
  if line then
    game:say("Three in a row (%s %s %s): %s wins.", line[1], line[2], line[3], game:seat_name(seat))
    game:finish({ seat }, "three in a row")
  elseif game:count(PILE[1]) == 0 then
    game:say("The grid is full with no row of three: a draw.")
    game:finish({ results = { 0.5, 0.5 }, reason = "a full grid" })  -- half a point each: a bot plays for it when it cannot win
  else
    game:end_turn()
  end
end

return rules
