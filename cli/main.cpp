#include <iostream>

#include "model/registry.hpp"

int main() {
  for (const auto* game : arbiter::registered_games()) std::cout << game->name << "\n";
  return 0;
}
