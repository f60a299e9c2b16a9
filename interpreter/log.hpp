// The game's log: what was done and said, each entry with who may read it.
// A persistent list, so copying a state copies one pointer.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace arbiter {

constexpr std::uint32_t kEveryone = 0xffffffffu;

struct Event {
  enum class Kind : std::uint8_t { Action, Say, Chance } kind = Kind::Say;
  int seat = -1;                         // who acted (Action), or -1
  std::string text;                      // the action's canonical text, or the words said
  std::uint32_t audience = kEveryone;    // a bit per seat
};

class Log {
 public:
  void push(Event e) {
    head_ = std::make_shared<const Node>(Node{std::move(e), head_, size() + 1});
  }
  std::size_t size() const { return head_ ? head_->size : 0; }
  // Entries oldest first, from `from` on.
  std::vector<Event> entries(std::size_t from = 0) const {
    std::vector<Event> out;
    for (auto n = head_; n && n->size > from; n = n->prev) out.push_back(n->event);
    return {out.rbegin(), out.rend()};
  }

 private:
  struct Node {
    Event event;
    std::shared_ptr<const Node> prev;
    std::size_t size;
  };
  std::shared_ptr<const Node> head_;
};

}  // namespace arbiter
