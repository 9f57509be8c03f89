#pragma once
// Work farms: a long command cut into units of work (an opening move, a block of puzzle
// candidates) that run on threads of this process and, under `mpirun -n R arbiter ...`, on R
// processes. Rank 0 is the coordinator: it hands out units to whichever thread asks
// (its own threads included, so that on a 2-core machine 2 ranks keep both cores busy), receives
// every result as bytes and alone writes the command's output. Other ranks only compute.
//
// The same code runs without MPI (a plain `arbiter ...`, or a build without MPI): there is then
// one rank, and the farm is a pool of threads. Commands therefore never name MPI.
//
// Determinism is the command's part: a unit's result must depend on its id alone (not on the
// rank, the thread or the units run before it), and the coordinator must write results in unit
// order, not in arrival order.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace arbiter::distributed {

// The processes of this run: rank 0 of 1 for a plain `arbiter ...`, rank r of R under mpirun.
struct World {
  int rank = 0;
  int size = 1;
  // Started by mpirun, with any number of ranks (one included): commands whose results depend on
  // the mode (solve's table per move) run as under several ranks, so that a run stopped under one
  // rank count resumes under another.
  bool launched = false;
  bool coordinator() const { return rank == 0; }
};

// True when this binary was built with MPI (CMake option ARBITER_MPI).
bool mpi_built();
// The name and version of the MPI library this binary runs with ("" without MPI).
std::string mpi_library_version();

// This process's place. The first call starts MPI when (and only when) the process was started
// by Open MPI's mpirun (OMPI_COMM_WORLD_SIZE in the environment); a plain run never touches MPI.
// Throws InputError (on every rank) when it was started by mpirun with several ranks but built
// without MPI, or by another MPI's launcher, since each process would then do the whole job.
const World& world();

// The exit status of an internal error (a defect in Arbiter, not bad input), on rank 0 (main) or a
// worker rank (MPI_Abort): EX_SOFTWARE, which no command uses for an answer of its own (README,
// "Exit statuses"). It was 3 until 29 November 2026, which verify-proof also gives a partial analysis.
inline constexpr int kInternalErrorExit = 70;

// Ends MPI (when it was started). Called once by main on the way out, on every path.
void finish();

// Rank 0 failed before its farm started (bad input it alone can see, such as a locked output):
// tells the other ranks, waiting in run_farm, to leave quietly. Harmless without MPI.
void abandon_workers();

// Thrown by run_farm on a rank other than 0 when rank 0 abandoned the run; main exits with
// status 2 without a message (rank 0 printed the one line).
struct Abandoned {};

using UnitId = std::uint64_t;

struct FarmJob {
  // Rank 0: the next unit to hand out, or nullopt when none is ready (all handed out, enough
  // results, a stop request). Called under the farm's lock.
  std::function<std::optional<UnitId>()> next_unit;
  // Rank 0, optional: whether a unit may still become ready when next_unit has none now (units
  // that are found only from other units' results, such as a proof needed only where a lemma is
  // not proved). While it says so and units are out, a thread asking for work waits for the next
  // result and asks next_unit again, instead of being told there is no more. Unset: never.
  // Called under the farm's lock.
  std::function<bool()> more_may_come;
  // Every rank, on `threads` threads at once: does a unit and returns its result as bytes.
  std::function<std::string(UnitId)> work;
  // Rank 0: one result, in arrival order, one call at a time (under the farm's lock).
  std::function<void(UnitId, const std::string&)> on_result;
  int threads = 1;  // compute threads per rank
  // Units a compute thread of a rank other than 0 holds at once (the one it works on and those
  // asked for ahead). 2 hides a request's round trip (about a millisecond here) behind units of a
  // few milliseconds; keep 1 for long units, so that none waits behind another while a thread
  // elsewhere runs dry. Rank 0's own threads take units directly and need none ahead.
  int units_in_hand = 1;
};

struct FarmReport {
  std::vector<std::uint64_t> units_per_rank;  // units each rank computed (rank 0's view)
};

// Runs the job until next_unit has nothing more and every unit handed out has come back. On
// ranks other than 0 only `work` and `threads` are used.
FarmReport run_farm(const FarmJob& job);

}  // namespace arbiter::distributed
