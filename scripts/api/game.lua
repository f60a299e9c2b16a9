---@meta
-- Arbiter's Lua API, described for lua-language-server so that editors complete and check
-- rulesets. It only declares types: nothing here runs in a game (see docs/lua-api.md).
-- `require "api.game"` would find this file; it defines nothing and returns nil.

---A seat: 1..game:seats(), clockwise in the order listed.
---@alias Seat integer

---A zone: a number from game:zone(), or a name: "deck", "Andy.hand", "2.hand".
---@alias Zone integer|string

---A component: 1..N, one per instance, stable for the whole game.
---@alias Component integer

---What variables and parameters hold.
---@alias Value nil|boolean|integer|string

---@alias Face "up"|"down"|"default"

---The action `apply` receives.
---@class Action
---@field text string the canonical text: "play 4 bid 9"
---@field name string its first word: "play"
---@field args string[] the other words: {"4", "bid", "9"}

---The table rules.lua returns. `actions` and `apply` are required (marked optional here
---so that `local rules = {} ---@type Rules` raises no warning before they are defined).
---@class Rules
---@field setup? fun(game: Game) once, before round 1 (changing)
---@field round_start? fun(game: Game) at the start of each round, after the order is set (changing)
---@field turn_start? fun(game: Game) when a seat's turn begins (changing)
---@field round_end? fun(game: Game) when a round ends: score it, maybe finish (changing)
---@field apply? fun(game: Game, seat: Seat, action: Action) carries out a legal action (changing)
---@field actions? fun(game: Game, seat: Seat): string[]? the seat's legal actions now, on turn or not (reading)
---@field accepts? fun(game: Game, seat: Seat, text: string): (boolean|string), string? an action not in the list: true, its canonical text, or false and why (reading)
---@field round_order? fun(game: Game): Seat[] the next round's order; {} keeps the last one (reading)
---@field score? fun(game: Game, seat: Seat): integer? a seat's score; default the `score` variable (reading)
---@field tag? fun(game: Game, seat: Seat, action: Action): string? the action's kind in sim's action kinds, read before it is applied; default its first word (reading)
---@field outcome? fun(game: Game, decision: string, result: string) a chance decision was made (changing)
---@field resolve? fun(game: Game, choices: table<Seat, string>) every seat of a simultaneous choice has committed: each one's action by seat (changing)
---@field expand? fun(game: Game, seat: Seat, line: string): string[]? the steps of a whole move typed on one line, all applied or none; nil if it is not one (reading)

---A seat as a bot's view shows it.
---@class ViewSeat
---@field name string
---@field status "in"|"out"|"eliminated" out: for this round
---@field vars table<string, Value> its per-seat variables this seat may see (a `type: seat` one by the seat's name)

---A zone as a bot's view shows it.
---@class ViewZone
---@field count integer
---@field items string[] component names, top first; "?" where the seat cannot see which

---What a ruleset's own bot sees: one seat's view as a plain table, never the game.
---@class View
---@field seat Seat the bot's seat
---@field active? Seat the seat on turn
---@field round integer
---@field over boolean
---@field seats ViewSeat[]
---@field globals table<string, Value> the global variables
---@field zones table<string, ViewZone> by name: "deck", "Andy.hand", "c3"

---A bot in bots.lua (listed under `bots:` in game.yaml): returns one of `legal`, or "" to
---pass when off its turn.
---@alias BotFunction fun(view: View, legal: string[], on_turn: boolean): string

---The table bots.lua returns: bot name to function.
---@alias Bots table<string, BotFunction>

---The game, passed to every hook. Changing methods may be called only from setup,
---round_start, turn_start, round_end, apply and outcome.
---@class Game
local Game = {}

-- Seats and turns --------------------------------------------------------------------

---The number of seats.
---@return integer
function Game:seats() end

---A seat's name.
---@param seat Seat
---@return string
function Game:seat_name(seat) end

---The seat on turn; nil before the first round (in setup).
---@return Seat?
function Game:active() end

---The round number: 0 in setup, 1 in the first round.
---@return integer
function Game:round() end

---How many turns have begun in the game so far.
---@return integer
function Game:turn() end

---This round's turn order.
---@return Seat[]
function Game:order() end

---Whether the seat is neither out for the round nor out of the game.
---@param seat Seat
---@return boolean
function Game:in_play(seat) end

---Whether the seat is out of the game.
---@param seat Seat
---@return boolean
function Game:eliminated(seat) end

---Every seat, youngest first (listing order unless every seat has an age).
---@return Seat[]
function Game:youngest_first() end

---Every seat, oldest first (listing order unless every seat has an age).
---@return Seat[]
function Game:oldest_first() end

---Changing: when the hook returns, the turn passes to the next seat still in the round.
function Game:end_turn() end

---Changing: when the hook returns, the round ends (round_end, then the next round).
function Game:end_round() end

---Changing: the seat is out for the rest of the round.
---@param seat Seat
function Game:fold(seat) end

---Changing: the seat is out for the rest of the game.
---@param seat Seat
function Game:eliminate(seat) end

---Changing: the game is over, won by these seats ({} for nobody); or, given
---{results = {r1, r2, ...}}, with a result from 0 to 1 per seat (a draw: {results = {0.5, 0.5}}).
---@param winners Seat[]|{results: number[]}
function Game:finish(winners) end

---Changing: these seats choose at the same time, each one action of its own actions(); nobody
---learns another's choice until all have chosen, when resolve(game, choices) gets them together.
---@param seats Seat[]
function Game:simultaneous(seats) end

-- Parameters and variables -----------------------------------------------------------

---A parameter's value in this game.
---@param name string
---@return Value
function Game:param(name) end

---A variable: global, or a per-seat one with its seat.
---@param name string
---@param seat? Seat required for a per-seat variable
---@return Value
function Game:get(name, seat) end

---Changing: sets a global variable with (name, value), a per-seat one with (name, seat, value).
---@param name string
---@param seat_or_value Seat|Value
---@param value? Value
---@overload fun(self: Game, name: string, value: Value)
---@overload fun(self: Game, name: string, seat: Seat, value: Value)
function Game:set(name, seat_or_value, value) end

-- Zones and components ---------------------------------------------------------------

---A zone by name; a per_seat zone needs the seat.
---@param name string
---@param seat? Seat
---@return integer
function Game:zone(name, seat) end

---A zone's name: "deck", or "Andy.hand".
---@param zone Zone
---@return string
function Game:zone_name(zone) end

---The seat owning the zone; nil for a shared zone.
---@param zone Zone
---@return Seat?
function Game:owner(zone) end

---How many components the zone holds.
---@param zone Zone
---@return integer
function Game:count(zone) end

---The zone's components, top first.
---@param zone Zone
---@return Component[]
function Game:cards(zone) end

---The zone's top component; nil when empty.
---@param zone Zone
---@return Component?
function Game:top(zone) end

---The zone's bottom component (the last game:cards lists); nil when empty.
---@param zone Zone
---@return Component?
function Game:bottom(zone) end

---A component's name, as game.yaml gives it.
---@param c Component
---@return string
function Game:name(c) end

---A property of the component's kind; nil when it has none but another kind has it.
---A property no kind has is an error (a misspelt key), not nil.
---@param c Component
---@param key string
---@return Value
function Game:prop(c, key) end

---The zone a component is in.
---@param c Component
---@return integer
function Game:where(c) end

---The sum of an integer property over the zone's components.
---@param zone Zone
---@param key string
---@return integer
function Game:sum(zone, key) end

---The components of a zone (top first) whose property `key` equals `value`.
---@param zone Zone
---@param key string
---@param value any
---@return Component[]
function Game:matching(zone, key, value) end

---How many of a zone's components have property `key` equal to `value` (nil: those
---without it). A fast call: no list is made.
---@param zone Zone
---@param key string
---@param value any
---@return integer
function Game:count_matching(zone, key, value) end

---Changing: puts a component on top of a zone, or at its bottom; its face goes back to default.
---@param c Component
---@param zone Zone
---@param where? "bottom"
function Game:move(c, zone, where) end

---Changing: the component becomes one of kind `kind` (a name from game.yaml: a pawn
---promoted to "Q"). Its name and properties are the new kind's from then on; it stays
---where it is, with its face. The number of components never changes, only how many
---there are of each kind. A seat knows a component's kind only where it sees it: one
---changed out of its sight is, to that seat and its bot, still what game.yaml dealt.
---@param c Component
---@param kind string
function Game:become(c, kind) end

---Changing: `seat` (every seat, when nil) sees which component `c` is until it moves or its
---zone is shuffled. The runtime logs it to those seats unless `say` is false.
---@param c Component
---@param seat? Seat
---@param say? boolean
function Game:show(c, seat, say) end

---The whole board in one call, in game:cells() order: each cell's top component (false when
---empty), or with `key` that component's property (false when empty or it has none).
---With `into` (a table without a metatable), entries 1..cells of `into` are set and `into`
---is returned, rather than a new table.
---@param key? string
---@param into? table
---@return (Component|Value|false)[]
function Game:tops(key, into) end

---A fingerprint of the position: the kind and face of what lies where, reveals, and the
---seat on turn (not variables, counters or the generator). For repetition rules and caches.
---@return integer
function Game:hash() end

---Changing: moves the top component of `from` onto `to` (to its bottom with "bottom"); nil when `from` is empty.
---@param from Zone
---@param to Zone
---@param where? "bottom"
---@return Component?
function Game:draw(from, to, where) end

---Changing: moves every component of `from` onto `to`, one at a time from the top
---(their order is reversed); returns how many.
---@param from Zone
---@param to Zone
---@return integer
function Game:move_all(from, to) end

---Changing: moves the components of `from` whose property `key` equals `value` onto `to`,
---keeping their order (the first found on top); returns them.
---@param from Zone
---@param to Zone
---@param key string
---@param value any
---@return Component[]
function Game:move_matching(from, to, key, value) end

---Changing: game:move_matching returning how many moved instead of a list. A fast call.
---@param from Zone
---@param to Zone
---@param key string
---@param value any
---@return integer
function Game:move_matching_count(from, to, key, value) end

---Changing: orders a zone in place by the property `key`, lowest first (game:cards order),
---ties by component number; "descending" for highest first. Faces stay as they are.
---@param zone Zone
---@param key string
---@param order? "ascending"|"descending"
function Game:sort(zone, key, order) end

---Changing: shuffles a zone with the game's generator.
---@param zone Zone
function Game:shuffle(zone) end

---Changing: turns a component face up (everyone sees it), down (only its zone's owner),
---or back to default (the zone's visibility decides).
---@param c Component
---@param face Face
function Game:face(c, face) end

---Changing: shows the zone's contents to one seat, or to everyone, until concealed.
---@param zone Zone
---@param seat? Seat
function Game:reveal(zone, seat) end

---Changing: ends every reveal of the zone.
---@param zone Zone
function Game:conceal(zone) end

-- The board (for a ruleset with `board:` in game.yaml; a cell is a zone) ------------

---The cells next to a cell: all of them (orthogonal and linked first, then diagonal), or one kind.
---@param cell Zone
---@param kind? "orthogonal"|"diagonal"|"all"
---@return integer[]
function Game:neighbours(cell, kind) end

---Every cell (bottom rank first, left to right), or the cells with a tag.
---@param tag? string
---@return integer[]
function Game:cells(tag) end

---Whether a cell has a tag.
---@param cell Zone
---@param tag string
---@return boolean
function Game:tagged(cell, tag) end

---A cell's file and rank: 1-based positions in board.files and board.ranks.
---@param cell Zone
---@return integer file
---@return integer rank
function Game:coords(cell) end

---The cell at 1-based file and rank; nil off the board or at a missing cell.
---@param file integer
---@param rank integer
---@return integer?
function Game:cell_at(file, rank) end

---The fewest steps between two cells over all neighbours; nil when unreachable.
---@param a Zone
---@param b Zone
---@return integer?
function Game:distance(a, b) end

-- The log and chance -----------------------------------------------------------------

---Changing: a log line for everyone; with values, string.format(text, ...), formatted
---only when the log is kept.
---@param text string
---@param ... any
function Game:say(text, ...) end

---Changing: a log line for one seat (formatted as game:say).
---@param seat Seat
---@param text string
---@param ... any
function Game:tell(seat, text, ...) end

---Changing: a log line for every seat but one (formatted as game:say).
---@param seat Seat
---@param text string
---@param ... any
function Game:tell_others(seat, text, ...) end

---Reading: whether the log is kept (false in simulations and search), so a rule can skip
---building values that only the narration shows.
---@return boolean
function Game:narrating() end

---Changing: a whole number in 1..n, or in lo..hi, from the game's generator
---(math.random is the same generator).
---@param n_or_lo integer
---@param hi? integer
---@return integer
function Game:random(n_or_lo, hi) end

---Changing: asks for a chance decision declared under `chance:` in game.yaml. When the
---hook returns it is pending; once made (by the table, a scenario or a generator using
---`weights`), the `outcome` hook runs. `context` fills the `{key}`s of its `ask` text.
---@param name string
---@param weights table<string, number> outcome name to weight (0 or more; left out: 0)
---@param context? table<string, string|integer>
function Game:chance(name, weights, context) end

return nil
