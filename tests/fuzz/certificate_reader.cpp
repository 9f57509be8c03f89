// Proof certificates as `verify-proof` reads them: a text the reader accepts writes back to a text
// that reads to the same certificate, and verifying it against the reference implementation
// either accepts or rejects with a reason; it never crashes, whatever the file claims.
#include <sstream>

#include "model/core/errors.hpp"
#include "solver/certificate.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace arbiter;
  using namespace arbiter::fuzzing;
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::istringstream in(text);
  solver::Certificate certificate;
  try {
    certificate = solver::Certificate::read(in, "fuzz input");
  } catch (const InputError&) {
    return 0;
  }
  std::ostringstream first;
  certificate.write(first);
  std::istringstream again(first.str());
  solver::Certificate reread;
  try {
    reread = solver::Certificate::read(again, "written certificate");
  } catch (const InputError& e) {
    broken(std::string("a written certificate is refused: ") + e.what() + "\n" + first.str());
  }
  std::ostringstream second;
  reread.write(second);
  expect_equal(first.str(), second.str(), "certificate written, read and written again");
  if (certificate.size() > kMostVerifiedCertificateNodes) return 0;
  try {
    const auto report = solver::verify_certificate(certificate, "reference");
    if (!report.accepted && report.reason.empty()) broken("a rejected certificate gives no reason");
  } catch (const InputError&) {
  }
  return 0;
}
