-- Narration in the words a player would use: "Black moves two pieces c2 → c4."
local words = {}

local SIDE = { "Black", "Red" }
local COLOUR = { "black", "red" }
local NUMBER = { "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten" }

function words.side(side) return SIDE[side] end
function words.colour(side) return COLOUR[side] end
function words.number(n) return NUMBER[n] or tostring(n) end

function words.capital(text) return (text:gsub("^%l", string.upper)) end

-- "a piece", "two pieces".
function words.pieces(n)
  if n == 1 then return "a piece" end
  return words.number(n) .. " pieces"
end

-- "one black piece", "two red pieces".
function words.coloured(n, side)
  return words.number(n) .. " " .. COLOUR[side] .. (n == 1 and " piece" or " pieces")
end

-- "the black piece", "the two black pieces".
function words.the(n, side)
  if n == 1 then return "the " .. COLOUR[side] .. " piece" end
  return "the " .. words.number(n) .. " " .. COLOUR[side] .. " pieces"
end

-- "c2 → c3 → c4".
function words.path(cells) return table.concat(cells, " → ") end

-- "c3", "c3 and e3", "c3, c4 and e3".
function words.list(items)
  if #items <= 1 then return items[1] or "" end
  return table.concat(items, ", ", 1, #items - 1) .. " and " .. items[#items]
end

return words
