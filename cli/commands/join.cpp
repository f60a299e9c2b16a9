// `arbiter join LINK`: the link read, the connection opened on its own thread, the seat played
// at the terminal (cli/join/session.hpp).
#include <CLI/CLI.hpp>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "cli/app.hpp"
#include "cli/join/join.hpp"
#include "cli/join/client.hpp"
#include "cli/join/session.hpp"

namespace arbiter::cli {

int cmd_join(const std::string& text, const JoinFlags& flags) {
  Link link = parse_link(text);  // throws InputError: a bad link is said before any connection
  bool interactive = isatty(STDIN_FILENO);
  // The server lays the table out at the width the REPL would use here.
  int columns = flags.columns;
  if (columns == 0)
    columns = JoinSession::width() + 2;  // as Repl::show_table: the terminal's columns, 80 piped
  nlohmann::json hello = {
      {"type", "hello"}, {"table", link.table}, {"token", link.token}, {"columns", columns}};
  JoinClient client(link, hello.dump());
  JoinSession session(client, interactive);
  client.start();
  return session.run();
}

Command add_join_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("join", "play a seat of a table of arbiter serve, from the link it printed");
  auto link = std::make_shared<std::string>();
  auto flags = std::make_shared<JoinFlags>();
  cmd->add_option("link", *link, "the seat's link: http://HOST:PORT/t/TABLE#s.TOKEN (or a watcher's #w.)")
      ->required();
  cmd->add_option("--columns", flags->columns,
                  "lay the table out for N columns, 40..200 (default: the terminal's)")
      ->check(CLI::Range(40, 200));
  return {cmd, [link, flags] { return cmd_join(*link, *flags); }};
}

}  // namespace arbiter::cli
