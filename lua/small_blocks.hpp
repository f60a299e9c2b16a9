// The Lua heap's small blocks, kept on free lists by size. Lua tells the allocator the
// size of every block it frees or resizes, so a block needs no header: a list per size
// class (16, 32, ... 256 bytes) and chunks carved in order. Blocks above 256 bytes, and
// the chunks themselves, come from malloc. Nothing goes back to malloc before the Lua
// state is closed; the memory cap still counts the bytes Lua holds, not the chunks.
#pragma once
#include <array>
#include <cstddef>
#include <vector>

namespace arbiter {

class SmallBlocks {
 public:
  static constexpr std::size_t kLargest = 256;

  SmallBlocks() = default;
  SmallBlocks(const SmallBlocks&) = delete;
  SmallBlocks& operator=(const SmallBlocks&) = delete;
  ~SmallBlocks();

  // lua_Alloc's contract: new_size 0 frees; otherwise a block of new_size bytes holding
  // the first min(old_size, new_size) bytes of ptr (ptr null: a new block), or null.
  void* resize(void* ptr, std::size_t old_size, std::size_t new_size);

 private:
  static constexpr std::size_t kGrain = 16;
  static constexpr std::size_t kChunk = 64 * 1024;
  static std::size_t size_class(std::size_t size) { return (size - 1) / kGrain; }
  void* take(std::size_t size);
  void give(void* p, std::size_t size);

  std::array<void*, kLargest / kGrain> free_{};
  std::vector<void*> chunks_;
  char* next_ = nullptr;
  char* end_ = nullptr;
};

}  // namespace arbiter
