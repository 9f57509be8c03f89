// arbiter: executable rules for Brique, Quentin, Brochs and Hexabrae, and the checks built on them.
#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "model/core/errors.hpp"
#include "model/core/version.hpp"

namespace {

void print_overview() {
  std::cout << "usage: arbiter COMMAND [ARGS...]   (arbiter COMMAND --help for details; arbiter --version)\n\n"
               "commands:\n";
  auto sorted = arbiter::cli::commands();
  std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  for (const auto& command : sorted) {
    std::cout << "  " << command.name << std::string(14 - std::min<std::size_t>(13, command.name.size()), ' ')
              << command.summary << "\n";
  }
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> words(argv + 1, argv + argc);
  if (words.empty() || words[0] == "--help" || words[0] == "-h" || words[0] == "help") {
    print_overview();
    return words.empty() ? 2 : 0;
  }
  if (words[0] == "--version") {
    std::cout << arbiter::version_string() << "\n";
    return 0;
  }
  try {
    for (const auto& command : arbiter::cli::commands()) {
      if (command.name == words[0]) return command.run({words.begin() + 1, words.end()});
    }
    throw arbiter::InputError("unknown command " + arbiter::quote_input(words[0]) + " (try `arbiter --help`)");
  } catch (const arbiter::InputError& error) {
    std::cerr << "arbiter: error: " << error.what() << "\n";
    return 2;
  } catch (const boost::program_options::error& error) {
    std::cerr << "arbiter: error: " << error.what() << "\n";
    return 2;
  } catch (const std::exception& error) {
    std::cerr << "arbiter: internal error: " << error.what() << "\n";
    return 3;
  }
}
