#include "distributed/output_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "model/core/errors.hpp"

namespace arbiter::distributed {

std::string lock_path(const std::string& output) {
  // The real path: a symbolic link to a store, or a path through one, locks the store itself
  // (keyed on the name as given, two generators ran at once on one store, one through a link).
  // weakly_canonical resolves the part of the path that exists, so an output not yet made (a new
  // store, a new journal) is keyed on its real folder.
  std::error_code error;
  const std::filesystem::path real = std::filesystem::weakly_canonical(output, error);
  return (error || real.empty() ? output : real.string()) + ".lock";
}

std::optional<std::string> lock_holder(const std::string& output) {
  const std::string path = lock_path(output);
  const int descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (descriptor < 0) return std::nullopt;
  // A shared lock is refused while a run holds the exclusive one; taken, it is let go at once.
  if (::flock(descriptor, LOCK_SH | LOCK_NB) == 0) {
    ::close(descriptor);
    return std::nullopt;
  }
  char holder[32] = {};
  const ssize_t n = ::pread(descriptor, holder, sizeof holder - 1, 0);
  ::close(descriptor);
  std::string pid = n > 0 ? std::string(holder, static_cast<std::size_t>(n)) : "";
  while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
  return pid;
}

OutputLock::OutputLock(const std::string& output, const std::string& option) : path_(lock_path(output)) {
  // The file is removed when the run ends (no stray OUTPUT.lock beside a finished store). A run that
  // opened it just before it was removed may then lock a file no longer in the folder: it sees so
  // (the path names another file, or none) and tries again on the file that is there.
  for (;;) {
    descriptor_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (descriptor_ < 0) throw InputError("cannot create the lock file " + quote_input(path_) + ": " + std::strerror(errno));
    if (::flock(descriptor_, LOCK_EX | LOCK_NB) != 0) {
      char holder[32] = {};
      const ssize_t n = ::pread(descriptor_, holder, sizeof holder - 1, 0);
      ::close(descriptor_);
      descriptor_ = -1;
      std::string pid = n > 0 ? std::string(holder, static_cast<std::size_t>(n)) : "";
      while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
      throw InputError(quote_input(output) + " is in use by another run" + (pid.empty() ? "" : " (process " + pid + ")") +
                       ": wait for it to end, or give another " + option);
    }
    struct stat held{}, named{};
    if (::fstat(descriptor_, &held) == 0 && ::stat(path_.c_str(), &named) == 0 && held.st_dev == named.st_dev &&
        held.st_ino == named.st_ino) {
      break;
    }
    ::close(descriptor_);
  }
  const std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(descriptor_, 0) == 0 && ::pwrite(descriptor_, pid.data(), pid.size(), 0) < 0) {
    // The pid is only a courtesy for the other run's message; the lock itself holds.
  }
}

OutputLock::~OutputLock() {
  if (descriptor_ < 0) return;
  ::unlink(path_.c_str());  // while still held: no other run can hold this file now
  ::close(descriptor_);
}

}  // namespace arbiter::distributed
