// uHR (arXiv 2509.24173, encode_uHR.m / decode_uHR.m) against its description, exactly: the
// Hadamard matrix built by Sylvester's doubling (not the parity formula the code uses), V, every
// entry of the dense matrix, the rows, the unbiased estimator and its l2 quadratic, and the
// check at the paper's largest setting.
#include <gtest/gtest.h>

#include <algorithm>

#include "uldp/error.h"
#include "uldp/forms/class_privacy_check.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/registry.h"
#include "uldp/mechanisms/uhr/uhr.h"
#include "uldp/mechanisms/uhr/uhr_estimator.h"

namespace uldp {
namespace {

// H_1 = [1]; H_2m = [H H; H -H] (MATLAB's hadamard(V) for V a power of 2).
std::vector<std::vector<int>> sylvester(std::size_t columns) {
  std::vector<std::vector<int>> h{{1}};
  while (h.size() < columns) {
    const std::size_t m = h.size();
    std::vector<std::vector<int>> next(2 * m, std::vector<int>(2 * m));
    for (std::size_t r = 0; r < m; ++r) {
      for (std::size_t j = 0; j < m; ++j) {
        next[r][j] = next[r][j + m] = next[r + m][j] = h[r][j];
        next[r + m][j + m] = -h[r][j];
      }
    }
    h = std::move(next);
  }
  return h;
}

TEST(UtilityOptimizedHadamard, ColumnsAreTheSmallestPowerOfTwoAboveV) {
  // The code's V = 2^nextpow2(v + 1), nextpow2(m) = ceil(log2 m).
  const std::pair<std::size_t, std::size_t> expected[] = {
      {1, 2}, {2, 4}, {3, 4}, {4, 8}, {7, 8}, {8, 16}, {2432, 4096}, {4095, 4096}, {4096, 8192}};
  for (const auto& [v, columns] : expected) EXPECT_EQ(hadamard_columns(v), columns) << v;
  for (std::size_t r = 0; r < 16; ++r) {
    for (std::size_t j = 0; j < 16; ++j)
      EXPECT_EQ(hadamard_plus(r, j), sylvester(16)[r][j] == 1) << r << "," << j;
  }
}

TEST(UtilityOptimizedHadamard, DenseEntriesMatchTheDescription) {
  for (const Rational& t : {Rational(1), Rational(3), Rational(403, 7)}) {
    for (const char* xs_text : {"0", "1", "0,2,3", "1-4", "0-6", "2,3,5,6"}) {
      const IndexSet xs = IndexSet::parse(xs_text, 8, "xs");
      const PrivacyBudget b = PrivacyBudget::from_exp_eps(t);
      const DenseExpansion d = uhr_classes(xs, b).to_dense();
      const std::size_t v = xs.size(), columns = hadamard_columns(v);
      const auto h = sylvester(columns);
      const IndexSet open = xs.complement();
      ASSERT_EQ(d.matrix.num_outputs(), columns + open.size());
      EXPECT_EQ(d.protected_outputs.size(), columns);
      for (std::size_t r = 0; r < v; ++r) {  // the r-th sensitive input uses row r + 1
        Rational plus_mass = 0, row = 0;
        for (std::size_t j = 0; j < columns; ++j) {
          const Rational q = d.matrix(xs.indices()[r], j);
          if (h[r + 1][j] == 1) plus_mass += q;
          EXPECT_EQ(q, (h[r + 1][j] == 1 ? 2 * t : Rational(2)) / ((t + 1) * Rational(columns)));
          row += q;
        }
        EXPECT_EQ(plus_mass, t / (t + 1)) << xs_text;
        EXPECT_EQ(row, 1) << xs_text;
      }
      for (std::size_t i = 0; i < open.size(); ++i) {
        const std::size_t x = open.indices()[i];
        Rational row = 0;
        for (std::size_t y = 0; y < d.matrix.num_outputs(); ++y) {
          const Rational expected = y < columns        ? Rational(2 / ((t + 1) * Rational(columns)))
                                    : y == columns + i ? Rational((t - 1) / (t + 1))
                                                       : Rational(0);
          EXPECT_EQ(d.matrix(x, y), expected) << xs_text << " x=" << x << " y=" << y;
          row += d.matrix(x, y);
        }
        EXPECT_EQ(row, 1);
      }
    }
  }
  EXPECT_THROW(uhr_constants(0, Rational(2)), InvalidArgument);
}

// Unbiased (the mean single-report estimate from input x is e_x) and the l2 quadratic is
// E[||p̂_1||^2 | x], both recomputed from the dense matrix and the Sylvester matrix.
TEST(UtilityOptimizedHadamard, EstimatorIsUnbiasedAndItsL2IsExact) {
  for (const Rational& t : {Rational(3, 2), Rational(5), Rational(81)}) {
    for (const char* xs_text : {"0", "0,1", "1,2,4", "0-3", "0,2,3,5", "0-5"}) {
      const IndexSet xs = IndexSet::parse(xs_text, 6, "xs");
      const PrivacyBudget b = PrivacyBudget::from_exp_eps(t);
      const DenseExpansion d = uhr_classes(xs, b).to_dense();
      const std::size_t columns = hadamard_columns(xs.size());
      const auto h = sylvester(columns);
      const Rational c = uhr_estimator_scale(t);
      const L2Quadratic quadratic = uhr_l2_quadratic(xs, b);
      const IndexSet open = xs.complement();
      for (std::size_t x = 0; x < 6; ++x) {
        std::vector<Rational> mean(6);
        Rational norm = 0;
        for (std::size_t y = 0; y < d.matrix.num_outputs(); ++y) {
          std::vector<Rational> single(6);
          if (y < columns) {
            for (std::size_t r = 0; r < xs.size(); ++r) single[xs.indices()[r]] = c * h[r + 1][y];
          } else {
            single[open.indices()[y - columns]] = c;
          }
          for (std::size_t z = 0; z < 6; ++z) {
            mean[z] += d.matrix(x, y) * single[z];
            norm += d.matrix(x, y) * single[z] * single[z];
          }
        }
        for (std::size_t z = 0; z < 6; ++z) EXPECT_EQ(mean[z], z == x ? 1 : 0) << xs_text;
        EXPECT_EQ(quadratic.constant + quadratic.linear[x], norm) << xs_text << " x=" << x;
      }
    }
  }
  EXPECT_THROW(uhr_estimator_scale(Rational(1)), InvalidArgument);
}

// The paper's largest setting, |X| = 12800, |X_S| = 2432, V = 4096: checked through the
// registry's natural form, tight at t (its time: bench/class_check_bench.cc).
TEST(UtilityOptimizedHadamard, ChecksAtTheLargestSettingWithoutTheMatrix) {
  const IndexSet xs = IndexSet::parse("0-2431", 12800, "xs");
  const PrivacyBudget b = PrivacyBudget::from_exp_eps(Rational(403));
  const MechanismSpec spec = make_mechanism("uhr", xs, b);
  const ClassForm form = std::get<ClassForm>(exact_form(spec));
  const Verdict v = check_uldp(form.q, xs, b, UldpReading::kLiteral);
  EXPECT_TRUE(v.holds);
  EXPECT_EQ(v.tight_exp_eps, ExtendedRational(Rational(403)));
  EXPECT_EQ(form.q.num_protected_outputs(), 4096);
  EXPECT_EQ(form.q.num_outputs(), 4096 + 12800 - 2432);
}

// Errata R6: the reference encoder (encode_uHR.m) as an exact matrix, a test double written from
// what that code does. The r-th member of X_S (ascending, r = 1..v) reports a column where row r of
// the V x V Sylvester matrix is +1 w.p. t/(t+1), one where it is -1 otherwise, uniformly; a
// non-sensitive symbol with 1-based value x reports x + V - v w.p. (t-1)/(t+1), else a uniform
// column of 1..V. Outputs are 1..k + V - v (0-based below); Y_P = the V columns.
DenseMechanism reference_uhr_encoder(const IndexSet& xs, const Rational& t) {
  const std::size_t k = xs.universe(), v = xs.size(), columns = hadamard_columns(v);
  const std::size_t outputs = k + columns - v;
  std::vector<Rational> q(k * outputs, Rational(0));
  const Rational half = Rational(2, static_cast<long>(columns));  // 1 / (V/2)
  for (std::size_t x = 0; x < k; ++x) {
    if (xs.contains(x)) {
      const std::size_t r = static_cast<std::size_t>(
          std::find(xs.indices().begin(), xs.indices().end(), x) - xs.indices().begin() + 1);
      for (std::size_t c = 0; c < columns; ++c) {
        const bool plus = __builtin_parityll(static_cast<unsigned long long>(r & c)) == 0;
        q[x * outputs + c] = Rational(plus ? Rational(t / (t + 1)) : Rational(1 / (t + 1))) * half;
      }
    } else {
      for (std::size_t c = 0; c < columns; ++c) {
        q[x * outputs + c] = Rational(2 / (t + 1)) / static_cast<long>(columns);
      }
      q[x * outputs + x + columns - v] +=
          Rational((t - 1) / (t + 1));  // 1-based x + 1 + V - v, 0-based
    }
  }
  std::vector<std::string> labels;
  for (std::size_t y = 0; y < outputs; ++y) labels.push_back(std::to_string(y + 1));
  return DenseMechanism(k, std::move(labels), std::move(q));
}

// Its tight ratio over Y_P is t when X_S is a prefix of X, and 1 + (t - 1) V / 2 when some
// non-sensitive symbol lies below v: that symbol's self-report x + V - v is a Hadamard column, so
// it reaches a protected output with probability (t-1)/(t+1) + 2/((t+1)V). For V = 2 that is
// still t (the decoder's bias is then the only defect); from V = 4 on the claim is broken: at
// X_S = {x_1, x_3, x_4} of five symbols, t = 3, the encoder is 5-ULDP, not 3-ULDP (ε = ln 5 =
// 1.609 instead of ln 3 = 1.099). Every X_S of six symbols, three budgets; the reachable reading,
// since under the literal one a non-prefix X_S already fails on outputs nobody produces.
TEST(UtilityOptimizedHadamard, ReferenceEncoderOnANonPrefixSensitiveSetBreaksItsClaim) {
  for (const Rational& t : {Rational(3, 2), Rational(3), Rational(20)}) {
    for (unsigned mask = 1; mask < (1u << 6) - 1; ++mask) {
      std::vector<std::size_t> members;
      for (std::size_t x = 0; x < 6; ++x) {
        if (mask & (1u << x)) members.push_back(x);
      }
      const IndexSet xs = IndexSet::from_indices(members, 6, "xs");
      const std::size_t v = xs.size(), columns = hadamard_columns(v);
      bool symbol_below_v = false;
      for (std::size_t x = 0; x < v; ++x) symbol_below_v = symbol_below_v || !xs.contains(x);
      const Rational expected =
          symbol_below_v ? Rational(1 + (t - 1) * static_cast<long>(columns) / 2) : t;
      const DenseMechanism q = reference_uhr_encoder(xs, t);
      const Verdict verdict = check_uldp(q, xs, IndexSet::first(columns, q.num_outputs()),
                                         PrivacyBudget::from_exp_eps(t), UldpReading::kReachable);
      EXPECT_EQ(verdict.tight_exp_eps, ExtendedRational(expected)) << xs.to_string() << " t=" << t;
      EXPECT_EQ(verdict.holds, expected == t) << xs.to_string();
    }
  }
  // The worked case of the erratum.
  const Verdict five =
      check_uldp(reference_uhr_encoder(IndexSet::from_indices({0, 2, 3}, 5, "xs"), Rational(3)),
                 IndexSet::from_indices({0, 2, 3}, 5, "xs"), IndexSet::first(4, 6),
                 PrivacyBudget::from_exp_eps(Rational(3)), UldpReading::kReachable);
  EXPECT_EQ(five.tight_exp_eps, ExtendedRational(Rational(5)));
}

}  // namespace
}  // namespace uldp
