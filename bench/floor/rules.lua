-- The floor (see game.yaml): two hook calls an action and nothing else worth the name.
local rules = {}

local ONLY = { "go" }

function rules.actions(game, seat)
  if seat == game:active() then return ONLY end
end

function rules.apply(game, seat, action)
  local n = game:get("count") + 1
  game:set("count", n)
  if n >= 46 then game:finish({ seat }) else game:end_turn() end
end

return rules
