// See rescue.hpp. Written with open/write rather than streams: the process is about to end
// with _exit, and the file must be complete and private when it does.
#include "interpreter/rescue.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <mutex>

#include "interpreter/diagnostics.hpp"
#include "interpreter/save.hpp"
#include "interpreter/visible_text.hpp"

namespace arbiter {

namespace {

struct Kept {
  std::mutex mutex;
  std::string file;
  std::string text;
};

Kept& kept() {
  static auto* k = new Kept;  // never destroyed: the watchdog may read it at exit
  return *k;
}

}  // namespace

void keep_for_rescue(const std::string& file, const std::string& text) {
  std::lock_guard lock(kept().mutex);
  kept().file = file;
  kept().text = file.empty() ? std::string() : text;
}

std::string write_rescue() {
  std::lock_guard lock(kept().mutex);
  const std::string& file = kept().file;
  if (file.empty()) return "";
  // A new file only: one already there (or a link planted at the name) keeps its own mode
  // and owner, and the save shows every hand.
  int fd = open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  bool ok = fd >= 0;
  for (std::size_t done = 0; ok && done < kept().text.size();) {
    ssize_t n = write(fd, kept().text.data() + done, kept().text.size() - done);
    ok = n > 0;
    done += ok ? static_cast<std::size_t>(n) : 0;
  }
  ok = fd >= 0 && fsync(fd) == 0 && ok;
  if (fd >= 0) close(fd);
  std::string shown = visible_text(file);
  return ok ? "The game before this action is saved to " + shown + "; arbiter play --load " + shown + " resumes it.\n"
            : "The game could not be saved to " + shown + ".\n";
}

void keep_game_for_rescue(Engine& engine, const State& state, const std::vector<std::string>& kinds, bool no_undo,
                          std::uint64_t& kept_at) {
  std::uint64_t key = state.hash() ^ (state.log.size() * 0x9e3779b97f4a7c15ULL);  // a :load may keep the length
  if (key == kept_at) return;
  kept_at = key;
  bool started = false;
  for (const auto& e : state.log.entries()) started = started || e.kind == Event::Kind::Action;
  if (no_undo || !started || state.over) return keep_for_rescue("", "");
  try {
    keep_for_rescue("arbiter-rescue-" + std::to_string(::getpid()) + ".yaml", save_text(engine, state, kinds));
  } catch (const InputError&) {
    keep_for_rescue("", "");  // a game whose replay is refused could not be resumed from a save
  }
}

}  // namespace arbiter
