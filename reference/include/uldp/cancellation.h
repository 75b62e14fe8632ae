// Cooperative cancellation of long computations: loops that can run for seconds (privacy checks
// over many columns, EM updates, reading sample files, golden cases, conformance looks) call
// check_cancelled() at safe points. The command line installs no poll, so it costs one atomic
// load there; the Python package installs one that turns Ctrl-C into KeyboardInterrupt.
#pragma once

#include <exception>

namespace uldp {

/// Thrown by check_cancelled() when the installed poll asks to stop. Not a uldp::Error: nothing
/// was wrong with the input, and no exit code describes it; whoever installed the poll catches it.
class Cancelled : public std::exception {
 public:
  const char* what() const noexcept override { return "cancelled"; }
};

/// Returns true when the computation should stop (it may rate-limit itself; it is called often).
using CancellationPoll = bool (*)();

/// Installs `poll` for every thread (nullptr, the default: never cancelled).
void set_cancellation_poll(CancellationPoll poll);

/// Throws Cancelled when a poll is installed and returns true.
void check_cancelled();

}  // namespace uldp
