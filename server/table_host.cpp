// A table on the server (server/table_host.hpp).
#include "server/table_host.hpp"

#include <chrono>

#include "server/tokens.hpp"

namespace arbiter::server {

namespace {

std::int64_t now_seconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::shared_ptr<const std::string> shared(std::string text) {
  return std::make_shared<const std::string>(std::move(text));
}

}  // namespace

TableHost::TableHost(StoredTable stored, std::unique_ptr<TableGame> game, Reload reload, Store& store,
                     Strand strand, std::size_t max_watchers, std::size_t per_seat)
    : stored_(std::move(stored)),
      game_(std::move(game)),
      reload_(std::move(reload)),
      store_(store),
      strand_(std::move(strand)),
      max_watchers_(max_watchers),
      per_seat_(per_seat),
      retry_(strand_) {
  note_status();
}

void TableHost::replay(const std::vector<Step>& steps, const std::vector<Pass>& passes) {
  game_->replay(steps, passes, "table " + stored_.id + " in the database");
  note_status();
  maybe_unload();  // a finished game is loaded when someone asks for it
}

TableGame& TableHost::game() {
  if (!game_) {
    game_ = reload_();
    loaded_ = true;
  }
  return *game_;
}

void TableHost::maybe_unload() {
  if (game_ && game_->over() && peers_.empty()) {
    game_.reset();
    loaded_ = false;
  }
}

std::string TableHost::save() {
  std::string text = game().save();
  maybe_unload();
  return text;
}

int token_seat(const StoredTable& t, const std::string& token) {
  std::string hash = token_hash(token);
  int found = -2;
  for (std::size_t i = 0; i < t.seat_hashes.size(); ++i)
    if (same_hash(hash, t.seat_hashes[i]) && !t.seat_hashes[i].empty()) found = static_cast<int>(i);
  if (same_hash(hash, t.watch_hash)) found = -1;
  return found;
}

void TableHost::note_status() {
  std::lock_guard lock(status_mutex_);
  status_.seq = game_->seq();
  status_.over = game_->over();
  status_.stopped = !game_->failure().empty();
  status_.finished = stored_.finished;
  status_.store_error = game_->store_failure().empty() ? "" : store_error_;
}

TableHost::Status TableHost::status() const {
  std::lock_guard lock(status_mutex_);
  return status_;
}

Json TableHost::listing() const {
  Status st = status();
  Json j{{"table", stored_.id},
         {"ruleset", stored_.setup.ruleset},
         {"seats", seats_json(stored_.setup)},
         {"status", st.over                   ? "over"
                    : st.stopped              ? "stopped"
                    : !st.store_error.empty() ? "store"
                                              : "playing"},
         {"seq", st.seq},
         {"created", stored_.created},
         {"finished", st.finished ? Json(st.finished) : Json(nullptr)}};
  if (!st.store_error.empty()) j["reason"] = st.store_error;
  return j;
}

Host::Summary TableHost::summary() const {
  Host::Summary s{stored_.id, stored_.setup.ruleset, {}, status().over};
  for (std::size_t i = 0; i < stored_.setup.options.seats.size(); ++i)
    s.seats.emplace_back(stored_.setup.options.seats[i].name, stored_.setup.kinds[i]);
  return s;
}

bool TableHost::commit(const Step& step, std::string& error) {
  if (removed_) {
    error = "the table was removed";
    return false;
  }
  try {
    if (step.pass) store_.add_pass(stored_.id, game_->seq(), step.seat);
    else store_.add_step(stored_.id, game_->seq(), step);
    return true;
  } catch (const StoreError& e) {
    error = store_error_ = e.what();
    return false;
  }
}

// Room for one more connection of `seat` (-1: a watcher): false when the watchers are as many
// as they may be; a seat at its limit has its oldest connection closed.
bool TableHost::make_room(int seat) {
  std::size_t count = 0;
  const Entry* oldest = nullptr;
  for (const auto& [p, e] : peers_)
    if (e.conn.seat == seat && (++count, !oldest || e.order < oldest->order)) oldest = &e;
  if (seat < 0) return count < max_watchers_;
  if (count >= per_seat_ && oldest) {
    auto old = oldest->peer;
    peers_.erase(old.get());
    old->close_with(error_message("this seat connected again elsewhere; this connection closes"));
  }
  return true;
}

void TableHost::join(const std::shared_ptr<Peer>& peer, int seat, int columns) {
  try {
    game();
  } catch (const std::exception&) {  // the reason may name a step's action: it stays on the server
    peer->close_with(
        error_message("the server could not load this finished game again; the connection closes"));
    return;
  }
  if (!make_room(seat)) {
    peer->close_with(error_message("this table has as many watchers as it takes (" +
                                   std::to_string(max_watchers_) + "); the connection closes"));
    return;
  }
  Entry& e = peers_[peer.get()];
  e.peer = peer;
  e.order = ++joined_;
  e.conn.seat = seat;
  e.conn.columns = columns;
  const Table& t = game_->table();
  Json welcome{{"type", "welcome"}, {"table", stored_.id}, {"ruleset", t.ruleset->id},
               {"seat", seat >= 0 ? Json(t.seats[seat].name) : Json(nullptr)}};
  std::vector<bool> connected(t.seats.size(), false);
  for (const auto& [p, other] : peers_)
    if (other.conn.seat >= 0) connected[other.conn.seat] = true;
  welcome["name"] = t.ruleset->name;
  welcome["seats"] = game_->seats_json(connected);
  peer->send(shared(text_of(welcome)));
  peer->send(shared(text_of(game_->state_message(seat, e.conn.cursor, columns))));
  if (game_->over()) peer->send(shared(text_of(game_->over_message())));
  if (!game_->failure().empty()) peer->send(shared(stopped_message(game_->failure())));
  if (!game_->store_failure().empty())
    peer->send(shared(error_message("the table waits: " + game_->store_failure())));
  presence();
}

void TableHost::leave(const Peer* peer) {
  if (!peers_.erase(peer)) return;
  presence();
  maybe_unload();
}

void TableHost::close_all() {
  removed_ = true;
  for (auto& [p, e] : peers_)
    e.peer->close_with(error_message("the table was removed; the connection closes"));
  peers_.clear();
}

void TableHost::stopped(const std::string& why) {
  if (!game_) return;  // only a loaded game runs what can throw
  game_->stop(why);
  broadcast_states(game_->over());
}

void TableHost::presence() {
  std::vector<bool> connected(game_->table().seats.size(), false);
  for (const auto& [p, e] : peers_)
    if (e.conn.seat >= 0) connected[e.conn.seat] = true;
  // Only a seat coming or going is news (a newcomer's welcome says who is here): watchers
  // connecting in a storm must not flood the players.
  if (connected == told_connected_) return;
  told_connected_ = connected;
  auto frame = shared(text_of({{"type", "presence"}, {"seats", game_->seats_json(connected)}}));
  for (auto& [p, e] : peers_) e.peer->send(frame);
}

void TableHost::frame(const std::shared_ptr<Peer>& peer, const std::string& frame) {
  auto it = peers_.find(peer.get());
  if (it == peers_.end()) return;  // it left while the frame waited
  bool was_over = game_->over();
  Handled h = handle_frame(*game_, it->second.conn, frame,
                           [this](const Step& s, std::string& error) { return commit(s, error); });
  for (auto& reply : h.replies) peer->send(shared(std::move(reply)));
  if (h.moved) {
    broadcast_states(was_over);
    pump();
  }
}

void TableHost::pump() {
  if (!game_ || !game_->owes_auto_step()) return;
  post([self = shared_from_this()] {
    if (!self->game_) return;  // over, and let go, since this was posted
    bool was_over = self->game_->over();
    self->game_->auto_step([&](const Step& s, std::string& error) { return self->commit(s, error); });
    self->broadcast_states(was_over);
    if (self->game_ && !self->game_->store_failure().empty()) return self->retry_later();
    self->retry_ms_ = 0;
    self->pump();
  });
}

// The step the store could not keep, tried again: after 0.25 s, then twice as long each time up
// to 4 s. The timer holds the table weakly: a table removed or a server stopped lets it go.
void TableHost::retry_later() {
  retry_ms_ = std::min(4000, retry_ms_ ? retry_ms_ * 2 : 250);
  retry_.expires_after(std::chrono::milliseconds(retry_ms_));
  retry_.async_wait([weak = weak_from_this()](const boost::system::error_code& ec) {
    if (auto self = weak.lock(); self && !ec && !self->removed_) self->pump();
  });
}

// Each connection's state from its own cursor; then, once, the end or the table's failure.
void TableHost::broadcast_states(bool was_over) {
  if (game_->over() && !was_over) {
    stored_.finished = now_seconds();
    try {
      store_.finish(stored_.id, stored_.finished);
    } catch (const StoreError&) {
      // The steps are stored: a restart replays the game to its end and finds it over.
    }
  }
  note_status();
  for (auto& [p, e] : peers_)
    e.peer->send(shared(text_of(game_->state_message(e.conn.seat, e.conn.cursor, e.conn.columns))));
  if (game_->over() && !was_over) {
    auto over = shared(text_of(game_->over_message()));
    for (auto& [p, e] : peers_) e.peer->send(over);
  }
  if (!game_->store_failure().empty() && !store_told_) {  // once a wait: the states say when it ends
    auto error = shared(error_message("the table waits: " + game_->store_failure()));
    for (auto& [p, e] : peers_) e.peer->send(error);
  }
  store_told_ = !game_->store_failure().empty();
  if (!game_->failure().empty() && failure_told_ != game_->failure()) {
    failure_told_ = game_->failure();
    auto error = shared(stopped_message(failure_told_));
    for (auto& [p, e] : peers_) e.peer->send(error);
  }
  maybe_unload();
}

}  // namespace arbiter::server
