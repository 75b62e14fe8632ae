// uHR (arXiv 2509.24173, encode_uHR.m / decode_uHR.m) against its description, exactly: the
// Hadamard matrix built by Sylvester's doubling (not the parity formula the code uses), V, every
// entry of the dense matrix, the rows, the unbiased estimator and its l2 quadratic, and the
// check at the paper's largest setting.
#include <gtest/gtest.h>

#include <chrono>

#include "uldp/error.h"
#include "uldp/forms/class_privacy_check.h"
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

// The paper's largest setting, |X| = 12800, |X_S| = 2432, V = 4096: checked in well under a
// second, tight at t, through the registry's natural form.
TEST(UtilityOptimizedHadamard, ChecksAtTheLargestSettingWithoutTheMatrix) {
  const IndexSet xs = IndexSet::parse("0-2431", 12800, "xs");
  const PrivacyBudget b = PrivacyBudget::from_exp_eps(Rational(403));
  const auto start = std::chrono::steady_clock::now();
  const MechanismSpec spec = make_mechanism("uhr", xs, b);
  const ClassForm form = std::get<ClassForm>(exact_form(spec));
  const Verdict v = check_uldp(form.q, xs, b, UldpReading::kLiteral);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_TRUE(v.holds);
  EXPECT_EQ(v.tight_exp_eps, ExtendedRational(Rational(403)));
  EXPECT_EQ(form.q.num_protected_outputs(), 4096);
  EXPECT_EQ(form.q.num_outputs(), 4096 + 12800 - 2432);
  EXPECT_LT(seconds, 1.0);
}

}  // namespace
}  // namespace uldp
