-- Love Letter: on your turn draw a card and play one of your two; its effect happens at
-- once. A seat knocked out sits out the rest of the round; the last seat standing, or the
-- highest hand when the deck runs out, wins a token of affection. See README.md.
--
-- Every fact of the game lives in the runtime (zones, faces, shows and variables); the
-- tables below are constants of the rules, never changed after loading.
local rules = {}

local GUARD, PRIEST, BARON, HANDMAID, PRINCE, KING, COUNTESS, PRINCESS = 1, 2, 3, 4, 5, 6, 7, 8
local CARD = { "Guard", "Priest", "Baron", "Handmaid", "Prince", "King", "Countess", "Princess" }
local VALUE_OF_ACTION = {
  guard = GUARD, priest = PRIEST, baron = BARON, handmaid = HANDMAID,
  prince = PRINCE, king = KING, countess = COUNTESS, princess = PRINCESS,
}
local CARD_OF_WORD = {}  -- "priest" -> "Priest", to read a typed guess whatever its case
for _, name in ipairs(CARD) do CARD_OF_WORD[name:lower()] = name end
local TARGETED = { [GUARD] = true, [PRIEST] = true, [BARON] = true, [PRINCE] = true, [KING] = true }
local BARE = { "guard", "priest", "baron", "handmaid", "prince", "king", "countess", "princess" }
local COUNTESS_ONLY = { "countess" }
local RULEBOOK_TOKENS = { [2] = 7, [3] = 5, [4] = 4 }

local function hand(game, s) return game:zone("hand", s) end
local function played(game, s) return game:zone("played", s) end
local function value(game, c) return game:prop(c, "value") end

-- The other seats still in the round that a card may choose: not behind a Handmaid.
local function targets(game, seat)
  local list = {}
  for s = 1, game:seats() do
    if s ~= seat and game:in_play(s) and not game:get("protected", s) then list[#list + 1] = s end
  end
  return list
end

-- The Countess must be played while the same hand holds the King or a Prince.
local function countess_forced(a, b)
  return (a == COUNTESS and (b == KING or b == PRINCE)) or (b == COUNTESS and (a == KING or a == PRINCE))
end

-- Adds the ways to play the card of value `v` to `list`; `names` are the targets' names.
local function add_plays(list, v, seat_name, names)
  local word = BARE[v]
  if not TARGETED[v] then list[#list + 1] = word; return end
  if v == PRINCE then list[#list + 1] = "prince " .. seat_name end  -- a Prince may choose its player
  if #names == 0 then
    if v ~= PRINCE then list[#list + 1] = word end  -- no one to choose: played for no effect
    return
  end
  for _, who in ipairs(names) do
    if v == GUARD then
      for g = PRIEST, PRINCESS do list[#list + 1] = "guard " .. who .. " " .. CARD[g] end
    else
      list[#list + 1] = word .. " " .. who
    end
  end
end

function rules.actions(game, seat)
  if seat ~= game:active() then return nil end
  local cards = game:cards(hand(game, seat))
  if #cards < 2 then return nil end
  local a, b = value(game, cards[1]), value(game, cards[2])
  if countess_forced(a, b) then return COUNTESS_ONLY end
  if b < a then a, b = b, a end
  local names = {}
  if TARGETED[a] or TARGETED[b] then
    for i, s in ipairs(targets(game, seat)) do names[i] = game:seat_name(s) end
  end
  local list = {}
  local me = (a == PRINCE or b == PRINCE) and game:seat_name(seat)
  add_plays(list, a, me, names)
  if b ~= a then add_plays(list, b, me, names) end
  return list
end

-- The seat named `who`, or nil.
local function seat_named(game, who)
  if who == nil then return nil end
  for s = 1, game:seats() do
    if game:seat_name(s) == who then return s end
  end
end

-- Why a typed play is refused (it matched no listed action).
function rules.accepts(game, seat, text)
  if seat ~= game:active() then return false, "not your turn" end
  local word, who, guess = text:match("^(%S+)%s*(%S*)%s*(%S*)")
  local v = VALUE_OF_ACTION[(word or ""):lower()]
  if not v then
    return false, "play a card: guard SEAT CARD, priest SEAT, baron SEAT, handmaid, prince SEAT, king SEAT, countess or princess"
  end
  local cards = game:cards(hand(game, seat))
  local a, b = cards[1] and value(game, cards[1]), cards[2] and value(game, cards[2])
  if a ~= v and b ~= v then return false, "you hold no " .. CARD[v] end
  if v ~= COUNTESS and countess_forced(a, b) then
    return false, "you must play the Countess while you hold the King or a Prince"
  end
  if not TARGETED[v] then return false, CARD[v] .. " chooses no one: type " .. BARE[v] end
  local open = targets(game, seat)
  if who == "" then
    if #open > 0 or v == PRINCE then
      return false, "name a seat: " .. BARE[v] .. (v == GUARD and " SEAT CARD" or " SEAT")
    end
    return false, "not legal now"
  end
  local target
  for s = 1, game:seats() do
    if game:seat_name(s):lower() == who:lower() then target = s end
  end
  if not target then return false, "there is no seat " .. who end
  if target == seat and v ~= PRINCE then return false, "only a Prince may choose its own player" end
  if target ~= seat and not game:in_play(target) then return false, who .. " is out of this round" end
  if target ~= seat and game:get("protected", target) then return false, who .. " is protected by a Handmaid" end
  if v == GUARD then
    if guess == "" then return false, "name a card: guard SEAT CARD" end
    if guess:lower() == "guard" then return false, "a Guard cannot name a Guard" end
    if not CARD_OF_WORD[guess:lower()] then return false, "there is no card " .. guess end
  end
  return false, "not legal now"
end

-- Knocks `s` out of the round: what is left in its hand is discarded face up.
local function knock_out(game, s)
  local left = game:top(hand(game, s))
  if left then
    game:move(left, played(game, s))
    game:say("%s is out of the round, discarding the %s.", game:seat_name(s), CARD[value(game, left)])
  else
    game:say("%s is out of the round.", game:seat_name(s))
  end
  game:fold(s)
end

local effect = {}

effect[GUARD] = function(game, seat, me, target, action)
  local who, guess = action.args[1], action.args[2]
  game:say("%s plays a Guard on %s and names the %s.", me, who, guess)
  if CARD[value(game, game:top(hand(game, target)))] == guess then
    game:say("Right: %s holds the %s.", who, guess)
    knock_out(game, target)
  else
    game:say("Wrong: %s holds no %s.", who, guess)
    -- What every seat now knows, kept for the bots' searches: the card is not the one named.
    game:clue(hand(game, target), "name", guess, { label = guess, say = false })
  end
end

effect[PRIEST] = function(game, seat, me, target, action)
  local theirs = game:top(hand(game, target))
  game:show(theirs, seat, false)  -- until it moves: the searcher samples with it known
  game:say("%s plays a Priest and looks at %s's hand.", me, action.args[1])
  game:tell(seat, "You see that %s holds the %s.", action.args[1], CARD[value(game, theirs)])
end

effect[BARON] = function(game, seat, me, target, action)
  local who = action.args[1]
  local mine, theirs = game:top(hand(game, seat)), game:top(hand(game, target))
  local mv, tv = value(game, mine), value(game, theirs)
  game:show(mine, target, false)
  game:show(theirs, seat, false)
  game:say("%s plays a Baron and compares hands with %s in secret.", me, who)
  game:tell(seat, "Your %s against %s's %s.", CARD[mv], who, CARD[tv])
  game:tell(target, "Your %s against %s's %s.", CARD[tv], me, CARD[mv])
  if mv > tv then knock_out(game, target)
  elseif tv > mv then knock_out(game, seat)
  else game:say("A tie: nobody is out.") end
end

effect[HANDMAID] = function(game, seat, me)
  game:set("protected", seat, true)
  game:say("%s plays a Handmaid and is protected until their next turn.", me)
end

effect[PRINCE] = function(game, seat, me, target, action)
  local th = hand(game, target)
  local discarded = game:top(th)
  game:move(discarded, played(game, target))
  local dv = value(game, discarded)
  if target == seat then
    game:say("%s plays a Prince on themselves and discards the %s.", me, CARD[dv])
  else
    game:say("%s plays a Prince on %s, who discards the %s.", me, action.args[1], CARD[dv])
  end
  if dv == PRINCESS then knock_out(game, target); return end
  local drawn = game:draw("deck", th)
  if not drawn then
    drawn = game:draw("aside", th)
    game:say("The deck is empty: %s takes the card set aside.", action.args[1])
  end
  if drawn then game:tell(target, "You draw the %s.", CARD[value(game, drawn)]) end
end

effect[KING] = function(game, seat, me, target, action)
  local who = action.args[1]
  local mine, theirs = game:top(hand(game, seat)), game:top(hand(game, target))
  game:move(mine, hand(game, target))
  game:move(theirs, hand(game, seat))
  game:show(mine, seat, false)     -- each knows what the other now holds
  game:show(theirs, target, false)
  game:say("%s plays the King and trades hands with %s.", me, who)
  local mv, tv = value(game, mine), value(game, theirs)
  game:tell(seat, "You give %s the %s and take the %s.", who, CARD[mv], CARD[tv])
  game:tell(target, "You give %s the %s and take the %s.", me, CARD[tv], CARD[mv])
end

effect[COUNTESS] = function(game, seat, me)
  game:say("%s plays the Countess.", me)
end

effect[PRINCESS] = function(game, seat, me)
  game:say("%s plays the Princess.", me)
  knock_out(game, seat)
end

-- The round ends when one seat is left in it, or when the deck is empty after a turn.
local function end_of_turn(game)
  local left = 0
  for s = 1, game:seats() do
    if game:in_play(s) then left = left + 1 end
  end
  if left <= 1 or game:count("deck") == 0 then game:end_round() else game:end_turn() end
end

function rules.apply(game, seat, action)
  local v = VALUE_OF_ACTION[action.name]
  local card = game:matching(hand(game, seat), "value", v)[1]
  game:move(card, played(game, seat))
  local me = game:seat_name(seat)
  local target = TARGETED[v] and seat_named(game, action.args[1])
  if target then
    effect[v](game, seat, me, target, action)
  elseif TARGETED[v] then
    game:say("%s plays a %s with no one to choose: it does nothing.", me, CARD[v])
  else
    effect[v](game, seat, me)
  end
  end_of_turn(game)
end

function rules.round_start(game)
  local n = game:seats()
  for s = 1, n do
    game:move_all(hand(game, s), "deck")
    game:move_all(played(game, s), "deck")
    game:set("protected", s, nil)
  end
  game:move_all("aside", "deck")
  game:move_all("shown", "deck")
  game:shuffle("deck")
  game:draw("deck", "aside")
  game:say("Round %d: one card is set aside face down.", game:round())
  if n == 2 then
    local a, b, c = game:draw("deck", "shown"), game:draw("deck", "shown"), game:draw("deck", "shown")
    game:say("Three more are set aside face up: the %s, the %s and the %s.",
      CARD[value(game, a)], CARD[value(game, b)], CARD[value(game, c)])
  end
  for _, s in ipairs(game:order()) do
    local c = game:draw("deck", hand(game, s))
    game:tell(s, "You are dealt the %s.", CARD[value(game, c)])
  end
end

-- A Handmaid protects until its player's next turn, which starts with a draw.
function rules.turn_start(game)
  local s = game:active()
  game:set("protected", s, nil)
  local c = game:draw("deck", hand(game, s))
  if game:narrating() then
    game:tell(s, "You draw the %s.", CARD[value(game, c)])
    game:tell_others(s, "%s draws a card.", game:seat_name(s))
  end
end

-- The seats still in the round holding the best hand: the highest card, then the highest
-- total of the cards they played and discarded this round. Each hand is turned face up.
local function best_hands(game, alive)
  local best, tied = -1, {}
  for _, s in ipairs(alive) do
    local c = game:top(hand(game, s))
    game:face(c, "up")
    local v = value(game, c)
    game:say("%s shows the %s.", game:seat_name(s), CARD[v])
    if v > best then best, tied = v, { s } elseif v == best then tied[#tied + 1] = s end
  end
  if #tied == 1 then return tied end
  local top, still = -1, {}
  for _, s in ipairs(tied) do
    local sum = game:sum(played(game, s), "value")
    game:say("%s played cards worth %d this round.", game:seat_name(s), sum)
    if sum > top then top, still = sum, { s } elseif sum == top then still[#still + 1] = s end
  end
  return still
end

function rules.round_end(game)
  local alive = {}
  for _, s in ipairs(game:order()) do
    if game:in_play(s) then alive[#alive + 1] = s end
  end
  local winners
  if #alive == 1 then
    winners = alive
    game:say("%s is the last one standing.", game:seat_name(alive[1]))
  else
    game:say("The deck is empty: the hands are compared.")
    winners = best_hands(game, alive)
  end
  game:set("leader", winners[1])  -- the first of them in this round's order starts the next
  if #winners > 1 and game:param("tie") == "none" then
    game:say("Still a tie: nobody wins a token.")
    return
  end
  local goal = game:param("tokens")
  if goal == 0 then goal = RULEBOOK_TOKENS[game:seats()] end
  local done = {}
  for _, s in ipairs(winners) do
    local tokens = game:get("score", s) + 1
    game:set("score", s, tokens)
    game:say("%s wins the round and a token of affection (%d of %d).", game:seat_name(s), tokens, goal)
    if tokens >= goal then done[#done + 1] = s end
  end
  if #done > 0 then
    for _, s in ipairs(done) do game:say("%s has won the Princess's heart.", game:seat_name(s)) end
    game:finish(done)
  end
end

-- Each round after the first starts with the last round's winner, then clockwise.
function rules.round_order(game)
  local first, n = game:get("leader"), game:seats()
  if not first then return {} end
  local order = {}
  for i = 0, n - 1 do order[i + 1] = (first - 1 + i) % n + 1 end
  return order
end

return rules
