// Dealing what a seat cannot see so that everything it was told holds: each unseen place may
// carry marks (game:clue) that allow only some kinds there.
#pragma once
#include <cstdint>
#include <vector>

#include "runtime/rng.hpp"

namespace arbiter {

// One place to fill: the kinds it allows (ascending), or none given: any kind.
struct MarkedPlace {
  bool constrained = false;
  std::vector<std::uint16_t> allowed;
};

// Orders `spare` (components, whose kinds `kind_of` gives) so that its first places.size()
// entries fill `places` in order, every constrained place with a kind it allows; the rest
// follow. Uniform among such deals while a few plain shuffles find one; beyond that each
// constrained place, the most constrained first, draws uniformly among the spare components
// it allows, which is close to uniform and always fast. Returns false when no deal fits.
bool deal_marked(const std::vector<MarkedPlace>& places, std::vector<int>& spare,
                 const std::vector<std::uint16_t>& kind_of, Rng& rng);

}  // namespace arbiter
