// Samplers: per-user report frequencies match Q; aggregated counts have the exact means and
// variances; fixed seeds reproduce. Every bound below is 5 or 6 standard errors.
#include "uldp/estimate/sampler.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include <gtest/gtest.h>

#include "uldp/error.h"
#include "uldp/mechanisms/mangat/mangat.h"
#include "uldp/testing/budgets.h"

namespace uldp::estimate {
namespace {

using testing::budget;

// Frequency of each output over `draws` reports of input x vs Q(.|x); 5 binomial sd per cell.
void expect_rows_match(const DenseParams& q, const std::vector<std::vector<double>>& freq,
                       int draws) {
  for (std::size_t x = 0; x < q.inputs; ++x) {
    for (std::size_t y = 0; y < q.outputs; ++y) {
      const double sd = std::sqrt(q(x, y) * (1 - q(x, y)) / draws);
      EXPECT_NEAR(freq[x][y], q(x, y), 5 * sd + 1e-12) << "x=" << x << " y=" << y;
    }
  }
}

TEST(SampleReports, UrrPerUserMatchesTheMatrix) {
  const UrrParams params = urr_params(IndexSet::from_indices({0, 3}, 5, "X_S"), budget(3));
  const DenseParams q = dense_params(params);
  Xoshiro256 rng(11);
  const int draws = 50000;
  std::vector<std::vector<double>> freq(5, std::vector<double>(5, 0.0));
  for (std::uint32_t x = 0; x < 5; ++x) {
    const std::vector<std::uint32_t> inputs(draws, x);
    for (std::uint32_t y : sample_reports(rng, params, inputs)) freq[x][y] += 1.0 / draws;
  }
  expect_rows_match(q, freq, draws);
}

TEST(SampleReports, DensePerUserMatchesTheMatrix) {
  DenseParams q;
  q.inputs = 3, q.outputs = 4;
  q.q = {0.1, 0.2, 0.3, 0.4, 0.0, 0.5, 0.5, 0.0, 0.7, 0.1, 0.1, 0.1};
  Xoshiro256 rng(12);
  const int draws = 50000;
  std::vector<std::vector<double>> freq(3, std::vector<double>(4, 0.0));
  for (std::uint32_t x = 0; x < 3; ++x) {
    const std::vector<std::uint32_t> inputs(draws, x);
    for (std::uint32_t y : sample_reports(rng, q, inputs)) freq[x][y] += 1.0 / draws;
  }
  expect_rows_match(q, freq, draws);
}

TEST(SampleReports, UnaryPerUserBitsHaveTheRightMarginals) {
  const UnaryParams params = urap_params(IndexSet::from_indices({1, 3, 4}, 6, "X_S"), budget(4));
  Xoshiro256 rng(13);
  const int draws = 40000;
  for (std::uint32_t x = 0; x < 6; ++x) {
    const std::vector<std::uint32_t> inputs(draws, x);
    const BitReports reports = sample_reports(rng, params, inputs);
    ASSERT_EQ(reports.size(), static_cast<std::size_t>(draws));
    std::vector<double> ones(6, 0.0);
    for (std::size_t i = 0; i < reports.size(); ++i) {
      const std::vector<std::uint32_t> bits = reports.report(i).to_vector();
      for (std::size_t b = 0; b < bits.size(); ++b) {
        if (b > 0) {
          ASSERT_LT(bits[b - 1], bits[b]);
        }
        ones[bits[b]] += 1.0 / draws;
      }
    }
    for (std::size_t j = 0; j < 6; ++j) {
      const double prob = j == x ? params.on[j] : params.off[j];
      EXPECT_NEAR(ones[j], prob, 5 * std::sqrt(prob * (1 - prob) / draws) + 1e-12)
          << "x=" << x << " bit " << j;
    }
  }
}

TEST(SampleReports, DenseBitsPathMatchesToo) {
  // off > 0.05 takes the 64-lane path instead of geometric gaps.
  UnaryParams params;
  params.k = 5;
  params.on = {0.9, 0.9, 0.8, 0.6, 0.5};
  params.off = {0.3, 0.3, 0.05, 0.3, 0.2};
  Xoshiro256 rng(14);
  const int draws = 40000;
  const std::vector<std::uint32_t> inputs(draws, 2);
  const BitReports reports = sample_reports(rng, params, inputs);
  const BitCounts counts = bit_counts(reports);
  for (std::size_t j = 0; j < 5; ++j) {
    const double prob = j == 2 ? params.on[j] : params.off[j];
    EXPECT_NEAR(static_cast<double>(counts.ones[j]) / draws, prob,
                5 * std::sqrt(prob * (1 - prob) / draws));
  }
}

TEST(SampleReports, UnaryPerUserBitsAreIndependentWithTheRightMarginals) {
  // 70 bits over two 64-bit words: dense lanes of three probabilities (one dyadic), sparse bits
  // (geometric gaps), off = 0 and off = 1; the input's bit follows `on`.
  UnaryParams params;
  params.k = 70;
  for (std::size_t j = 0; j < params.k; ++j) {
    const double offs[] = {0.3775406687981454, 0.5, 0.83, 0.02, 0.0, 1.0, 0.2};
    params.off.push_back(offs[j % 7]);
    params.on.push_back(0.6224593312018546);
  }
  const std::uint32_t x = 63;  // the last lane of the first word
  Xoshiro256 rng(15);
  const int draws = 40000;
  const BitReports reports = sample_reports(rng, params, std::vector<std::uint32_t>(draws, x));
  std::vector<double> prob(params.k);
  for (std::size_t j = 0; j < params.k; ++j) prob[j] = j == x ? params.on[j] : params.off[j];
  std::vector<std::vector<int>> both(params.k, std::vector<int>(params.k, 0));
  for (std::size_t i = 0; i < reports.size(); ++i) {
    const std::vector<std::uint32_t> bits = reports.report(i).to_vector();
    for (std::size_t a = 0; a < bits.size(); ++a) {
      for (std::size_t b = a; b < bits.size(); ++b) ++both[bits[a]][bits[b]];
    }
  }
  // Under independence the count of reports with bits i and j both set is exactly
  // Binomial(draws, p_i p_j) (i = j: the marginal, Binomial(draws, p_i)). Tolerance: 5 of its
  // standard errors sqrt(q (1 - q) / draws), q = p_i p_j; a false alarm has probability about
  // 5.7e-7 per cell, ~1.4e-3 over the 2485 cells (the seed is fixed, so the run is reproducible).
  for (std::size_t i = 0; i < params.k; ++i) {
    for (std::size_t j = i; j < params.k; ++j) {
      const double q = i == j ? prob[i] : prob[i] * prob[j];
      EXPECT_NEAR(static_cast<double>(both[i][j]) / draws, q,
                  5 * std::sqrt(q * (1 - q) / draws) + 1e-12)
          << "bits " << i << " and " << j;
    }
  }
}

// The appending overload (what a caller reusing one buffer across realizations runs) makes the
// same draws as the returning one, so the marginal and pairwise-independence tests above cover it;
// here: identical reports for the same seed, after a clear() of a buffer holding other reports, and
// appended after existing ones. k = 300 spans five words and ends inside a byte.
TEST(SampleReports, AppendingIntoAReusedBufferDrawsTheSameReports) {
  const UnaryParams params = urap_params(IndexSet::first(40, 300), budget(3));
  std::vector<std::uint32_t> inputs;
  for (std::uint32_t i = 0; i < 2000; ++i) inputs.push_back((i * 37) % 300);
  Xoshiro256 fresh_rng(21);
  const BitReports fresh = sample_reports(fresh_rng, params, inputs);

  BitReports reused(300);
  Xoshiro256 junk_rng(99);
  sample_reports(junk_rng, params, inputs, reused);  // other reports, then cleared
  reused.clear();
  EXPECT_EQ(reused.size(), 0u);
  Xoshiro256 reused_rng(21);
  sample_reports(reused_rng, params, inputs, reused);
  EXPECT_TRUE(reused == fresh);
  EXPECT_EQ(reused_rng(), fresh_rng());  // and the generator is left in the same state

  Xoshiro256 again_rng(21);
  sample_reports(again_rng, params, inputs, reused);  // appended after the first batch
  ASSERT_EQ(reused.size(), 2 * inputs.size());
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const auto a = reused.report(inputs.size() + i), b = fresh.report(i);
    EXPECT_TRUE(std::equal(a.begin(), a.end(), b.begin(), b.end())) << i;
  }
  BitReports wrong(299);
  EXPECT_THROW(sample_reports(again_rng, params, inputs, wrong), InvalidArgument);
}

TEST(SampleReports, RejectsInputsOutsideTheAlphabet) {
  const UrrParams params = urr_params(IndexSet::first(2, 4), budget(2));
  Xoshiro256 rng(1);
  const std::vector<std::uint32_t> bad = {0, 4};
  EXPECT_THROW(sample_reports(rng, params, bad), InvalidArgument);
}

// Mean and variance of aggregated counts over `reps` draws against the exact moments
// Σ_x n_x Q(y|x) and Σ_x n_x Q(y|x)(1 - Q(y|x)) (sums of independent multinomials).
void expect_count_moments(const std::vector<std::vector<double>>& samples,
                          const std::vector<double>& mean, const std::vector<double>& variance) {
  const double reps = static_cast<double>(samples.size());
  for (std::size_t y = 0; y < mean.size(); ++y) {
    double sum = 0, sum_sq = 0;
    for (const auto& s : samples) sum += s[y], sum_sq += s[y] * s[y];
    const double m = sum / reps, v = sum_sq / reps - m * m;
    EXPECT_NEAR(m, mean[y], 5 * std::sqrt(variance[y] / reps) + 1e-9) << "cell " << y;
    // Relative sd of a sample variance ~ sqrt(2/reps) for near-normal counts: 6 of them.
    EXPECT_NEAR(v, variance[y], 6 * std::sqrt(2.0 / reps) * variance[y] + 1e-9) << "cell " << y;
  }
}

TEST(SampleReportCounts, UrrAggregatedHasTheExactMoments) {
  const UrrParams params = urr_params(IndexSet::from_indices({1, 2}, 4, "X_S"), budget(5));
  const DenseParams q = dense_params(params);
  const std::vector<std::uint64_t> inputs = {300, 50, 0, 650};
  std::vector<double> mean(4, 0.0), variance(4, 0.0);
  for (std::size_t x = 0; x < 4; ++x) {
    for (std::size_t y = 0; y < 4; ++y) {
      mean[y] += inputs[x] * q(x, y);
      variance[y] += inputs[x] * q(x, y) * (1 - q(x, y));
    }
  }
  Xoshiro256 rng(21);
  std::vector<std::vector<double>> samples;
  for (int r = 0; r < 4000; ++r) {
    const auto c = sample_report_counts(rng, params, inputs);
    ASSERT_EQ(std::accumulate(c.begin(), c.end(), std::uint64_t{0}), 1000u);
    samples.emplace_back(c.begin(), c.end());
  }
  expect_count_moments(samples, mean, variance);
}

TEST(SampleReportCounts, DenseAggregatedHasTheExactMoments) {
  const DenseParams q = dense_params(mangat(Rational(1, 4)));
  const std::vector<std::uint64_t> inputs = {700, 300};
  std::vector<double> mean(2, 0.0), variance(2, 0.0);
  for (std::size_t x = 0; x < 2; ++x) {
    for (std::size_t y = 0; y < 2; ++y) {
      mean[y] += inputs[x] * q(x, y);
      variance[y] += inputs[x] * q(x, y) * (1 - q(x, y));
    }
  }
  Xoshiro256 rng(22);
  std::vector<std::vector<double>> samples;
  for (int r = 0; r < 4000; ++r) {
    const auto c = sample_report_counts(rng, q, inputs);
    samples.emplace_back(c.begin(), c.end());
  }
  expect_count_moments(samples, mean, variance);
}

TEST(SampleReportCounts, UnaryAggregatedHasTheExactMoments) {
  const UnaryParams params = rappor_params(3, budget(9));  // s = 3: θ = 3/4, ψ = 1/4
  const std::vector<std::uint64_t> inputs = {500, 100, 400};
  std::vector<double> mean(3), variance(3);
  for (std::size_t j = 0; j < 3; ++j) {
    const double on = params.on[j], off = params.off[j];
    mean[j] = inputs[j] * on + (1000.0 - inputs[j]) * off;
    variance[j] = inputs[j] * on * (1 - on) + (1000.0 - inputs[j]) * off * (1 - off);
  }
  Xoshiro256 rng(23);
  std::vector<std::vector<double>> samples;
  for (int r = 0; r < 4000; ++r) {
    const BitCounts c = sample_report_counts(rng, params, inputs);
    ASSERT_EQ(c.n, 1000u);
    samples.emplace_back(c.ones.begin(), c.ones.end());
  }
  expect_count_moments(samples, mean, variance);
}

TEST(Samplers, FixedSeedReproduces) {
  const UnaryParams params = rappor_params(50, budget(3));
  Xoshiro256 a(77), b(77);
  const std::vector<std::uint32_t> inputs(200, 7);
  const BitReports ra = sample_reports(a, params, inputs), rb = sample_reports(b, params, inputs);
  EXPECT_TRUE(ra == rb);
}

TEST(Samplers, InputsFromCountsIsAPermutationOfTheCounts) {
  Xoshiro256 rng(5);
  const std::vector<std::uint64_t> counts = {3, 0, 5, 2};
  const auto inputs = inputs_from_counts(rng, counts);
  EXPECT_EQ(histogram(inputs, 4), counts);
}

// The layout is storage only: the same seed draws the same reports into a packed and a listed
// output, for report widths that put 8, 4, 8/5 or 4/9 of a report in a lane batch, and a number
// of users that leaves the last batch partly empty.
TEST(SampleReports, BothLayoutsDrawTheSameReports) {
  for (std::size_t k : {5u, 70u, 300u, 400u, 600u, 1100u}) {
    const UnaryParams params = urap_params(IndexSet::first(k / 3, k), budget(2));
    std::vector<std::uint32_t> inputs;
    for (std::uint32_t i = 0; i < 203; ++i)
      inputs.push_back(static_cast<std::uint32_t>((i * 37) % k));
    BitReports packed(k, BitLayout::kPacked), listed(k, BitLayout::kSetBits);
    Xoshiro256 a(31), b(31);
    sample_reports(a, params, inputs, packed);
    sample_reports(b, params, inputs, listed);
    EXPECT_EQ(packed.size(), inputs.size());
    EXPECT_TRUE(packed == listed) << "k = " << k;
    EXPECT_EQ(a(), b()) << "k = " << k;
  }
}

// More users than one block (65536): every block draws from its own streams, seeded from the
// caller's generator before any block runs, so the reports and the generator's final state do
// not depend on the number of threads, nor on the layout (a listed output runs its blocks on
// the calling thread). 2 blocks + 1003 users: the last block is partial, and so is its last
// lane batch (k = 300: 5 words, 8 reports a batch).
TEST(SampleReports, BlocksDrawTheSameReportsOnAnyNumberOfThreads) {
  const std::size_t k = 300;
  const UnaryParams params = urap_params(IndexSet::first(40, k), budget(3));
  std::vector<std::uint32_t> inputs;
  for (std::uint32_t i = 0; i < 2 * 65536 + 1003; ++i) inputs.push_back((i * 37) % k);
  BitReports one(k, BitLayout::kPacked), two(k, BitLayout::kPacked), many(k, BitLayout::kPacked);
  BitReports listed(k, BitLayout::kSetBits);
  Xoshiro256 a(41), b(41), c(41), d(41);
  sample_reports(a, params, inputs, one, 1);
  sample_reports(b, params, inputs, two, 2);
  sample_reports(c, params, inputs, many, 7);
  sample_reports(d, params, inputs, listed);
  ASSERT_EQ(one.size(), inputs.size());
  EXPECT_TRUE(one == two);
  EXPECT_TRUE(one == many);
  EXPECT_TRUE(one == listed);
  const std::uint64_t after = a();
  EXPECT_EQ(b(), after);
  EXPECT_EQ(c(), after);
  EXPECT_EQ(d(), after);
}

// A thread limit (what `experiment --jobs` sets in each job) changes nothing in the reports,
// nests, and ends with its scope.
TEST(SampleReports, AThreadLimitKeepsTheReports) {
  const std::size_t k = 300;
  const UnaryParams params = urap_params(IndexSet::first(40, k), budget(3));
  std::vector<std::uint32_t> inputs;
  for (std::uint32_t i = 0; i < 2 * 65536 + 17; ++i) inputs.push_back((i * 11) % k);
  BitReports free_threads(k, BitLayout::kPacked), limited(k, BitLayout::kPacked);
  Xoshiro256 a(5), b(5);
  sample_reports(a, params, inputs, free_threads);
  {
    const SamplerThreadLimit outer(1);
    { const SamplerThreadLimit inner(2); }
    sample_reports(b, params, inputs, limited);
  }
  EXPECT_TRUE(free_threads == limited);
  EXPECT_EQ(a(), b());
}

// The blocks' streams are distinct: the same input drawn in each of three blocks gives bits
// with the right marginals in every block (5 standard errors, a false alarm ~5.7e-7 per bit and
// block, 5e-4 over the 3 x 300 cells), and the blocks' reports differ.
TEST(SampleReports, EveryBlockHasTheRightMarginals) {
  const std::size_t k = 300, block = 65536;
  const UnaryParams params = urap_params(IndexSet::first(200, k), budget(1));
  const std::uint32_t x = 7;
  Xoshiro256 rng(42);
  BitReports reports(k, BitLayout::kPacked);
  sample_reports(rng, params, std::vector<std::uint32_t>(3 * block, x), reports);
  for (std::size_t b = 0; b < 3; ++b) {
    std::vector<std::uint64_t> ones(k, 0);
    const std::span<const std::uint64_t> first = reports.packed_words(b * block);
    add_packed_bit_counts({first.data(), block * reports.words_per_report()},
                          reports.words_per_report(), ones);
    for (std::size_t j = 0; j < k; ++j) {
      const double prob = j == x ? params.on[j] : params.off[j];
      EXPECT_NEAR(static_cast<double>(ones[j]) / block, prob,
                  5 * std::sqrt(prob * (1 - prob) / block) + 1e-12)
          << "block " << b << " bit " << j;
    }
  }
  std::size_t same = 0;
  for (std::size_t i = 0; i < block; ++i) {
    const auto r0 = reports.packed_words(i), r1 = reports.packed_words(block + i);
    same += std::equal(r0.begin(), r0.end(), r1.begin()) ? 1 : 0;
  }
  EXPECT_LT(same, 10u);  // two independent 300-bit reports agree with probability far below 1e-6
}

TEST(SampleReports, ChoosesTheSmallerLayout) {
  Xoshiro256 rng(32);
  const std::vector<std::uint32_t> inputs(10, 1);
  // RAPPOR at eps = 1, k = 400: ~151 set bits, 56 bytes packed against ~612 listed.
  EXPECT_EQ(sample_reports(rng, rappor_params(400, budget(1)), inputs).layout(),
            BitLayout::kPacked);
  // uRAP with 5 sensitive symbols of 4000 at eps = 8: ~1 set bit, 504 bytes packed against 12.
  EXPECT_EQ(sample_reports(rng, urap_params(IndexSet::first(5, 4000), budget(8)), inputs).layout(),
            BitLayout::kSetBits);
}

// Reports wider than one lane batch (k = 600: 10 words, four reports over five groups): every
// bit's marginal at 5 standard errors (a false alarm ~5.7e-7 per bit, 3.4e-4 over 600 bits).
TEST(SampleReports, WideReportsHaveTheRightMarginals) {
  const std::size_t k = 600;
  const UnaryParams params = urap_params(IndexSet::first(450, k), budget(1));
  const std::uint32_t x = 449;
  const int draws = 20000;
  Xoshiro256 rng(33);
  const BitReports reports = sample_reports(rng, params, std::vector<std::uint32_t>(draws, x));
  const BitCounts counts = bit_counts(reports);
  for (std::size_t j = 0; j < k; ++j) {
    const double prob = j == x ? params.on[j] : params.off[j];
    EXPECT_NEAR(static_cast<double>(counts.ones[j]) / draws, prob,
                5 * std::sqrt(prob * (1 - prob) / draws) + 1e-12)
        << "bit " << j;
  }
}

}  // namespace
}  // namespace uldp::estimate
