// Progress of long loops, for a person watching a terminal. A loop that knows its length reports
// through a ProgressTask; the command line installs a sink that draws a bar with an estimate of
// the time left on a terminal's standard error (cli/progress_bar.h). Without a sink (a library
// user, the tests, the Python package) a task costs a few loads and nothing is printed. Only
// the outermost task of a thread reports, so nested loops do not fight over one line.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace uldp {

struct ProgressUpdate {
  std::string_view task;  ///< "reading m.csv", "golden cases"
  std::uint64_t done = 0;
  std::uint64_t total = 0;
  bool finished = false;  ///< the task ended (done or not): the sink clears its line
};

using ProgressSink = void (*)(const ProgressUpdate& update);

/// Installs `sink` for every thread (nullptr, the default: no reports).
void set_progress_sink(ProgressSink sink);

class ProgressTask {
 public:
  ProgressTask(std::string task, std::uint64_t total);
  ~ProgressTask();
  ProgressTask(const ProgressTask&) = delete;
  ProgressTask& operator=(const ProgressTask&) = delete;

  void advance(std::uint64_t steps = 1) { set_done(done_ + steps); }
  void set_done(std::uint64_t done);

 private:
  std::string task_;
  std::uint64_t done_ = 0;
  std::uint64_t total_ = 0;
  bool reporting_ = false;  ///< the outermost task of its thread, with a sink installed
};

}  // namespace uldp
