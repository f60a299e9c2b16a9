-- {{NAME}}: on your turn take 1 to `most` tokens from the pile (the action `take N`);
-- whoever takes the last token wins. Each hook is described in docs/writing-a-ruleset.md.
local rules = {}

function rules.setup(game)
  game:say("%d tokens in the pile; take 1 to %d a turn, and take the last to win.",
    game:count("pile"), game:param("most"))
end

-- The legal actions of a seat, as the text a player types.
function rules.actions(game, seat)
  if seat ~= game:active() then return {} end
  local out = {}
  for n = 1, math.min(game:param("most"), game:count("pile")) do out[#out + 1] = "take " .. n end
  return out
end

function rules.apply(game, seat, action)
  local n = math.tointeger(tonumber(action.args[1]))
  for _ = 1, n do game:draw("pile", game:zone("taken", seat)) end
  game:say("%s takes %d, leaving %d.", game:seat_name(seat), n, game:count("pile"))
  if game:count("pile") == 0 then
    game:finish({ seat })
  else
    game:end_turn()
  end
end

return rules
