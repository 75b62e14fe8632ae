#include "uldp/cancellation.h"

#include <atomic>

namespace uldp {

namespace {
std::atomic<CancellationPoll> installed_poll{nullptr};
}  // namespace

void set_cancellation_poll(CancellationPoll poll) { installed_poll.store(poll); }

void check_cancelled() {
  const CancellationPoll poll = installed_poll.load(std::memory_order_relaxed);
  if (poll != nullptr && poll()) throw Cancelled();
}

}  // namespace uldp
