// Dealing under marks (deal_marked.hpp).
#include "play/deal_marked.hpp"

#include <algorithm>

namespace arbiter {

namespace {

constexpr int kShuffles = 20;  // plain shuffles tried before drawing place by place
constexpr int kDraws = 50;     // place-by-place draws tried before giving up

bool allows(const MarkedPlace& p, std::uint16_t kind) {
  return !p.constrained || std::binary_search(p.allowed.begin(), p.allowed.end(), kind);
}

void shuffle(std::vector<int>& v, Rng& rng) {
  for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[rng.below(i)]);
}

bool fits(const std::vector<MarkedPlace>& places, const std::vector<int>& spare,
          const std::vector<std::uint16_t>& kind_of) {
  for (std::size_t i = 0; i < places.size(); ++i)
    if (!allows(places[i], kind_of[spare[i]])) return false;
  return true;
}

// One place-by-place draw: the constrained places, fewest allowed kinds first, each take a
// spare component at random among those they allow; the plain places take the rest shuffled.
bool draw_by_place(const std::vector<MarkedPlace>& places, std::vector<int>& spare,
                   const std::vector<std::uint16_t>& kind_of, Rng& rng) {
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < places.size(); ++i)
    if (places[i].constrained) order.push_back(i);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return places[a].allowed.size() < places[b].allowed.size();
  });
  std::vector<int> pool = spare, dealt(places.size(), -1);
  for (std::size_t i : order) {
    std::vector<std::size_t> fit;
    for (std::size_t k = 0; k < pool.size(); ++k)
      if (allows(places[i], kind_of[pool[k]])) fit.push_back(k);
    if (fit.empty()) return false;
    std::size_t pick = fit[rng.below(fit.size())];
    dealt[i] = pool[pick];
    pool.erase(pool.begin() + static_cast<std::ptrdiff_t>(pick));
  }
  shuffle(pool, rng);
  std::size_t next = 0;
  for (int& d : dealt)
    if (d < 0) d = pool[next++];
  dealt.insert(dealt.end(), pool.begin() + static_cast<std::ptrdiff_t>(next), pool.end());
  spare = std::move(dealt);
  return true;
}

}  // namespace

bool deal_marked(const std::vector<MarkedPlace>& places, std::vector<int>& spare,
                 const std::vector<std::uint16_t>& kind_of, Rng& rng) {
  if (places.size() > spare.size()) return false;
  for (int i = 0; i < kShuffles; ++i) {
    shuffle(spare, rng);
    if (fits(places, spare, kind_of)) return true;
  }
  for (int i = 0; i < kDraws; ++i)
    if (draw_by_place(places, spare, kind_of, rng)) return true;
  return false;
}

}  // namespace arbiter
