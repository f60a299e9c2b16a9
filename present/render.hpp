// Drawing a seat's view of the table as text, for the REPL.
#pragma once
#include <string>
#include <vector>

#include "play/driver.hpp"
#include "runtime/view.hpp"

namespace arbiter {
class Engine;
struct Ruleset;
}  // namespace arbiter

namespace arbiter::present {

// The table as `view.seat` sees it: shared zones, then a line per seat with its
// variables and its own zones. `color` adds ANSI colour. A seat's line longer than `width`
// columns goes on below its name, a part (its variables, each zone) a line.
std::string render_table(const View& view, const std::string& title, bool color, int width = 78);

// Zone contents as a person reads them: "4 2", "3 cards", "1 2 +1 hidden", or grouped "3×2 4".
std::string render_items(const ZoneView& zone, const std::string& noun);

// `text` broken into lines of at most `width` columns at spaces, never inside a word (a word
// longer than a line stands alone on its line), each line after the first starting with
// `indent`. Columns are counted in UTF-8 characters. Lines already in `text` are kept.
std::string wrap_words(const std::string& text, int width, const std::string& indent = "");
// `text` as a table's last column starting at `column` of `width`-column lines: wrapped to the
// columns left (at least 20), each line after the first indented to `column`.
std::string wrap_column(const std::string& text, int width, int column);

// The columns of the terminal on `fd`, or `unknown` when it is not one (or will not say).
int terminal_columns(int fd, int unknown);
// The columns of the terminal a player reads: standard output's, or standard input's when
// output goes elsewhere (`arbiter play stacks | tee game.log` shows it on the same terminal).
int player_columns(int unknown);

// The legal actions, wrapped to `width` columns.
std::string render_actions(const std::vector<std::string>& legal, int width = 78);

// How a game ended, as `arbiter play` and `arbiter join` word it: `seats` pairs each seat's
// name with its score (`final_scores`) or its result (1, 0, 1/2 each of a draw) where
// game.yaml says the score is not the game's.
struct GameEnd {
  std::vector<std::string> winners;
  std::string reason;  // game:finish's, or ""
  bool final_scores = true;
  std::vector<std::pair<std::string, std::string>>
      seats;  // none for a game of payoffs (payoffs_line says them)
  bool cooperative = false;  // the seats played together: all won (winners all) or all lost
};
// How a game ended (TurnDriver::game_over): each seat's score, or its result where game.yaml
// says the score is not the game's (final_scores: false); no seats for a game of payoffs. A
// score that could not be read shows as "?" (the driver's `error` says why).
[[nodiscard]] GameEnd game_end(const Ruleset& ruleset, const Table& table, const GameOver& over);
// "Game over. Bill wins (checkmate). Results: Andy 0, Bill 1."
std::string end_line(const GameEnd& end);

// A log entry as the table words it: "> Ann: play 2" for an action (by `seat`), "Outcome: heads."
// for a chance's outcome, narration as it is. `kind` is the log's JSON kind ("action", "chance"
// or "say", as log_json gives it); the second form reads them from an entry of the log.
[[nodiscard]] std::string log_line(const std::string& kind, const std::string& seat, const std::string& text);
[[nodiscard]] std::string log_line(const Event& e, const Table& table);
// "Payoffs (chips): Ann +2, Bob -2."
std::string payoffs_line(const std::vector<std::pair<std::string, double>>& paid, const std::string& unit);

}  // namespace arbiter::present
