// The `arbiter` command: list, play, test, check and simulate rulesets. Each subcommand adds
// its own options (cli/cmd_*.cpp); this file parses the line and runs the one chosen.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "cli/app.hpp"
#include "cli/join/join.hpp"
#include "present/output.hpp"
#include "present/render.hpp"
#include "runtime/diagnostics.hpp"

using namespace arbiter;
using namespace arbiter::cli;

namespace {

// --help fits the terminal (80 columns when it is not one, or will not say): descriptions
// break between words and go on under themselves; 60 columns stay readable.
class WrappingFormatter : public CLI::Formatter {
 public:
  explicit WrappingFormatter(int width) : width_(std::max(40, width)) {
    column_width(static_cast<std::size_t>(width_ >= 90 ? 30 : std::max(16, width_ * 2 / 5)));
  }
  std::string make_option_desc(const CLI::Option* opt) const override {
    return fit(CLI::Formatter::make_option_desc(opt));
  }
  std::string make_subcommand(const CLI::App* sub) const override {
    std::stringstream out;
    CLI::detail::format_help(out, sub->get_display_name(true), fit(sub->get_description()),
                             get_column_width());
    return out.str();
  }
  std::string make_description(const CLI::App* app) const override {
    return wrap_words(CLI::Formatter::make_description(app), width_ - 1);
  }

 private:
  std::string fit(const std::string& text) const {
    return wrap_words(text, width_ - 1 - static_cast<int>(get_column_width()));
  }
  int width_;
};

// The one place a subcommand's exceptions end: whatever escapes it (an InputError not caught
// nearer, bad_alloc, a filesystem_error naming its path, anything else) is printed on stderr
// as a message of Arbiter's own (user_message: never a library's text) and the status is 1,
// instead of `terminate` ending the process.
template <class Run>
int guarded(const std::string& subcommand, Run&& run) {
  try {
    return run();
  } catch (const UsageError& e) {  // a bad flag value (cli/app.hpp): status 2
    print_err("{}\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    print_err("{}\n", user_message(e, "arbiter " + subcommand));
  } catch (...) {
    print_err("arbiter {}: an unknown error\n", subcommand);
  }
  return 1;
}

// An unknown subcommand is named (CLI11 would only say that one is required): false after
// saying so.
bool known_subcommand(const std::vector<Command>& commands, int argc, char** argv) {
  if (argc < 2 || argv[1][0] == '-') return true;
  std::vector<std::string> names;
  for (const auto& c : commands) names.push_back(c.sub->get_name());
  std::string given = argv[1];
  if (std::find(names.begin(), names.end(), given) != names.end()) return true;
  print_err("arbiter: unknown subcommand {}{}; subcommands: {} (arbiter --help)\n", quote(given),
            did_you_mean(given, names), join_choices(names, ", "));
  return false;
}

// `arbiter help [SUBCOMMAND]` is `arbiter [SUBCOMMAND] --help`, the way git and cargo read
// it: the words rewritten before parsing, so that the help printed is the same. An unknown
// SUBCOMMAND is then named by known_subcommand, as anywhere else; false: more than one word.
bool help_as_option(int& argc, char** argv, std::vector<char*>& words) {
  static char help[] = "--help";
  if (argc < 2 || std::string(argv[1]) != "help") return true;
  if (argc > 3) {
    print_err("arbiter help: one subcommand at most (arbiter help SUBCOMMAND)\n");
    return false;
  }
  words.assign(argv, argv + argc);
  words.erase(words.begin() + 1);
  words.push_back(help);
  argc = static_cast<int>(words.size());
  return true;
}

// The command line parsed and the subcommand run (its name left in `sub`); the exit status.
int run_command(int argc, char** argv, std::string& sub) {
  CLI::App app{"Arbiter: a tabletop rules interpreter. Rulesets are YAML and Lua, loaded at run time."};
  app.name("arbiter");  // usage lines say what a user types, not the path the binary was run by
  app.formatter(std::make_shared<WrappingFormatter>(terminal_columns(STDOUT_FILENO, 80)));
  app.require_subcommand(1);
  app.footer(wrap_words("arbiter help SUBCOMMAND, or arbiter SUBCOMMAND --help, tells more.",
                        terminal_columns(STDOUT_FILENO, 80) - 1));
  app.set_version_flag("--version", std::string("arbiter ") + ARBITER_VERSION, "print the version and exit");
  std::vector<Command> commands;
  for (auto add : {add_list_command, add_info_command, add_play_command, add_test_command, add_check_command,
                   add_sim_command, add_playthrough_command, add_perft_command, add_new_command,
                   add_mutate_command, add_solve_command, add_serve_command, add_join_command})
    commands.push_back(add(app));
  if (argc <= 1) {  // a bare `arbiter`: what it can do, not only that it wants more
    write_out(app.help());
    return 2;
  }
  std::vector<char*> words;
  if (!help_as_option(argc, argv, words)) return 2;
  if (!words.empty()) argv = words.data();
  if (!known_subcommand(commands, argc, argv)) return 2;
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help is a ParseError with status 0; every other is a usage error. CLI11 writes to
    // streams of ours, so that its text (which quotes the command line) passes the sink.
    std::ostringstream out, err;
    int status = app.exit(e, out, err);
    write_out(out.str());
    write_err(err.str());
    return status == 0 ? 0 : 2;
  }
  for (const auto& c : commands)
    if (c.sub->parsed()) {
      sub = c.sub->get_name();
      return guarded(sub, c.run);
    }
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  init_output();
  std::string sub;
  int status = run_command(argc, argv, sub);
  return finish_output(status, sub);  // a command whose output was not written has failed
}
