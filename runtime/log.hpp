// The game's log: what was done and said, each entry with who may read it.
// A persistent list, so copying a state copies one pointer.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace arbiter {

constexpr std::uint32_t kEveryone = 0xffffffffu;

struct Event {
  // Redeal: the hidden components dealt again after an undo (play/sample.hpp); its
  // text is "SEED SEATS", read by redeal_event, and nobody reads it in a view.
  enum class Kind : std::uint8_t { Action, Say, Chance, Redeal } kind = Kind::Say;
  int seat = -1;                         // who acted (Action), or -1
  std::string text;                      // the action's canonical text, or the words said
  std::uint32_t audience = kEveryone;    // a bit per seat
};

class Log {
 public:
  Log() = default;
  Log(const Log&) = default;
  Log(Log&&) noexcept = default;
  Log& operator=(const Log& o) {
    if (this != &o) {
      release();
      head_ = o.head_;
    }
    return *this;
  }
  Log& operator=(Log&& o) noexcept {
    if (this != &o) {
      release();
      head_ = std::move(o.head_);
    }
    return *this;
  }
  ~Log() { release(); }

  // What one entry costs beyond its text (the node, its control block, the allocator's
  // share), so that the narration's limit bounds memory and not just text.
  static constexpr std::size_t kEntryCost = 128;

  void push(Event e) {
    std::size_t bytes = this->bytes() + e.text.size() + kEntryCost;
    head_ = std::make_shared<const Node>(Node{std::move(e), head_, size() + 1, bytes});
  }
  std::size_t size() const { return head_ ? head_->size : 0; }
  // The memory the entries hold (text and kEntryCost each), for the narration's limit.
  std::size_t bytes() const { return head_ ? head_->bytes : 0; }
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
    std::size_t bytes;
  };
  // Drops this log's hold on its entries one node at a time: letting the last pointer go
  // would destroy the list by recursion, one stack frame per entry.
  void release() {
    std::shared_ptr<const Node> n = std::move(head_);
    while (n && n.use_count() == 1) {
      std::shared_ptr<const Node> prev = n->prev;
      n.reset();
      n = std::move(prev);
    }
  }
  std::shared_ptr<const Node> head_;
};

}  // namespace arbiter
