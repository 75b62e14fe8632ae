// The optimal uBD mixture (`ubd-opt`): its class-structured form against its dense definition
// (Σ_K λ_K times the single-K matrices), the exact ULDP check, the estimator's exact
// unbiasedness and l2 on dense matrices, and its worst case against the certified limit.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "uldp/error.h"
#include "uldp/forms/class_privacy_check.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/losses/l2_loss.h"
#include "uldp/mechanisms/registry.h"
#include "uldp/mechanisms/ubd_opt/ubd_opt.h"
#include "uldp/mechanisms/ubd_opt/ubd_opt_estimator.h"

namespace uldp {
namespace {

bool same_witness(const std::optional<Witness>& a, const std::optional<Witness>& b) {
  if (!a || !b) return !a && !b;
  return a->x == b->x && a->x_prime == b->x_prime && a->y == b->y && a->y_label == b->y_label &&
         a->q_x == b->q_x && a->q_x_prime == b->q_x_prime;
}

void expect_same(const Verdict& classes, const Verdict& dense, const std::string& what) {
  EXPECT_EQ(classes.holds, dense.holds) << what;
  EXPECT_EQ(classes.tight_exp_eps, dense.tight_exp_eps) << what;
  EXPECT_EQ(classes.violated, dense.violated) << what;
  EXPECT_TRUE(same_witness(classes.witness, dense.witness)) << what;
  EXPECT_TRUE(same_witness(classes.tight_attained_by, dense.tight_attained_by)) << what;
}

struct Setting {
  std::vector<std::size_t> sensitive;
  std::size_t k;
  Rational t;
  std::vector<BlockWeight> weights;
};

std::vector<Setting> settings() {
  return {
      {{0, 2, 3, 5}, 8, Rational(4), {{1, Rational(1, 3)}, {2, Rational(2, 3)}}},
      {{1, 2, 4},
       5,
       Rational(3, 2),
       {{1, Rational(1, 2)}, {2, Rational(1, 3)}, {3, Rational(1, 6)}}},
      {{0, 1, 2, 3, 4}, 7, Rational(7), {{2, Rational(1, 4)}, {4, Rational(3, 4)}}},
      {{3, 4, 6}, 7, Rational(2), {{3, Rational(1)}}},
      {{0, 4}, 5, Rational(9, 2), {{1, Rational(3, 5)}, {2, Rational(2, 5)}}},
  };
}

// The sensitive members of a block label "{0,2}" (empty for an X_N output).
std::vector<std::size_t> block_members(const std::string& label) {
  std::vector<std::size_t> members;
  if (label.empty() || label[0] != '{') return members;
  std::stringstream in(label.substr(1, label.size() - 2));
  std::string item;
  while (std::getline(in, item, ',')) members.push_back(std::stoul(item));
  return members;
}

// p̂₁(y) of every dense output y, from the estimator's per-class values.
std::vector<std::vector<Rational>> single_report_estimates(const DenseMechanism& d,
                                                           const IndexSet& xs,
                                                           const UbdOptEstimator& e) {
  std::vector<std::vector<Rational>> out;
  for (std::size_t y = 0; y < d.num_outputs(); ++y) {
    const std::vector<std::size_t> members = block_members(d.output_labels()[y]);
    std::vector<Rational> p(d.num_inputs());
    if (members.empty()) {
      const std::size_t o = std::stoul(d.output_labels()[y]);
      for (std::size_t x = 0; x < p.size(); ++x)
        p[x] = xs.contains(x) ? e.open.sensitive : (x == o ? e.open.self : e.open.other_open);
    } else {
      const BlockReportEstimate* b = nullptr;
      for (const BlockReportEstimate& r : e.blocks)
        if (r.block == members.size()) b = &r;
      EXPECT_NE(b, nullptr);
      for (std::size_t x = 0; x < p.size(); ++x) {
        const bool in = std::find(members.begin(), members.end(), x) != members.end();
        p[x] = !xs.contains(x) ? b->open : (in ? b->member : b->other_sensitive);
      }
    }
    out.push_back(std::move(p));
  }
  return out;
}

TEST(UbdMixture, ClassFormIsTheWeightedSumOfSingleBlockMatricesAndChecksAlike) {
  for (const Setting& s : settings()) {
    const IndexSet xs = IndexSet::from_indices(s.sensitive, s.k, "xs");
    const PrivacyBudget b = PrivacyBudget::from_exp_eps(s.t);
    const ClassStructuredMechanism m = ubd_opt_classes(xs, s.weights, b);
    const DenseExpansion d = m.to_dense();
    ASSERT_EQ(structure_mismatch(m, d.matrix, d.protected_outputs), std::nullopt);
    // The dense columns are Σ_K λ_K Q_K, independently of the cells: each entry recomputed.
    std::size_t offset = 0;
    for (const BlockWeight& bw : s.weights) {
      const DenseExpansion single = ubd_classes(xs, bw.block, b).to_dense();
      const std::size_t blocks = single.protected_outputs.size();
      for (std::size_t x = 0; x < s.k; ++x) {
        for (std::size_t y = 0; y < blocks; ++y)
          EXPECT_EQ(d.matrix(x, offset + y), bw.weight * single.matrix(x, y));
      }
      offset += blocks;
    }
    for (std::size_t x = 0; x < s.k; ++x) {
      Rational sum = 0;
      for (std::size_t y = 0; y < d.matrix.num_outputs(); ++y) sum += d.matrix(x, y);
      EXPECT_EQ(sum, 1);
    }
    for (UldpReading reading : {UldpReading::kReachable, UldpReading::kLiteral}) {
      const Verdict c = check_uldp(m, xs, b, reading);
      expect_same(c, check_uldp(d.matrix, xs, d.protected_outputs, b, reading), "uldp");
      // The mixture is no more and no less private than its components: tight ratio t.
      EXPECT_TRUE(c.holds);
      EXPECT_EQ(c.tight_exp_eps, ExtendedRational(s.t));
    }
    expect_same(check_ldp(m, b), check_ldp(d.matrix, b), "ldp");
    expect_same(check_osldp(m, xs, b), check_osldp(d.matrix, xs, b), "osldp");
  }
}

// E[p̂₁(Y) | x] = e_x for every x, entry by entry, and S(x) = E[||p̂₁||² | x] is the quadratic's.
TEST(UbdMixture, EstimatorIsExactlyUnbiasedWithTheL2OfItsQuadratic) {
  for (const Setting& s : settings()) {
    const IndexSet xs = IndexSet::from_indices(s.sensitive, s.k, "xs");
    const PrivacyBudget b = PrivacyBudget::from_exp_eps(s.t);
    const DenseExpansion d = ubd_opt_classes(xs, s.weights, b).to_dense();
    const bool below_v = s.weights.front().block < s.sensitive.size();
    for (const Rational& alpha : {Rational(0), Rational(1, 3), Rational(9, 10), Rational(1)}) {
      if (!below_v || (alpha == 1 && s.weights.size() > 1)) {
        EXPECT_THROW(ubd_opt_estimator(s.k, xs.size(), s.t, s.weights, alpha), InvalidArgument);
        continue;
      }
      const UbdOptEstimator e = ubd_opt_estimator(s.k, xs.size(), s.t, s.weights, alpha);
      const auto single = single_report_estimates(d.matrix, xs, e);
      const L2Quadratic q = ubd_opt_l2_quadratic(xs, s.weights, alpha, b);
      for (std::size_t x = 0; x < s.k; ++x) {
        std::vector<Rational> mean(s.k);
        Rational second = 0;
        for (std::size_t y = 0; y < d.matrix.num_outputs(); ++y) {
          for (std::size_t z = 0; z < s.k; ++z) {
            mean[z] += d.matrix(x, y) * single[y][z];
            second += d.matrix(x, y) * single[y][z] * single[y][z];
          }
        }
        for (std::size_t z = 0; z < s.k; ++z)
          EXPECT_EQ(mean[z], Rational(z == x ? 1 : 0)) << "x " << x << " z " << z;
        EXPECT_EQ(q.linear[x], second) << "x " << x;
        EXPECT_EQ(q.constant, 0);
      }
    }
  }
}

// The registered mechanism at settings where the limit mixes K = 1 and 2 (docs/utility.md) and
// where one K is optimal: the estimator's exact worst case lies in the certified interval, and
// at the centre P_α̂ its loss is exactly the objective f(α̂, λ̂) (the estimator is efficient there).
TEST(UbdMixture, WorstCaseLiesInTheCertifiedLimit) {
  struct Case {
    std::size_t k, v;
    Rational t;
  };
  for (const Case& c :
       {Case{8, 4, Rational(4)}, Case{400, 76, Rational(55)}, Case{625, 15, Rational(403)},
        Case{300, 50, Rational(403)}, Case{400, 76, Rational(3)}, Case{30, 10, Rational(2981)}}) {
    const IndexSet xs = IndexSet::parse("0-" + std::to_string(c.v - 1), c.k, "xs");
    const PrivacyBudget b = PrivacyBudget::from_exp_eps(c.t);
    const MechanismSpec spec = make_mechanism("ubd-opt", xs, b);
    const auto& p = std::get<UbdOptSpec>(spec.kind);
    const FundamentalLimit limit = fundamental_limit({c.k, c.v, c.t});
    const L2Quadratic q = l2_quadratic(spec);
    const Rational worst = worst_case_l2_loss(q, 1).value;
    EXPECT_GE(worst, limit.value.lower) << c.k << "/" << c.v;
    EXPECT_LE(worst, limit.value.upper) << c.k << "/" << c.v;
    std::vector<Rational> centre(c.k);
    for (std::size_t x = 0; x < c.k; ++x)
      centre[x] = x < c.v ? Rational(p.sensitive_mass / c.v)
                          : Rational((1 - p.sensitive_mass) / (c.k - c.v));
    EXPECT_EQ(expected_l2_loss(q, centre, 1), limit.objective) << c.k << "/" << c.v;
  }
}

// The paper's largest setting: built (the certified limit included) and checked, tight at t
// (its time: bench/class_check_bench.cc).
TEST(UbdMixture, ChecksAtTheLargestSetting) {
  const IndexSet xs = IndexSet::parse("0-2431", 12800, "xs");
  for (const Rational& t : {Rational(3), Rational(403)}) {
    const PrivacyBudget b = PrivacyBudget::from_exp_eps(t);
    const MechanismSpec spec = make_mechanism("ubd-opt", xs, b);
    const auto& p = std::get<UbdOptSpec>(spec.kind);
    const ClassStructuredMechanism m = ubd_opt_classes(xs, p.weights, b);
    const Verdict v = check_uldp(m, xs, b, UldpReading::kLiteral);
    EXPECT_TRUE(v.holds);
    EXPECT_EQ(v.tight_exp_eps, ExtendedRational(t));
  }
}

TEST(UbdMixture, RefusesBadWeightsAndSettingsWithoutALimit) {
  const IndexSet xs = IndexSet::from_indices({0, 1, 2}, 5, "xs");
  const PrivacyBudget b = PrivacyBudget::from_exp_eps(Rational(3));
  EXPECT_THROW(ubd_opt_classes(xs, {{1, Rational(1, 2)}}, b), InvalidArgument);
  EXPECT_THROW(ubd_opt_classes(xs, {{2, Rational(1, 2)}, {1, Rational(1, 2)}}, b), InvalidArgument);
  EXPECT_THROW(ubd_opt_classes(xs, {{4, Rational(1)}}, b), InvalidArgument);
  EXPECT_THROW(ubd_opt_classes(xs, {{1, Rational(0)}, {2, Rational(1)}}, b), InvalidArgument);
  EXPECT_THROW(make_mechanism("ubd-opt", IndexSet::all(3), b), InvalidArgument);  // no X_N
  EXPECT_THROW(make_mechanism("ubd-opt", IndexSet::from_indices({1}, 3, "xs"), b),
               InvalidArgument);  // |X_S| = 1
  EXPECT_THROW(make_mechanism("ubd-opt", xs, PrivacyBudget::from_exp_eps(Rational(1))),
               InvalidArgument);  // t = 1
}

}  // namespace
}  // namespace uldp
