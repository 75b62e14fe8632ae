// The exact l2 loss checked three ways: the general coordinate formula (library), the direct
// trace(Q^{-T} Cov(m̂) Q^{-1}) with Q inverted exactly, a brute-force expectation over every
// possible report tuple for tiny n, and the paper's closed forms.
#include "uldp/losses/l2_loss.h"

#include <gtest/gtest.h>

#include <functional>
#include <random>

#include "test_support.h"
#include "uldp/error.h"
#include "uldp/losses/direct_loss.h"
#include "uldp/losses/l1_loss.h"
#include "uldp/losses/paper_closed_forms.h"
#include "uldp/mechanisms/rappor/rappor.h"
#include "uldp/mechanisms/rr/rr.h"
#include "uldp/mechanisms/urap/urap.h"
#include "uldp/mechanisms/urr/urr.h"

namespace uldp {
namespace {

using testing::model_of;

using testing::random_distribution;
using testing::uniform_on;

DenseMechanism identity(std::size_t k) {
  std::vector<Rational> e(k * k);
  for (std::size_t x = 0; x < k; ++x) e[x * k + x] = 1;
  return DenseMechanism(k, DenseMechanism::index_labels(k), std::move(e));
}

Rational sum_on(const std::vector<Rational>& p, const IndexSet& set) {
  Rational s = 0;
  for (std::size_t x : set.indices()) s += p[x];
  return s;
}
Rational sum_of_squares(const std::vector<Rational>& p) {
  Rational s = 0;
  for (const auto& v : p) s += v * v;
  return s;
}

// E[sum_x (p̂ - p)^2] and E[sum_x |p̂ - p|] over all n-tuples of reports of a symbol mechanism,
// with p̂ = (counts/n) Q^{-1}: the definition, nothing closed-form.
std::pair<Rational, Rational> brute_force_losses(const DenseMechanism& q,
                                                 const std::vector<Rational>& p, unsigned n) {
  const std::size_t k = q.num_inputs();
  const std::vector<Rational> inv = exact_inverse(q.entries(), k, "Q");
  std::vector<Rational> m(k);
  for (std::size_t y = 0; y < k; ++y)
    for (std::size_t x = 0; x < k; ++x) m[y] += p[x] * q(x, y);
  Rational l2 = 0, l1 = 0;
  std::vector<std::size_t> tuple(n, 0);
  while (true) {
    Rational probability = 1;
    std::vector<Rational> counts(k);
    for (std::size_t y : tuple) {
      probability *= m[y];
      counts[y] += 1;
    }
    if (probability != 0) {
      for (std::size_t x = 0; x < k; ++x) {
        Rational estimate = 0;
        for (std::size_t y = 0; y < k; ++y) estimate += counts[y] / n * inv[y * k + x];
        const Rational error = estimate - p[x];
        l2 += probability * error * error;
        l1 += probability * (error < 0 ? Rational(-error) : error);
      }
    }
    std::size_t i = 0;
    while (i < n && ++tuple[i] == k) tuple[i++] = 0;
    if (i == n) break;
  }
  return {l2, l1};
}

// The same for a RAPPOR-family mechanism: every n-tuple of k-bit reports.
Rational brute_force_l2(const BitProductMechanism& mech, const std::vector<Rational>& p,
                        unsigned n) {
  const DenseMechanism dense = mech.to_dense();
  const std::size_t k = mech.k(), outputs = dense.num_outputs();
  std::vector<Rational> py(outputs);
  for (std::size_t y = 0; y < outputs; ++y)
    for (std::size_t x = 0; x < k; ++x) py[y] += p[x] * dense(x, y);
  Rational l2 = 0;
  std::vector<std::size_t> tuple(n, 0);
  while (true) {
    Rational probability = 1;
    std::vector<Rational> ones(k);
    for (std::size_t y : tuple) {
      probability *= py[y];
      for (std::size_t j = 0; j < k; ++j) ones[j] += (y >> j) & 1;
    }
    if (probability != 0) {
      for (std::size_t j = 0; j < k; ++j) {
        const BitChannel& b = mech.bit(j);
        const Rational estimate = (ones[j] / n - b.one_if_off) / (b.one_if_on - b.one_if_off);
        l2 += probability * (estimate - p[j]) * (estimate - p[j]);
      }
    }
    std::size_t i = 0;
    while (i < n && ++tuple[i] == outputs) tuple[i++] = 0;
    if (i == n) break;
  }
  return l2;
}

struct SymbolCase {
  std::size_t k;
  std::vector<std::size_t> sensitive;
  Rational t;
};

const std::vector<SymbolCase>& symbol_cases() {
  static const std::vector<SymbolCase> cases = {
      {2, {0}, Rational(3)},    {3, {1}, Rational(3, 2)},
      {4, {0, 2}, Rational(5)}, {5, {1, 3, 4}, Rational(2)},
      {6, {5}, Rational(10)},   {5, {0, 1, 2, 3, 4}, Rational(7, 3)},
      {4, {}, Rational(2)},     {7, {0, 1, 2, 3, 4}, Rational(4)}};
  return cases;
}

TEST(ExpectedL2, MatchesTraceFormulaForSymbolMechanisms) {
  std::mt19937_64 rng(20240501);
  int checked = 0;
  for (const auto& c : symbol_cases()) {
    const IndexSet xs = IndexSet::from_indices(c.sensitive, c.k, "sensitive");
    const PrivacyBudget budget = PrivacyBudget::from_exp_eps(c.t);
    for (int trial = 0; trial < 4; ++trial) {
      const auto p = random_distribution(c.k, rng);
      for (std::uint64_t n : {1u, 7u, 1000u}) {
        EXPECT_EQ(expected_l2_loss(model_of("rr", xs, budget), p, n),
                  direct_l2_loss(randomized_response(c.k, budget), p, n));
        EXPECT_EQ(expected_l2_loss(model_of("none", xs, budget), p, n),
                  direct_l2_loss(identity(c.k), p, n));
        EXPECT_EQ(expected_l2_loss(model_of("urr", xs, budget), p, n),
                  direct_l2_loss(utility_optimized_rr(xs, budget), p, n));
        checked += 3;
      }
    }
  }
  EXPECT_EQ(checked, 8 * 4 * 3 * 3);
}

TEST(ExpectedL2, MatchesCovarianceOfReportsForRapporFamily) {
  std::mt19937_64 rng(77);
  for (const auto& c : symbol_cases()) {
    if (c.k > 6) continue;
    const IndexSet xs = IndexSet::from_indices(c.sensitive, c.k, "sensitive");
    const PrivacyBudget budget = PrivacyBudget::from_exp_eps(c.t);
    const auto p = random_distribution(c.k, rng);
    for (const Rational& theta : {Rational(1, 2), Rational(3, 4), default_rappor_theta(budget)}) {
      EXPECT_EQ(expected_l2_loss(model_of("rappor", xs, budget, theta), p, 9),
                direct_l2_loss(generalized_rappor(c.k, theta, budget), p, 9));
      if (!xs.empty()) {
        EXPECT_EQ(expected_l2_loss(model_of("urap", xs, budget, theta), p, 9),
                  direct_l2_loss(utility_optimized_rappor(xs, theta, budget), p, 9));
      }
    }
  }
}

TEST(ExpectedL2, MatchesBruteForceExpectationAtTinyN) {
  std::mt19937_64 rng(5);
  const IndexSet xs = IndexSet::from_indices({1, 2}, 4, "sensitive");
  const PrivacyBudget budget = PrivacyBudget::from_exp_eps(Rational(3));
  for (int trial = 0; trial < 3; ++trial) {
    const auto p = random_distribution(4, rng);
    for (unsigned n : {1u, 2u, 3u}) {
      EXPECT_EQ(brute_force_losses(utility_optimized_rr(xs, budget), p, n).first,
                expected_l2_loss(model_of("urr", xs, budget), p, n));
      EXPECT_EQ(brute_force_losses(randomized_response(4, budget), p, n).first,
                expected_l2_loss(model_of("rr", xs, budget), p, n));
    }
  }
  const IndexSet xs3 = IndexSet::from_indices({0}, 3, "sensitive");
  const PrivacyBudget b4 = PrivacyBudget::from_exp_eps(Rational(4));
  const auto p3 = random_distribution(3, rng);
  for (unsigned n : {1u, 2u}) {
    EXPECT_EQ(brute_force_l2(utility_optimized_rappor(xs3, b4), p3, n),
              expected_l2_loss(model_of("urap", xs3, b4), p3, n));
    EXPECT_EQ(brute_force_l2(basic_rappor(3, b4), p3, n),
              expected_l2_loss(model_of("rappor", xs3, b4), p3, n));
  }
}

TEST(ExactL1, MatchesBruteForceExpectationAtTinyN) {
  // The finite-n l1 loss (de Moivre's binomial mean absolute deviation) against the definition.
  std::mt19937_64 rng(6);
  const IndexSet xs = IndexSet::from_indices({0, 3}, 4, "sensitive");
  const PrivacyBudget budget = PrivacyBudget::from_exp_eps(Rational(5, 2));
  for (int trial = 0; trial < 3; ++trial) {
    const auto p = random_distribution(4, rng);
    for (unsigned n : {1u, 2u, 3u, 4u}) {
      EXPECT_EQ(brute_force_losses(utility_optimized_rr(xs, budget), p, n).second,
                exact_l1_loss(model_of("urr", xs, budget), p, n));
      EXPECT_EQ(brute_force_losses(randomized_response(4, budget), p, n).second,
                exact_l1_loss(model_of("rr", xs, budget), p, n));
    }
  }
}

TEST(ExactL1, DeMoivreMeanAbsoluteDeviationMatchesTheSum) {
  for (std::uint64_t n = 1; n <= 12; ++n) {
    for (const Rational& q : {Rational(0), Rational(1, 3), Rational(1, 2), Rational(2, 7),
                              Rational(9, 10), Rational(1)}) {
      Rational direct = 0;
      Integer binom = 1;
      for (std::uint64_t j = 0; j <= n; ++j) {
        Rational term = Rational(binom);
        for (std::uint64_t i = 0; i < j; ++i) term *= q;
        for (std::uint64_t i = j; i < n; ++i) term *= 1 - q;
        const Rational deviation = Rational(Integer(j)) - Rational(Integer(n)) * q;
        direct += term * (deviation < 0 ? Rational(-deviation) : deviation);
        binom = binom * (n - j) / (j + 1);
      }
      EXPECT_EQ(binomial_mean_absolute_deviation(n, q), direct) << "n=" << n << " q=" << q;
    }
  }
}

TEST(PaperL2, UrrClosedFormIsExact) {
  std::mt19937_64 rng(11);
  for (const auto& c : symbol_cases()) {
    if (c.sensitive.empty()) continue;
    const IndexSet xs = IndexSet::from_indices(c.sensitive, c.k, "sensitive");
    const auto model = model_of("urr", xs, PrivacyBudget::from_exp_eps(c.t));
    for (int trial = 0; trial < 5; ++trial) {
      const auto p = random_distribution(c.k, rng);
      EXPECT_EQ(expected_l2_loss(model, p, 13),
                paper::l2_urr(xs.size(), c.t, sum_on(p, xs), sum_of_squares(p), 13));
    }
  }
}

TEST(PaperL2, UrapClosedFormIsExactWhenSIsKnown) {
  std::mt19937_64 rng(12);
  for (const Rational& s : {Rational(2), Rational(3, 2), Rational(5), Rational(11, 10)}) {
    const PrivacyBudget budget = PrivacyBudget::from_exp_eps(s * s);
    ASSERT_TRUE(budget.exp_half_eps().has_value());
    for (const auto& c : symbol_cases()) {
      if (c.sensitive.empty()) continue;
      const IndexSet xs = IndexSet::from_indices(c.sensitive, c.k, "sensitive");
      const auto model = model_of("urap", xs, budget);
      const auto p = random_distribution(c.k, rng);
      EXPECT_EQ(expected_l2_loss(model, p, 5),
                paper::l2_urap(xs.size(), s, sum_on(p, xs), sum_of_squares(p), 5));
    }
  }
}

// KKT for max sum(a_x p_x - p_x^2) on the simplex: a_x - 2 p_x = lambda where p_x > 0 and
// a_x - 2 p_x <= lambda where p_x = 0; with strict concavity this certifies the global maximum.
void expect_kkt(const CoordinateModel& model, const std::vector<Rational>& argmax) {
  const L2Quadratic q = l2_quadratic(model);
  std::optional<Rational> lambda;
  Rational sum = 0;
  for (std::size_t x = 0; x < model.k(); ++x) {
    ASSERT_GE(argmax[x], 0);
    sum += argmax[x];
    if (argmax[x] > 0) {
      const Rational g = q.linear[x] - 2 * argmax[x];
      if (lambda) {
        EXPECT_EQ(*lambda, g);
      }
      lambda = g;
    }
  }
  ASSERT_EQ(sum, 1);
  for (std::size_t x = 0; x < model.k(); ++x) {
    if (argmax[x] == 0) {
      EXPECT_LE(q.linear[x], *lambda);
    }
  }
}

TEST(WorstCaseL2, SatisfiesKktAndBeatsRandomDistributions) {
  std::mt19937_64 rng(99);
  for (const auto& c : symbol_cases()) {
    const IndexSet xs = IndexSet::from_indices(c.sensitive, c.k, "sensitive");
    const PrivacyBudget budget = PrivacyBudget::from_exp_eps(c.t);
    for (auto mech : {"none", "rr", "rappor", "urr", "urap"}) {
      const auto model = model_of(mech, xs, budget);
      const WorstCaseL2 worst = worst_case_l2_loss(model, 100);
      expect_kkt(model, worst.argmax);
      for (int trial = 0; trial < 40; ++trial) {
        EXPECT_LE(expected_l2_loss(model, random_distribution(c.k, rng), 100), worst.value);
      }
    }
  }
}

TEST(WorstCaseL2, UrrMaximiserSwitchesFromUniformOnXnToPStarAtKnPlusOne) {
  // Propositions 16 and 17, including the boundary t = k_n + 1.
  const std::size_t k = 6;
  const IndexSet xs = IndexSet::from_indices({0, 3}, k, "sensitive");
  const auto xn = xs.complement().indices();
  for (const Rational& t : {Rational(3, 2), Rational(3), Rational(49, 10), Rational(5),
                            Rational(51, 10), Rational(6), Rational(40)}) {
    const auto model = model_of("urr", xs, PrivacyBudget::from_exp_eps(t));
    const WorstCaseL2 worst = worst_case_l2_loss(model, 10);
    if (t < Rational(static_cast<long>(xn.size()) + 1)) {
      EXPECT_EQ(worst.argmax, uniform_on(xn, k));
      EXPECT_EQ(worst.value, paper::l2_urr_worst_small(xs.size(), xn.size(), t, 10));
    } else {
      const auto [ps, pn] = paper::urr_p_star(xs.size(), xn.size(), t);
      for (std::size_t x = 0; x < k; ++x) EXPECT_EQ(worst.argmax[x], xs.contains(x) ? ps : pn);
      EXPECT_EQ(worst.value, paper::l2_urr_worst_large(xs.size(), xn.size(), t, 10));
    }
  }
}

TEST(WorstCaseL2, UrapMaximiserIsUniformOnXnExactlyBelowTheThreshold) {
  // Proposition 19: p_UN for s < k_n/2 + 1; beyond it the maximiser moves mass to X_S.
  const std::size_t k = 7;
  const IndexSet xs = IndexSet::from_indices({2, 4, 6}, k, "sensitive");
  const auto xn = xs.complement().indices();  // k_n = 4: threshold s = 3
  for (const Rational& s :
       {Rational(11, 10), Rational(2), Rational(3), Rational(7, 2), Rational(10)}) {
    const auto model = model_of("urap", xs, PrivacyBudget::from_exp_eps(s * s));
    const WorstCaseL2 worst = worst_case_l2_loss(model, 3);
    if (s <= 3) {
      EXPECT_EQ(worst.argmax, uniform_on(xn, k));
      EXPECT_EQ(worst.value, paper::l2_urap_worst(xs.size(), xn.size(), s, 3));
    } else {
      EXPECT_GT(worst.argmax[2], 0);
      EXPECT_GT(worst.value, paper::l2_urap_worst(xs.size(), xn.size(), s, 3));
      // Derived here: p(x) = (1 - k_n/(2(s-1)))/k on X_S.
      EXPECT_EQ(worst.argmax[2], (1 - Rational(4) / (2 * (s - 1))) / 7);
    }
  }
}

TEST(WorstCaseL2, SymmetricMechanismsPeakAtUniform) {
  const IndexSet xs = IndexSet::first(2, 5);
  const PrivacyBudget budget = PrivacyBudget::from_exp_eps(Rational(9, 4));
  const auto all = IndexSet::all(5).indices();
  for (auto mech : {"none", "rr", "rappor"}) {
    EXPECT_EQ(worst_case_l2_loss(model_of(mech, xs, budget), 8).argmax, uniform_on(all, 5));
  }
  // Non-private: (1 - 1/k)/n.
  EXPECT_EQ(worst_case_l2_loss(model_of("none", xs, budget), 8).value, Rational(4, 5) / 8);
}

TEST(ExpectedL2, RejectsBadInput) {
  const IndexSet xs = IndexSet::first(1, 3);
  const auto model = model_of("urr", xs, PrivacyBudget::from_exp_eps(Rational(2)));
  EXPECT_THROW(expected_l2_loss(model, {Rational(1, 2), Rational(1, 2)}, 3), InvalidArgument);
  EXPECT_THROW(expected_l2_loss(model, {Rational(1), Rational(1), Rational(-1)}, 3),
               InvalidArgument);
  EXPECT_THROW(expected_l2_loss(model, {Rational(1, 2), Rational(1, 3), Rational(1, 3)}, 3),
               InvalidArgument);
  EXPECT_THROW(expected_l2_loss(model, {Rational(1), Rational(0), Rational(0)}, 0),
               InvalidArgument);
  // exp_eps = 1: nothing identifiable.
  EXPECT_THROW(model_of("rr", xs, PrivacyBudget::from_exp_eps(Rational(1))), InvalidArgument);
}

}  // namespace
}  // namespace uldp
