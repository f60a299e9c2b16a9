// A game the rules end (game:finish): by naming its winners, or by giving every seat a
// result from 0 to 1, the winners then being the seats with the best. Errors are RuleErrors.
#pragma once
#include <cstddef>
#include <vector>

#include "runtime/state.hpp"

namespace arbiter {

// Throws unless `given` results are one per seat of `seats`.
void check_result_count(std::size_t given, int seats);
// The seats with the best of `results` (one per seat), none when every seat has the same (a
// draw). Throws naming the first seat whose result is not a number from 0 to 1 (NaN stands
// for a result that is not a number at all).
std::vector<int> winners_of(const std::vector<double>& results);
// Ends the game with `winners` (sorted here) and `results` (empty when winners were named),
// for `reason` ("checkmate"; "" when not given). Throws for a reason over kMaxActionText bytes.
void finish_game(State& s, std::vector<int> winners, std::vector<double> results, std::string reason = "");

}  // namespace arbiter
