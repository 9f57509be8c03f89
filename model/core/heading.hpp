#pragma once
// A configuration as the headings of reports, charts and pictures name it, so that every output
// says what it holds fixed in the same words.
#include <string>

#include "model/core/game.hpp"

namespace arbiter {

// The game, its board size and the rulings that differ from the defaults, or "default rulings"
// ("hexabrae radius 3, rim=wall"; "brique 4x4, default rulings"). `varied`: a ruling the output
// runs through (a comparison of its readings), left out of the list, which then reads "other
// rulings default" when nothing else differs.
inline std::string configuration_heading(const GameDescriptor& game, const Config& config, const std::string& varied = "") {
  std::string heading = game.name + " " + board_size_name(game, config.size) + ",";
  bool any = false;
  for (const std::string& ruling : non_default_rulings(game, config)) {
    if (!varied.empty() && ruling.rfind(varied + "=", 0) == 0) continue;
    heading += " " + ruling;
    any = true;
  }
  if (any) return heading;
  if (game.rulings.empty()) return heading + " no rulings";
  return heading + (varied.empty() ? " default rulings" : " other rulings default");
}

}  // namespace arbiter
