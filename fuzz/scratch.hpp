// What the fuzz targets share: a private scratch folder for the files an input becomes,
// and where the shipped rulesets and scripts are.
#pragma once
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace arbiter::fuzz {

inline const std::string kRulesets = ARBITER_SOURCE_DIR "/rulesets";
inline const std::string kScripts = ARBITER_SOURCE_DIR "/scripts";

// A folder of this process's own under $TMPDIR (or /tmp), removed at exit. Its name is kept
// in a plain array: the exit handler runs after the string below has been destroyed.
inline const std::string& scratch_dir() {
  static char name[4096];
  static const std::string dir = [] {
    const char* tmp = std::getenv("TMPDIR");
    std::snprintf(name, sizeof name, "%s/arbiter-fuzz-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(name)) std::perror("mkdtemp"), std::abort();
    std::atexit([] { std::error_code ec; std::filesystem::remove_all(name, ec); });
    return std::string(name);
  }();
  return dir;
}

// Writes the input to `path` (whole, or abort: a short write would fuzz the disk, not us).
inline void write_file(const std::string& path, const std::uint8_t* data, std::size_t size) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f || (size && std::fwrite(data, 1, size, f) != size) || std::fclose(f) != 0)
    std::perror(path.c_str()), std::abort();
}

}  // namespace arbiter::fuzz
