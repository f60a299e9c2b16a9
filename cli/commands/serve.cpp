// `arbiter serve`: holds tables for players on other machines (docs/server.md). Opens the
// database, resumes its tables, opens one more when a ruleset is named, prints the links and
// serves until Ctrl-C.
#include <CLI/CLI.hpp>

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>

#include <optional>
#include <unistd.h>
#include <thread>

#include "cli/app.hpp"
#include "present/output.hpp"
#include "runtime/diagnostics.hpp"
#include "server/net.hpp"

namespace arbiter::cli {

namespace {

struct ServeFlags {
  std::string host = "127.0.0.1";
  int port = 8080;
  std::string db = "arbiter-tables.db";
  int idle_seconds = 300;
};

const char* const kNames[] = {"Andy", "Bill", "Charlie", "Dora", "Eddie", "Fran", "Gus", "Hana"};

// The table the command line describes: its seats named as `play` names them, its bots.
server::TableSetup setup_from(const std::string& ruleset, const GameFlags& flags) {
  LoadedGame loaded = load_game(ruleset);
  server::TableSetup setup;
  setup.ruleset = ruleset;
  setup.options = game_options(*loaded.ruleset, flags);
  setup.options.seed = flags.seed_given ? flags.seed : 0;  // 0: drawn from the OS by the host
  if (setup.options.seats.empty())
    for (int i = 0; i < loaded.ruleset->default_players; ++i)
      setup.options.seats.push_back({i < 8 ? kNames[i] : "Player" + std::to_string(i + 1), -1});
  auto table = flags_table(loaded.ruleset, setup.options);  // the seats' names, for --bot
  setup.kinds = seat_bots(*table, flags.bots, std::vector<std::string>(table->seats.size()));
  return setup;
}

std::string plays(const std::string& kind) { return kind.empty() ? "" : " (" + kind + ")"; }

void print_table(const server::Host::Summary& s, const std::string& base, const server::OpenedTable* opened) {
  std::vector<std::string> seats;
  for (const auto& [name, kind] : s.seats) seats.push_back(name + plays(kind));
  print("Table {} ({}): {}{}\n", s.id, s.ruleset.empty() ? "ruleset unknown" : s.ruleset,
        join_choices(seats, ", "),
        s.set_aside ? " - set aside (why: on standard error)"
        : s.over    ? " - over"
                    : "");
  if (!opened) return;
  for (std::size_t i = 0; i < s.seats.size(); ++i)
    if (!opened->seat_tokens[i].empty())
      print("  {:<10} {}/t/{}#{}\n", s.seats[i].first, base, s.id, opened->seat_tokens[i]);
  print("  {:<10} {}/t/{}#{}\n", "watch", base, s.id, opened->watch_token);
}

// The host part of the links: the address listened on, or this machine's name for every
// address (0.0.0.0, ::), which no browser elsewhere could open.
std::string link_host(const std::string& host) {
  if (boost::asio::ip::make_address(host).is_unspecified()) {
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) == 0 && name[0]) return name;
  }
  return host.find(':') != std::string::npos ? "[" + host + "]" : host;
}

int serve(const std::string& ruleset, const GameFlags& flags, const ServeFlags& sf) {
  // The table's options are checked before the database is opened, so a typo makes no file.
  std::optional<server::TableSetup> setup;
  if (!ruleset.empty()) setup = setup_from(ruleset, flags);
  server::Store store(sf.db);
  // Before the host, and ended before it (below): a connection counts itself in the host's
  // connections, and its I/O must still exist when it closes.
  std::optional<boost::asio::io_context> io;
  boost::asio::io_context& ioc = io.emplace();
  server::Limits limits;
  limits.idle_seconds = sf.idle_seconds;
  int threads = static_cast<int>(std::max(2u, std::thread::hardware_concurrency()));
  server::Host host(store, [](const std::string& name) { return load_game(name); }, limits, threads);
  for (const auto& problem : host.resume()) print_err("serve: {}\n", problem);
  // Listening first: a port in use must not leave behind a new table whose links nobody saw.
  std::optional<server::Server> listening;
  server::Server& server =
      listening.emplace(ioc, host,
                        boost::asio::ip::tcp::endpoint{boost::asio::ip::make_address(sf.host),
                                                       static_cast<unsigned short>(sf.port)});
  std::optional<server::OpenedTable> opened;
  if (setup) opened = host.open(*setup);
  std::string base = "http://" + link_host(sf.host) + ":" + std::to_string(server.port());
  print("Serving on {} (tables kept in {})\n", base, sf.db);
  if (!boost::asio::ip::make_address(sf.host).is_loopback())
    print("Plain HTTP beyond this machine: anyone on the way can read the links.\n"
          "Across the Internet, serve behind a proxy that speaks TLS (docs/server.md).\n");
  for (const auto& s : host.summaries())
    print_table(s, base, opened && opened->id == s.id ? &*opened : nullptr);
  print("Open tables: {}/#{}\n", base, host.new_host_token());
  flush_out();

  server.start();
  {
    boost::asio::signal_set signals(ioc, SIGINT, SIGTERM);
    signals.async_wait([&](const boost::system::error_code&, int) { ioc.stop(); });
    ioc.run();
  }
  host.stop();        // the tables' threads joined; each table lets its connections go
  listening.reset();  // then the listening socket,
  io.reset();         // and the connections, with the handlers that held them, while the host exists
  print("Stopped; every table is kept in {}.\n", sf.db);
  return 0;
}

}  // namespace

Command add_serve_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("serve",
                                 "hold game tables for players on other machines: secret links for a browser "
                                 "or arbiter join (docs/server.md)");
  auto ruleset = std::make_shared<std::string>();
  auto flags = std::make_shared<GameFlags>();
  auto sf = std::make_shared<ServeFlags>();
  cmd->add_option("ruleset", *ruleset,
                  "a ruleset id or folder: open a table of it (the tables in --db are resumed either way)");
  cmd->add_option("--players", flags->players, "player names in clockwise order (Ann,Bob), or a count")
      ->check(players_check());
  cmd->add_option("--bot", flags->bots,
                  "a seat the server plays: --bot Cid=mcts (repeatable; kinds as for play)")
      ->check(bot_check());
  cmd->add_option("--set", flags->set, "a parameter: --set target=25 (repeatable)")
      ->check(key_value("KEY=VALUE"));
  cmd->add_option("--variant", flags->variant, "a named variant from game.yaml");
  add_seed(cmd, *flags, "for tests only: the seed fixes every shuffle, so whoever knows it knows every hand "
                        "(default: drawn from the OS)");
  cmd->add_option("--host", sf->host, "the address to listen on (default 127.0.0.1: this machine only)");
  cmd->add_option("--port", sf->port, "the port (default 8080; 0: a free one, printed)")
      ->check(CLI::Range(0, 65535));
  cmd->add_option("--db", sf->db, "the SQLite database the tables are kept in (default arbiter-tables.db)");
  cmd->add_option("--idle-timeout", sf->idle_seconds,
                  "seconds of silence before a ping; unanswered, the connection "
                  "closes (default 300)")
      ->check(CLI::Range(2, 3600));
  return {cmd, [ruleset, flags, sf] {
            try {
              return serve(*ruleset, *flags, *sf);
            } catch (const InputError& e) {
              print_err("serve: {}\n", e.what());
            } catch (const server::StoreError& e) {
              print_err("serve: {}\n", e.what());
            } catch (const boost::system::system_error& e) {
              print_err("serve: cannot listen on {} port {}: {}\n", sf->host, sf->port, e.code().message());
            }
            return 1;
          }};
}

}  // namespace arbiter::cli
