// `uldp conform samples` on test doubles of real clients: a correct uRR client conforms; a uRR
// client that leaks a sensitive input into Y_I once in 10^4, a unary-encoding client that noises
// the true bit before setting it, and a RAPPOR client whose probabilities are truncated to a grid
// of 1/128 are each caught. Fixed seeds make every run identical; the sample sizes are the ones
// the docs state (3000 per input; 20000 for the rare leak, about 4 expected leaks).
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "uldp/estimate/random.h"
#include "uldp/testing/command.h"
#include "uldp/testing/temp_files.h"

namespace uldp::testing {
namespace {

using estimate::uniform01;
using estimate::Xoshiro256;
using nlohmann::json;

// Writes `per_input` samples "x,y" for every input x < k drawn by `client`.
std::string samples_file(const std::string& name, std::size_t k, std::size_t per_input,
                         const std::function<std::string(std::size_t, Xoshiro256&)>& client) {
  Xoshiro256 rng(20261123);
  std::ostringstream out;
  out << "# x,y samples of a test double\n";
  for (std::size_t x = 0; x < k; ++x) {
    for (std::size_t i = 0; i < per_input; ++i) out << x << "," << client(x, rng) << "\n";
  }
  return temp_file(name, out.str());
}

// uRR with k = 5, X_S = {0, 1}, t = 3: c1 = 3/4, c2 = 1/4, c3 = 1/2.
std::string urr_client(std::size_t x, Xoshiro256& rng, double leak) {
  const double u = uniform01(rng);
  if (x <= 1) {
    if (u < leak) return "4";  // a sensitive input reported as a non-sensitive symbol
    return u < 0.75 ? std::to_string(x) : std::to_string(1 - x);
  }
  if (u < 0.25) return "0";
  if (u < 0.5) return "1";
  return std::to_string(x);
}

// A unary-encoding client over k bits: bit j is 1 with `on` for the true input, `off` otherwise.
std::string unary_client(std::size_t x, Xoshiro256& rng, std::size_t k, double on, double off,
                         bool set_true_bit_after_noise) {
  std::string y(k, '0');
  for (std::size_t j = 0; j < k; ++j) {
    if (uniform01(rng) < (j == x && !set_true_bit_after_noise ? on : off)) y[j] = '1';
  }
  if (set_true_bit_after_noise) y[x] = '1';  // the bug: the true bit survives the noise
  return y;
}

json conform(const std::string& mech, const std::string& path, int expected_exit) {
  const RunResult r = run_uldp("conform samples " + mech + " --samples " + path + " --json");
  EXPECT_EQ(r.exit_code, expected_exit) << r.out << r.err;
  return json::parse(r.out);
}

const char* kUrr = "--mech urr --k 5 --sensitive 0,1 --exp-eps 3";

TEST(ConformSamples, CorrectUrrClientConforms) {
  const std::string path = samples_file(
      "urr_ok.txt", 5, 3000, [](std::size_t x, Xoshiro256& rng) { return urr_client(x, rng, 0); });
  const json j = conform(kUrr, path, 0);
  EXPECT_EQ(j["verdict"], "conforms");
  EXPECT_FALSE(j["fit"]["rejected"]);
  EXPECT_LE(j["eps_lower_bound"]["exp_eps"].get<double>(), 3.0);
  EXPECT_EQ(j["impossible"]["count"], 0);
}

TEST(ConformSamples, RareLeakIntoInvertibleOutputsIsAViolationWithItsLine) {
  const std::string path =
      samples_file("urr_leak.txt", 5, 20000,
                   [](std::size_t x, Xoshiro256& rng) { return urr_client(x, rng, 1e-4); });
  const json j = conform(kUrr, path, 1);
  EXPECT_EQ(j["verdict"], "violates");
  EXPECT_GE(j["impossible"]["count"].get<int>(), 1);
  const std::size_t line = j["impossible"]["first_line"].get<std::size_t>();
  EXPECT_EQ(read_file(path).substr(0, 1), "#");
  EXPECT_GT(line, 1u);
  EXPECT_NE(j["impossible"]["first"].get<std::string>().find("y = 4"), std::string::npos);
}

// RAPPOR over 6 bits at t = 4: θ = s/(s+1) = 2/3 with s = 2, ψ = θ/((1-θ)t + θ) = 1/3.
TEST(ConformSamples, TrueBitSetAfterTheNoiseViolatesEpsilon) {
  const std::string ok = samples_file("rappor_ok.txt", 6, 2000, [](std::size_t x, Xoshiro256& rng) {
    return unary_client(x, rng, 6, 2.0 / 3, 1.0 / 3, false);
  });
  EXPECT_EQ(conform("--mech rappor --k 6 --exp-eps 4", ok, 0)["verdict"], "conforms");
  const std::string bad =
      samples_file("rappor_bug.txt", 6, 2000, [](std::size_t x, Xoshiro256& rng) {
        return unary_client(x, rng, 6, 2.0 / 3, 1.0 / 3, true);
      });
  const json j = conform("--mech rappor --k 6 --exp-eps 4", bad, 1);
  EXPECT_EQ(j["verdict"], "violates");
  EXPECT_TRUE(j["eps_lower_bound"]["violated"]);
  EXPECT_GT(j["eps_lower_bound"]["exp_eps"].get<double>(), 4.0);
}

// At ε = 10 the off probability ψ ≈ 0.0067 is below 1/128: truncation makes it 0.
TEST(ConformSamples, ProbabilitiesTruncatedToAGridDeviate) {
  const double s = std::exp(5.0), t = std::exp(10.0);
  const double theta = s / (s + 1), psi = theta / ((1 - theta) * t + theta);
  const std::string path =
      samples_file("rappor_grid.txt", 4, 3000, [&](std::size_t x, Xoshiro256& rng) {
        return unary_client(x, rng, 4, std::floor(theta * 128) / 128, std::floor(psi * 128) / 128,
                            false);
      });
  const json j = conform("--mech rappor --k 4 --eps 10", path, 1);
  EXPECT_EQ(j["verdict"], "deviates");
  EXPECT_TRUE(j["fit"]["rejected"]);
}

// The planned sample size catches what it was planned for: a uRR client whose ratio on output 0
// is 3.3 (P(0|1) lowered from 1/4 to 0.75/3.3, the difference moved to output 1) against t = 3.
TEST(ConformPlan, ThePlannedSizeCatchesAnExcessOfTenPercent) {
  const RunResult plan = run_uldp(std::string("conform plan ") + kUrr + " --eps-excess 0.1 --json");
  ASSERT_EQ(plan.exit_code, 0) << plan.err;
  const json p = json::parse(plan.out);
  EXPECT_EQ(p["event"], "y = 0, x = 0, x' = 1");
  const std::size_t n = p["per_input_for_eps_excess"].get<std::size_t>();
  EXPECT_GT(n, 1000u);
  EXPECT_LT(n, 100000u);
  const double lowered = 0.75 / 3.3;
  const std::string path =
      samples_file("urr_excess.txt", 5, n, [&](std::size_t x, Xoshiro256& rng) {
        if (x != 1) return urr_client(x, rng, 0);
        return std::string(uniform01(rng) < lowered ? "0" : "1");
      });
  const json j = conform(kUrr, path, 1);
  EXPECT_EQ(j["verdict"], "violates");
  EXPECT_EQ(j["eps_lower_bound"]["event"], "y = 0");
}

TEST(ConformSamples, BadSampleLinesNameFileLineAndColumn) {
  const std::string path = temp_file("bad_samples.txt", "0,1\n7,1\n");
  const RunResult r = run_uldp(std::string("conform samples ") + kUrr + " --samples " + path);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "uldp: error: " + path + ":2:1: input 7 is outside 0..4\n");
  const std::string bits = temp_file("bad_bits.txt", "0,0101\n");
  const RunResult b = run_uldp("conform samples --mech rappor --k 6 --exp-eps 4 --samples " + bits);
  EXPECT_EQ(b.exit_code, 2);
  EXPECT_NE(b.err.find(":1:3: expected a string of k = 6 characters 0/1"), std::string::npos)
      << b.err;
}

}  // namespace
}  // namespace uldp::testing
