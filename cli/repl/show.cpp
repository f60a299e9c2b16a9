// What the REPL shows: the news as it happens, the table, the end, a bot thinking, and the
// hand-over screen between hot-seat players.
#include <fmt/format.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "cli/terminal/interrupt.hpp"
#include "present/output.hpp"
#include "present/render.hpp"
#include "cli/repl/repl.hpp"
#include "runtime/diagnostics.hpp"

namespace arbiter::cli {

// The columns of the terminal, 78 at most (and when it cannot be told); 40 at least.
int Repl::terminal_width() {
  int columns = player_columns(0);
  return columns == 0 ? 78 : std::clamp(columns - 2, 40, 78);
}

// Narration and messages at a terminal break at its width (60 columns when it will not
// say), between words; piped output keeps each line whole for the programs that read it.
std::string Repl::fit(const std::string& text) const {
  if (!interactive_) return text;
  return wrap_words(text, std::max(20, player_columns(61) - 1), "  ");
}

void Repl::show_news(int viewer) {
  std::size_t& cursor = cursor_[viewer < 0 ? state_.seat_count() : viewer];
  if (cursor > state_.log.size()) cursor = state_.log.size();
  View v = make_view(state_, viewer, cursor);
  cursor = state_.log.size();
  for (const auto& e : v.log)
    if (e.kind == Event::Kind::Say || e.kind == Event::Kind::Chance)
      print("{}\n", fit(log_line(e, engine_->table())));
  flush_out();  // as it happens, also into a pipe (`| tee log`)
}

// With one human (or none) the news is printed move by move. In hot-seat play each
// human's news waits for their own screen, which may hold what only they may read.
void Repl::narrate() {
  if (human_count() <= 1) show_news(viewer_for(-1));
}

// A bot's choice. At a terminal, a search that takes over half a second says so, and
// Ctrl-C stops it: the bot plays its best move so far.
std::string Repl::think(int seat, const std::vector<std::string>& legal, bool on_turn) {
  Bot& bot = *seating_.bots[seat];
  stop_thinking() = false;
  View view = bot.wants_view() ? make_view(state_, seat, state_.log.size()) : View{};
  if (!interactive_ || !bot.wants_view() || !isatty(STDOUT_FILENO)) return bot.choose(view, legal, on_turn);
  std::mutex mutex;
  std::condition_variable done_cv;
  bool done = false, shown = false;
  std::thread notice([&] {
    std::unique_lock lock(mutex);
    if (done_cv.wait_for(lock, std::chrono::milliseconds(500), [&] { return done; })) return;
    print("{} is thinking… (Ctrl-C: play now)", engine_->table().seats[seat].name);
    flush_out();
    shown = true;
  });
  std::string choice = bot.choose(view, legal, on_turn);
  {
    std::lock_guard lock(mutex);
    done = true;
  }
  done_cv.notify_all();
  notice.join();
  if (shown) write_out(control("\r\033[K"));
  stop_thinking() = false;
  take_interrupt();  // that Ctrl-C was for the bot, not for the next prompt
  return choice;
}

void Repl::show_table(int viewer) {
  print("\n{}", render_table(make_view(state_, viewer, state_.log.size()), loaded_.ruleset->name, color_,
                                  terminal_width() + 2));
}

void Repl::show_end() {
  show_news(viewer_for(-1));
  show_table(viewer_for(-1));  // with one human, what that seat saw (its own hand); else the public view
  GameOver over = game_over(*engine_, state_, hidden_);
  print("{}\n", fit(end_line(game_end(*loaded_.ruleset, engine_->table(), over))));
  if (!over.error.empty()) refused(over.error);
  if (!state_.payoffs.empty()) {
    std::vector<std::pair<std::string, double>> paid;
    for (int s = 0; s < state_.seat_count(); ++s) paid.emplace_back(engine_->table().seats[s].name, state_.payoffs[s]);
    print("{}\n", fit(payoffs_line(paid, engine_->table().ruleset->payoffs.unit)));
  }
  if (secret_seed_)  // kept until now: it tells every shuffle
    print("{}\n", fit(fmt::format("The seed was {}: --seed {} deals this game again.", engine_->table().seed,
                                  engine_->table().seed)));
}

void Repl::hand_over(int seat) {
  // Up at a player's prompt walks back what that player typed, never the last one's line.
  if (interactive_ && human_count() > 1) editor_.use_history(seat);
  // A simultaneous choice hides each seat's choice from the next, even in a game that hides nothing else.
  if (!interactive_ || human_count() < 2 || (!hidden_ && !decision().simultaneous) || at_screen_ == seat) return;
  // The screen and the terminal's scrollback (ESC[3J, where the terminal knows it): the last
  // player's hand is not a scroll away. docs/play.md says what this cannot hide.
  const char* clear = "\033[2J\033[3J\033[H";
  editor_.keep_history_file(false);  // a line kept there would tell the next session's players a hand
  write_out(control(clear));
  std::string line;
  print("Pass to {}, and press Enter.", engine_->table().seats[seat].name);
  flush_out();
  // Ctrl-D leaves at once and :quit as at a prompt, neither showing the next player's screen.
  if (!read_line("", line)) return void(quit_ = true);
  if (std::string typed = normalize_action(line); typed == ":quit" || typed == ":q") return leave();
  write_out(control(clear));
  table_shown_at_ = -1;  // the screen is blank: the next prompt shows the table again
  at_screen_ = seat;
}

}  // namespace arbiter::cli
