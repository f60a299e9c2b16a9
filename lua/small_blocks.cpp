#include "lua/small_blocks.hpp"

#include <cstdlib>
#include <cstring>

namespace arbiter {

SmallBlocks::~SmallBlocks() {
  for (void* c : chunks_) std::free(c);
}

void* SmallBlocks::take(std::size_t size) {
  std::size_t k = size_class(size);
  if (void* p = free_[k]) {
    free_[k] = *static_cast<void**>(p);
    return p;
  }
  std::size_t bytes = (k + 1) * kGrain;
  if (next_ == nullptr || static_cast<std::size_t>(end_ - next_) < bytes) {
    void* chunk = std::malloc(kChunk);  // malloc aligns for any object, as Lua needs
    if (!chunk) return nullptr;
    chunks_.push_back(chunk);
    next_ = static_cast<char*>(chunk);
    end_ = next_ + kChunk;  // the tail of the last chunk, if any, is left unused
  }
  void* p = next_;
  next_ += bytes;
  return p;
}

void SmallBlocks::give(void* p, std::size_t size) {
  std::size_t k = size_class(size);
  *static_cast<void**>(p) = free_[k];
  free_[k] = p;
}

void* SmallBlocks::resize(void* ptr, std::size_t old_size, std::size_t new_size) {
  bool old_small = ptr != nullptr && old_size <= kLargest;
  if (new_size == 0) {
    if (old_small) give(ptr, old_size);
    else std::free(ptr);
    return nullptr;
  }
  if (ptr == nullptr) return new_size <= kLargest ? take(new_size) : std::malloc(new_size);
  if (!old_small && new_size > kLargest) return std::realloc(ptr, new_size);
  if (old_small && new_size <= kLargest && size_class(old_size) == size_class(new_size)) return ptr;
  void* p = new_size <= kLargest ? take(new_size) : std::malloc(new_size);
  if (!p) return nullptr;  // Lua keeps the old block when a resize fails
  std::memcpy(p, ptr, old_size < new_size ? old_size : new_size);
  if (old_small) give(ptr, old_size);
  else std::free(ptr);
  return p;
}

}  // namespace arbiter
