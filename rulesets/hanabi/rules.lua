-- Hanabi: everyone plays together and sees every hand but their own. On a turn a player
-- gives a clue, discards a card or plays one; the table builds five fireworks, 1 to 5 in
-- each colour. Three mistakes explode them; otherwise the game ends a round after the last
-- card is drawn (or at 25), every seat scoring the fireworks' sum. See README.md.
--
-- Every fact of the game lives in the runtime: the cards' places, what each seat was told
-- of its own cards (game:clue's marks), the clue tokens, the fuses and the turns left.
local rules = {}

local COLOURS = { "red", "yellow", "green", "blue", "white" }
local IS_COLOUR = { red = true, yellow = true, green = true, blue = true, white = true }
local MAX_CLUES = 8
local PERFECT = 25
local RANKS = { 1, 2, 3, 4, 5 }
local PLAY = { "play 1", "play 2", "play 3", "play 4", "play 5" }
local DISCARD = { "discard 1", "discard 2", "discard 3", "discard 4", "discard 5" }

local function hand(game, s) return game:zone("hand", s) end
local function tokens(n) return n == 1 and "1 clue token" or n .. " clue tokens" end

-- The sum of the fireworks: each holds its colour's cards from 1 up, so its count is its top.
local function total(game)
  local n = 0
  for _, colour in ipairs(COLOURS) do n = n + game:count(colour) end
  return n
end

-- Hands of 5 cards with 2 or 3 players, of 4 with 4 or 5; dealt one seat after another,
-- each seat's cards in the order they come off the deck (the first dealt at place 1).
function rules.setup(game)
  game:shuffle("deck")
  local size = game:seats() <= 3 and 5 or 4
  for s = 1, game:seats() do
    for _ = 1, size do game:draw("deck", hand(game, s), "bottom") end
  end
  game:say("Each player is dealt %d cards, held facing out: everyone sees every hand but their own.", size)
end

-- The clues a seat may give `t`: each colour and each rank found in t's hand.
local function add_clues(game, list, t)
  local z, name = hand(game, t), game:seat_name(t)
  for _, colour in ipairs(COLOURS) do
    if game:count_matching(z, "colour", colour) > 0 then list[#list + 1] = "clue " .. name .. " " .. colour end
  end
  for _, rank in ipairs(RANKS) do
    if game:count_matching(z, "rank", rank) > 0 then list[#list + 1] = "clue " .. name .. " " .. rank end
  end
end

function rules.actions(game, seat)
  if seat ~= game:active() then return nil end
  local list, n, clues = {}, game:count(hand(game, seat)), game:get("clues")
  for i = 1, n do list[#list + 1] = PLAY[i] end
  if clues < MAX_CLUES then
    for i = 1, n do list[#list + 1] = DISCARD[i] end
  end
  if clues > 0 then
    for t = 1, game:seats() do
      if t ~= seat then add_clues(game, list, t) end
    end
  end
  return list
end

-- The seat named `who` (any case), or nil.
local function seat_named(game, who)
  for s = 1, game:seats() do
    if game:seat_name(s):lower() == who:lower() then return s end
  end
end

-- Why a typed action that matched no listed one is refused, in words.
local function why_refused(game, seat, text)
  if seat ~= game:active() then return "not your turn" end
  local word, a, b = text:lower():match("^(%S+)%s*(%S*)%s*(%S*)")
  if word == "play" or word == "discard" then
    if word == "discard" and game:get("clues") == MAX_CLUES then
      return "all 8 clue tokens are still there: you may not discard"
    end
    return "name a card by its place in your hand, 1 to " .. game:count(hand(game, seat)) .. " (1 is the newest)"
  elseif word == "clue" then
    if game:get("clues") == 0 then return "no clue token is left: play or discard a card" end
    local t = seat_named(game, a)
    if not t then return "clue whom? clue SEAT COLOUR or clue SEAT RANK" end
    if t == seat then return "you cannot give yourself a clue" end
    if not IS_COLOUR[b] and not b:match("^[1-5]$") then
      return "a clue is a colour (red, yellow, green, blue, white) or a rank (1 to 5)"
    end
    return game:seat_name(t) .. " holds no " .. b .. ": a clue must point out at least one card"
  end
  return "clue SEAT COLOUR, clue SEAT RANK, play N or discard N"
end

-- Every legal action is listed, so whatever else is typed is refused.
function rules.accepts(game, seat, text)
  return false, why_refused(game, seat, text)
end

-- The game is over: every seat's payoff is the shared score; won only at 25.
local function finish(game, score, reason)
  local payoffs = {}
  for s = 1, game:seats() do payoffs[s] = score end
  game:finish{ won = score == PERFECT, payoffs = payoffs, reason = reason }
end

-- The places (1 = the newest) of `cards` in the hand `z`, as text: "2 and 4".
local function places(game, z, cards)
  local at, is = {}, {}
  for _, c in ipairs(cards) do is[c] = true end
  for i, c in ipairs(game:cards(z)) do
    if is[c] then at[#at + 1] = tostring(i) end
  end
  if #at == 1 then return "place " .. at[1] end
  return "places " .. table.concat(at, ", ", 1, #at - 1) .. " and " .. at[#at]
end

-- A clue: every card of that colour or rank in t's hand is pointed out to everyone, and
-- the others marked as not it. Costs a token.
local function give_clue(game, seat, who, value)
  local t = seat_named(game, who)
  local z = hand(game, t)
  local touched
  if IS_COLOUR[value] then
    touched = game:clue(z, "colour", value, { say = false })
  else
    touched = game:clue(z, "rank", tonumber(value), { say = false })
  end
  game:set("clues", game:get("clues") - 1)
  if game:narrating() then
    local one = #touched == 1
    local what = IS_COLOUR[value] and value or (one and "a " .. value or value .. "s")
    game:say("%s tells %s: %s %s %s (%s left).", game:seat_name(seat), game:seat_name(t),
      places(game, z, touched), one and "is" or "are", what, tokens(game:get("clues")))
  end
end

-- The seat draws the top card of the deck to place 1, if any is left.
local function draw(game, seat)
  local c = game:draw("deck", hand(game, seat))
  if c then
    game:tell(seat, "You draw a card.")
    game:tell_others(seat, "%S draws the %C.", seat, c)
  end
end

-- A card played: added to its firework when it is the next one there, else discarded
-- and a fuse burns. Returns true when that ends the game.
local function play(game, seat, pos)
  local c = game:cards(hand(game, seat))[pos]
  local colour, rank = game:prop(c, "colour"), game:prop(c, "rank")
  if game:count(colour) == rank - 1 then
    game:move(c, colour)
    game:say("%S plays the %C from place %d: the %s firework is at %d.", seat, c, pos, colour, rank)
    if rank == 5 and game:get("clues") < MAX_CLUES then
      game:set("clues", game:get("clues") + 1)
      game:say("The %s firework is complete: a clue token comes back.", colour)
    end
    if total(game) == PERFECT then
      game:say("Every firework is complete: a perfect 25!")
      finish(game, PERFECT, "perfect fireworks")
      return true
    end
  else
    game:move(c, "discard")
    game:set("fuses", game:get("fuses") - 1)
    game:say("%S plays the %C from place %d, which does not fit: it is discarded and a fuse burns (%d left).",
      seat, c, pos, game:get("fuses"))
    if game:get("fuses") == 0 then
      game:say("The fireworks explode! Everyone loses, with 0 points.")
      finish(game, 0, "the fireworks exploded")
      return true
    end
  end
  draw(game, seat)
  return false
end

-- A card discarded: a clue token comes back.
local function discard(game, seat, pos)
  local c = game:cards(hand(game, seat))[pos]
  game:move(c, "discard")
  game:set("clues", game:get("clues") + 1)
  if game:narrating() then
    game:say("%S discards the %C from place %d (%s).", seat, c, pos, tokens(game:get("clues")))
  end
  draw(game, seat)
end

-- After the action: once the last card is drawn, every seat has one more turn, the one
-- who drew it too; the last of those turns ends the game.
local function next_turn(game, left)
  if left ~= nil then
    if left <= 1 then
      local score = total(game)
      game:say("The last turn is played: the fireworks score %d.", score)
      return finish(game, score, "the last card was drawn")
    end
    game:set("turns_left", left - 1)
  elseif game:count("deck") == 0 then
    game:set("turns_left", game:seats())
    game:say("That was the last card: everyone has one more turn.")
  end
  game:end_turn()
end

function rules.apply(game, seat, action)
  local left = game:get("turns_left")
  if action.name == "clue" then
    give_clue(game, seat, action.args[1], action.args[2])
  elseif action.name == "play" then
    if play(game, seat, tonumber(action.args[1])) then return end
  else
    discard(game, seat, tonumber(action.args[1]))
  end
  next_turn(game, left)
end

-- The shared score, every seat's: the fireworks' sum, or 0 once they have exploded.
function rules.score(game, seat)
  if game:get("fuses") == 0 then return 0 end
  return total(game)
end

return rules
