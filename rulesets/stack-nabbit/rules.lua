-- Stack Nabbit: flip cards until you stop, keep the last one, steal its matches from your
-- neighbours and the Vault, and bank that number if you already had it face up.
-- See README.md for the rules in short and the readings chosen.

local rules = {}

local MAX_FLIPS = 5      -- the fifth card flipped is kept without a choice
local VAULT_CARDS = 2    -- dealt to the Vault at the start
local SEAT_CARDS = 2     -- dealt face up to each seat at the start

local function name(game, s) return game:seat_name(s) end
local function value(game, c) return game:prop(c, "value") end

-- Zone handles, resolved once for each number of seats: a table's zones never change, so
-- the hooks pass numbers rather than asking game:zone on every move (lua-api.md, "The
-- fast style"). `zones(game).faceup[s]` is seat s's face-up cards.
local handles = {}

local function zones(game)
  local n = game:seats()
  local z = handles[n]
  if z then return z end
  z = { draw_pile = game:zone("draw_pile"), vault = game:zone("vault"), flipped = game:zone("flipped"),
        faceup = {}, bank = {} }
  for s = 1, n do z.faceup[s], z.bank[s] = game:zone("faceup", s), game:zone("bank", s) end
  handles[n] = z
  return z
end

-- Words a player would use ------------------------------------------------------------

local WORDS = { "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
                "eighteen", "nineteen", "twenty" }

local function number_word(n) return WORDS[n] or tostring(n) end

-- "a 4" or "three 4s".
local function some(n, card_name)
  if n == 1 then return "a " .. card_name end
  return number_word(n) .. " " .. card_name .. "s"
end

-- "A", "A and B", "A, B and C".
local function join(list)
  if #list <= 1 then return list[1] or "" end
  return table.concat(list, ", ", 1, #list - 1) .. " and " .. list[#list]
end

-- Card names in the order given, as a phrase: "the 3, 5 and 2".
local function the_cards(game, list)
  local names = {}
  for i, c in ipairs(list) do names[i] = game:name(c) end
  return "the " .. join(names)
end

-- Scoring -----------------------------------------------------------------------------

local function zeroes(game, z, s)
  return game:count_matching(z.bank[s], "value", 0) + game:count_matching(z.faceup[s], "value", 0)
end

-- The most zeroes any seat holds (0 when there is none on the table).
local function most_zeroes(game, z)
  local most = 0
  for s = 1, game:seats() do most = math.max(most, zeroes(game, z, s)) end
  return most
end

-- Whether a seat holding `held` zeroes is tied for the most. With no zero nobody is.
local function bonus_for(held, most) return most > 0 and held == most end

local function card_points(game, z, s)
  return game:sum(z.bank[s], "value") + game:sum(z.faceup[s], "value")
end

local function score_with(game, z, seat, most)
  local points = card_points(game, z, seat)
  if bonus_for(zeroes(game, z, seat), most) then points = points + game:param("zero_bonus") end
  return points
end

-- A seat's score as the game would end now: its bank and face-up cards, plus the bonus.
function rules.score(game, seat)
  local z = zones(game)
  return score_with(game, z, seat, most_zeroes(game, z))
end

-- The game ends: banks are shown, every seat's score is told, the best total wins.
local function end_game(game)
  game:say("The Draw Pile is empty: the game ends. Everyone turns their bank face up.")
  local z = zones(game)
  local most, bonus = most_zeroes(game, z), game:param("zero_bonus")
  local best, winners = nil, {}
  for s = 1, game:seats() do
    for _, c in ipairs(game:cards(z.bank[s])) do game:face(c, "up") end
    local total = score_with(game, z, s, most)
    local held = zeroes(game, z, s)
    game:say(("%s scores %d: %d in cards%s."):format(name(game, s), total, card_points(game, z, s),
      bonus_for(held, most) and bonus > 0 and (", plus %d for the most zeroes (%s)"):format(bonus, some(held, "0")) or ""))
    if best == nil or total > best then best, winners = total, { s }
    elseif total == best then winners[#winners + 1] = s end
  end
  local names = {}
  for i, s in ipairs(winners) do names[i] = name(game, s) end
  if #winners == 1 then game:say("%s wins with %d points.", names[1], best)
  else game:say("%s share the win with %d points each.", join(names), best) end
  game:finish(winners)
end

-- A turn ------------------------------------------------------------------------------

-- Moves every card of `number` from `zone` to `mine`. Returns the count of sources that
-- gave cards so far; when the narration is kept (`phrases` is a table), adds the phrase
-- "two 4s from Charlie" (the first) or "one from the Vault" (a later one).
local function take(game, mine, zone, number, sources, phrases, card_name, source)
  local got = game:move_matching_count(zone, mine, "value", number)
  if got == 0 then return sources end
  if phrases then
    local amount = sources == 0 and some(got, card_name) or number_word(got)
    phrases[sources + 1] = amount .. " from " .. source
  end
  return sources + 1
end

-- Steals every card of `number` from the seat's neighbours (left, then right: one seat in a
-- two-player game) and the Vault into its face-up cards. Returns how many sources gave
-- cards, and the narration's phrases when it is kept.
local function steal(game, z, seat, number, card_name, narrating)
  local phrases = narrating and {} or nil
  local mine = z.faceup[seat]
  local n = game:seats()
  local left, right = seat % n + 1, (seat - 2) % n + 1  -- the next seat clockwise, the one before
  local sources = 0
  if left ~= seat then
    sources = take(game, mine, z.faceup[left], number, sources, phrases, card_name, phrases and name(game, left))
    if right ~= left then
      sources = take(game, mine, z.faceup[right], number, sources, phrases, card_name, phrases and name(game, right))
    end
  end
  return take(game, mine, z.vault, number, sources, phrases, card_name, "the Vault"), phrases
end

-- Steps 2 and 3 of the turn for the last card flipped, in the rule text's order: steal its
-- matches, put the other flipped cards into the Vault, then bank if the seat already had
-- that number face up. Nothing in front of the seat changes while it flips, so the face-up
-- cards it holds now are those it had at the start of its turn.
local function keep_last(game, z, seat)
  local narrating = game:narrating()
  local kept = game:bottom(z.flipped)  -- flipped cards lie first on top: the last is at the bottom
  local number = value(game, kept)
  local card_name = narrating and game:name(kept)
  local mine = z.faceup[seat]
  local had_it = game:count_matching(mine, "value", number) > 0
  game:move(kept, mine)
  local sources, phrases = steal(game, z, seat, number, card_name, narrating)
  if sources == 0 then
    game:say("%S keeps the %C; there is no %C to steal.", seat, kept, kept)
  elseif narrating then
    game:say("%s keeps the %s and steals %s.", name(game, seat), card_name, join(phrases))
  end
  if game:count(z.flipped) > 0 then
    local rest = narrating and game:cards(z.flipped)
    game:move_all(z.flipped, z.vault)
    if narrating then
      local phrase = the_cards(game, rest):gsub("^t", "T")
      game:say(#rest == 1 and "%s goes to the Vault." or "%s go to the Vault.", phrase)
    end
  end
  if had_it then
    local banked = game:move_matching_count(mine, z.bank[seat], "value", number)
    if narrating then game:say("%s banks %s.", name(game, seat), some(banked, card_name)) end
  end
end

local function finish_turn(game, z, seat)
  keep_last(game, z, seat)
  if game:count(z.draw_pile) == 0 then end_game(game) else game:end_turn() end
end

-- Flips the top of the Draw Pile; the last card of the pile and the fifth card are kept
-- without a choice. Flipped cards lie in the order flipped, the first on top, so the table
-- lists them left to right and the last one (the card a stop keeps) is at the bottom.
local function flip(game, seat)
  local z = zones(game)
  local c = game:draw(z.draw_pile, z.flipped, "bottom")
  game:say("%S flips a %C.", seat, c)
  if game:count(z.draw_pile) == 0 then
    game:say("That was the last card of the Draw Pile: %S must keep it.", seat)
    finish_turn(game, z, seat)
  elseif game:count(z.flipped) >= MAX_FLIPS then
    game:say("That is the fifth card: %S must keep it.", seat)
    finish_turn(game, z, seat)
  end
end

-- Hooks -------------------------------------------------------------------------------

function rules.setup(game)
  local needed = VAULT_CARDS + SEAT_CARDS * game:seats() + 1
  if game:count("draw_pile") < needed then
    error(("the deck has %d cards; %d players need at least %d (raise copies)"):format(
      game:count("draw_pile"), game:seats(), needed))
  end
  game:shuffle("draw_pile")
end

-- The game is not in rounds: this runs once, when the turn order (oldest first) is known,
-- and deals the Vault and then each seat in that order.
function rules.round_start(game)
  local z = zones(game)
  local vault = {}
  for i = 1, VAULT_CARDS do vault[i] = game:draw(z.draw_pile, z.vault) end
  if game:narrating() then game:say("The Vault opens with %s.", the_cards(game, vault)) end
  for _, s in ipairs(game:order()) do
    local dealt = {}
    for i = 1, SEAT_CARDS do dealt[i] = game:draw(z.draw_pile, z.faceup[s]) end
    if game:narrating() then game:say("%s is dealt %s.", name(game, s), the_cards(game, dealt)) end
  end
end

function rules.turn_start(game)
  flip(game, game:active())
end

-- The same two actions at every decision; the runtime only reads the list.
local CHOICES = { "draw", "stop" }

function rules.actions(game, seat)
  if seat ~= game:active() then return nil end
  return CHOICES
end

function rules.apply(game, seat, action)
  if action.name == "draw" then
    flip(game, seat)
  elseif action.name == "stop" then
    game:say("%S stops.", seat)
    finish_turn(game, zones(game), seat)
  end
end

return rules
