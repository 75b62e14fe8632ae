// Built against an installed uldp::reference: exits 0 iff the paper's uRR at |X| = 625 is ULDP
// (dense) and the registry's uRR at |X| = 12800 is ULDP (class-structured), as the README shows.
#include <iostream>

#include "uldp/forms/dense_privacy_check.h"
#include "uldp/forms/form_checks.h"
#include "uldp/mechanisms/registry.h"
#include "uldp/mechanisms/urr/urr.h"

int main() {
  const uldp::IndexSet xs = uldp::IndexSet::parse("0-14", 625, "sensitive");
  const uldp::PrivacyBudget budget = uldp::PrivacyBudget::from_epsilon(uldp::Rational(1));
  const uldp::DenseMechanism q = uldp::utility_optimized_rr(xs, budget);
  const uldp::Verdict v = uldp::check_uldp(q, xs, xs, budget, uldp::UldpReading::kReachable);

  uldp::MechanismArguments args;
  args.k = 12800;
  args.sensitive = uldp::IndexSet::parse("0-2431", 12800, "sensitive");
  args.budget = uldp::PrivacyBudget::from_epsilon(uldp::Rational(6));
  const uldp::MechanismSpec spec = uldp::make_mechanism(uldp::find_mechanism("urr"), args);
  const uldp::Verdict large = uldp::check_property(uldp::exact_form(spec), uldp::Property::kUldp,
                                                   spec.sensitive, uldp::budget_of(spec));
  std::cout << v.holds << " " << large.holds << "\n";
  return v.holds && large.holds ? 0 : 1;
}
