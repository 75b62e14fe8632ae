// `conform client` (uldp::api::conform_client) run on a test double: a callable
// client(x, rng) returning one output label, drawn with a generator seeded with `seed`, so a run
// is the same run every time. Header-only over uldp::api; shared by the bug zoo's test and bench.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "uldp/api/conform.h"
#include "uldp/estimate/random.h"

namespace uldp::testing {

/// The run of `request` on `client`, its generator seeded with `seed`.
template <class Client>
api::ConformResult conform_double(const api::ConformClientRequest& request, const Client& client,
                                  std::uint64_t seed) {
  estimate::Xoshiro256 rng(seed);
  return api::conform_client(request, [&](std::span<const std::uint32_t> inputs) {
    std::vector<std::string> outputs;
    outputs.reserve(inputs.size());
    for (const std::uint32_t x : inputs) outputs.push_back(client(x, rng));
    return outputs;
  });
}

}  // namespace uldp::testing
