// Winners from results, and the end of a game the rules call (finish.hpp).
#include "runtime/finish.hpp"

#include <algorithm>
#include <string>

#include "runtime/limits.hpp"

namespace arbiter {

void check_result_count(std::size_t given, int seats) {
  if (given != static_cast<std::size_t>(seats))
    throw RuleError("game:finish: results gives " + std::to_string(given) + " results for " +
                    std::to_string(seats) + " seats: one per seat, each from 0 to 1");
}

std::vector<int> winners_of(const std::vector<double>& results) {
  for (std::size_t i = 0; i < results.size(); ++i)
    if (!(results[i] >= 0 && results[i] <= 1))
      throw RuleError("game:finish: seat " + std::to_string(i + 1) +
                      "'s result should be a number from 0 to 1");
  std::vector<int> winners;
  if (results.empty()) return winners;
  double best = *std::max_element(results.begin(), results.end());
  bool all_same = std::all_of(results.begin(), results.end(), [&](double r) { return r == best; });
  for (std::size_t seat = 0; seat < results.size() && !all_same; ++seat)
    if (results[seat] == best) winners.push_back(static_cast<int>(seat));
  return winners;
}

void finish_game(State& s, std::vector<int> winners, std::vector<double> results, std::string reason) {
  if (reason.size() > kMaxActionText)
    throw RuleError("game:finish: a reason of " + std::to_string(reason.size()) + " bytes is longer than " +
                    std::to_string(kMaxActionText));
  s.end_reason = std::move(reason);
  std::sort(winners.begin(), winners.end());
  s.winners = std::move(winners);
  s.results = std::move(results);
  s.over = true;
}

}  // namespace arbiter
