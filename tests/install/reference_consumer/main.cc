// Built against an installed uldp::reference: exits 0 iff the paper's uRR at |X| = 625 is ULDP.
#include <iostream>

#include "uldp/checks/dense_privacy_check.h"
#include "uldp/mechanisms/utility_optimized_rr.h"

int main() {
  const uldp::IndexSet xs = uldp::IndexSet::parse("0-14", 625, "sensitive");
  const uldp::PrivacyBudget budget = uldp::PrivacyBudget::from_epsilon(uldp::Rational(1));
  const uldp::DenseMechanism q = uldp::utility_optimized_rr(xs, budget);
  const uldp::Verdict v = uldp::check_uldp(q, xs, xs, budget, uldp::UldpReading::kReachable);
  std::cout << v.holds << "\n";
  return v.holds ? 0 : 1;
}
