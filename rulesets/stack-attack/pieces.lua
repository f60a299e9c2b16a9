-- The coins and bills: where a seat's pieces lie, finding them by name, keeping supplies
-- and the bag in order, the hand-out at set-up, the words narration uses for them, and
-- the counts the table shows.
local pieces = {}

function pieces.supply(game, s) return game:zone("supply", s) end
function pieces.row(game, s) return game:zone("row", s) end
function pieces.value(game, c) return game:prop(c, "value") end

-- What a seat still has to get rid of: its supply and its row.
function pieces.held(game, s)
  return game:count(pieces.supply(game, s)) + game:count(pieces.row(game, s))
end

-- A list of components, biggest value first; equal pieces by id, so replays agree.
function pieces.biggest_first(game, list)
  table.sort(list, function(a, b)
    local va, vb = pieces.value(game, a), pieces.value(game, b)
    if va ~= vb then return va > vb end
    return a < b
  end)
  return list
end

-- Orders a supply or the bag smallest value on top, so the table groups it as
-- "100×5  500×2  1000  5000".
function pieces.tidy(game, zone)
  for _, c in ipairs(pieces.biggest_first(game, game:cards(zone))) do game:move(c, zone) end
end

-- The first piece named `name` in `zone` that is not in `taken` (a set), or nil.
function pieces.find(game, zone, name, taken)
  for _, c in ipairs(game:cards(zone)) do
    if game:name(c) == name and not taken[c] then return c end
  end
  return nil
end

-- The kind names of this game, smallest value first ("100", "500", ...), taken from the
-- pieces themselves so that game.yaml stays the only list of kinds.
function pieces.kinds(game)
  local seen, list = {}, {}
  local zones = { "bag", "stack" }
  for s = 1, game:seats() do
    zones[#zones + 1] = pieces.supply(game, s)
    zones[#zones + 1] = pieces.row(game, s)
  end
  for _, z in ipairs(zones) do
    for _, c in ipairs(game:cards(z)) do
      if not seen[game:name(c)] then seen[game:name(c)] = c; list[#list + 1] = c end
    end
  end
  table.sort(list, function(a, b) return pieces.value(game, a) < pieces.value(game, b) end)
  for i, c in ipairs(list) do list[i] = game:name(c) end
  return list
end

-- "100, 100, 500" for a list of components.
function pieces.names(game, list)
  local names = {}
  for i, c in ipairs(list) do names[i] = game:name(c) end
  return table.concat(names, ", ")
end

-- "A", "A and B", "A, B and C".
function pieces.join(list)
  if #list <= 1 then return list[1] or "" end
  return table.concat(list, ", ", 1, #list - 1) .. " and " .. list[#list]
end

-- "1 piece", "6 pieces".
function pieces.count_text(n)
  return n == 1 and "1 piece" or n .. " pieces"
end

-- The bag's pieces grouped by kind: { ["100"] = {c1, c2, ...}, ... }.
local function bag_by_kind(game)
  local by_kind = {}
  for _, c in ipairs(game:cards("bag")) do
    local k = game:name(c)
    by_kind[k] = by_kind[k] or {}
    table.insert(by_kind[k], c)
  end
  return by_kind
end

-- How many of each kind every seat gets: the kind's `dealt` (standard), or an even
-- share of all of it (deal: even). Refuses a box too small for the standard hand-out.
local function shares(game, by_kind, kinds)
  local share, seats = {}, game:seats()
  for _, k in ipairs(kinds) do
    local have = #by_kind[k]
    if game:param("deal") == "even" then
      share[k] = have // seats
    else
      share[k] = game:prop(by_kind[k][1], "dealt")
      if have < share[k] * seats then
        error(("the box holds %d × %s, but %d players need %d: raise its count parameter"):format(
          have, k, seats, share[k] * seats))
      end
    end
  end
  return share
end

-- Set-up: every seat gets its share of each kind from the bag; the rest stays there.
function pieces.hand_out(game)
  local by_kind, kinds = bag_by_kind(game), pieces.kinds(game)
  local share = shares(game, by_kind, kinds)
  local parts = {}
  for _, k in ipairs(kinds) do
    for s = 1, game:seats() do
      for _ = 1, share[k] do game:move(table.remove(by_kind[k]), pieces.supply(game, s)) end
    end
    parts[#parts + 1] = share[k] .. " × " .. k
  end
  for s = 1, game:seats() do pieces.tidy(game, pieces.supply(game, s)) end
  pieces.tidy(game, "bag")
  local how = game:param("deal") == "even" and "All the money is shared out evenly: each player gets "
    or "Each player gets "
  local left = game:count("bag")
  game:say(("%s%s; %s."):format(how, pieces.join(parts),
    left == 0 and "nothing is left for the bag" or pieces.count_text(left) .. " stay in the bag"))
end

-- Keeps the counts the table shows beside the zones up to date. Every changing hook
-- ends with it.
function pieces.refresh(game)
  game:set("stack_height", game:count("stack"))
  game:set("bag_count", game:count("bag"))
  for s = 1, game:seats() do game:set("pieces", s, pieces.held(game, s)) end
end

return pieces
