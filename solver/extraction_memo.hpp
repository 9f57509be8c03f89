#pragma once
// What a certificate extraction has written already, by position (key, ply and a tag saying which
// claim: proof or disproof, or the bound of a bounded search). Certificates run to millions of
// nodes and the extraction asks about every child of every choosing node, so the table is open
// addressing with linear probing: a look-up is usually one cache line, where a chained hash map
// pays a cache miss per link.
#include <cstdint>
#include <vector>

namespace arbiter::solver {

class ExtractionMemo {
 public:
  struct Written {
    int id = 0;           // the node's id in the certificate
    bool strict = false;  // (df-pn) no leaf below is a draw
  };

  void clear();
  // Whether a node was written for the position and tag; if so, `out` is set to it.
  bool find(std::uint64_t key, int ply, int tag, Written& out) const;
  void insert(std::uint64_t key, int ply, int tag, Written written);
  std::size_t size() const { return used_; }

 private:
  struct Slot {
    std::uint64_t key = 0;
    std::int32_t ply = 0;
    std::int32_t id = 0;
    std::uint16_t tag = 0;
    bool strict = false;
    bool used = false;
  };
  std::size_t home(std::uint64_t key, int ply, int tag) const;
  void grow();

  std::vector<Slot> slots_;
  std::size_t used_ = 0;
};

}  // namespace arbiter::solver
