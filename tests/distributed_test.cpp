// The work farm without MPI (a plain process is rank 0 of 1) and the output lock
// (distributed/farm.hpp, distributed/output_lock.hpp); runs across ranks are tests/cli/mpi.sh.
#include <gtest/gtest.h>

#include <chrono>
#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <thread>
#include <unistd.h>

#include "distributed/farm.hpp"
#include "distributed/output_lock.hpp"
#include "model/core/errors.hpp"

namespace arbiter::distributed {
namespace {

TEST(Farm, EveryUnitIsComputedOnceAndItsResultReachesRankZero) {
  ASSERT_TRUE(world().coordinator());
  for (int threads : {1, 4}) {
    std::uint64_t handed = 0;
    std::map<UnitId, std::string> results;
    FarmJob job;
    job.threads = threads;
    job.next_unit = [&]() -> std::optional<UnitId> {
      if (handed == 50) return std::nullopt;
      return handed++;
    };
    job.work = [](UnitId id) { return std::string(id % 7, 'x') + std::to_string(id * id); };
    job.on_result = [&](UnitId id, const std::string& bytes) { EXPECT_TRUE(results.emplace(id, bytes).second) << id; };
    const FarmReport report = run_farm(job);
    ASSERT_EQ(results.size(), 50u) << threads << " threads";
    for (const auto& [id, bytes] : results) EXPECT_EQ(bytes, std::string(id % 7, 'x') + std::to_string(id * id));
    ASSERT_EQ(report.units_per_rank.size(), 1u);
    EXPECT_EQ(report.units_per_rank[0], 50u);
  }
}

TEST(Farm, AFailingUnitStopsTheHandingOutAndIsRethrown) {
  std::uint64_t handed = 0;
  FarmJob job;
  job.threads = 3;
  job.next_unit = [&]() -> std::optional<UnitId> { return handed < 1000 ? std::optional<UnitId>(handed++) : std::nullopt; };
  // The other units take a millisecond each, so that handing out all 1000 would take the other
  // two threads half a second: a failure the farm ignored is seen even on a loaded machine (with
  // units of no duration, a failing thread descheduled for a moment let the others hand out all
  // of them, and the test failed under load without any fault of the farm).
  job.work = [](UnitId id) -> std::string {
    if (id == 5) throw std::runtime_error("unit 5 failed");
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return "";
  };
  job.on_result = [](UnitId, const std::string&) {};
  EXPECT_THROW(run_farm(job), std::runtime_error);
  EXPECT_LT(handed, 1000u);
}

// Units found only from other units' results (prove's claim decided where its lemma is not
// proved): while more_may_come says so, a thread with nothing to take waits for the next result
// instead of leaving, so the units found late are computed too, each once.
TEST(Farm, UnitsFoundFromResultsAreWaitedForAndComputed) {
  for (int threads : {1, 4}) {
    std::deque<UnitId> ready{0, 1};
    std::map<UnitId, std::string> results;
    FarmJob job;
    job.threads = threads;
    job.next_unit = [&]() -> std::optional<UnitId> {
      if (ready.empty()) return std::nullopt;
      const UnitId id = ready.front();
      ready.pop_front();
      return id;
    };
    job.more_may_come = [] { return true; };
    // Unit i < 20 makes unit i + 2 ready once its result is in: never more than two are ready at once.
    job.work = [](UnitId id) {
      std::this_thread::sleep_for(std::chrono::microseconds(200));
      return std::to_string(id);
    };
    job.on_result = [&](UnitId id, const std::string& bytes) {
      EXPECT_TRUE(results.emplace(id, bytes).second) << id;
      if (id < 20) ready.push_back(id + 2);
    };
    run_farm(job);
    ASSERT_EQ(results.size(), 22u) << threads << " threads";
    for (const auto& [id, bytes] : results) EXPECT_EQ(bytes, std::to_string(id));
  }
}

TEST(OutputLock, ASecondRunOnTheSameOutputIsRefusedUntilTheFirstEnds) {
  const std::string output = (std::filesystem::temp_directory_path() / ("arbiter-lock-test-" + std::to_string(::getpid()))).string();
  {
    const OutputLock first(output);
    EXPECT_THROW(OutputLock second(output), InputError);
  }
  EXPECT_NO_THROW(OutputLock again(output));
  // A run that ends leaves no lock file beside its output.
  EXPECT_FALSE(std::filesystem::exists(output + ".lock"));
  {
    const OutputLock held(output);
    EXPECT_TRUE(std::filesystem::exists(output + ".lock"));
  }
  EXPECT_FALSE(std::filesystem::exists(output + ".lock"));
}

// A symbolic link to an output is the same output: its lock is the real path's (keyed on the name
// as given, two generators ran at once on one store, one of them through a link).
TEST(OutputLock, ALinkToTheOutputIsTheSameOutput) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("arbiter-lock-link-test-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "real");
  const std::string store = (dir / "real" / "p.db").string();
  { std::ofstream(store) << "x"; }
  fs::create_symlink(store, dir / "link.db");
  fs::create_directory_symlink(dir / "real", dir / "folder");
  {
    const OutputLock first(store);
    EXPECT_THROW(OutputLock through_link((dir / "link.db").string()), InputError);
    EXPECT_THROW(OutputLock through_folder((dir / "folder" / "p.db").string()), InputError);
    EXPECT_TRUE(lock_holder((dir / "link.db").string()).has_value());
  }
  {
    // An output not yet made, through a linked folder: the real folder's lock too.
    const OutputLock first((dir / "folder" / "new.db").string());
    EXPECT_THROW(OutputLock direct((dir / "real" / "new.db").string()), InputError);
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace arbiter::distributed
