#include "solver/zeroed_memory.hpp"

#include <sys/mman.h>

#include <new>

namespace arbiter::solver {

ZeroedMemory::ZeroedMemory(std::size_t bytes) : bytes_(bytes) {
  memory_ = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (memory_ == MAP_FAILED) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
  madvise(memory_, bytes, MADV_HUGEPAGE);
#endif
}

ZeroedMemory::~ZeroedMemory() { munmap(memory_, bytes_); }

}  // namespace arbiter::solver
