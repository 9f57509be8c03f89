#pragma once
// A large block of memory that reads as zero until written, taken from the system as it is first
// touched (an empty table costs nothing until a search fills it), page-aligned, and in huge pages
// where the system gives them: the solver's tables are read at random, and with small pages most
// look-ups would miss the address cache as well (a 5x5 connection game's solve with a 256 MiB
// table: 15% slower on small pages).
//
// A huge page is 512 small ones, and a table's keys are spread over all of it, so a search that
// stores a few thousand entries already touches every huge page: on a virtual machine whose host
// backs memory as it is first touched, a 4x4 solve then spent 1 s making 256 MiB. A table can
// therefore start on small pages and switch once its search has shown it is not a short one.
#include <atomic>
#include <cstddef>

namespace arbiter::solver {

class ZeroedMemory {
 public:
  enum class Pages { Huge, SmallUntilAsked };
  explicit ZeroedMemory(std::size_t bytes, Pages pages = Pages::Huge);  // throws std::bad_alloc
  ~ZeroedMemory();
  ZeroedMemory(const ZeroedMemory&) = delete;
  ZeroedMemory& operator=(const ZeroedMemory&) = delete;
  void* data() const { return memory_; }
  std::size_t size() const { return bytes_; }
  // Huge pages from now on, and the small pages already touched gathered into huge ones where the
  // kernel can (MADV_COLLAPSE, Linux 6.1 on). Acts once; the contents are kept, and other threads
  // may read and write the memory meanwhile.
  void use_huge_pages();
  // Reads as zero again, all of it, and the pages touched go back to the system (not while
  // another thread uses the memory).
  void zero();

 private:
  void* memory_ = nullptr;
  std::size_t bytes_ = 0;
  std::atomic<bool> huge_{false};
};

}  // namespace arbiter::solver
