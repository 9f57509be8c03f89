#include "puzzles/chart.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>


namespace arbiter {
namespace {

std::string tick_label(double value, bool percent) {
  char buffer[32];
  if (percent) {
    std::snprintf(buffer, sizeof buffer, "%.0f%%", value * 100);
  } else {
    std::snprintf(buffer, sizeof buffer, value == std::floor(value) ? "%.0f" : "%.1f", value);
  }
  return buffer;
}

std::string value_label(double value, bool percent) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, percent ? "%.1f%%" : "%.1f", percent ? value * 100 : value);
  return buffer;
}

// A step of 1, 2 or 5 times a power of ten giving about five ticks.
double tick_step(double axis_max) {
  const double rough = axis_max / 5;
  const double power = std::pow(10.0, std::floor(std::log10(rough)));
  for (double factor : {1.0, 2.0, 5.0}) {
    if (factor * power >= rough) return factor * power;
  }
  return 10 * power;
}

constexpr double kBarWidth = 34, kBarGap = 26, kPlotHeight = 220, kPanelGap = 70, kLeftMargin = 60, kTop = 96;

}  // namespace

Drawing chart_drawing(const std::string& title, const std::string& caption, const std::vector<ChartPanel>& panels) {
  Drawing d;
  d.title = title;
  // Text is anchored at its middle (vertically too): a label whose baseline sat at y is centred
  // about a third of its size above it.
  const auto text = [&d](double x, double baseline, const std::string& words, double size, const std::string& fill,
                         bool bold = false, bool from_left = false) {
    Shape t;
    t.kind = Shape::Kind::Text;
    t.points = {{x, baseline - size * 0.35}};
    t.text = words;
    t.font_size = size;
    t.fill = fill;
    t.bold = bold;
    t.text_from_left = from_left;
    t.role = "chart-text";
    d.shapes.push_back(t);
  };
  const auto line = [&d](double x1, double y1, double x2, double y2, const std::string& stroke, double width) {
    Shape l;
    l.kind = Shape::Kind::Line;
    l.points = {{x1, y1}, {x2, y2}};
    l.stroke = stroke;
    l.stroke_width = width;
    d.shapes.push_back(l);
  };
  double x = kLeftMargin;
  const double axis_y = kTop + kPlotHeight;
  for (const ChartPanel& panel : panels) {
    // Each bar's slot is wide enough for its label (about 6.5 units per character at size 11).
    std::size_t longest_label = 0;
    for (const ChartBar& bar : panel.bars) longest_label = std::max(longest_label, bar.label.size());
    const double slot = std::max(kBarWidth + kBarGap, 6.5 * static_cast<double>(longest_label) + 12);
    const double width = std::max(180.0, static_cast<double>(panel.bars.size()) * slot + kBarGap);
    const double axis_max = panel.axis_max > 0 ? panel.axis_max : 1;
    const auto y_of = [&](double v) { return axis_y - std::clamp(v / axis_max, 0.0, 1.0) * kPlotHeight; };
    text(x + width / 2, kTop - 42, panel.title, 13, "#000000", true);
    text(x + width / 2, kTop - 26, panel.subtitle, 11, "#555555");
    const double step = tick_step(axis_max);
    for (double tick = 0; tick <= axis_max + step * 1e-9; tick += step) {
      const double y = y_of(tick);
      line(x, y, x + width, y, "#dddddd", 1);
      text(x - 22, y + 4, tick_label(tick, panel.percent), 11, "#000000");
    }
    line(x, axis_y, x + width, axis_y, "#333333", 1);
    line(x, kTop, x, axis_y, "#333333", 1);
    double bar_x = x + kBarGap / 2 + (slot - kBarWidth) / 2;
    for (const ChartBar& bar : panel.bars) {
      const double top = y_of(bar.value);
      Shape rect;
      rect.kind = Shape::Kind::Polygon;
      rect.points = {{bar_x, top}, {bar_x + kBarWidth, top}, {bar_x + kBarWidth, axis_y}, {bar_x, axis_y}};
      rect.fill = "#6a8caf";
      rect.role = "bar";
      d.shapes.push_back(rect);
      if (bar.high > bar.low) {
        const double centre = bar_x + kBarWidth / 2, low = y_of(bar.low), high = y_of(bar.high);
        line(centre, low, centre, high, "#222222", 1.5);
        line(centre - 7, low, centre + 7, low, "#222222", 1.5);
        line(centre - 7, high, centre + 7, high, "#222222", 1.5);
      }
      // The value sits above the bar and its whisker.
      const double label_y = std::min(top, bar.high > bar.low ? y_of(bar.high) : top) - 4;
      text(bar_x + kBarWidth / 2, label_y, value_label(bar.value, panel.percent), 10, "#000000");
      text(bar_x + kBarWidth / 2, axis_y + 16, bar.label, 11, "#000000");
      bar_x += slot;
    }
    if (panel.reference) {
      // Dashed: 5 units drawn, 4 left out.
      const double y = y_of(*panel.reference);
      for (double dash = x; dash < x + width; dash += 9) line(dash, y, std::min(dash + 5, x + width), y, "#c0392b", 1);
    }
    x += width + kPanelGap;
  }
  d.width = std::max(x - kPanelGap + 30, 420.0);
  d.height = axis_y + 60;
  text(kLeftMargin, 24, title, 16, "#000000", true, true);
  text(kLeftMargin, d.height - 14, caption, 11, "#555555", false, true);
  return d;
}

double chart_width_mm(const Drawing& chart) { return chart.width * 25.4 / 96; }

}  // namespace arbiter
