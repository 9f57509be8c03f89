#include "distributed/farm.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>

#include "model/core/errors.hpp"

#if ARBITER_WITH_MPI
// The C API only: MPI's deprecated C++ bindings do not compile cleanly under -Wextra -Werror.
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>
#endif

namespace arbiter::distributed {
namespace {

// What the launcher told this process, read from the environment before MPI is touched.
struct Launch {
  bool by_open_mpi = false;     // OMPI_COMM_WORLD_SIZE: Open MPI's mpirun
  bool by_other_mpi = false;    // PMI_SIZE / MPI_LOCALNRANKS without it: MPICH's or another launcher
  int size = 1;
  int rank = 0;
};

int environment_number(const char* name, int otherwise) {
  const char* text = std::getenv(name);
  if (text == nullptr || *text == '\0') return otherwise;
  char* end = nullptr;
  const long value = std::strtol(text, &end, 10);
  return *end == '\0' && value >= 0 && value < 1000000 ? static_cast<int>(value) : otherwise;
}

Launch read_launch() {
  Launch launch;
  if (std::getenv("OMPI_COMM_WORLD_SIZE") != nullptr) {
    launch.by_open_mpi = true;
    launch.size = environment_number("OMPI_COMM_WORLD_SIZE", 1);
    launch.rank = environment_number("OMPI_COMM_WORLD_RANK", 0);
  } else if (std::getenv("PMI_SIZE") != nullptr || std::getenv("MPI_LOCALNRANKS") != nullptr) {
    launch.by_other_mpi = true;
    launch.size = environment_number("PMI_SIZE", environment_number("MPI_LOCALNRANKS", 1));
    launch.rank = environment_number("PMI_RANK", 0);
  }
  return launch;
}

#if ARBITER_WITH_MPI
bool g_mpi_started = false;
bool g_farm_started = false;
#endif

World start_world() {
  const Launch launch = read_launch();
  World w;
  w.rank = launch.rank;
  w.size = launch.size;
  if (launch.by_other_mpi && launch.size > 1) {
    throw InputError("started by an MPI launcher other than Open MPI's mpirun (PMI_SIZE=" + std::to_string(launch.size) +
                     "): each process would do the whole job; start it with Open MPI's mpirun" +
                     (mpi_built() ? " (this binary uses " + mpi_library_version() + ")" : ""));
  }
  if (!launch.by_open_mpi) return World{};
#if ARBITER_WITH_MPI
  // Open MPI spins in a blocking call (a send waiting for rank 0 to take it) unless told to yield;
  // with ranks sharing cores the spinning takes the CPU the compute threads need (puzzle runs on
  // 2 ranks of 2 cores: 1.63x one rank's speed without, 1.84x with). A value the user set wins.
  setenv("OMPI_MCA_mpi_yield_when_idle", "1", 0);
  int provided = 0;
  // Only the main thread of each rank calls MPI; compute threads never do.
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  g_mpi_started = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &w.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &w.size);
  w.launched = true;
  if (w.size != launch.size) {
    // A mpirun of another Open MPI than the library linked in: each process sees itself alone.
    throw InputError("mpirun started " + std::to_string(launch.size) + " processes but MPI sees " + std::to_string(w.size) +
                     ": mpirun and this binary's MPI library (" + mpi_library_version() + ") do not match");
  }
  return w;
#else
  if (launch.size > 1) {
    throw InputError("MPI support is not built (configure with -DARBITER_MPI=ON and libopenmpi-dev installed): under mpirun -n " +
                     std::to_string(launch.size) + " each process would do the whole job; run arbiter without mpirun");
  }
  World alone;
  alone.launched = true;
  return alone;
#endif
}

// Keeps the first exception of any compute thread, to be rethrown by the thread that waits.
class FirstFailure {
 public:
  void keep(std::exception_ptr error) {
    std::lock_guard<std::mutex> guard(lock_);
    if (!error_) error_ = error;
  }
  bool failed() {
    std::lock_guard<std::mutex> guard(lock_);
    return static_cast<bool>(error_);
  }
  void rethrow() {
    if (error_) std::rethrow_exception(error_);
  }

 private:
  std::mutex lock_;
  std::exception_ptr error_;
};

// Rank 0's state, shared by its compute threads and (under MPI) its messaging loop.
struct Coordinator {
  explicit Coordinator(const FarmJob& farm_job) : job(farm_job) {}
  const FarmJob& job;
  std::mutex lock;
  std::condition_variable returned;  // a unit came back, or a thread failed: waiting threads ask again
  FarmReport report;
  FirstFailure failure;
  std::size_t out = 0;  // units handed out and not yet back

  enum class Ask { Unit, Wait, Done };
  // Under `lock`. Wait: nothing is ready now, but a unit out may make some ready (more_may_come).
  Ask next(UnitId& id) {
    if (failure.failed()) return Ask::Done;
    if (const std::optional<UnitId> unit = job.next_unit()) {
      id = *unit;
      ++out;
      return Ask::Unit;
    }
    return out > 0 && job.more_may_come && job.more_may_come() ? Ask::Wait : Ask::Done;
  }
  // Under `lock`, after on_result.
  void back() {
    --out;
    returned.notify_all();
  }
};

void coordinator_thread(Coordinator& c) {
  try {
    for (;;) {
      UnitId id = 0;
      {
        std::unique_lock<std::mutex> guard(c.lock);
        Coordinator::Ask ask = c.next(id);
        for (; ask == Coordinator::Ask::Wait; ask = c.next(id)) c.returned.wait(guard);
        if (ask == Coordinator::Ask::Done) return;
      }
      const std::string bytes = c.job.work(id);
      std::lock_guard<std::mutex> guard(c.lock);
      c.job.on_result(id, bytes);
      ++c.report.units_per_rank[0];
      c.back();
    }
  } catch (...) {
    c.failure.keep(std::current_exception());
    const std::lock_guard<std::mutex> guard(c.lock);
    c.returned.notify_all();
  }
}

#if ARBITER_WITH_MPI
// Messages: a slot (a compute thread of the sending or receiving rank), a unit id, then bytes.
enum Tag : int { kReady = 1, kResult = 2, kUnit = 3, kNone = 4, kAbandon = 5 };

std::string message(std::uint32_t slot, UnitId id, const std::string& payload = {}) {
  std::string m(sizeof slot + sizeof id, '\0');
  std::memcpy(m.data(), &slot, sizeof slot);
  std::memcpy(m.data() + sizeof slot, &id, sizeof id);
  return m + payload;
}

void send(int to, Tag tag, const std::string& m) {
  MPI_Send(m.data(), static_cast<int>(m.size()), MPI_BYTE, to, tag, MPI_COMM_WORLD);
}

struct Received {
  int from = 0;
  int tag = 0;
  std::uint32_t slot = 0;
  UnitId id = 0;
  std::string payload;
};

// A message if one is waiting. Polling instead of a blocking receive: Open MPI's blocking calls
// spin, and the spinning would take the core this rank's compute threads need.
std::optional<Received> poll(int from) {
  int waiting = 0;
  MPI_Status status;
  MPI_Iprobe(from, MPI_ANY_TAG, MPI_COMM_WORLD, &waiting, &status);
  if (!waiting) return std::nullopt;
  int bytes = 0;
  MPI_Get_count(&status, MPI_BYTE, &bytes);
  std::string m(static_cast<std::size_t>(bytes), '\0');
  MPI_Recv(m.data(), bytes, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  Received r;
  r.from = status.MPI_SOURCE;
  r.tag = status.MPI_TAG;
  if (m.size() >= sizeof r.slot + sizeof r.id) {
    std::memcpy(&r.slot, m.data(), sizeof r.slot);
    std::memcpy(&r.id, m.data() + sizeof r.slot, sizeof r.id);
    r.payload = m.substr(sizeof r.slot + sizeof r.id);
  }
  return r;
}

void pause_briefly() { std::this_thread::sleep_for(std::chrono::microseconds(500)); }

// Rank 0's messaging loop: every message from a worker's slot (ready, or a result) asks for
// its next unit and is answered with one unit or with "none". Each slot keeps kUnitsAsked
// requests open (FarmJob::units_in_hand); a "none" ends one of them, so the loop ends when every request of every slot
// of every other rank has been answered "none", which is after the last result came back.
void coordinate_remote(Coordinator& c, const World& w) {
  std::size_t open_requests = static_cast<std::size_t>(w.size - 1) *
                              static_cast<std::size_t>(std::max(1, c.job.threads)) *
                              static_cast<std::size_t>(std::max(1, c.job.units_in_hand));
  // Requests told to wait (FarmJob::more_may_come), oldest first, as (rank, slot).
  std::deque<std::pair<int, std::uint32_t>> waiting;
  // Answers one request with a unit or "none"; false when it must wait for a result.
  const auto answer = [&](int to, std::uint32_t slot) {
    UnitId id = 0;
    Coordinator::Ask ask = Coordinator::Ask::Done;
    {
      std::lock_guard<std::mutex> guard(c.lock);
      try {
        ask = c.next(id);
      } catch (...) {
        c.failure.keep(std::current_exception());
      }
    }
    if (ask == Coordinator::Ask::Wait) return false;
    if (ask == Coordinator::Ask::Unit) {
      send(to, kUnit, message(slot, id));
    } else {
      send(to, kNone, message(slot, 0));
      --open_requests;
    }
    return true;
  };
  const auto answer_waiting = [&] {
    while (!waiting.empty() && answer(waiting.front().first, waiting.front().second)) waiting.pop_front();
  };
  while (open_requests > 0) {
    auto r = poll(MPI_ANY_SOURCE);
    if (!r) {
      answer_waiting();  // a result of this rank's own threads may have made a unit ready
      pause_briefly();
      continue;
    }
    if (r->tag == kResult) {
      std::lock_guard<std::mutex> guard(c.lock);
      try {
        c.job.on_result(r->id, r->payload);
      } catch (...) {
        c.failure.keep(std::current_exception());
      }
      ++c.report.units_per_rank[static_cast<std::size_t>(r->from)];
      c.back();
    }
    answer_waiting();
    if (!waiting.empty() || !answer(r->from, r->slot)) waiting.emplace_back(r->from, r->slot);
  }
}

// A rank other than 0: its compute threads take units from their slots, its main thread carries
// messages.
void serve(const FarmJob& job) {
  const int threads = std::max(1, job.threads);
  const int asked = std::max(1, job.units_in_hand);
  struct Slot {
    std::deque<UnitId> units;  // received, not yet started
    int nones = 0;             // requests answered "none": at `asked` the slot is closed
    bool abandoned = false;
  };
  struct Done {
    std::uint32_t slot;
    UnitId id;
    std::string bytes;
  };
  std::vector<Slot> slots(static_cast<std::size_t>(threads));
  std::deque<Done> outbox;
  std::mutex lock;
  std::condition_variable changed;
  FirstFailure failure;
  auto compute = [&](std::uint32_t s) {
    for (;;) {
      UnitId id = 0;
      {
        std::unique_lock<std::mutex> guard(lock);
        changed.wait(guard, [&] { return !slots[s].units.empty() || slots[s].abandoned || slots[s].nones >= asked; });
        if (slots[s].abandoned || slots[s].units.empty()) return;
        id = slots[s].units.front();
        slots[s].units.pop_front();
      }
      std::string bytes;
      try {
        bytes = job.work(id);
      } catch (...) {
        // The rank cannot go on; MPI_Abort below ends the whole run (rank 0 keeps what it wrote).
        failure.keep(std::current_exception());
      }
      std::lock_guard<std::mutex> guard(lock);
      outbox.push_back(Done{s, id, std::move(bytes)});
      changed.notify_all();
    }
  };
  std::vector<std::thread> pool;
  for (int s = 0; s < threads; ++s) pool.emplace_back(compute, static_cast<std::uint32_t>(s));
  for (int ask = 0; ask < asked; ++ask) {
    for (int s = 0; s < threads; ++s) send(0, kReady, message(static_cast<std::uint32_t>(s), 0));
  }
  bool abandoned = false;
  for (;;) {
    std::deque<Done> sending;
    {
      std::unique_lock<std::mutex> guard(lock);
      changed.wait_for(guard, std::chrono::microseconds(200), [&] { return !outbox.empty(); });
      sending.swap(outbox);
      bool all_closed = true;
      for (const Slot& slot : slots) all_closed = all_closed && (slot.abandoned || slot.nones >= asked);
      if (all_closed && sending.empty()) break;
    }
    if (failure.failed()) {
      try {
        failure.rethrow();
      } catch (const std::exception& e) {
        std::fprintf(stderr, "arbiter: internal error on rank %d: %s\n", world().rank, e.what());
      }
      MPI_Abort(MPI_COMM_WORLD, kInternalErrorExit);
    }
    for (const Done& d : sending) send(0, kResult, message(d.slot, d.id, d.bytes));
    while (auto r = poll(0)) {
      std::lock_guard<std::mutex> guard(lock);
      if (r->tag == kAbandon) {
        abandoned = true;
        for (Slot& slot : slots) slot.abandoned = true;
      } else if (r->slot < slots.size()) {
        if (r->tag == kUnit) slots[r->slot].units.push_back(r->id);
        if (r->tag == kNone) ++slots[r->slot].nones;
      }
      changed.notify_all();
    }
  }
  for (auto& thread : pool) thread.join();
  if (abandoned) throw Abandoned{};
}
#endif

}  // namespace

bool mpi_built() { return ARBITER_WITH_MPI != 0; }

std::string mpi_library_version() {
#if ARBITER_WITH_MPI
  char text[MPI_MAX_LIBRARY_VERSION_STRING];
  int length = 0;
  MPI_Get_library_version(text, &length);
  std::string version(text, static_cast<std::size_t>(length));
  const auto comma = version.find(',');
  return comma == std::string::npos ? version : version.substr(0, comma);
#else
  return "";
#endif
}

const World& world() {
  static const World w = start_world();
  return w;
}

void finish() {
#if ARBITER_WITH_MPI
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (g_mpi_started && !finalized) MPI_Finalize();
#endif
}

void abandon_workers() {
#if ARBITER_WITH_MPI
  if (!g_mpi_started || g_farm_started) return;
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (rank != 0) return;
  for (int to = 1; to < size; ++to) send(to, kAbandon, message(0, 0));
#endif
}

FarmReport run_farm(const FarmJob& job) {
  const World& w = world();
  Coordinator c(job);
  c.report.units_per_rank.assign(static_cast<std::size_t>(w.size), 0);
#if ARBITER_WITH_MPI
  g_farm_started = true;
  if (!w.coordinator()) {
    serve(job);
    return c.report;
  }
#endif
  std::vector<std::thread> pool;
  for (int t = 1; t < std::max(1, job.threads); ++t) pool.emplace_back(coordinator_thread, std::ref(c));
#if ARBITER_WITH_MPI
  if (w.size > 1) {
    // The main thread carries the messages; the compute threads are all extra threads.
    pool.emplace_back(coordinator_thread, std::ref(c));
    coordinate_remote(c, w);
  } else {
    coordinator_thread(c);
  }
#else
  coordinator_thread(c);
#endif
  for (auto& thread : pool) thread.join();
  c.failure.rethrow();
  return c.report;
}

}  // namespace arbiter::distributed
