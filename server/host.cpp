// The server's tables (server/host.hpp).
#include "server/host.hpp"

#include <chrono>

#include "interpreter/diagnostics.hpp"
#include "interpreter/seeds.hpp"
#include "server/table_host.hpp"
#include "server/tokens.hpp"

namespace arbiter::server {

namespace {

std::int64_t now_seconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

std::uint64_t random_u64() {
  std::uint64_t v = 0;
  random_bytes(reinterpret_cast<unsigned char*>(&v), sizeof v);
  return v;
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
  auto reload = [this, setup = stored.setup, id = stored.id] {
    auto again = std::make_unique<TableGame>(setup, loader_(setup.ruleset), chance_seed(setup.options.seed) ^ random_u64());
    again->replay(store_.steps(id), store_.passes(id), "table " + id + " in the database");
    return again;
  };
  return std::make_shared<TableHost>(stored, std::move(game), reload, store_, boost::asio::make_strand(pool_.get_executor()),
                                     limits_.connections_per_table, limits_.connections_per_seat);
}

std::shared_ptr<TableHost> Host::find(const std::string& id) {
  std::lock_guard lock(mutex_);
  auto it = tables_.find(id);
  return it == tables_.end() ? nullptr : it->second;
}

// Before any connection is accepted: each table replayed from its steps, in this thread.
std::vector<std::string> Host::resume() {
  std::vector<std::string> problems;
  for (const StoredTable& stored : store_.tables()) {
    try {
      // A chance drawn after the restart is drawn afresh: the seed and the steps fix the past only.
      auto game = std::make_unique<TableGame>(stored.setup, loader_(stored.setup.ruleset),
                                              chance_seed(stored.setup.options.seed) ^ random_u64());
      auto table = make(stored, std::move(game));
      table->replay(store_.steps(stored.id), store_.passes(stored.id));
      std::lock_guard lock(mutex_);
      tables_[stored.id] = table;
    } catch (const std::exception& e) {
      problems.push_back("table " + stored.id + " (" + stored.setup.ruleset + ") is not resumed: " + e.what());
    }
  }
  std::lock_guard lock(mutex_);
  for (auto& [id, table] : tables_) table->post([t = table] { t->pump(); });  // bots on turn when it stopped
  return problems;
}

OpenedTable Host::open(TableSetup setup) {
  {
    // A finished table stays listed and exportable, but holds no slot: only games in play count.
    std::lock_guard lock(mutex_);
    std::size_t playing = 0;
    for (const auto& [id, table] : tables_) playing += !table->status().over;
    if (playing >= limits_.tables)
      throw InputError("the server holds as many unfinished tables as it may (" + std::to_string(limits_.tables) + ")");
  }
  if (setup.options.seed == 0) setup.options.seed = random_u64();
  // Set up first: a bad ruleset, parameter or bot kind throws before anything is stored.
  auto game = std::make_unique<TableGame>(setup, loader_(setup.ruleset), chance_seed(setup.options.seed));
  StoredTable stored{new_table_id(), game->setup(), "", {}, now_seconds(), 0};
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
    if (it == tables_.end()) return false;
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
  return out;
}

std::vector<Host::Summary> Host::summaries() {
  std::lock_guard lock(mutex_);
  std::vector<Summary> out;
  for (const auto& [id, table] : tables_) out.push_back(table->summary());
  return out;
}

void Host::save_async(const std::string& id, std::function<void(bool, std::string)> done) {
  auto table = find(id);
  if (!table) return done(false, "");
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

// A token that names no seat of the table (or no table) gets one answer, whichever it was.
void Host::hello(const std::shared_ptr<Peer>& peer, const Request& hello, std::shared_ptr<TableHost>& joined) {
  TokenKind kind;
  auto table = find(hello.table);
  int seat = table && token_kind(hello.token, kind) && kind != TokenKind::Host ? table->seat_of(hello.token) : -2;
  if (seat == -2 || (kind == TokenKind::Seat) != (seat >= 0)) {
    peer->close_with(error_message("no such table, or the token does not open it; the connection closes"));
    return;
  }
  joined = table;
  table->post([table, peer, seat, columns = hello.columns] { table->join(peer, seat, columns); });
}

void Host::frame(const std::shared_ptr<TableHost>& table, const std::shared_ptr<Peer>& peer, std::string frame) {
  table->post([table, peer, frame = std::move(frame)] { table->frame(peer, frame); });
}

void Host::leave(const std::shared_ptr<TableHost>& table, const Peer* peer) {
  table->post([table, peer] { table->leave(peer); });
}

}  // namespace arbiter::server
