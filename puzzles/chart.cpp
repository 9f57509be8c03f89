#include "puzzles/chart.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string_view>
#include <utility>


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
constexpr double kRightMargin = 30, kCaptionLine = 16, kTitleLine = 22;
// A group's bars: narrower, a little apart. A row of panels under another starts this far below
// the other's axis (its bar labels, then the panels' titles).
constexpr double kSeriesBarWidth = 24, kSeriesStep = 30, kRowGap = 100;
constexpr double kLegendSwatch = 12, kLegendLine = 20;
// A series' colour by its place in the group: the first in the single bars' blue.
constexpr std::array<const char*, 4> kSeriesFill{"#6a8caf", "#b0b0b0", "#d9a441", "#8e6aaf"};

// A generous width for text in DejaVu Sans, the renderers' font: its characters average about
// 0.52 of the size (0.56 in bold); the chart is laid out from this, never measured by a renderer.
double text_width(const std::string& words, double size, bool bold = false) {
  return static_cast<double>(words.size()) * size * (bold ? 0.62 : 0.6);
}

// The caption (or the title) broken into lines no wider than `width`: between its clauses (after
// a comma or a semicolon, or another of `clause_ends`) where they fit, else between words (a word
// longer than a line stands alone).
std::vector<std::string> wrapped(const std::string& caption, double size, double width, bool bold = false,
                                 std::string_view clause_ends = ",;") {
  std::vector<std::string> words;
  for (std::size_t start = 0; start < caption.size();) {
    std::size_t end = caption.find(' ', start);
    if (end == std::string::npos) end = caption.size();
    if (end > start) words.push_back(caption.substr(start, end - start));
    start = end + 1;
  }
  const auto fits = [&](const std::string& text) { return text_width(text, size, bold) <= width; };
  std::vector<std::string> lines;
  std::string line;
  for (std::size_t first = 0; first < words.size();) {
    // The clause from `first`: its words up to one that ends in a comma or semicolon.
    std::size_t last = first;
    while (last + 1 < words.size() && clause_ends.find(words[last].back()) == std::string_view::npos) ++last;
    std::string clause;
    for (std::size_t k = first; k <= last; ++k) clause += (clause.empty() ? "" : " ") + words[k];
    if (line.empty() || fits(line + " " + clause)) {
      line += (line.empty() ? "" : " ") + clause;
    } else {
      lines.push_back(line);
      line = clause;
    }
    first = last + 1;
    // A clause wider than a line on its own is broken between its words.
    while (!fits(line) && line.find(' ') != std::string::npos) {
      std::size_t cut = 0;
      for (std::size_t space = line.find(' '); space != std::string::npos; space = line.find(' ', space + 1)) {
        if (!fits(line.substr(0, space))) break;
        cut = space;
      }
      if (cut == 0) cut = line.find(' ');
      lines.push_back(line.substr(0, cut));
      line = line.substr(cut + 1);
    }
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

// A panel's slot for a group of bars (or a single bar): wide enough for the bars and for the group's
// label (about 6.5 units per character at size 11).
double slot_width(const ChartPanel& panel) {
  const std::size_t per_group = std::max<std::size_t>(1, panel.series.size());
  const double group_width = panel.series.empty() ? kBarWidth
                                                  : kSeriesStep * static_cast<double>(per_group) - (kSeriesStep - kSeriesBarWidth);
  std::size_t longest_label = 0;
  for (std::size_t i = 0; i < panel.bars.size(); i += per_group) longest_label = std::max(longest_label, panel.bars[i].label.size());
  return std::max(group_width + kBarGap, 6.5 * static_cast<double>(longest_label) + 12);
}

// The width a panel needs for its groups.
double panel_width(const ChartPanel& panel) {
  const std::size_t per_group = std::max<std::size_t>(1, panel.series.size());
  const std::size_t groups = (panel.bars.size() + per_group - 1) / per_group;
  return std::max(180.0, static_cast<double>(groups) * slot_width(panel) + kBarGap);
}

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
  // Each panel's column in its row, and each column as wide as its widest panel: the rows of a
  // comparison (random play over MCTS) end together, and a panel stands over its like (a row of
  // single bars under a row of grouped ones ended about 110 units short of it).
  std::vector<std::size_t> column_of(panels.size());
  std::vector<double> column_width;
  for (std::size_t i = 0, column = 0; i < panels.size(); ++i, ++column) {
    if (panels[i].new_row) column = 0;
    column_of[i] = column;
    if (column_width.size() <= column) column_width.resize(column + 1, 0);
    column_width[column] = std::max(column_width[column], panel_width(panels[i]));
  }
  double x = kLeftMargin, right = 0;
  double axis_y = kTop + kPlotHeight;
  std::vector<std::pair<std::string, std::string>> legend;  // (series, fill), in order of appearance
  for (std::size_t index = 0; index < panels.size(); ++index) {
    const ChartPanel& panel = panels[index];
    if (panel.new_row && x > kLeftMargin) {
      x = kLeftMargin;
      axis_y += kRowGap + kPlotHeight;
    }
    const double top_y = axis_y - kPlotHeight;
    const std::size_t per_group = std::max<std::size_t>(1, panel.series.size());
    const bool grouped = !panel.series.empty();
    const double bar_width = grouped ? kSeriesBarWidth : kBarWidth;
    const double group_width = grouped ? kSeriesStep * static_cast<double>(per_group) - (kSeriesStep - kSeriesBarWidth) : kBarWidth;
    const std::size_t groups = (panel.bars.size() + per_group - 1) / per_group;
    const double slot = slot_width(panel);
    const double width = column_width[column_of[index]];
    const double axis_max = panel.axis_max > 0 ? panel.axis_max : 1;
    const auto y_of = [&](double v) { return axis_y - std::clamp(v / axis_max, 0.0, 1.0) * kPlotHeight; };
    text(x + width / 2, top_y - 42, panel.title, 13, "#000000", true);
    text(x + width / 2, top_y - 26, panel.subtitle, 11, "#555555");
    const double step = tick_step(axis_max);
    for (double tick = 0; tick <= axis_max + step * 1e-9; tick += step) {
      const double y = y_of(tick);
      line(x, y, x + width, y, "#dddddd", 1);
      text(x - 22, y + 4, tick_label(tick, panel.percent), 11, "#000000");
    }
    line(x, axis_y, x + width, axis_y, "#333333", 1);
    line(x, top_y, x, axis_y, "#333333", 1);
    for (std::size_t k = 0; k < panel.series.size(); ++k) {
      const std::string fill = kSeriesFill[k % kSeriesFill.size()];
      if (std::none_of(legend.begin(), legend.end(), [&](const auto& e) { return e.first == panel.series[k]; })) {
        legend.emplace_back(panel.series[k], fill);
      }
    }
    // The groups sit in the middle of the panel (a single bar under its title, not at its left).
    const double first_slot = x + (width - static_cast<double>(groups) * slot) / 2;
    struct ValueLabel {
      double centre, baseline, half_width;
    };
    std::vector<ValueLabel> value_labels;  // the panel's value labels drawn so far
    for (std::size_t i = 0; i < panel.bars.size(); ++i) {
      const ChartBar& bar = panel.bars[i];
      const std::size_t group = i / per_group, member = i % per_group;
      const double group_x = first_slot + slot * static_cast<double>(group) + (slot - group_width) / 2;
      const double bar_x = group_x + kSeriesStep * static_cast<double>(member);
      const double top = y_of(bar.value);
      Shape rect;
      rect.kind = Shape::Kind::Polygon;
      rect.points = {{bar_x, top}, {bar_x + bar_width, top}, {bar_x + bar_width, axis_y}, {bar_x, axis_y}};
      rect.fill = kSeriesFill[member % kSeriesFill.size()];
      rect.role = grouped ? "bar-" + std::to_string(member) : "bar";
      d.shapes.push_back(rect);
      const double centre = bar_x + bar_width / 2;
      if (bar.high > bar.low) {
        const double low = y_of(bar.low), high = y_of(bar.high), arm = std::min(7.0, bar_width / 2 - 2);
        line(centre, low, centre, high, "#222222", 1.5);
        line(centre - arm, low, centre + arm, low, "#222222", 1.5);
        line(centre - arm, high, centre + arm, high, "#222222", 1.5);
      }
      // The value sits above the bar and its whisker, and clear above the dashed line where it
      // would touch it (its baseline 4 units over the line read as the line underlining it).
      // A label that would touch one already drawn (a group's bars are 30 units apart, about a
      // label's width: equal bars' labels ran together, "50.0%50.0%") stands a line above it.
      const std::string value = value_label(bar.value, panel.percent);
      const double half_width = text_width(value, 10) / 2;
      double label_y = std::min(top, bar.high > bar.low ? y_of(bar.high) : top) - 4;
      for (bool moved = true; moved;) {
        moved = false;
        if (panel.reference) {
          const double reference_y = y_of(*panel.reference);
          if (label_y > reference_y - 7 && label_y - 10 < reference_y + 3) label_y = reference_y - 7;
        }
        for (const ValueLabel& other : value_labels) {
          if (std::abs(other.centre - centre) < other.half_width + half_width + 2 && std::abs(other.baseline - label_y) < 11) {
            label_y = other.baseline - 11;
            moved = true;
          }
        }
      }
      value_labels.push_back({centre, label_y, half_width});
      text(centre, label_y, value, 10, "#000000");
      if (member == 0) text(group_x + group_width / 2, axis_y + 16, bar.label, 11, "#000000");
    }
    if (panel.reference) {
      // Dashed: 5 units drawn, 4 left out.
      const double y = y_of(*panel.reference);
      for (double dash = x; dash < x + width; dash += 9) line(dash, y, std::min(dash + 5, x + width), y, "#c0392b", 1);
    }
    right = std::max(right, x + width);
    x += width + kPanelGap;
  }
  // As wide as the panels; the title, the legend and the caption wrap to that width and the chart
  // grows downwards to hold them, so that no text runs off the picture. (The width was the title's:
  // a long one, of 69 characters over two panels, left the right third of the chart blank.) Its
  // longest word still fits.
  d.width = std::max(right + kRightMargin, 420.0);
  const std::vector<std::string> title_lines = wrapped(title, 16, d.width - kLeftMargin - kRightMargin, true, ",;:");
  for (const std::string& title_line : title_lines) {
    d.width = std::max(d.width, kLeftMargin + text_width(title_line, 16, true) + kRightMargin);
  }
  // A title of several lines moves everything under it down.
  const double title_drop = kTitleLine * static_cast<double>(std::max<std::size_t>(title_lines.size(), 1) - 1);
  for (Shape& shape : d.shapes) {
    for (auto& point : shape.points) point.second += title_drop;
  }
  axis_y += title_drop;
  double legend_y = axis_y + 40;  // the first legend line's middle, under the bar labels
  double legend_x = kLeftMargin;
  for (const auto& [name, fill] : legend) {
    const double entry = kLegendSwatch + 6 + text_width(name, 11);
    if (legend_x > kLeftMargin && legend_x + entry > d.width - kRightMargin) {
      legend_x = kLeftMargin;
      legend_y += kLegendLine;
    }
    Shape swatch;
    swatch.kind = Shape::Kind::Polygon;
    swatch.points = {{legend_x, legend_y - kLegendSwatch / 2}, {legend_x + kLegendSwatch, legend_y - kLegendSwatch / 2},
                     {legend_x + kLegendSwatch, legend_y + kLegendSwatch / 2}, {legend_x, legend_y + kLegendSwatch / 2}};
    swatch.fill = fill;
    swatch.role = "legend";
    d.shapes.push_back(swatch);
    text(legend_x + kLegendSwatch + 6, legend_y + 11 * 0.35, name, 11, "#000000", false, true);
    d.shapes.back().role = "legend";
    legend_x += entry + 18;
  }
  const double above_caption = legend.empty() ? axis_y : legend_y + kLegendLine - 24;
  const std::vector<std::string> caption_lines = wrapped(caption, 11, d.width - kLeftMargin - kRightMargin);
  d.height = above_caption + 44 + kCaptionLine * static_cast<double>(caption_lines.size());
  for (std::size_t i = 0; i < title_lines.size(); ++i) {
    text(kLeftMargin, 24 + kTitleLine * static_cast<double>(i), title_lines[i], 16, "#000000", true, true);
  }
  for (std::size_t i = 0; i < caption_lines.size(); ++i) {
    const double baseline = d.height - 14 - kCaptionLine * static_cast<double>(caption_lines.size() - 1 - i);
    text(kLeftMargin, baseline, caption_lines[i], 11, "#555555", false, true);
  }
  return d;
}

double chart_width_mm(const Drawing& chart) { return chart.width * 25.4 / 96; }

}  // namespace arbiter
