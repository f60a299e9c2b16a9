// See rescue.hpp. Written with open/write rather than streams: the process is about to end
// with _exit, and the file must be complete and private when it does.
#include "runtime/rescue.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <mutex>

#include "runtime/diagnostics.hpp"
#include "runtime/visible_text.hpp"

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
  return ok ? "The game before this action is saved to " + shown + "; arbiter play --load " + shown +
                  " resumes it.\n"
            : "The game could not be saved to " + shown + ".\n";
}

}  // namespace arbiter
