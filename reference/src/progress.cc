#include "uldp/progress.h"

#include <atomic>
#include <utility>

namespace uldp {

namespace {
std::atomic<ProgressSink> installed_sink{nullptr};
thread_local int open_tasks = 0;
}  // namespace

void set_progress_sink(ProgressSink sink) { installed_sink.store(sink); }

ProgressTask::ProgressTask(std::string task, std::uint64_t total)
    : task_(std::move(task)), total_(total) {
  reporting_ = open_tasks++ == 0 && installed_sink.load(std::memory_order_relaxed) != nullptr;
}

ProgressTask::~ProgressTask() {
  --open_tasks;
  if (reporting_) {
    if (const ProgressSink sink = installed_sink.load(); sink != nullptr) {
      sink({task_, done_, total_, true});
    }
  }
}

void ProgressTask::set_done(std::uint64_t done) {
  done_ = done;
  if (!reporting_) return;
  if (const ProgressSink sink = installed_sink.load(std::memory_order_relaxed); sink != nullptr) {
    sink({task_, done_, total_, false});
  }
}

}  // namespace uldp
