// Built against installed uldp components: Z3 re-checks a small uRR (verify), reports are
// sampled and estimated (estimate), and a matrix is read from CSV (io). Exits 0 iff all agree.
#include <cmath>
#include <cstdint>
#include <iostream>
#include <vector>

#include "uldp/estimate/empirical.h"
#include "uldp/estimate/params.h"
#include "uldp/estimate/random.h"
#include "uldp/estimate/sampler.h"
#include "uldp/io/matrix_reader.h"
#include "uldp/mechanisms/urr/urr.h"
#include "uldp/verify/smt_recheck.h"

int main() {
  const uldp::IndexSet xs = uldp::IndexSet::parse("0-1", 4, "sensitive");
  const uldp::PrivacyBudget budget = uldp::PrivacyBudget::from_exp_eps(uldp::Rational(3));
  const uldp::DenseMechanism q = uldp::utility_optimized_rr(xs, budget);
  const bool z3_says_uldp =
      uldp::verify::smt_recheck(q, xs, xs, budget).uldp_reachable.holds() == true;

  uldp::estimate::Xoshiro256 rng(7);
  const uldp::estimate::UrrParams params = uldp::estimate::urr_params(xs, budget);
  const std::vector<std::uint64_t> input_counts{1000, 1000, 1000, 1000};
  const std::vector<double> p = uldp::estimate::empirical_estimate_urr(
      params, uldp::estimate::sample_report_counts(rng, params, input_counts));
  double total = 0;
  for (const double v : p) total += v;

  const bool read_ok =
      uldp::parse_matrix_json(R"({"Q": [["0.5", "1/2"], ["1", "0"]]})", "inline").matrix(0, 0) ==
      uldp::Rational(1, 2);

  std::cout << z3_says_uldp << " " << total << " " << read_ok << "\n";
  return z3_says_uldp && std::abs(total - 1) < 1e-9 && read_ok ? 0 : 1;
}
