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
  std::size_t& cursor = cursor_[viewer < 0 ? state().seat_count() : viewer];
  if (cursor > state().log.size()) cursor = state().log.size();
  View v = make_view(state(), viewer, cursor);
  cursor = state().log.size();
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

namespace {

// A bot whose choice, at a terminal, says "X is thinking…" when a search takes over half a
// second; Ctrl-C stops it, and the bot plays its best move so far. Otherwise the bot it wraps.
class ThinkingBot final : public Bot {
 public:
  ThinkingBot(std::unique_ptr<Bot> bot, std::string name) : bot_(std::move(bot)), name_(std::move(name)) {}
  std::string choose(const View& view, const std::vector<std::string>& legal, bool on_turn) override;
  std::string failure() const override { return bot_->failure(); }
  bool wants_view() const override { return bot_->wants_view(); }
  Rng* random_stream() override { return bot_->random_stream(); }

 private:
  std::unique_ptr<Bot> bot_;
  std::string name_;
};

std::string ThinkingBot::choose(const View& view, const std::vector<std::string>& legal, bool on_turn) {
  if (!isatty(STDOUT_FILENO)) return bot_->choose(view, legal, on_turn);
  std::mutex mutex;
  std::condition_variable done_cv;
  bool done = false, shown = false;
  std::thread notice([&] {
    std::unique_lock lock(mutex);
    if (done_cv.wait_for(lock, std::chrono::milliseconds(500), [&] { return done; })) return;
    print("{} is thinking… (Ctrl-C: play now)", name_);
    flush_out();
    shown = true;
  });
  std::string choice = bot_->choose(view, legal, on_turn);
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

}  // namespace

// Only a bot that looks at the table searches; piped, nobody is told it thinks.
std::unique_ptr<Bot> Repl::thinking(int seat, std::unique_ptr<Bot> bot) const {
  if (!interactive_ || !bot->wants_view()) return bot;
  return std::make_unique<ThinkingBot>(std::move(bot), engine_->table().seats[seat].name);
}

void Repl::show_table(int viewer) {
  print("\n{}", render_table(make_view(state(), viewer, state().log.size()), loaded_.ruleset->name, color_,
                                  terminal_width() + 2));
}

void Repl::show_end() {
  show_news(viewer_for(-1));
  show_table(viewer_for(-1));  // with one human, what that seat saw (its own hand); else the public view
  GameOver over = driver_->game_over();
  print("{}\n", fit(end_line(game_end(*loaded_.ruleset, engine_->table(), over))));
  if (!over.error.empty()) refused(over.error);
  if (!state().payoffs.empty()) {
    std::vector<std::pair<std::string, double>> paid;
    for (int s = 0; s < state().seat_count(); ++s)
      paid.emplace_back(engine_->table().seats[s].name, state().payoffs[s]);
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
  if (!interactive_ || human_count() < 2 || (!hidden_ && !driver_->decision().simultaneous) ||
      at_screen_ == seat)
    return;
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
