#include "puzzles/chart.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "puzzles/svg.hpp"

namespace arbiter {
namespace {

std::string number(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", x);
  return buffer;
}

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

constexpr double kBarWidth = 34, kBarGap = 26, kPlotHeight = 220, kPanelGap = 70, kLeftMargin = 60, kTop = 80;

}  // namespace

std::string render_chart_svg(const std::string& title, const std::string& caption, const std::vector<ChartPanel>& panels) {
  std::string body;
  double x = kLeftMargin;
  const double axis_y = kTop + kPlotHeight;
  for (const ChartPanel& panel : panels) {
    // Each bar's slot is wide enough for its label (about 6.5 px per character at 11 px).
    std::size_t longest_label = 0;
    for (const ChartBar& bar : panel.bars) longest_label = std::max(longest_label, bar.label.size());
    const double slot = std::max(kBarWidth + kBarGap, 6.5 * static_cast<double>(longest_label) + 12);
    const double width = std::max(180.0, static_cast<double>(panel.bars.size()) * slot + kBarGap);
    const double axis_max = panel.axis_max > 0 ? panel.axis_max : 1;
    const auto y_of = [&](double v) { return axis_y - std::clamp(v / axis_max, 0.0, 1.0) * kPlotHeight; };
    body += "<text x=\"" + number(x + width / 2) + "\" y=\"" + number(kTop - 26) +
            "\" text-anchor=\"middle\" font-size=\"13\" font-weight=\"bold\">" + xml_escape(panel.title) + "</text>\n";
    body += "<text x=\"" + number(x + width / 2) + "\" y=\"" + number(kTop - 10) +
            "\" text-anchor=\"middle\" font-size=\"11\" fill=\"#555\">" + xml_escape(panel.subtitle) + "</text>\n";
    const double step = tick_step(axis_max);
    for (double tick = 0; tick <= axis_max + step * 1e-9; tick += step) {
      const double y = y_of(tick);
      body += "<line x1=\"" + number(x) + "\" y1=\"" + number(y) + "\" x2=\"" + number(x + width) + "\" y2=\"" + number(y) +
              "\" stroke=\"#ddd\"/>\n";
      body += "<text x=\"" + number(x - 6) + "\" y=\"" + number(y + 4) + "\" text-anchor=\"end\" font-size=\"11\">" +
              tick_label(tick, panel.percent) + "</text>\n";
    }
    body += "<line x1=\"" + number(x) + "\" y1=\"" + number(axis_y) + "\" x2=\"" + number(x + width) + "\" y2=\"" +
            number(axis_y) + "\" stroke=\"#333\"/>\n";
    body += "<line x1=\"" + number(x) + "\" y1=\"" + number(kTop) + "\" x2=\"" + number(x) + "\" y2=\"" + number(axis_y) +
            "\" stroke=\"#333\"/>\n";
    double bar_x = x + kBarGap / 2 + (slot - kBarWidth) / 2;
    for (const ChartBar& bar : panel.bars) {
      const double top = y_of(bar.value);
      body += "<rect x=\"" + number(bar_x) + "\" y=\"" + number(top) + "\" width=\"" + number(kBarWidth) + "\" height=\"" +
              number(axis_y - top) + "\" fill=\"#6a8caf\"/>\n";
      if (bar.high > bar.low) {
        const double centre = bar_x + kBarWidth / 2, low = y_of(bar.low), high = y_of(bar.high);
        body += "<path d=\"M" + number(centre) + " " + number(low) + "V" + number(high) + "M" + number(centre - 7) + " " +
                number(low) + "h14M" + number(centre - 7) + " " + number(high) + "h14\" stroke=\"#222\" stroke-width=\"1.5\" fill=\"none\"/>\n";
      }
      // The value sits above the bar and its whisker.
      const double label_y = std::min(top, bar.high > bar.low ? y_of(bar.high) : top) - 4;
      body += "<text x=\"" + number(bar_x + kBarWidth / 2) + "\" y=\"" + number(label_y) +
              "\" text-anchor=\"middle\" font-size=\"10\">" + value_label(bar.value, panel.percent) + "</text>\n";
      body += "<text x=\"" + number(bar_x + kBarWidth / 2) + "\" y=\"" + number(axis_y + 16) +
              "\" text-anchor=\"middle\" font-size=\"11\">" + xml_escape(bar.label) + "</text>\n";
      bar_x += slot;
    }
    if (panel.reference) {
      const double y = y_of(*panel.reference);
      body += "<line x1=\"" + number(x) + "\" y1=\"" + number(y) + "\" x2=\"" + number(x + width) + "\" y2=\"" + number(y) +
              "\" stroke=\"#c0392b\" stroke-dasharray=\"5 4\"/>\n";
    }
    x += width + kPanelGap;
  }
  const double total_width = std::max(x - kPanelGap + 30, 420.0);
  const double total_height = axis_y + 60;
  std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + number(total_width) + "\" height=\"" +
                    number(total_height) + "\" viewBox=\"0 0 " + number(total_width) + " " + number(total_height) +
                    "\" font-family=\"sans-serif\">\n";
  svg += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  svg += "<text x=\"" + number(kLeftMargin) + "\" y=\"24\" font-size=\"16\" font-weight=\"bold\">" + xml_escape(title) + "</text>\n";
  svg += body;
  svg += "<text x=\"" + number(kLeftMargin) + "\" y=\"" + number(total_height - 14) + "\" font-size=\"11\" fill=\"#555\">" +
         xml_escape(caption) + "</text>\n";
  svg += "</svg>\n";
  return svg;
}

}  // namespace arbiter
