// The cost of copying a mid-game state, and the memory one state owns. Copying is how undo,
// all-or-nothing apply and search work, so it is paid on every action.
#include <fmt/format.h>

#include <cstdlib>
#include <new>

#include "bench/bench.hpp"

// Counts the heap blocks and bytes that operator new hands out, so that the benchmark can
// say how many allocations one copy makes. Forwarding to malloc is what the default does.
namespace {
std::size_t g_blocks = 0, g_bytes = 0;
}
[[gnu::noinline]] void* operator new(std::size_t n) {
  ++g_blocks, g_bytes += n;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
// None of the three is inlined: GCC would otherwise see malloc() or free() at the call
// sites and pair them with the library's operator new and delete, and warn
// (-Wmismatched-new-delete) although the three are a matched set here.
[[gnu::noinline]] void operator delete(void* p) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete(void* p, std::size_t) noexcept { std::free(p); }
// The nothrow form too (std::stable_sort's buffer): the library's would come from another
// heap under AddressSanitizer, and be handed back to free() above.
[[gnu::noinline]] void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  ++g_blocks, g_bytes += n;
  return std::malloc(n ? n : 1);
}
[[gnu::noinline]] void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }

namespace arbiter::bench {

namespace {

constexpr int kLengthGames = 21;  // games played to find the typical length (fewer if slow)
constexpr double kLengthBudget = 1.0;  // CPU seconds for them; at least three games are played
constexpr int kBatches = 7;       // timed batches; the table shows their median

std::optional<Target> target_for(const Subject& s) {
  if (s.id == "stack-nabbit" && s.players == 4) return Target{2000, false, "< 2 µs"};
  return std::nullopt;
}

// Actions in a whole random game with this seed (chance decisions count as actions).
int game_length(const Subject& s, std::uint64_t seed) {
  Game g = new_game(s, seed, false);
  auto bots = random_bots(s.players, seed);
  int n = 0;
  Status st = play_out(*g.engine, g.state, bots, 100000, [&](const State&, const MatchStep&) { ++n; });
  if (!st.ok) throw std::runtime_error(fmt::format("seed {}: {}", seed, st.message));
  return n;
}

// A state about half-way through a typical game: the median length of seeded games, halved.
// Logging stays on, as in the REPL, so the state holds a log as a real one does.
Game mid_game(const Subject& s) {
  std::vector<double> lengths;
  double start = cpu_seconds();
  for (int seed = 1; seed <= kLengthGames && (seed <= 3 || cpu_seconds() - start < kLengthBudget); ++seed)
    lengths.push_back(game_length(s, seed));
  int half = static_cast<int>(median(lengths) / 2);
  for (std::uint64_t seed = 1; seed <= 100; ++seed) {
    Game g = new_game(s, seed, true);
    auto bots = random_bots(s.players, seed);
    int n = 0;
    Status st = play_out(*g.engine, g.state, bots, half, [&](const State&, const MatchStep&) { ++n; });
    if (!st.ok) throw std::runtime_error("seeded game " + std::to_string(seed) + " failed: " + st.message);
    if (n == half && !g.state.over) return g;  // this game lasts longer than half the typical length
  }
  throw std::runtime_error("no seeded game lasted half the typical length");
}

// Heap bytes a string owns: none while it fits in the string itself (the short-string buffer).
std::size_t heap_bytes(const std::string& s) {
  const char* self = reinterpret_cast<const char*>(&s);
  bool inside = s.data() >= self && s.data() < self + sizeof(s);
  return inside ? 0 : s.capacity() + 1;
}
template <class T>
std::size_t heap_bytes(const std::vector<T>& v) { return v.capacity() * sizeof(T); }

// What one state owns: the State itself plus every vector's capacity and every string held
// outside its object. The table and the log are shared with every copy and are not counted.
std::size_t owned_bytes(const State& s) {
  std::size_t n = sizeof(State) + heap_bytes(s.items) + heap_bytes(s.zone_end) + heap_bytes(s.face) +
                  heap_bytes(s.kinds) + heap_bytes(s.shown) + heap_bytes(s.revealed) + heap_bytes(s.vars) +
                  heap_bytes(s.status) + heap_bytes(s.order) + heap_bytes(s.winners) + heap_bytes(s.results) +
                  heap_bytes(s.chance.weights) + heap_bytes(s.chance.question) + heap_bytes(s.arranged);
  for (const auto& v : s.vars)
    if (v.is_string()) n += heap_bytes(v.as_string());
  for (const auto& a : s.arranged) n += heap_bytes(a.second);
  return n;
}

// CPU nanoseconds per call of `copy`, the median of timed batches of about 20 ms each.
template <class F>
double ns_per(F copy) {
  double start = cpu_seconds();
  for (int i = 0; i < 1000; ++i) copy();
  int per_batch = std::max(1000, static_cast<int>(1000 * 0.02 / std::max(cpu_seconds() - start, 1e-9)));
  std::vector<double> ns;
  for (int b = 0; b < kBatches; ++b) {
    start = cpu_seconds();
    for (int i = 0; i < per_batch; ++i) copy();
    ns.push_back((cpu_seconds() - start) * 1e9 / per_batch);
  }
  return median(ns);
}

std::vector<Row> measure(const Subject& s) {
  Game g = mid_game(s);
  const State& mid = g.state;
  Row copy{"copy a mid-game state", s.id, s.players, "", 0, target_for(s), false};
  copy.value = ns_per([&] { State c(mid); escape(&c); });
  State reused(mid);
  double into = ns_per([&] { reused = mid; escape(&reused); });
  copy.result = fmt::format("{} ns (into a reused state: {} ns)", grouped(copy.value), grouped(into));

  std::size_t blocks = g_blocks, bytes = g_bytes;
  { State c(mid); escape(&c); }
  blocks = g_blocks - blocks, bytes = g_bytes - bytes;
  Row memory{"memory per state", s.id, s.players, "", 0, std::nullopt, false};
  memory.value = static_cast<double>(owned_bytes(mid));
  memory.result = fmt::format("{} bytes; a copy makes {} heap blocks", grouped(memory.value), blocks);
  // A copy allocates each vector's size, never more than the original's capacity: if it
  // allocates more than was counted, State has grown a field that owned_bytes misses.
  if (bytes > owned_bytes(mid) - sizeof(State)) memory.result += " (undercounted: State has new fields)";
  return {copy, memory};
}

}  // namespace

std::vector<Row> bench_state_copy(const std::vector<Subject>& subjects, const Options&) {
  std::vector<Row> rows;
  for (const auto& s : subjects) {
    if (!s.rules) {
      rows.push_back({"copy a mid-game state", s.id, s.players, "error: " + s.error, 0, target_for(s), true});
      continue;
    }
    try {
      for (auto& r : measure(s)) rows.push_back(std::move(r));
    } catch (const std::exception& e) {
      rows.push_back({"copy a mid-game state", s.id, s.players, std::string("error: ") + e.what(), 0,
                      target_for(s), true});
    }
  }
  return rows;
}

}  // namespace arbiter::bench
