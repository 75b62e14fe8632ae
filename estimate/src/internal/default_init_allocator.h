// std::allocator whose value-less construct default-initialises: a std::vector<T,
// DefaultInitAllocator<T>>(n) of a trivial T is not zeroed. For buffers written in full right
// after they are sized (the EM's report lists, hundreds of MB at the census setting), where
// zeroing would be one more pass over all of their memory.
#pragma once

#include <memory>
#include <new>
#include <utility>

namespace uldp::estimate::internal {

template <typename T>
struct DefaultInitAllocator : std::allocator<T> {
  template <typename U>
  struct rebind {
    using other = DefaultInitAllocator<U>;
  };
  DefaultInitAllocator() = default;
  template <typename U>
  DefaultInitAllocator(const DefaultInitAllocator<U>&) noexcept {}  // rebinding is implicit
  template <typename U>
  void construct(U* at) noexcept(noexcept(::new (static_cast<void*>(at)) U)) {
    ::new (static_cast<void*>(at)) U;
  }
  template <typename U, typename... Args>
  void construct(U* at, Args&&... args) {
    ::new (static_cast<void*>(at)) U(std::forward<Args>(args)...);
  }
};

}  // namespace uldp::estimate::internal
