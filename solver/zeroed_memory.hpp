#pragma once
// A large block of memory that reads as zero until written, taken from the system as it is first
// touched (an empty table costs nothing until a search fills it), page-aligned, and in huge pages
// where the system gives them: the solver's tables are read at random, and with small pages most
// look-ups would miss the address cache as well.
#include <cstddef>

namespace arbiter::solver {

class ZeroedMemory {
 public:
  explicit ZeroedMemory(std::size_t bytes);  // throws std::bad_alloc
  ~ZeroedMemory();
  ZeroedMemory(const ZeroedMemory&) = delete;
  ZeroedMemory& operator=(const ZeroedMemory&) = delete;
  void* data() const { return memory_; }
  std::size_t size() const { return bytes_; }

 private:
  void* memory_ = nullptr;
  std::size_t bytes_ = 0;
};

}  // namespace arbiter::solver
