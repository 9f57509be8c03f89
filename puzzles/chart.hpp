#pragma once
// Interval charts for measured numbers (`arbiter metrics --out`): panels side by side (in rows),
// one bar per reading, or a group of bars per reading where a panel names its series (a side's
// wins, draws, the other side's wins), each with its confidence interval drawn as a whisker. A chart is a Drawing, so the one renderer
// writes it as SVG, PNG or PDF (puzzles/image.hpp) like any board diagram.
#include <optional>
#include <string>
#include <vector>

#include "model/core/drawing.hpp"

namespace arbiter {

struct ChartBar {
  std::string label;  // under the bar
  double value = 0;
  double low = 0;     // the interval drawn as a whisker; equal to value for none
  double high = 0;
};

struct ChartPanel {
  std::string title;
  std::string subtitle;             // a second, smaller title line
  double axis_max = 1;              // the axis runs from 0 to this
  bool percent = false;             // tick labels as percentages of 1
  std::optional<double> reference;  // a dashed line, e.g. 0.5 for an even game
  // The names of the bars of a group ("Black wins", "draws", "White wins"): `bars` is read in
  // groups of this many, each group labelled by its first bar's label and each series in its own
  // colour, which a legend under the panels names. Empty: one bar per label, no legend.
  std::vector<std::string> series;
  bool new_row = false;  // starts a row of panels under the previous ones
  std::vector<ChartBar> bars;
};

Drawing chart_drawing(const std::string& title, const std::string& caption, const std::vector<ChartPanel>& panels);
// The printed width that keeps the chart's text at its design size (its units are pixels at 96 dpi).
double chart_width_mm(const Drawing& chart);

}  // namespace arbiter
