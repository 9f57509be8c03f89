#include "solver/zeroed_memory.hpp"

#include <sys/mman.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "model/core/errors.hpp"

// The kernel's value (asm-generic/mman-common.h): Debian 12's C library header predates it. A
// kernel without it refuses the call, and then only new faults get huge pages.
#if defined(MADV_HUGEPAGE) && !defined(MADV_COLLAPSE)
#define MADV_COLLAPSE 25
#endif

namespace arbiter::solver {

ZeroedMemory::ZeroedMemory(std::size_t bytes, Pages pages) : bytes_(bytes) {
  memory_ = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (memory_ == MAP_FAILED) {
    // The size comes from the user (--tt-mb): a table larger than the machine can map is bad input.
    throw InputError("cannot reserve " + std::to_string(bytes >> 20) + " MiB of memory for the search table: " +
                     std::strerror(errno) + " (give a smaller --tt-mb)");
  }
  if (pages == Pages::Huge) {
    huge_ = true;
#ifdef MADV_HUGEPAGE
    madvise(memory_, bytes, MADV_HUGEPAGE);
#endif
  }
}

// The collapse makes every huge page of the block at once, touched or not: by then the search has
// touched most of them anyway (its keys are spread over all of them).
void ZeroedMemory::use_huge_pages() {
  if (huge_.exchange(true)) return;
#ifdef MADV_HUGEPAGE
  madvise(memory_, bytes_, MADV_HUGEPAGE);
  madvise(memory_, bytes_, MADV_COLLAPSE);
#endif
}

void ZeroedMemory::zero() {
  // A private anonymous mapping reads as zero again after MADV_DONTNEED.
  if (madvise(memory_, bytes_, MADV_DONTNEED) != 0) std::memset(memory_, 0, bytes_);
}

ZeroedMemory::~ZeroedMemory() { munmap(memory_, bytes_); }

}  // namespace arbiter::solver
