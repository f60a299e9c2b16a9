// The server's tables (server/host.hpp).
#include "server/host.hpp"

#include <chrono>

#include "runtime/diagnostics.hpp"
#include "runtime/seeds.hpp"
#include "server/table_host.hpp"
#include "server/tokens.hpp"

namespace arbiter::server {

namespace {

std::int64_t now_seconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::uint64_t random_u64() {
  std::uint64_t v = 0;
  random_bytes(reinterpret_cast<unsigned char*>(&v), sizeof v);
  return v;
}

// What the players of a set-aside table are told: why in general; the host sees the details.
const char* const kToldDamaged =
    "this table is set aside: its record in the server's database is damaged (the host "
    "can see why); the connection closes";
const char* const kToldChanged =
    "this table is set aside: its ruleset has changed since the game began, so the server "
    "does not resume it (the host can export the game); the connection closes";
const char* const kToldRefused =
    "this table is set aside: the server could not resume it (the host can see why); the "
    "connection closes";

// Thrown by resume_one for a table whose ruleset is not the one it was opened with.
struct RulesetChanged : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string named(const StoredTable& t) {
  return "table " + t.id + " (" + (t.setup.ruleset.empty() ? "ruleset unknown" : t.setup.ruleset) + ")";
}

}  // namespace

Host::Host(Store& store, Loader loader, Limits limits, int threads)
    : store_(store), loader_(std::move(loader)), limits_(limits), pool_(static_cast<std::size_t>(threads)) {}

Host::~Host() { stop(); }

void Host::stop() {
  pool_.stop();
  pool_.join();
  // Nothing runs now: a table and its connections hold each other, so each table lets its
  // connections go, or both would outlive the server (a leak the sanitizer reports at exit).
  std::lock_guard lock(mutex_);
  for (auto& [id, table] : tables_) table->forget_peers();
}

std::shared_ptr<TableHost> Host::make(const StoredTable& stored, std::unique_ptr<TableGame> game) {
  // A finished table's game set up again from the store, as resume() does.
  auto reload = [this, setup = stored.setup, id = stored.id, print = stored.rules_print] {
    auto again = std::make_unique<TableGame>(setup, loader_(setup.ruleset),
                                             chance_seed(setup.options.seed) ^ random_u64());
    if (std::string changed = rules_changes(print, again->rules_print()); !changed.empty())
      throw InputError("table " + id + ": its ruleset is not the one it was opened with (" + changed + ")");
    std::size_t seats = setup.kinds.size();
    again->replay(store_.steps(id, seats), store_.passes(id, seats), "table " + id + " in the database");
    return again;
  };
  return std::make_shared<TableHost>(stored, std::move(game), reload, store_,
                                     boost::asio::make_strand(pool_.get_executor()),
                                     limits_.connections_per_table, limits_.connections_per_seat);
}

std::shared_ptr<TableHost> Host::find(const std::string& id) {
  std::lock_guard lock(mutex_);
  auto it = tables_.find(id);
  return it == tables_.end() ? nullptr : it->second;
}

// Before any connection is accepted: each table replayed from its steps, in this thread.
std::vector<std::string> Host::resume() {
  std::vector<std::string> lines;
  for (StoredTable& stored : store_.tables()) {
    if (!stored.damage.empty()) {
      set_aside(stored, "its row in the database is damaged: " + stored.damage, kToldDamaged, lines);
      continue;
    }
    try {
      resume_one(stored, lines);
    } catch (const RulesetChanged& e) {
      set_aside(stored, e.what(), kToldChanged, lines);
    } catch (const std::exception& e) {
      set_aside(stored, e.what(), kToldRefused, lines);
    }
  }
  std::lock_guard lock(mutex_);
  for (auto& [id, table] : tables_) table->post([t = table] { t->pump(); });  // bots on turn when it stopped
  return lines;
}

// A table kept by an earlier arbiter, without its ruleset's fingerprint, is resumed on the
// ruleset found now, and that one's fingerprint kept with it: from then on it is checked.
void Host::resume_one(StoredTable stored, std::vector<std::string>& lines) {
  // A chance drawn after the restart is drawn afresh: the seed and the steps fix the past only.
  auto game = std::make_unique<TableGame>(stored.setup, loader_(stored.setup.ruleset),
                                          chance_seed(stored.setup.options.seed) ^ random_u64());
  std::string print = game->rules_print();
  if (stored.rules_print.empty()) {
    store_.set_rules_print(stored.id, print);
    stored.rules_print = print;
    lines.push_back(named(stored) +
                    " was kept without its ruleset's fingerprint (by an earlier arbiter): it is resumed "
                    "on the ruleset found now, whose fingerprint is kept with it from now on");
  } else if (std::string changed = rules_changes(stored.rules_print, print); !changed.empty()) {
    throw RulesetChanged("its ruleset is not the one it was opened with (" + changed + ")");
  }
  auto table = make(stored, std::move(game));
  std::size_t seats = stored.setup.kinds.size();
  table->replay(store_.steps(stored.id, seats), store_.passes(stored.id, seats));
  std::lock_guard lock(mutex_);
  tables_[stored.id] = table;
}

void Host::set_aside(const StoredTable& stored, const std::string& reason, const char* told,
                     std::vector<std::string>& lines) {
  lines.push_back(named(stored) + " is not resumed, and is set aside: " + reason);
  std::lock_guard lock(mutex_);
  set_aside_[stored.id] = {stored, reason, told};
}

OpenedTable Host::open(TableSetup setup) {
  {
    // A finished table stays listed and exportable, but holds no slot: only games in play count.
    std::lock_guard lock(mutex_);
    std::size_t playing = 0;
    for (const auto& [id, table] : tables_) playing += !table->status().over;
    if (playing >= limits_.tables)
      throw InputError("the server holds as many unfinished tables as it may (" +
                       std::to_string(limits_.tables) + ")");
  }
  if (setup.options.seed == 0) setup.options.seed = random_u64();
  // Set up first: a bad ruleset, parameter or bot kind throws before anything is stored.
  auto game = std::make_unique<TableGame>(setup, loader_(setup.ruleset), chance_seed(setup.options.seed));
  StoredTable stored{new_table_id(), game->setup(), "", {}, now_seconds(), 0, game->rules_print(), ""};
  OpenedTable opened{stored.id, {}, new_token(TokenKind::Watch)};
  stored.watch_hash = token_hash(opened.watch_token);
  for (const std::string& kind : stored.setup.kinds) {
    opened.seat_tokens.push_back(kind.empty() ? new_token(TokenKind::Seat) : "");
    stored.seat_hashes.push_back(kind.empty() ? token_hash(opened.seat_tokens.back()) : "");
  }
  auto table = make(stored, std::move(game));
  store_.add_table(stored);
  std::lock_guard lock(mutex_);
  tables_[stored.id] = table;
  table->post([t = table] { t->pump(); });  // a bot on turn first, or a chance to draw
  return opened;
}

bool Host::remove(const std::string& id) {
  std::shared_ptr<TableHost> table;
  {
    std::lock_guard lock(mutex_);
    auto it = tables_.find(id);
    if (it == tables_.end()) {
      if (!set_aside_.count(id)) return false;
      store_.remove(id);
      set_aside_.erase(id);
      return true;
    }
    table = it->second;
    store_.remove(id);
    tables_.erase(it);
  }
  table->post([table] { table->close_all(); });
  return true;
}

std::string Host::new_host_token() {
  std::string token = new_token(TokenKind::Host);
  store_.set_host_hash(token_hash(token));
  return token;
}

bool Host::is_host(const std::string& token) {
  TokenKind kind;
  if (!token_kind(token, kind) || kind != TokenKind::Host) return false;
  return same_hash(token_hash(token), store_.host_hash());
}

Json Host::list() {
  std::lock_guard lock(mutex_);
  Json out = Json::array();
  for (const auto& [id, table] : tables_) out.push_back(table->listing());
  for (const auto& [id, aside] : set_aside_) {
    const TableSetup& s = aside.stored.setup;
    out.push_back({{"table", id},
                   {"ruleset", s.ruleset.empty() ? Json(nullptr) : Json(s.ruleset)},
                   {"seats", seats_json(s)},
                   {"status", "set aside"},
                   {"reason", aside.reason},
                   {"seq", nullptr},
                   {"created", aside.stored.created},
                   {"finished", aside.stored.finished ? Json(aside.stored.finished) : Json(nullptr)}});
  }
  return out;
}

std::vector<Host::Summary> Host::summaries() {
  std::lock_guard lock(mutex_);
  std::vector<Summary> out;
  for (const auto& [id, table] : tables_) out.push_back(table->summary());
  for (const auto& [id, aside] : set_aside_) {
    Summary s{id, aside.stored.setup.ruleset, {}, false, true};
    for (std::size_t i = 0;
         i < aside.stored.setup.options.seats.size() && i < aside.stored.setup.kinds.size(); ++i)
      s.seats.emplace_back(aside.stored.setup.options.seats[i].name, aside.stored.setup.kinds[i]);
    out.push_back(std::move(s));
  }
  return out;
}

void Host::save_async(const std::string& id, std::function<void(bool, std::string)> done) {
  auto table = find(id);
  if (!table) {
    std::unique_lock lock(mutex_);
    auto it = set_aside_.find(id);
    if (it == set_aside_.end()) {
      lock.unlock();
      return done(false, "");
    }
    SetAside aside = it->second;
    lock.unlock();
    return save_set_aside(aside, std::move(done));
  }
  table->post([table, done = std::move(done)] {
    std::string text;
    try {
      text = table->save();
    } catch (const std::exception& e) {
      return done(false, e.what());
    }
    done(true, std::move(text));
  });
}

// A set-aside table's game, replayed on its ruleset as it is now, as a save: its steps are
// the table's, whatever the rules have become. A damaged row has no game to replay.
void Host::save_set_aside(const SetAside& aside, std::function<void(bool, std::string)> done) {
  if (!aside.stored.damage.empty()) return done(false, "the table is set aside: " + aside.reason);
  boost::asio::post(pool_, [this, aside, done = std::move(done)] {
    try {
      const StoredTable& t = aside.stored;
      TableGame game(t.setup, loader_(t.setup.ruleset), chance_seed(t.setup.options.seed));
      game.replay(store_.steps(t.id, t.setup.kinds.size()), store_.passes(t.id, t.setup.kinds.size()),
                  "table " + t.id + " in the database");
      done(true, game.save());
    } catch (const std::exception& e) {
      done(false, "the table is set aside (" + aside.reason +
                      "), and its steps do not replay on its ruleset now: " + e.what());
    }
  });
}

// The players of a set-aside table told why, when their token is one of the table's.
bool Host::hello_set_aside(const std::shared_ptr<Peer>& peer, const Request& hello) {
  std::unique_lock lock(mutex_);
  auto it = set_aside_.find(hello.table);
  if (it == set_aside_.end()) return false;
  SetAside aside = it->second;
  lock.unlock();
  TokenKind kind;
  int seat =
      token_kind(hello.token, kind) && kind != TokenKind::Host ? token_seat(aside.stored, hello.token) : -2;
  if (seat == -2 || (kind == TokenKind::Seat) != (seat >= 0)) return false;
  peer->close_with(error_message(aside.told));
  return true;
}

// A token that names no seat of the table (or no table) gets one answer, whichever it was.
void Host::hello(const std::shared_ptr<Peer>& peer, const Request& hello,
                 std::shared_ptr<TableHost>& joined) {
  TokenKind kind;
  auto table = find(hello.table);
  if (!table && hello_set_aside(peer, hello)) return;
  int seat =
      table && token_kind(hello.token, kind) && kind != TokenKind::Host ? table->seat_of(hello.token) : -2;
  if (seat == -2 || (kind == TokenKind::Seat) != (seat >= 0)) {
    peer->close_with(error_message("no such table, or the token does not open it; the connection closes"));
    return;
  }
  joined = table;
  table->post([table, peer, seat, columns = hello.columns] { table->join(peer, seat, columns); });
}

void Host::frame(const std::shared_ptr<TableHost>& table, const std::shared_ptr<Peer>& peer,
                 std::string frame) {
  table->post([table, peer, frame = std::move(frame)] { table->frame(peer, frame); });
}

void Host::leave(const std::shared_ptr<TableHost>& table, const Peer* peer) {
  table->post([table, peer] { table->leave(peer); });
}

}  // namespace arbiter::server
