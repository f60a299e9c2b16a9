-- See game.yaml. Each body does the same arithmetic (x = x + 1 or so); what differs is the
-- call around it: none (empty, add), a local Lua function, a method of a Lua table, a `game` method.
local rules = {}

local function add(x) return x + 1 end
local helper = {}
function helper:add(x) return x + 1 end

local BODIES = {
  empty = function(game, n) local x = 0 for _ = 1, n do end return x end,
  add = function(game, n) local x = 0 for _ = 1, n do x = x + 1 end return x end,
  lua = function(game, n) local x = 0 for _ = 1, n do x = add(x) end return x end,
  lua_method = function(game, n) local x = 0 for _ = 1, n do x = helper:add(x) end return x end,
  game_get = function(game, n) local x = 0 for _ = 1, n do x = x + game:get("n") end return x end,
  game_count = function(game, n)
    local z = game:zone("pile")
    local x = 0 for _ = 1, n do x = x + game:count(z) end return x
  end,
  game_prop = function(game, n)
    local c = game:top(game:zone("pile"))
    local x = 0 for _ = 1, n do x = x + game:prop(c, "value") end return x
  end,
}
local GO = { "go" }

function rules.actions(game, seat)
  if seat ~= game:active() then return {} end
  return GO
end

function rules.apply(game, seat, action)
  BODIES[game:param("body")](game, game:param("calls"))
  game:set("n", game:get("n") + 1)
  if game:get("n") == 40 then game:finish({ 1 }) else game:end_turn() end
end

return rules
