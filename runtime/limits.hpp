// The sizes Arbiter refuses to go beyond, in one place: each is enforced where the input
// is read (game.yaml, the command line), with a message that names the limit.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace arbiter {

// Seats at one table: per-seat visibility (shown, revealed) is a 32-bit mask of seats.
inline constexpr int kMaxSeats = 32;
// Components in one game: component ids and kinds are 16-bit in State.
inline constexpr std::int64_t kMaxComponents = 65535;
// Cells of a board: each cell is a zone.
inline constexpr int kMaxBoardCells = 65535;
// A file name that game.yaml gives (rules:, include:): the usual file-system limit.
inline constexpr std::size_t kMaxFileNameLength = 255;
// A YAML file read by the loader (game.yaml, a component list, a scenario, a save).
inline constexpr std::uintmax_t kMaxYamlBytes = 16u << 20;
// Levels of lists and maps in a YAML tree, an alias counted as the tree it stands for:
// every walk of a tree recurses, and aliases of aliases make a small file any depth.
inline constexpr int kMaxYamlDepth = 256;
// Games in one `sim` run: the report keeps a record of every game.
inline constexpr int kMaxSimGames = 1'000'000;
// Worker threads for sim and perft.
inline constexpr int kMaxThreads = 256;
// An action's text, as typed or sent (the rules' own are far shorter).
inline constexpr std::size_t kMaxActionText = 4096;
// Plies of one perft walk.
inline constexpr int kMaxPerftDepth = 100;
// Variables: every state copy (undo, search, a view) copies them all, so their number and
// their texts are bounded. A text variable holds at most kMaxVarText bytes, and all the text
// variables of a game together (each seat's counted) at most kMaxVarTextTotal.
inline constexpr std::size_t kMaxVars = 1000;
inline constexpr std::size_t kMaxVarText = 65536;
inline constexpr std::size_t kMaxVarTextTotal = 1u << 20;
// The values a hidden variable may declare (`values:`), each a search may sample.
inline constexpr std::size_t kMaxVarValues = 1000;

// Whether a hook's error message is that of a call the sandbox stopped (lua/limits.cpp:
// the instruction budget, the time limit, the memory cap) rather than one the rules raised.
// scenario_test checks them against the sandbox's own message for the budget.
inline bool is_limit_stop(const std::string& message) {
  for (const char* words :
       {"instruction budget exceeded (", "time limit exceeded (", "memory cap exceeded ("})
    if (message.find(words) != std::string::npos) return true;
  return false;
}

}  // namespace arbiter
