// Pooling keeps what privacy depends on (issue 52): for the block families (ubd, ubd-opt, uss),
// on their pooled form (cells by span or by smallest member) and on their listed outputs, one
// sample's output moved to any other output that differs from it on a privacy event (an output
// of Y_P, or one of Y_U that reveals another input) changes what the conformance tests tally:
// a cell, a membership or an impossible sample. Without the memberships, blocks of one size and
// smallest member that differ in whether they hold the reporting input share a cell.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include "generators.h"
#include "uldp/api/conform_reference.h"
#include "uldp/estimate/conformance.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

using properties::coin;

// What the tests see of one sample (x, y).
struct Seen {
  std::unordered_map<std::uint32_t, std::uint64_t> cells;
  std::vector<std::uint64_t> membership, sized;
  std::uint64_t impossible = 0;
  bool operator==(const Seen&) const = default;
};

Seen seen(const api::ConformReference& r, std::size_t x, const std::string& label) {
  std::istringstream in(std::to_string(x) + ",\"" + label + "\"\n");
  const estimate::SampleTallies t =
      estimate::tally_samples(in, "sample", r.model, r.scope, r.syntax);
  return {t.symbol_counts[x], t.membership, t.sized, t.impossible};
}

// The one input whose row gives y positive probability, or k when none or several do.
std::size_t revealed_input(const DenseForm& dense, std::size_t y) {
  const std::size_t k = dense.q.num_inputs();
  std::size_t found = k;
  for (std::size_t x = 0; x < k; ++x) {
    if (dense.q(x, y) > 0) {
      if (found != k) return k;
      found = x;
    }
  }
  return found;
}

RC_GTEST_PROP(PooledMembership, EveryMoveAcrossAPrivacyEventIsSeen, ()) {
  const std::string family = *rc::gen::element<std::string>("ubd", "ubd-opt", "uss");
  const auto k = *rc::gen::inRange<std::size_t>(3, 8);
  // X_S: two sensitive inputs (ubd-opt and uss need them) and, for ubd-opt, a non-sensitive one.
  std::vector<bool> member = *rc::gen::container<std::vector<bool>>(k, rc::gen::arbitrary<bool>());
  const auto first = *rc::gen::inRange<std::size_t>(0, k);
  const auto second = (first + *rc::gen::inRange<std::size_t>(1, k)) % k;
  member[first] = member[second] = true;
  if (family == "ubd-opt") {  // the r-th input that is neither
    std::size_t r = *rc::gen::inRange<std::size_t>(0, k - 2), open = 0;
    while (open == first || open == second || r-- > 0) ++open;
    member[open] = false;
  }
  std::vector<std::size_t> indices;
  for (std::size_t i = 0; i < k; ++i) {
    if (member[i]) indices.push_back(i);
  }
  const IndexSet sensitive = IndexSet::from_indices(indices, k, "sensitive");
  MechanismArguments a;
  a.k = k;
  a.sensitive = sensitive;
  a.budget = PrivacyBudget::from_exp_eps(Rational(*rc::gen::inRange<long>(2, 7)));
  if (family != "ubd-opt") {
    a.values.set(kBlockParameter, std::optional<std::uint64_t>(
                                      *rc::gen::inRange<std::size_t>(1, sensitive.size() + 1)));
  }
  const MechanismSpec spec = make_mechanism(find_mechanism(family), a);
  const bool spans = *coin();
  const bool pooled = *coin();
  const DenseForm dense = std::get<DenseForm>(exact_form(spec, FormChoice::kDense));
  const std::optional<api::ConformReference> reference =
      pooled ? api::pooled_reference(spec, spans ? std::size_t{1} << 22 : 0)
             : api::build_reference(api::RegistryReference{family, a});
  RC_ASSERT(reference.has_value());
  const std::size_t outputs = dense.q.num_outputs();
  RC_PRE(outputs >= 2);
  const auto x = *rc::gen::inRange<std::size_t>(0, k);
  const auto y1 = *rc::gen::inRange<std::size_t>(0, outputs);
  const auto y2 = (y1 + *rc::gen::inRange<std::size_t>(1, outputs)) % outputs;
  // Two outputs of Y_U that reveal the same input differ on no privacy event.
  const bool unprotected =
      !dense.protected_outputs.contains(y1) && !dense.protected_outputs.contains(y2);
  RC_PRE(!(unprotected && revealed_input(dense, y1) == revealed_input(dense, y2)));
  const std::vector<std::string> labels = dense.q.output_labels();
  RC_LOG() << family << " k = " << k << ", X_S = " << sensitive.to_string()
           << (pooled ? spans ? ", pooled by span" : ", pooled by smallest member" : ", listed")
           << ": x = " << x << ", " << labels[y1] << " vs " << labels[y2] << "\n";
  RC_ASSERT(!(seen(*reference, x, labels[y1]) == seen(*reference, x, labels[y2])));
}

}  // namespace
}  // namespace uldp
