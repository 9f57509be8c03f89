#pragma once
// One run at a time per output: two runs that wrote the same journal or puzzle store at once
// would each think it owned the cursor. The lock is an flock on OUTPUT.lock (OUTPUT's real path,
// symbolic links resolved: a link to a store is the same store), released by the
// kernel when the process ends however it ends, so a killed run never leaves a stale lock (only
// its file, which the next run takes); a run that ends normally removes the file.
#include <optional>
#include <string>

namespace arbiter::distributed {

// Whether a run holds the lock for `output` now, found without taking it and without making its
// file: nullopt when none does (no lock file, or one a run that ended left), else the holder's
// process id as its lock file names it ("" when it names none).
std::optional<std::string> lock_holder(const std::string& output);

// The lock file of `output`: its real path (std::filesystem::weakly_canonical) and ".lock".
std::string lock_path(const std::string& output);

class OutputLock {
 public:
  // Takes the lock for `output` (a file or directory path) or throws InputError, one line
  // naming the output and the process holding it, and saying to wait or to give another `option`
  // (the option that chose the output, "--db"; by default "output").
  explicit OutputLock(const std::string& output, const std::string& option = "output");
  OutputLock(const OutputLock&) = delete;
  OutputLock& operator=(const OutputLock&) = delete;
  ~OutputLock();

 private:
  std::string path_;
  int descriptor_ = -1;
};

}  // namespace arbiter::distributed
