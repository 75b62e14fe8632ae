#include "progress_bar.h"

#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace uldp::cli {

namespace {

using Clock = std::chrono::steady_clock;

struct BarState {
  std::string task;
  Clock::time_point start;
  Clock::time_point last_draw;
  bool drawn = false;
};

BarState& state() {
  static BarState s;
  return s;
}

void draw(const ProgressUpdate& update) {
  BarState& s = state();
  const Clock::time_point now = Clock::now();
  if (update.finished) {
    if (s.drawn) std::fputs("\r\033[K", stderr);
    s = BarState{};
    return;
  }
  if (s.task != update.task || update.done == 0) {
    if (s.drawn) std::fputs("\r\033[K", stderr);
    s = BarState{std::string(update.task), now, now, false};
  }
  const double elapsed = std::chrono::duration<double>(now - s.start).count();
  if (elapsed < 1.0 || (s.drawn && now - s.last_draw < std::chrono::milliseconds(100))) return;
  std::string line = "\r";  // appended, not "\r" + ...: GCC 12 warns falsely on that form
  line.append(progress_line(update, elapsed)).append("\033[K");
  std::fputs(line.c_str(), stderr);
  std::fflush(stderr);
  s.last_draw = now;
  s.drawn = true;
}

}  // namespace

std::string progress_line(const ProgressUpdate& update, double elapsed) {
  const double fraction =
      update.total == 0
          ? 0.0
          : std::min(1.0, static_cast<double>(update.done) / static_cast<double>(update.total));
  constexpr int kWidth = 20;
  const int filled = static_cast<int>(std::floor(fraction * kWidth));
  std::ostringstream line;
  line.setf(std::ios::fixed);
  line.precision(1);
  line << update.task << ": " << static_cast<int>(std::floor(fraction * 100)) << "% ["
       << std::string(static_cast<std::size_t>(filled), '#')
       << std::string(static_cast<std::size_t>(kWidth - filled), ' ') << "] " << elapsed << " s";
  if (fraction > 0) line << ", about " << elapsed * (1 - fraction) / fraction << " s left";
  return line.str();
}

void install_progress_bar() {
  if (::isatty(STDERR_FILENO) == 1) set_progress_sink(&draw);
}

}  // namespace uldp::cli
