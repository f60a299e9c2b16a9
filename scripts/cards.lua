-- Card mechanics shared by rulesets: drawing up to a hand size, and finding or moving
-- the components of a zone whose property has a given value.
local cards = {}

-- Draws from the top of `from` into `to` until `to` holds `size` (or `from` is empty).
-- Returns the components drawn, in the order drawn.
function cards.draw_up_to(game, from, to, size)
  local drawn = {}
  while game:count(to) < size do
    local c = game:draw(from, to)
    if not c then break end
    drawn[#drawn + 1] = c
  end
  return drawn
end

-- The components of `zone` (top first) whose property `key` equals `value`
-- (game:matching, kept here for the rulesets that call it by this name).
function cards.matching(game, zone, key, value)
  return game:matching(zone, key, value)
end

-- Moves every component of `from` whose `key` equals `value` onto `to`, keeping their
-- order (the first found on top); returns them (game:move_matching).
function cards.move_matching(game, from, to, key, value)
  return game:move_matching(from, to, key, value)
end

-- The names of components, joined by spaces ("4 4 6").
function cards.names(game, list)
  local names = {}
  for i, c in ipairs(list) do names[i] = game:name(c) end
  return table.concat(names, " ")
end

-- The component of `zone` named `name` (as game.yaml names it), or nil: for reading what
-- a player typed.
function cards.find(game, zone, name)
  for _, c in ipairs(game:cards(zone)) do
    if game:name(c) == name then return c end
  end
  return nil
end

-- The bottom component of `zone` (the last of game:cards), or nil when it is empty.
function cards.bottom(game, zone)
  return game:bottom(zone)
end

-- Whether components `a` and `b` agree on every property named in `keys`
-- (cards.same(game, a, b, {"color", "rank"}): a red 7 and another red 7).
function cards.same(game, a, b, keys)
  for _, key in ipairs(keys) do
    if game:prop(a, key) ~= game:prop(b, key) then return false end
  end
  return true
end

return cards
