// Fuzzes the sample-file reader of `uldp conform samples` (tally_samples in
// uldp/estimate/conformance.h) and the tests run on what it read: the first byte picks one of a
// few reference mechanisms (symbols and bit vectors, LDP, ULDP and no claim), the rest is the file.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz_support.h"
#include "uldp/error.h"
#include "uldp/estimate/conformance.h"
#include "uldp/estimate/estimation_model.h"
#include "uldp/mechanisms/registry.h"

namespace {

struct Reference {
  uldp::estimate::EstimationModel model;
  uldp::estimate::RatioScope scope;
};

// A mechanism from the registry with k symbols or bits, X_S = {0, 1} where it takes one, and
// e^eps = 3 where it takes a budget; the scope is what `uldp conform samples` derives for it.
Reference reference(const char* name, std::size_t k) {
  const uldp::MechanismEntry& entry = uldp::find_mechanism(name);
  uldp::MechanismArguments arguments;
  arguments.k = k;
  if (entry.sensitive != uldp::Takes::kNo) {
    arguments.sensitive = uldp::IndexSet::from_indices({0, 1}, k, "sensitive");
  }
  if (entry.budget != uldp::Takes::kNo) {
    arguments.budget = uldp::PrivacyBudget::from_exp_eps(3);
  }
  const uldp::MechanismSpec spec = uldp::make_mechanism(entry, arguments);
  Reference r{uldp::estimate::estimation_model(spec), {}};
  if (entry.claim == uldp::Claim::kNone) return r;
  r.scope.claimed = true;
  r.scope.claimed_exp_eps = 3;
  if (entry.claim == uldp::Claim::kLdp) return r;
  std::vector<std::size_t> non_sensitive;
  for (std::size_t x = 2; x < k; ++x) non_sensitive.push_back(x);
  if (uldp::estimate::reports_are_bit_vectors(r.model)) {
    r.scope.protected_zero_bits = uldp::IndexSet::from_indices(non_sensitive, k, "zero bits");
  } else {
    r.scope.protected_symbols = uldp::IndexSet::from_indices({0, 1}, k, "Y_P");
  }
  return r;
}

const std::vector<Reference>& references() {
  static const std::vector<Reference> all = {reference("urr", 5), reference("rr", 3),
                                             reference("urap", 4), reference("rappor", 3),
                                             reference("none", 3)};
  return all;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const Reference& r = references()[data[0] % references().size()];
  std::istringstream in(std::string(reinterpret_cast<const char*>(data + 1), size - 1));
  try {
    const uldp::estimate::SampleTallies tallies =
        uldp::estimate::tally_samples(in, "fuzz", r.model, r.scope);
    if (tallies.n == 0) __builtin_trap();
    uldp::estimate::check_conformance(tallies, r.model, r.scope, 0.05);
  } catch (const uldp::Error& e) {
    uldp::fuzz::require_short_message(e);
  }
  return 0;
}
