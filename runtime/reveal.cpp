// Reveals, shows and their log lines (reveal.hpp).
#include "runtime/reveal.hpp"

#include <string>

namespace arbiter {

void reveal_zone(State& s, int z, std::uint32_t to) {
  s.revealed[z] |= to;
  if (!s.logging) return;  // the line is not even made when nobody reads it
  // What those seats now see, top first, said where they read it.
  std::string seen;
  for (int c : s.contents(z)) seen += (seen.empty() ? "" : ", ") + s.name(c);
  s.record({Event::Kind::Say, -1,
            "(" + s.table->zones[z].name + " is revealed): " + (seen.empty() ? "empty" : seen), to});
}

void conceal_zone(State& s, int z) { s.revealed[z] = 0; }

void show_component(State& s, int c, int seat, bool say) {
  std::uint32_t to = seat < 0 ? kEveryone : (1u << seat);
  s.shown[c] |= to;
  if (!say || !s.logging) return;  // the line is not even made when nobody reads it
  const std::string& zone = s.table->zones[s.zone_of(c)].name;
  std::string whom = seat < 0 ? "to everyone" : "to " + s.table->seats[seat].name;
  s.record({Event::Kind::Say, -1, "(" + s.name(c) + " in " + zone + " is shown " + whom + ")", to});
}

}  // namespace arbiter
