// What hooks hand back to C++, read within limits of its own: the Lua heap's cap does not
// reach the C++ copies, and a list of one long string repeated costs Lua a pointer an entry.
#include <cstring>

#include "lua/context.hpp"
#include "runtime/engine.hpp"
#include "runtime/limits.hpp"

namespace arbiter {

namespace {

constexpr std::size_t kErrorMax = 4096;  // bytes of a script error's message kept

// What one actions() call may hand over. Each text is at most kMaxActionText, the longest
// action anyone may send.
constexpr lua_Unsigned kLegalMax = 10000;         // actions in one list
constexpr std::size_t kLegalBytesMax = 1u << 20;  // bytes of their texts, together
constexpr lua_Unsigned kTextsMax = 1000;          // steps of one line from expand(), texts from completions()

}  // namespace

// A message from Lua, cut at kErrorMax bytes with a note of its length.
std::string cut_message(const char* text, std::size_t size) {
  if (size <= kErrorMax) return std::string(text, size);
  return std::string(text, kErrorMax) + "… (the message goes on for " + std::to_string(size) + " bytes)";
}

// The list actions() left on the top of the stack, into `out` (replacing what it held),
// within kLegalMax actions and kLegalBytesMax bytes. Texts are normalized as typed ones are.
// A text equal to the one `out` already holds at its place was checked when it was put
// there, and is kept as it is: a ruleset that lists the same actions at every decision
// has its list read without a copy.
Status read_actions(lua_State* L, const std::string& display, std::vector<std::string>& out) {
  auto error = [&](const std::string& why) { return Status::error(display + ": actions() " + why); };
  if (lua_isnil(L, -1)) return out.clear(), Status{};
  if (!lua_istable(L, -1)) return error("should return a list of strings");
  const std::size_t count = lua_rawlen(L, -1);
  if (count > kLegalMax)
    return error("returned " + std::to_string(count) + " actions; a list holds at most " +
                 std::to_string(kLegalMax));
  std::size_t bytes = 0;
  for (std::size_t i = 0; i < count; ++i) {
    lua_rawgeti(L, -1, static_cast<lua_Integer>(i) + 1);
    std::size_t size = 0;
    const char* text = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &size) : nullptr;
    lua_pop(L, 1);  // the string stays alive in the list
    if (!text) return error("should return a list of strings");
    if (size > kMaxActionText)
      return error("returned an action of " + std::to_string(size) + " bytes; an action is at most " +
                   std::to_string(kMaxActionText));
    if ((bytes += size) > kLegalBytesMax)
      return error("returned more than " + std::to_string(kLegalBytesMax) +
                   " bytes of action texts in one list");
    if (i < out.size() && out[i].size() == size && std::memcmp(out[i].data(), text, size) == 0) continue;
    if (std::memchr(text, '\0', size))
      return error("returned a text with a NUL byte in it, which no one could type");
    std::string action =
        is_normal_action({text, size}) ? std::string(text, size) : normalize_action(std::string(text, size));
    if (i < out.size()) out[i] = std::move(action);
    else out.push_back(std::move(action));
  }
  out.resize(count);
  return {};
}

// The list of action texts expand() or completions() left on the top of the stack (nothing
// for another value), each normalised, into `out`; `what` names one in the errors, `many`
// more than kTextsMax.
Status read_texts(lua_State* L, const std::string& display, const char* hook, const char* what,
                  const char* many, std::vector<std::string>& out) {
  if (lua_istable(L, -1) && lua_rawlen(L, -1) > kTextsMax)
    return Status::error(display + ": " + hook + "() returned more than " + std::to_string(kTextsMax) + " " +
                         many);
  for (lua_Integer i = 1; lua_istable(L, -1) && i <= static_cast<lua_Integer>(lua_rawlen(L, -1)); ++i) {
    lua_rawgeti(L, -1, i);
    std::size_t size = 0;
    const char* text = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &size) : nullptr;
    std::string action =
        text && size <= kMaxActionText ? normalize_action(std::string(text, size)) : std::string();
    lua_pop(L, 1);
    if (size > kMaxActionText)
      return Status::error(display + ": " + hook + "() returned a " + what + " of " + std::to_string(size) +
                           " bytes; an action is at most " + std::to_string(kMaxActionText));
    if (text) out.push_back(std::move(action));
  }
  return {};
}

}  // namespace arbiter
