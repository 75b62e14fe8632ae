// `uldp conform samples` on test doubles of real clients: a correct uRR client conforms; a uRR
// client that leaks a sensitive input into Y_I once in 10^4, a unary-encoding client that noises
// the true bit before setting it, and a RAPPOR client whose probabilities are truncated to a grid
// of 1/128 are each caught. Fixed seeds make every run identical; the sample sizes are the ones
// the docs state (3000 per input; 20000 for the rare leak, about 4 expected leaks).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "uldp/estimate/random.h"
#include "uldp/mechanisms/cms/cms.h"
#include "uldp/mechanisms/hcms/hcms.h"
#include "uldp/mechanisms/olh/olh.h"
#include "uldp/mechanisms/rappor_bloom/rappor_bloom.h"
#include "uldp/testing/client_doubles.h"
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
  const RunResult plan = run_uldp(std::string("conform plan ") + kUrr + " --excess 0.1 --json");
  ASSERT_EQ(plan.exit_code, 0) << plan.err;
  const json p = json::parse(plan.out);
  EXPECT_EQ(p["event"], "y = 0, x = 0, x' = 1");
  const std::size_t n = p["per_input_for_excess"].get<std::size_t>();
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

// Issue 19: never pass on too little evidence. Samples for four of five inputs find nothing
// wrong, and still cannot conform: the fifth row was never tested.
TEST(ConformSamples, AnInputWithoutSamplesIsInsufficient) {
  const std::string path =
      samples_file("urr_four_inputs.txt", 5, 3000,
                   [](std::size_t x, Xoshiro256& rng) { return urr_client(x, rng, 0); });
  const std::string four = temp_file("urr_four_inputs_only.txt", [&] {
    std::ostringstream out;
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) {
      if (!line.starts_with("4,")) out << line << "\n";
    }
    return out.str();
  }());
  const json j = conform(kUrr, four, 1);
  EXPECT_EQ(j["verdict"], "insufficient");
  EXPECT_EQ(j["inputs_without_samples"], json::array({4}));
  EXPECT_EQ(j["samples_per_input"], json::array({3000, 3000, 3000, 3000, 0}));
  EXPECT_EQ(j["insufficient_because"], "1 of 5 inputs have no samples (the first: x = 4)");
  EXPECT_FALSE(j["fit"]["rejected"]);
}

// Two samples in all: every input has one, and one sample of a row can show nothing.
TEST(ConformSamples, ASampleOrTwoPerInputIsInsufficientAndSaysWhy) {
  const std::string path = temp_file("urr_five.txt", "0,0\n1,1\n2,2\n3,3\n4,4\n");
  const RunResult r = run_uldp(std::string("conform samples ") + kUrr + " --samples " + path);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.out.find("  samples per input: 1 (x = 0) to 1\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("verdict: insufficient: input 0 has 1 samples, which detect no cell "
                       "deviation below 1 (--resolution asks for 0.5)\n"),
            std::string::npos)
      << r.out;
  const std::string two = temp_file("urr_two.txt", "0,0\n1,1\n");
  const RunResult t = run_uldp(std::string("conform samples ") + kUrr + " --samples " + two);
  EXPECT_EQ(t.exit_code, 1);
  EXPECT_NE(t.out.find("; no samples for 3 input(s), the first x = 2\n"), std::string::npos)
      << t.out;
  EXPECT_NE(t.out.find("  eps: no bound above 0 (no event's samples of two inputs put e^eps above "
                       "1 at this confidence)"),
            std::string::npos)
      << t.out;
}

// Evidence of a violation stands however few the samples: one impossible output is enough.
TEST(ConformSamples, AViolationNeedsNoMoreSamplesThanItsWitness) {
  const std::string path = temp_file("urr_one_leak.txt", "0,4\n");
  const json j = conform(kUrr, path, 1);
  EXPECT_EQ(j["verdict"], "violates");
  EXPECT_EQ(j["insufficient_because"], nullptr);
}

// The resolution a run states is the inverse of `conform plan`: planning for exactly that
// deviation (or ε excess) asks for no more samples than the run had, and for a slightly smaller
// one asks for more.
TEST(ConformSamples, TheStatedResolutionIsWhatThePlanWouldAskFor) {
  const std::string path = samples_file(
      "urr_res.txt", 5, 3000, [](std::size_t x, Xoshiro256& rng) { return urr_client(x, rng, 0); });
  const json j = conform(kUrr, path, 0);
  EXPECT_EQ(j["verdict"], "conforms");
  const double delta = j["resolution"]["cell_deviation"].get<double>();
  const double excess = j["resolution"]["eps_excess"].get<double>();
  EXPECT_EQ(j["resolution"]["fewest_samples"], 3000);
  EXPECT_EQ(j["resolution"]["event"], "y = 0, x = 0, x' = 1");
  auto plan = [&](const std::string& flag, double value) {
    std::ostringstream command;
    command.precision(17);
    command << "conform plan " << kUrr << " " << flag << " " << value << " --json";
    const RunResult r = run_uldp(command.str());
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return json::parse(r.out);
  };
  EXPECT_LE(plan("--resolution", delta)["per_input_for_resolution"].get<double>(), 3000);
  EXPECT_GT(plan("--resolution", delta * 0.99)["per_input_for_resolution"].get<double>(), 3000);
  EXPECT_LE(plan("--excess", excess)["per_input_for_excess"].get<double>(), 3000);
  EXPECT_GT(plan("--excess", excess * 0.9)["per_input_for_excess"].get<double>(), 3000);
  // Demanding a finer resolution than 3000 samples give makes the same run insufficient.
  const RunResult fine = run_uldp(std::string("conform samples ") + kUrr + " --samples " + path +
                                  " --resolution 0.01 --json");
  EXPECT_EQ(fine.exit_code, 1);
  EXPECT_EQ(json::parse(fine.out)["verdict"], "insufficient");
}

// Issue 19: any exact matrix is a reference. uldp's own CSV of uRR, given as --matrix with the
// same claim, gives the same verdict, fit and ε bound as --mech urr on the same samples.
TEST(ConformSamples, AMatrixFileIsTheSameReferenceAsTheMechanismItHolds) {
  const RunResult csv =
      run_uldp(std::string("mechanism urr --k 5 --sensitive 0,1 --exp-eps 3 "
                           "--format csv"));
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  const std::string matrix = temp_file("urr_reference.csv", csv.out);
  const std::string path =
      samples_file("urr_matrix_ok.txt", 5, 3000,
                   [](std::size_t x, Xoshiro256& rng) { return urr_client(x, rng, 0); });
  const json by_name = conform(kUrr, path, 0);
  const json by_file =
      conform("--matrix " + matrix + " --sensitive 0,1 --protected 0,1 --exp-eps 3", path, 0);
  EXPECT_EQ(by_file["reference"]["source"], "matrix");
  EXPECT_EQ(by_file["reference"]["claim"], by_name["reference"]["claim"]);
  for (const char* key : {"verdict", "fit", "eps_lower_bound", "resolution", "samples_per_input"}) {
    EXPECT_EQ(by_file[key], by_name[key]) << key;
  }
  // Y_P inferred as the smallest valid one is X_S = {0,1} here, the same as declared.
  EXPECT_EQ(
      conform("--matrix " + matrix + " --sensitive 0,1 --exp-eps 3", path, 0)["eps_lower_bound"],
      by_name["eps_lower_bound"]);
  // The leaking client is caught against the file as against the name.
  const std::string leak =
      samples_file("urr_matrix_leak.txt", 5, 20000,
                   [](std::size_t x, Xoshiro256& rng) { return urr_client(x, rng, 1e-4); });
  EXPECT_EQ(conform("--matrix " + matrix + " --sensitive 0,1 --exp-eps 3", leak, 1)["verdict"],
            "violates");
  // conform plan reads the same reference the same way.
  const RunResult a = run_uldp(std::string("conform plan ") + kUrr + " --json");
  const RunResult b =
      run_uldp("conform plan --matrix " + matrix + " --sensitive 0,1 --exp-eps 3 --json");
  ASSERT_EQ(b.exit_code, 0) << b.err;
  json ja = json::parse(a.out), jb = json::parse(b.out);
  ja.erase("mechanism"), jb.erase("mechanism");
  EXPECT_EQ(ja, jb);
}

// A float export (what numpy writes) of RR: rows sum to 1 only within rounding, which must be
// accepted in so many words; a row that is really off, or a claim without its parts, is refused.
TEST(ConformSamples, AMatrixReferenceMustBeAMechanismAndItsClaimWhole) {
  const std::string floats =
      temp_file("rr_floats.csv", "0.5,0.25,0.25\n0.25,0.5,0.25\n0.1,0.1,0.7999999999999999\n");
  const std::string samples = temp_file("rr_floats_samples.txt", "0,0\n1,1\n2,2\n");
  const RunResult exact =
      run_uldp("conform samples --matrix " + floats + " --exp-eps 2 --samples " + samples);
  EXPECT_EQ(exact.exit_code, 2);
  EXPECT_NE(exact.err.find(floats + ": line 3: row 2 sums to"), std::string::npos) << exact.err;
  EXPECT_NE(exact.err.find("(--row-sum-tolerance T accepts rounding)\n"), std::string::npos)
      << exact.err;
  EXPECT_EQ(std::count(exact.err.begin(), exact.err.end(), '\n'), 1);
  const RunResult tolerated =
      run_uldp("conform samples --matrix " + floats +
               " --exp-eps 2 --row-sum-tolerance 1e-15 --samples " + samples);
  EXPECT_EQ(tolerated.exit_code, 1) << tolerated.err;  // insufficient: one sample per input
  EXPECT_NE(tolerated.out.find("reference read as: comma-separated text"), std::string::npos)
      << tolerated.out;
  const std::string off = temp_file("rr_off.csv", "0.5,0.25,0.25\n0.25,0.5,0.25\n0.1,0.1,0.7\n");
  EXPECT_EQ(run_uldp("conform samples --matrix " + off +
                     " --exp-eps 2 --row-sum-tolerance 1e-15 --samples " + samples)
                .exit_code,
            2);
  for (const std::string& flags :
       {"--matrix " + floats + " --sensitive 0 --samples " + samples,
        "--matrix " + floats + " --exp-eps 2 --protected 0 --samples " + samples,
        "--matrix " + floats + " --mech rr --k 3 --exp-eps 2 --samples " + samples,
        std::string("--mech rr --k 3 --exp-eps 2 --row-sum-tolerance 0 --samples ") + samples,
        std::string("--samples ") + samples}) {
    const RunResult r = run_uldp("conform samples " + flags);
    EXPECT_EQ(r.exit_code, 2) << flags;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << flags << "\n" << r.err;
  }
}

// uBD over k = 5, X_S = {0,1,3}, K = 2, t = 3 (D = 7/2): a sensitive x reports each of the two
// blocks holding it w.p. 3/7 and the other w.p. 1/7; a non-sensitive x reports itself w.p. 4/7,
// each block w.p. 1/7. Outputs in the listing's order: {0,1}, {0,3}, {1,3}, 2, 4.
const char* kUbd = "--mech ubd --k 5 --sensitive 0,1,3 --block 2 --exp-eps 3";
const std::vector<std::string> kUbdLabels = {"{0,1}", "{0,3}", "{1,3}", "2", "4"};

std::size_t ubd_client(std::size_t x, Xoshiro256& rng, bool always_own_block) {
  const double u = uniform01(rng);
  if (x == 2 || x == 4)
    return u < 4.0 / 7 ? (x == 2 ? 3 : 4) : static_cast<std::size_t>((u - 4.0 / 7) * 7);
  // The blocks holding x, then the one without it.
  const std::vector<std::size_t> own = x == 0   ? std::vector<std::size_t>{0, 1}
                                       : x == 1 ? std::vector<std::size_t>{0, 2}
                                                : std::vector<std::size_t>{1, 2};
  const std::size_t other = x == 0 ? 2 : x == 1 ? 1 : 0;
  if (always_own_block) return own[u < 0.5 ? 0 : 1];
  return u < 3.0 / 7 ? own[0] : u < 6.0 / 7 ? own[1] : other;
}

// Issue 19: the mechanisms after the paper are tested too, their outputs named as `uldp mechanism
// --format csv` lists them, quoted or not, or as the k-bit strings `uldp simulate` writes: the
// three spellings of the same samples give the same report.
// A symbol output in CSV quotes is the symbol (docs/cli.md: "with or without CSV quotes"): it was
// refused as "expected output index, found '\"0\"'" for the symbol mechanisms.
TEST(ConformSamples, QuotedSymbolOutputsAreTheSymbols) {
  std::string plain, quoted;
  for (int i = 0; i < 300; ++i) {
    const std::string x = std::to_string(i % 5), y = std::to_string((i / 5) % 5);
    plain += x + "," + y + "\n";
    quoted += x + ",\"" + y + "\"\n";
  }
  const json a = conform(kUrr, temp_file("plain_symbols.txt", plain), 1);
  const json b = conform(kUrr, temp_file("quoted_symbols.txt", quoted), 1);
  EXPECT_EQ(a["fit"], b["fit"]);
  EXPECT_EQ(a["samples"], b["samples"]);
  const RunResult unbalanced = run_uldp(std::string("conform samples ") + kUrr + " --samples " +
                                        temp_file("unbalanced.txt", "0,\"4\n"));
  EXPECT_EQ(unbalanced.exit_code, 2) << unbalanced.out;
}

TEST(ConformSamples, UbdSamplesReadTheSameByLabelQuotedLabelOrBitString) {
  auto spelled = [](const std::string& label, int how) {
    if (how == 0) return label;
    if (how == 1) return label.find(',') == std::string::npos ? label : "\"" + label + "\"";
    std::string bits(5, '0');  // the members' bits
    for (char c : label) {
      if (c >= '0' && c <= '9') bits[static_cast<std::size_t>(c - '0')] = '1';
    }
    return bits;
  };
  std::vector<json> reports;
  for (int how = 0; how < 3; ++how) {
    const std::string path =
        samples_file("ubd_spelled_" + std::to_string(how) + ".txt", 5, 3000,
                     [&](std::size_t x, Xoshiro256& rng) {
                       return spelled(kUbdLabels[ubd_client(x, rng, false)], how);
                     });
    reports.push_back(conform(kUbd, path, 0));
    EXPECT_EQ(reports.back()["verdict"], "conforms");
  }
  for (const char* key : {"fit", "eps_lower_bound", "samples_per_input"}) {
    EXPECT_EQ(reports[0][key], reports[1][key]) << key;
    EXPECT_EQ(reports[0][key], reports[2][key]) << key;
  }
  // The event names blocks by their members, never by a column index: a block's label, or the
  // blocks of one size holding a symbol.
  const std::string event = reports[0]["eps_lower_bound"]["event"];
  EXPECT_TRUE(event.starts_with("y = {") || event.starts_with("a block of size ")) << event;
  // {0,2} is not a block of X_S = {0,1,3}, spelled as a label or as bits: a well-formed output
  // the reference never produces is evidence (violates, with its line), not bad input.
  for (const char* spelling : {"0,\"{0,2}\"\n", "0,10100\n"}) {
    const std::string bad = temp_file("ubd_not_a_block.txt", spelling);
    const RunResult r = run_uldp(std::string("conform samples ") + kUbd + " --samples " + bad);
    EXPECT_EQ(r.exit_code, 1) << spelling << r.err;
    EXPECT_NE(r.out.find("impossible outputs: 1 sample(s) the reference never produces; first at " +
                         bad + ":1"),
              std::string::npos)
        << r.out;
  }
  const std::string unknown = temp_file("ubd_unknown_label.txt", "0,h1\n");
  const RunResult u = run_uldp(std::string("conform samples ") + kUbd + " --samples " + unknown);
  EXPECT_EQ(u.exit_code, 2);
  EXPECT_NE(u.err.find(":1:3: output 'h1' is not an output label of the reference"),
            std::string::npos)
      << u.err;
}

// A uBD client that never reports the block without a sensitive input: the block {1,3} is never
// seen from x = 0 but 3/7 of the time from x = 1, an unbounded ratio on Y_P.
TEST(ConformSamples, UbdClientThatAlwaysKeepsTheInputInItsBlockViolates) {
  const std::string path =
      samples_file("ubd_own_block.txt", 5, 3000, [](std::size_t x, Xoshiro256& rng) {
        const std::string label = kUbdLabels[ubd_client(x, rng, true)];
        return label.find(',') == std::string::npos ? label : "\"" + label + "\"";
      });
  const json j = conform(kUbd, path, 1);
  EXPECT_EQ(j["verdict"], "violates");
  EXPECT_GT(j["eps_lower_bound"]["exp_eps"].get<double>(), 3.0);
}

// uBD with C(16, 8) = 12870 blocks (k = 20, X_S = 0..15, K = 8, t = 3, D = 4), too many to list:
// a sensitive x reports a uniform block holding it w.p. t/D = 3/4, else one without it; a
// non-sensitive x reports itself w.p. (t-1)/D = 1/2, else a uniform block. As k-bit strings.
const char* kLargeUbd = "--mech ubd --k 20 --sensitive 0-15 --block 8 --exp-eps 3";

enum class UbdBug { kNone, kAlwaysOwnBlock, kContiguousBlocks };

// kContiguousBlocks: the block is K consecutive symbols (the right sizes and the right chance of
// holding x, but not uniform among the blocks).
std::string large_ubd_client(std::size_t x, Xoshiro256& rng, UbdBug bug) {
  std::string y(20, '0');
  const double u = uniform01(rng);
  if (x >= 16 && u < 0.5) {
    y[x] = '1';
    return y;
  }
  const bool holds_x = x < 16 && (bug == UbdBug::kAlwaysOwnBlock || u < 0.75);
  if (bug == UbdBug::kContiguousBlocks) {
    const auto start = [&](std::size_t lo, std::size_t hi) {  // uniform in [lo, hi]
      return lo + static_cast<std::size_t>(uniform01(rng) * static_cast<double>(hi - lo + 1));
    };
    std::size_t first = start(0, 8);
    if (x < 16) {
      const std::size_t lo = x >= 7 ? x - 7 : 0, hi = std::min<std::size_t>(x, 8);
      first = holds_x ? start(lo, hi) : (x >= 8 ? 0 : 8);  // else a run without x
    }
    for (std::size_t s = first; s < first + 8; ++s) y[s] = '1';
    return y;
  }
  std::vector<std::size_t> pool;
  std::size_t take = 8;
  for (std::size_t s = 0; s < 16; ++s) {
    if (x < 16 && s == x) continue;
    pool.push_back(s);
  }
  if (holds_x) {
    y[x] = '1';
    --take;
  }
  for (std::size_t i = 0; i < take; ++i) {  // a partial Fisher-Yates shuffle
    const std::size_t j =
        i + static_cast<std::size_t>(uniform01(rng) * static_cast<double>(pool.size() - i));
    std::swap(pool[i], pool[j]);
    y[pool[i]] = '1';
  }
  return y;
}

// Issue 19: a block family too large to list is tested in class form, its outputs pooled into
// cells (blocks by smallest and largest member, X_N symbols alone): a correct client conforms at
// a stated resolution, one that always keeps its input in the block violates, one that reports
// runs of consecutive symbols deviates, and --output-index, which needs a listing, is refused.
TEST(ConformSamples, UbdTooLargeToListIsTestedOnPooledCells) {
  const std::string good = samples_file(
      "ubd_large_good.txt", 20, 400,
      [](std::size_t x, Xoshiro256& rng) { return large_ubd_client(x, rng, UbdBug::kNone); });
  const json j = conform(kLargeUbd, good, 0);
  EXPECT_EQ(j["verdict"], "conforms");
  EXPECT_NE(j["reference"]["pooling"].get<std::string>().find("49 cells pooling its 12874 outputs"),
            std::string::npos)
      << j["reference"];
  const std::string own =
      samples_file("ubd_large_own.txt", 20, 400, [](std::size_t x, Xoshiro256& rng) {
        return large_ubd_client(x, rng, UbdBug::kAlwaysOwnBlock);
      });
  const json v = conform(kLargeUbd, own, 1);
  EXPECT_EQ(v["verdict"], "violates");
  EXPECT_GT(v["eps_lower_bound"]["exp_eps"].get<double>(), 3.0);
  // Blocks of consecutive symbols: right sizes, right chance of holding x; the cells by smallest
  // and largest member see it.
  const std::string runs =
      samples_file("ubd_large_runs.txt", 20, 400, [](std::size_t x, Xoshiro256& rng) {
        return large_ubd_client(x, rng, UbdBug::kContiguousBlocks);
      });
  EXPECT_NE(conform(kLargeUbd, runs, 1)["verdict"], "conforms");
  const RunResult index = run_uldp(std::string("conform samples ") + kLargeUbd + " --samples " +
                                   good + " --output-index");
  EXPECT_EQ(index.exit_code, 2);
  EXPECT_NE(index.err.find("--output-index: ubd's outputs are too many to list"), std::string::npos)
      << index.err;
  // A block of the wrong size is well formed but no output of uBD: evidence against the client
  // (violates, with its line), not bad input (it was exit 2, which CI reads as a broken test).
  const std::string wrong =
      temp_file("ubd_large_wrong.txt", "1,{3,4,5,6,7,8,9,10}\n0,\"{0,1,2}\"\n");
  const RunResult w = run_uldp(std::string("conform samples ") + kLargeUbd + " --samples " + wrong);
  EXPECT_EQ(w.exit_code, 1) << w.err;
  EXPECT_NE(w.out.find("impossible outputs: 1 sample(s) the reference never produces; first at " +
                       wrong + ":2"),
            std::string::npos)
      << w.out;
  EXPECT_NE(w.out.find("verdict: violates"), std::string::npos) << w.out;
  // Text that is no set of symbols at all stays bad input.
  const std::string junk = temp_file("ubd_large_junk.txt", "0,{0,a}\n");
  EXPECT_EQ(run_uldp(std::string("conform samples ") + kLargeUbd + " --samples " + junk).exit_code,
            2);
}

// The PUM over X = {0..3} with X_S = {0}, one tag "home", Q_cmn = uRR over Z = X + {bot = 4} with
// Z_S = {0, 4} at t = 3 (c1 = 3/4, c2 = 1/4, c3 = 1/2), for a user who tags 2 as home: f_pre maps
// 2 to the bot. `skip_preprocessor` is the bug of a client that obfuscates 2 as itself.
const char* kPum = "--mech pum --common urr --k 4 --sensitive 0 --tags home --exp-eps 3";

std::string pum_client(std::size_t x, Xoshiro256& rng, bool skip_preprocessor) {
  const std::size_t z = x == 2 && !skip_preprocessor ? 4 : x;
  const double u = uniform01(rng);
  if (z == 0 || z == 4) return std::to_string(u < 0.75 ? z : 4 - z);
  return std::to_string(u < 0.5 ? z : u < 0.75 ? 0 : 4);
}

// Issue 19: the PUM is a conformance reference where it makes sense: one user's client (a users
// file with that user's tagging) against Q^(i) = Q_cmn o f_pre^(i) with Proposition 9's claim, and
// without --users the common mechanism over Z. A client that skips the pre-processor reports the
// tagged symbol itself, an output Q^(i) never produces.
TEST(ConformSamples, PumUserClientAgainstItsPersonalizedMechanism) {
  const std::string users = temp_file("pum_user.txt", "home=2\n");
  const std::string flags = std::string(kPum) + " --users " + users;
  const std::string good =
      samples_file("pum_good.txt", 4, 2000,
                   [](std::size_t x, Xoshiro256& rng) { return pum_client(x, rng, false); });
  const json j = conform(flags, good, 0);
  EXPECT_EQ(j["verdict"], "conforms");
  EXPECT_NE(j["reference"]["name"].get<std::string>().find("the user of " + users + ":1"),
            std::string::npos)
      << j["reference"];
  const std::string bad = samples_file("pum_bad.txt", 4, 2000, [](std::size_t x, Xoshiro256& rng) {
    return pum_client(x, rng, true);
  });
  const json v = conform(flags, bad, 1);
  EXPECT_NE(v["verdict"], "conforms");
  EXPECT_GT(v["impossible"]["count"].get<int>(), 0) << v;
  // Without --users: the common mechanism over Z (inputs 0..4, the bot last).
  const std::string over_z =
      samples_file("pum_common.txt", 5, 2000, [](std::size_t z, Xoshiro256& rng) {
        const double u = uniform01(rng);
        if (z == 0 || z == 4) return std::to_string(u < 0.75 ? z : 4 - z);
        return std::to_string(u < 0.5 ? z : u < 0.75 ? 0 : 4);
      });
  EXPECT_EQ(conform(kPum, over_z, 0)["verdict"], "conforms");
  // A uBD common mechanism: samples as the |X| + κ-bit strings `simulate --mech pum` writes.
  const RunResult bits = run_uldp(
      "conform samples --mech pum --common ubd --k 5 --sensitive 0,1,2 --tags home "
      "--block 2 --exp-eps 3 --users " +
      temp_file("pum_ubd_user.txt", "home=3\n") + " --samples " +
      temp_file("pum_ubd_bits.txt", "0,110000\n"));
  EXPECT_NE(bits.exit_code, 2) << bits.err;
  const std::string two = temp_file("pum_two.txt", "home=2\nhome=3\n");
  const RunResult r =
      run_uldp("conform samples " + std::string(kPum) + " --users " + two + " --samples " + good);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--users: conform tests one user's client"), std::string::npos) << r.err;
}

// A test double of the reference uHR encoder (encode_uHR.m; errata R6) as a black-box client,
// its integer outputs named by uldp's labels: 1..V are the columns h0..h{V-1}, x + V - v above V
// is the non-sensitive symbol x. Over k = 5, t = 3 (V = 4): it conforms on the prefix X_S =
// {0,1,2} and violates on X_S = {0,2,3}, where symbol 1 reports itself as column h2.
TEST(ConformSamples, ReferenceUhrEncoderViolatesOnlyOnANonPrefixSensitiveSet) {
  const std::string prefix =
      samples_file("uhr_prefix.txt", 5, 3000, [](std::size_t x, Xoshiro256& rng) {
        return uhr_encoder_double(x, rng, {0, 1, 2});
      });
  EXPECT_EQ(conform("--mech uhr --k 5 --sensitive 0-2 --exp-eps 3", prefix, 0)["verdict"],
            "conforms");
  const std::string other =
      samples_file("uhr_non_prefix.txt", 5, 3000, [](std::size_t x, Xoshiro256& rng) {
        return uhr_encoder_double(x, rng, {0, 2, 3});
      });
  const json j = conform("--mech uhr --k 5 --sensitive 0,2,3 --exp-eps 3", other, 1);
  EXPECT_EQ(j["verdict"], "violates");
  EXPECT_EQ(j["eps_lower_bound"]["event"], "y = h2");
  EXPECT_GT(j["eps_lower_bound"]["exp_eps"].get<double>(), 3.0);  // the tight value is 5
}

// Issue 37: uHR beyond its dense size (k = 4200 > 4096; X_S = 0..9, V = 16, t = 3) is tested on
// V + 2 cells, its 4190 X_N outputs folded into the reporting input's own symbol and another's.
// A correct client conforms (60 samples from each of the 4200 inputs); the reference encoder on a
// non-prefix X_S violates on the column its symbol 1 reports itself as (Q(h7|1) = 1/2 + 1/32
// against 1/32 from a sensitive input); another's symbol is an impossible output (violates, with
// its line); text that is no label of the dense reference is bad input, as there.
TEST(ConformSamples, UhrBeyondItsDenseSizeIsTestedWithXnFolded) {
  const char* flags = "--mech uhr --k 4200 --sensitive 0-9 --exp-eps 3";
  const std::vector<std::size_t> prefix = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  const std::string good = samples_file(
      "uhr_large_good.txt", 4200, 60,
      [&](std::size_t x, Xoshiro256& rng) { return uhr_encoder_double(x, rng, prefix); });
  const json j = conform(flags, good, 0);
  EXPECT_EQ(j["verdict"], "conforms");
  EXPECT_EQ(j["reference"]["pooling"],
            "18 cells: its 16 columns, and its 4190 X_N outputs as the reporting input's own "
            "symbol or another's, since they are too many to list")
      << j["reference"];
  const std::vector<std::size_t> not_prefix = {0, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  // A break needs no input beyond the pair that shows it: inputs 0..11 only, 2000 samples each.
  const std::string bad = samples_file(
      "uhr_large_non_prefix.txt", 12, 2000,
      [&](std::size_t x, Xoshiro256& rng) { return uhr_encoder_double(x, rng, not_prefix); });
  const json v = conform("--mech uhr --k 4200 --sensitive 0,2-10 --exp-eps 3", bad, 1);
  EXPECT_EQ(v["verdict"], "violates") << v["eps_lower_bound"];
  EXPECT_EQ(v["eps_lower_bound"]["event"], "y = h7");
  EXPECT_GT(v["eps_lower_bound"]["exp_eps"].get<double>(), 3.0);  // the tight value is 17
  const std::string another = temp_file("uhr_large_another.txt", "4150,4150\n4150,4151\n");
  const RunResult a = run_uldp(std::string("conform samples ") + flags + " --samples " + another);
  EXPECT_EQ(a.exit_code, 1) << a.err;
  EXPECT_NE(a.out.find("impossible outputs: 1 sample(s) the reference never produces; first at " +
                       another + ":2"),
            std::string::npos)
      << a.out;
  for (const char* text : {"3", "4200", "its own X_N symbol", "04150"}) {
    const RunResult e = run_uldp(std::string("conform samples ") + flags + " --samples " +
                                 temp_file("uhr_large_label.txt", std::string("4150,") + text));
    EXPECT_EQ(e.exit_code, 2) << text;
    EXPECT_NE(e.err.find("is not an output label of the reference"), std::string::npos) << e.err;
  }
}

// The geometric mechanism's claim is per pair (t^d): conform tests the fit and says plainly that
// the claim is not tested, rather than reporting no claim.
TEST(ConformSamples, GeometricSaysItsMetricClaimIsNotTested) {
  const std::string path = temp_file("geo_self.txt", "0,0\n1,1\n2,2\n");
  const RunResult r = run_uldp(
      "conform samples --mech geometric --grid 3x1 --exp-eps-per-unit 2 --json --samples " + path);
  ASSERT_NE(r.exit_code, 2) << r.err;
  EXPECT_EQ(json::parse(r.out)["reference"]["claim"],
            "exp_eps_per_unit = 2 (metric LDP, Manhattan distance): not tested here, its bounds "
            "are per pair; the fit is");
}

// Issue 19: a deviation is diagnosed by the readings people get wrong, tried on the same samples.
// Each double below is a correct mechanism under one wrong reading; the report names it.
TEST(ConformDiagnosis, OueClientAgainstBasicRapporIsNamedTheta1Over2) {
  // OUE at t = 4 over 6 bits: own bit 1/2, others 1/5; the reference's default θ is 2/3.
  const std::string path = samples_file(
      "oue_client.txt", 6, 3000,
      [](std::size_t x, Xoshiro256& rng) { return unary_client(x, rng, 6, 0.5, 0.2, false); });
  const json j = conform("--mech rappor --k 6 --exp-eps 4", path, 1);
  EXPECT_EQ(j["verdict"], "deviates");
  ASSERT_EQ(j["diagnosis"]["fits"].size(), 1u) << j["diagnosis"];
  EXPECT_EQ(j["diagnosis"]["fits"][0]["reading"], "theta = 1/2 (OUE)");
  EXPECT_EQ(conform("--mech oue --k 6 --exp-eps 4", path, 0)["verdict"], "conforms");
}

TEST(ConformDiagnosis, MostSignificantBitFirstIsNamedBitOrderReversed) {
  // Basic one-time RAPPOR at t = 4 (θ = 2/3) written with bit 0 last.
  const std::string path =
      samples_file("rappor_msb.txt", 6, 3000, [](std::size_t x, Xoshiro256& rng) {
        std::string y = unary_client(x, rng, 6, 2.0 / 3, 1.0 / 3, false);
        std::reverse(y.begin(), y.end());
        return y;
      });
  const json j = conform("--mech rappor --k 6 --exp-eps 4", path, 1);
  ASSERT_EQ(j["diagnosis"]["fits"].size(), 1u) << j["diagnosis"];
  EXPECT_EQ(j["diagnosis"]["fits"][0]["reading"],
            "bit order reversed (character 0 is the last bit)");
}

TEST(ConformDiagnosis, ANonPrefixSensitiveSetTreatedAsAPrefixIsNamed) {
  // The client implements uRR with X_S = {0,1} while the claim declares X_S = {1,3}.
  const std::string path =
      samples_file("urr_prefix_bug.txt", 5, 3000,
                   [](std::size_t x, Xoshiro256& rng) { return urr_client(x, rng, 0); });
  const json j = conform("--mech urr --k 5 --sensitive 1,3 --exp-eps 3", path, 1);
  bool named = false;
  for (const json& d : j["diagnosis"]["fits"])
    named = named || d["reading"] == "X_S taken as the first |X_S| symbols (0-1)";
  EXPECT_TRUE(named) << j["diagnosis"];
}

TEST(ConformDiagnosis, AClientAtAnotherBudgetGetsTheRangeItFits) {
  // uRR over X_S = {0,1} at t = 6 (c1 = 6/7, c2 = 1/7, c3 = 5/7) against the claim t = 3.
  const std::string path = samples_file("urr_t6.txt", 5, 3000, [](std::size_t x, Xoshiro256& rng) {
    const double u = uniform01(rng);
    if (x <= 1) return u < 6.0 / 7 ? std::to_string(x) : std::to_string(1 - x);
    return u < 1.0 / 7 ? std::string("0") : u < 2.0 / 7 ? std::string("1") : std::to_string(x);
  });
  const json j = conform(kUrr, path, 1);
  EXPECT_EQ(j["verdict"], "violates");
  const json range = j["diagnosis"]["fitted_exp_eps"];
  ASSERT_TRUE(range.is_array()) << j["diagnosis"];
  EXPECT_LE(range[0].get<double>(), 6.0);
  EXPECT_GE(range[1].get<double>(), 6.0);
  EXPECT_GT(range[0].get<double>(), 3.0);  // the claim itself does not fit
}

// A file numbered from 1 stops at the first x = k, with a hint.
TEST(ConformDiagnosis, AnInputEqualToKHintsAtOneBasedNumbering) {
  const std::string path = temp_file("one_based.txt", "1,0\n5,4\n");
  const RunResult r = run_uldp(std::string("conform samples ") + kUrr + " --samples " + path);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "uldp: error: " + path +
                       ":2:1: input 5 is outside 0..4 (inputs are 0-based; is the file numbered "
                       "from 1?)\n");
}

// Issue 19: `conform client` drives a real subprocess. The doubles are Python scripts (Debian's
// python3, which the install script brings): uRR at k = 5, X_S = {0,1}, t = 3, seeded, flushing
// each line; `leak` sends a sensitive input to Y_I.
std::string urr_client_script() {
  return temp_file("urr_client.py", R"(import random, sys
random.seed(int(sys.argv[1]))
leak = float(sys.argv[2])
for line in sys.stdin:
    x = int(line)
    u = random.random()
    if x <= 1:
        y = 4 if u < leak else (x if u < 0.75 else 1 - x)
    else:
        y = 0 if u < 0.25 else (1 if u < 0.5 else x)
    print(y, flush=True)
)");
}

json conform_client(const std::string& flags, int expected_exit) {
  const RunResult r = run_uldp("conform client --json " + flags);  // before the client's --
  EXPECT_EQ(r.exit_code, expected_exit) << r.out << r.err;
  return json::parse(r.out);
}

TEST(ConformClient, ACorrectClientConformsAtTheAskedResolution) {
  const json j =
      conform_client(std::string(kUrr) + " -- python3 -u " + urr_client_script() + " 1 0", 0);
  EXPECT_EQ(j["verdict"], "conforms");
  EXPECT_LE(j["resolution"]["cell_deviation"].get<double>(), 0.05);
  // Looks double from 64 per input up to the planned look, which is tested at 3/4 of the looks'
  // alpha (half of alpha, the targeted stage has the other half), the others at that / 4 /
  // 2^(i+1). The targeted stage rules a 10 % excess out.
  const json looks = j["sequential"]["looks"];
  ASSERT_GE(looks.size(), 2u);
  EXPECT_EQ(looks[0], 64);
  EXPECT_EQ(looks[1], 128);
  EXPECT_EQ(looks.back(), j["sequential"]["planned_look"]);
  EXPECT_EQ(j["samples"], 5 * looks.back().get<int>());
  EXPECT_DOUBLE_EQ(j["sequential"]["looks_alpha"].get<double>(), 0.025);
  EXPECT_DOUBLE_EQ(j["sequential"]["look_alpha"].get<double>(), 0.75 * 0.025);
  EXPECT_DOUBLE_EQ(j["sequential"]["look_alphas"][0].get<double>(), 0.025 / 8);
  EXPECT_EQ(j["targeted"]["outcome"], "excess ruled out");
  EXPECT_EQ(j["samples_drawn"], j["sequential"]["looks_drawn"].get<std::uint64_t>() +
                                    2 * j["targeted"]["pairs_drawn"].get<std::uint64_t>());
  // --spending halving: look j at alpha / 2^(j+1), doubling until the resolution is met.
  const json halving = conform_client(
      std::string(kUrr) + " --spending halving -- python3 -u " + urr_client_script() + " 1 0", 0);
  const json halving_looks = halving["sequential"]["looks"];
  EXPECT_EQ(halving["sequential"]["spending"], "halving");
  EXPECT_DOUBLE_EQ(halving["sequential"]["look_alpha"].get<double>(),
                   0.025 / std::exp2(static_cast<double>(halving_looks.size())));
  EXPECT_GT(halving_looks.back().get<int>(), looks.back().get<int>());
}

// Issue 52: a GRR client at e^eps 3.3 claimed 3 (10 % over) is `violates` at the defaults, by the
// targeted stage, which states the samples it used beside the information bound; --excess 0.5
// rules a correct client's 50 % excess out in fewer samples than the default 10 %, --excess 0
// runs the looks alone (which let the 10 % client pass), and a negative excess is refused.
std::string grr_client_script() {
  return temp_file("grr_client.py", R"(import random, sys
t = float(sys.argv[1]); k = 6
rng = random.Random(int(sys.argv[2]))
for line in sys.stdin:
    x = int(line)
    if rng.random() < t / (t + k - 1):
        y = x
    else:
        y = rng.randrange(k - 1)
        y = y + 1 if y >= x else y
    print(y, flush=True)
)");
}

TEST(ConformClient, ATenPercentExcessIsNamedByTheTargetedStage) {
  const std::string grr = "--mech rr --k 6 --exp-eps 3 ";
  const json faulty = conform_client(grr + "-- python3 -u " + grr_client_script() + " 3.3 1", 1);
  EXPECT_EQ(faulty["verdict"], "violates");
  EXPECT_EQ(faulty["targeted"]["outcome"], "violates");
  EXPECT_GT(faulty["eps_lower_bound"]["exp_eps"].get<double>(), 3);
  EXPECT_EQ(faulty["eps_lower_bound"]["event"], faulty["targeted"]["event"]);
  EXPECT_EQ(faulty["targeted"]["information_bound_pairs"], 6092);  // log(1/0.05) / D, rounded up
  const RunResult text =
      run_uldp("conform client " + grr + "-- python3 -u " + grr_client_script() + " 3.3 1");
  EXPECT_NE(text.out.find("information bound log(1/alpha)/D = 6092 pairs"), std::string::npos)
      << text.out;
  const json old =
      conform_client(grr + "--excess 0 -- python3 -u " + grr_client_script() + " 3.3 1", 0);
  EXPECT_EQ(old["verdict"], "conforms");
  EXPECT_TRUE(old["targeted"].is_null());
  const json fine = conform_client(grr + "-- python3 -u " + grr_client_script() + " 3 2", 0);
  const json coarse =
      conform_client(grr + "--excess 0.5 -- python3 -u " + grr_client_script() + " 3 2", 0);
  EXPECT_EQ(coarse["targeted"]["outcome"], "excess ruled out");
  EXPECT_LT(coarse["targeted"]["pairs"].get<int>(), fine["targeted"]["pairs"].get<int>());
  const RunResult negative = run_uldp("conform client " + grr + "--excess -1 -- true");
  EXPECT_EQ(negative.exit_code, 2);
  EXPECT_EQ(negative.err,
            "uldp: error: --excess: -1 is no relative excess of e^eps (0 for none, else above "
            "0)\n");
}

TEST(ConformClient, ALeakingClientIsStoppedAtTheFirstLook) {
  const std::string out = temp_file("leak_samples.txt", "");
  const json j = conform_client(std::string(kUrr) + " --samples-out " + out + " -- python3 -u " +
                                    urr_client_script() + " 2 0.05",
                                1);
  EXPECT_EQ(j["verdict"], "violates");
  EXPECT_EQ(j["sequential"]["looks"].size(), 1u);
  EXPECT_EQ(j["samples"], 5 * 64);
  // The samples it drew are written for `conform samples`, which reads them the same way.
  // (one line later: the file starts with a comment naming the client).
  const json again = conform(kUrr, out, 1)["impossible"];
  EXPECT_EQ(again["count"], j["impossible"]["count"]);
  EXPECT_EQ(again["first"], j["impossible"]["first"]);
  EXPECT_EQ(again["first_line"].get<int>(), j["impossible"]["first_line"].get<int>() + 1);
}

TEST(ConformClient, AClientThatStopsOrStallsIsNamedInOneLine) {
  const RunResult closed =
      run_uldp(std::string("conform client ") + kUrr + " -- sh -c 'read x; echo 0'");
  EXPECT_EQ(closed.exit_code, 2);
  EXPECT_EQ(closed.err,
            "uldp: error: sh -c read x; echo 0: closed its output after 1 of 448 outputs\n");
  const RunResult stalled = run_uldp(std::string("conform client ") + kUrr +
                                     " --timeout-ms 200 -- sh -c 'read x; sleep 5'");
  EXPECT_EQ(stalled.exit_code, 2);
  EXPECT_NE(stalled.err.find("wrote no output line for 200 ms after input 1 (a client must write "
                             "one line per input and flush it; python3 -u)"),
            std::string::npos)
      << stalled.err;
  // Bytes that never end a line are no progress: timed out all the same (it ran forever before).
  const RunResult dribbling =
      run_uldp(std::string("conform client ") + kUrr +
               " --timeout-ms 300 -- sh -c 'read x; while :; do printf 0; sleep 0.05; done'");
  EXPECT_EQ(dribbling.exit_code, 2);
  EXPECT_NE(dribbling.err.find("wrote no output line for 300 ms after input 1"), std::string::npos)
      << dribbling.err;
  // A line without end is refused at the line-length limit, not read until memory runs out.
  const RunResult endless =
      run_uldp(std::string("conform client ") + kUrr + " -- sh -c 'read x; cat /dev/zero'");
  EXPECT_EQ(endless.exit_code, 2);
  EXPECT_NE(endless.err.find("wrote a line longer than 16777216 bytes for input 1"),
            std::string::npos)
      << endless.err;
  // So is a sample file without line ends.
  const RunResult zero = run_uldp(std::string("conform samples ") + kUrr + " --samples /dev/zero");
  EXPECT_EQ(zero.exit_code, 2);
  EXPECT_NE(zero.err.find("/dev/zero:1:1: line too long"), std::string::npos) << zero.err;
  // Two outputs for one input (500 lines, more than the first round's 448 inputs, in one write
  // of 1000 bytes, atomic on a pipe) would shift every later sample onto the wrong input:
  // refused, never read as samples.
  const RunResult extra =
      run_uldp(std::string("conform client ") + kUrr + " -- sh -c 'read x; yes 0 | head -n 500'");
  EXPECT_EQ(extra.exit_code, 2);
  EXPECT_NE(extra.err.find("wrote more lines than it was given inputs"), std::string::npos)
      << extra.err;
  const RunResult missing =
      run_uldp(std::string("conform client ") + kUrr + " -- no_such_client_command");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.err,
            "uldp: error: conform client: cannot run 'no_such_client_command': No such file or "
            "directory\n");
}

// Issue 37: a matrix reference that breaks its own claim gets a word, decided exactly (its tight
// ratio 4 is above the claimed 2), in the text and the JSON; one within its claim gets none.
TEST(ConformSamples, AMatrixReferenceThatBreaksItsOwnClaimIsSaid) {
  const std::string matrix = temp_file("breaking_reference.csv", "0.8,0.2\n0.2,0.8\n");
  const std::string samples = temp_file("breaking_samples.txt", "0,0\n1,1\n0,1\n1,0\n");
  const std::string base = "conform samples --matrix " + matrix + " --samples " + samples;
  const RunResult r = run_uldp(base + " --exp-eps 2");
  EXPECT_NE(r.out.find("the reference breaks its own claim: its tight e^eps is 4 > the claimed 2 "
                       "(x = 0, x' = 1, y = 0); a client that matches it breaks the claim too"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(
      json::parse(run_uldp(base + " --exp-eps 2 --json").out)["reference"]["breaks_own_claim"],
      "its tight e^eps is 4 > the claimed 2 (x = 0, x' = 1, y = 0); a client that matches it "
      "breaks the claim too");
  EXPECT_EQ(run_uldp(base + " --exp-eps 4").out.find("breaks its own claim"), std::string::npos);
  EXPECT_TRUE(
      json::parse(run_uldp(base + " --exp-eps 4 --json").out)["reference"]["breaks_own_claim"]
          .is_null());
}

// Issue 52 item 4: a registry reference whose claim its construction does not guarantee is
// decided too: IDUE whose bits break MinID-LDP (L(0, 1) = 9 against min(4, 2) = 2) is said to,
// in the text and the JSON, whatever its samples; the registry's example IDUE, whose bits keep
// it, is not. So is a budget
// given to rappor-bloom below its tight 5929/2025.
TEST(ConformSamples, ARegistryReferenceThatBreaksItsOwnClaimIsSaid) {
  const std::string samples = temp_file("idue_samples.txt", "0,000\n1,000\n2,000\n");
  const std::string breaking =
      "conform samples --mech idue --id-exp-eps 4,2,3 --one-if-off "
      "1/10,1/10,1/10 --samples " +
      samples;
  const RunResult r = run_uldp(breaking);
  EXPECT_NE(r.out.find("the reference breaks its own claim: ID-LDP, r = min of the pair's budgets: "
                       "FAILS; first violated by L(0, 1) = 9"),
            std::string::npos)
      << r.out;
  const json j = json::parse(run_uldp(breaking + " --json").out);
  EXPECT_TRUE(j["reference"]["breaks_own_claim"].get<std::string>().ends_with(
      "a client that matches it breaks the claim too"));
  const std::string keeping =
      "conform samples --mech idue --id-exp-eps 2,3,3 --one-if-off "
      "2/5,3/10,3/10 --json --samples " +
      samples;
  const RunResult kept = run_uldp(keeping);
  ASSERT_NE(kept.exit_code, 2) << kept.err;  // a report (3 samples: insufficient), not an error
  EXPECT_TRUE(json::parse(kept.out)["reference"]["breaks_own_claim"].is_null());
  const std::string bloom_samples = temp_file("bloom_samples.txt", "0,0:0000\n1,1:1111\n");
  const std::string bloom =
      "conform samples --mech rappor-bloom --k 2 --bloom-bits 4 --cohorts 2 "
      "--prr-f 1/2 --irr-p 1/2 --irr-q 3/4 --json --samples " +
      bloom_samples;
  EXPECT_EQ(json::parse(run_uldp(bloom + " --exp-eps 2").out)["reference"]["breaks_own_claim"]
                .get<std::string>(),
            "its tight e^eps is 5929/2025 > the claimed 2 (x = 0, x' = 1, y = 0:1100); a client "
            "that matches it breaks the claim too");
  const RunResult bloom_kept = run_uldp(bloom);
  ASSERT_NE(bloom_kept.exit_code, 2) << bloom_kept.err;
  EXPECT_TRUE(json::parse(bloom_kept.out)["reference"]["breaks_own_claim"].is_null());
}

// A file of one sample line is refused with exit 2 and "FILE:LINE:COLUMN: what".
void expect_refused_line(const char* mechanism, const std::string& line,
                         const std::string& where_and_what) {
  const std::string path = temp_file("refused_line.txt", line + "\n");
  const RunResult r = run_uldp(std::string("conform samples ") + mechanism + " --samples " + path);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "uldp: error: " + path + ":" + where_and_what + "\n");
}

// Bloom-filter RAPPOR at Chrome's settings (m = 128, h = 2, 64 cohorts, f = 1/2, p = 1/2,
// q = 3/4; P(1) = q* = 11/16 on a filter bit, p* = 9/16 off it): 64 x 2^128 outputs, tested on
// its cohorts and each report's bits, per input and cohort (issue 51). A report drawn bit by bit
// with a fresh permanent response conforms; one whose bits off the filter are 1 with 0.6 deviates
// (a bit's 3/64 over its 9/16, on every bit of every cohort); a report that is no "c:bits" is
// named by its line.
const char* kChromeRappor =
    "--mech rappor-bloom --k 6 --bloom-bits 128 --cohorts 64 --prr-f 1/2 --irr-p 1/2 --irr-q 3/4";

std::string chrome_rappor_client(std::size_t x, Xoshiro256& rng, double one_if_off) {
  const auto cohort = static_cast<std::uint32_t>(uniform01(rng) * 64);
  const BloomBits filter = bloom_bits_of(x, cohort, 128, 2);
  std::string y = std::to_string(cohort) + ":";
  for (std::uint32_t j = 0; j < 128; ++j) {
    const bool on = std::binary_search(filter.begin(), filter.end(), j);
    y += uniform01(rng) < (on ? 11.0 / 16 : one_if_off) ? '1' : '0';
  }
  return y;
}

TEST(ConformSamples, RapporBloomAtChromesSettingsIsTestedBitByBit) {
  const std::string good = samples_file(
      "chrome_rappor_ok.txt", 6, 3000,
      [](std::size_t x, Xoshiro256& rng) { return chrome_rappor_client(x, rng, 9.0 / 16); });
  const json ok = conform(kChromeRappor, good, 0);
  EXPECT_EQ(ok["verdict"], "conforms") << ok;
  EXPECT_TRUE(ok["reference"]["pooling"].get<std::string>().starts_with(
      "64 cells: one per cohort, each report's 128 bits tallied one by one per input and cohort"))
      << ok["reference"];
  EXPECT_EQ(ok["fit"]["tests"], 6 * (1 + 1 + 64 * 128)) << ok["fit"];
  const std::string off = samples_file(
      "chrome_rappor_off.txt", 6, 3000,
      [](std::size_t x, Xoshiro256& rng) { return chrome_rappor_client(x, rng, 0.6); });
  const json bad = conform(kChromeRappor, off, 1);
  EXPECT_EQ(bad["verdict"], "deviates") << bad;
  EXPECT_TRUE(bad["fit"]["worst"].get<std::string>().ends_with(", every cohort's bits"))
      << bad["fit"];
  expect_refused_line(kChromeRappor, "0,3:0110",
                      "1:3: expected 'c:bits' (c a cohort 0..63, ':', then m = 128 "
                      "characters 0/1)");
}

// Apple's count-mean sketch at its m = 1024 (J = 16 hash indices, e^eps = 4: s = 2, a bucket's
// +1 kept with 2/3, another's -1 flipped with 1/3): J 2^1024 outputs, tested per input, hash index
// and bit as rappor-bloom is. A client flipping with 0.3 instead of 1/3 deviates.
const char* kAppleCms = "--mech cms --k 6 --exp-eps 4 --sketch-hashes 16 --sketch-width 1024";

std::string apple_cms_client(std::size_t x, Xoshiro256& rng, double flip) {
  const auto j = static_cast<std::uint64_t>(uniform01(rng) * 16);
  const std::uint32_t bucket = sketch_hash(x, j, 1024);
  std::string y = std::to_string(j) + ":";
  for (std::uint32_t l = 0; l < 1024; ++l) {
    const bool plus = l == bucket;
    y += (uniform01(rng) < flip) != plus ? '1' : '0';
  }
  return y;
}

TEST(ConformSamples, CountMeanSketchAtApplesWidthIsTestedBitByBit) {
  const std::string good = samples_file(
      "apple_cms_ok.txt", 6, 2000,
      [](std::size_t x, Xoshiro256& rng) { return apple_cms_client(x, rng, 1.0 / 3); });
  const json ok = conform(kAppleCms, good, 0);
  EXPECT_EQ(ok["verdict"], "conforms") << ok;
  EXPECT_TRUE(ok["reference"]["pooling"].get<std::string>().starts_with(
      "16 cells: one per hash index, each report's 1024 bits tallied one by one"))
      << ok["reference"];
  const std::string off =
      samples_file("apple_cms_off.txt", 6, 2000,
                   [](std::size_t x, Xoshiro256& rng) { return apple_cms_client(x, rng, 0.3); });
  EXPECT_EQ(conform(kAppleCms, off, 1)["verdict"], "deviates");
}

// Apple's Hadamard count-mean sketch at J = 64, m = 1024 (2 J m = 131072 outputs, e^eps = 3): each
// report (j, l, w) folded by the input's own Hadamard sign. A client that keeps its sign with
// 6/7 instead of 3/4 deviates.
const char* kAppleHcms = "--mech hcms --k 6 --exp-eps 3 --sketch-hashes 64 --sketch-width 1024";

std::string apple_hcms_client(std::size_t x, Xoshiro256& rng, double kept) {
  const auto j = static_cast<std::uint64_t>(uniform01(rng) * 64);
  const auto l = static_cast<std::uint32_t>(uniform01(rng) * 1024);
  const bool plus = hadamard_plus(l, sketch_hash(x, j, 1024)) == (uniform01(rng) < kept);
  return std::to_string(j) + "," + std::to_string(l) + (plus ? ",1" : ",-1");
}

TEST(ConformSamples, HadamardCountMeanSketchBeyondItsListingIsFoldedByTheInputsOwnSign) {
  const std::string good =
      samples_file("apple_hcms_ok.txt", 6, 2000,
                   [](std::size_t x, Xoshiro256& rng) { return apple_hcms_client(x, rng, 0.75); });
  // The testing level 1e-6 for the correct client: a false alarm once in a million runs.
  const json ok = conform(std::string(kAppleHcms) + " --false-alarm 1e-6", good, 0);
  EXPECT_EQ(ok["verdict"], "conforms") << ok;
  EXPECT_TRUE(ok["reference"]["pooling"].get<std::string>().starts_with(
      "32 cells: each report folded by the reporting input's own Hadamard sign"))
      << ok["reference"];
  const std::string keeps = samples_file(
      "apple_hcms_keeps.txt", 6, 2000,
      [](std::size_t x, Xoshiro256& rng) { return apple_hcms_client(x, rng, 6.0 / 7); });
  // Its true e^eps is 6 > 3: the events "w = H[l][h_j(a)]" and their complements show it.
  const json broken = conform(kAppleHcms, keeps, 1);
  EXPECT_EQ(broken["verdict"], "violates") << broken;
  EXPECT_GT(broken["eps_lower_bound"]["exp_eps"].get<double>(), 3.0) << broken;
  expect_refused_line(kAppleHcms, "0,3,1024,1",
                      "1:3: row '1024' is not in 0..1023 (outputs are j,l,w (a hash index 0..63, a "
                      "row 0..1023, w 1 or -1))");
}

// OLH as the Python libraries run it: seeds drawn from all 2^32 of xxh32, g = round(e) + 1 = 4
// at eps = 1 (issue 51). Its outputs are too many to list, so each report is folded by the
// reporting input's own hash: the seed's bin and the value's offset from h_s(x). A correct client
// conforms; one keeping its hash value with 1.5 t instead of t, or drawing only the lower half of
// the seeds, deviates; a line without a value is named.
const char* kLibraryOlh = "--mech olh --k 8 --eps 1 --hash-seeds 4294967296";

std::string library_olh_client(std::size_t x, Xoshiro256& rng, double keep_factor,
                               std::uint64_t seeds) {
  const double t = std::exp(1.0) * keep_factor;
  const auto seed = static_cast<std::uint32_t>(uniform01(rng) * static_cast<double>(seeds));
  const std::uint32_t own = local_hash(x, seed, 4);
  std::uint32_t value = own;
  if (uniform01(rng) >= t / (t + 3)) {
    value = static_cast<std::uint32_t>(uniform01(rng) * 3);
    value += value >= own ? 1 : 0;
  }
  return std::to_string(seed) + "," + std::to_string(value);
}

TEST(ConformSamples, LocalHashingOverAllSeedsIsFoldedByTheInputsOwnHash) {
  const std::uint64_t all = std::uint64_t{1} << 32;
  const std::string good = samples_file(
      "olh_all_seeds.txt", 8, 3000,
      [&](std::size_t x, Xoshiro256& rng) { return library_olh_client(x, rng, 1, all); });
  const json ok = conform(kLibraryOlh, good, 0);
  EXPECT_EQ(ok["verdict"], "conforms") << ok;
  EXPECT_TRUE(ok["reference"]["pooling"].get<std::string>().starts_with(
      "16 cells: each report folded by the reporting input's own hash"))
      << ok["reference"];
  const std::string keeps = samples_file(
      "olh_keeps.txt", 8, 3000,
      [&](std::size_t x, Xoshiro256& rng) { return library_olh_client(x, rng, 1.5, all); });
  EXPECT_EQ(conform(kLibraryOlh, keeps, 1)["verdict"], "deviates");
  const std::string half = samples_file(
      "olh_half_seeds.txt", 8, 3000,
      [&](std::size_t x, Xoshiro256& rng) { return library_olh_client(x, rng, 1, all / 2); });
  EXPECT_EQ(conform(kLibraryOlh, half, 1)["verdict"], "deviates");
  expect_refused_line(kLibraryOlh, "0,17",
                      "1:3: '17' has no seed (outputs are seed,value (a seed 0..4294967295, a "
                      "value 0..3))");
}

// The fold's cells are relative to the input and bound no eps; the events "value = h_s(a)" are
// sets of outputs, tallied for every input a beside them, and do: a client that always reports
// its own hash value (eps infinite; every other input lands in a's event about 1/4 of the time)
// is named `violates` with a bound above e, at 3000 samples per input over all 2^32 seeds. The
// correct client stays `conforms` (each event's ratio is p / (q + (p - q) c) <= t).
TEST(ConformSamples, LocalHashingOverAllSeedsIsBoundedByTheEventsOfEachInputsHash) {
  const std::uint64_t all = std::uint64_t{1} << 32;
  const std::string always = samples_file(
      "olh_always_own.txt", 8, 3000,
      [&](std::size_t x, Xoshiro256& rng) { return library_olh_client(x, rng, 1e15, all); });
  const json j = conform(kLibraryOlh, always, 1);
  EXPECT_EQ(j["verdict"], "violates") << j;
  EXPECT_GT(j["eps_lower_bound"]["exp_eps"].get<double>(), std::exp(1.0)) << j;
  // Never another value than its own: "value != h_s(x)" has rate 0 under x, about 3/4 under others.
  EXPECT_TRUE(j["eps_lower_bound"]["event"].get<std::string>().starts_with("value != h_s(")) << j;
  EXPECT_NE(j["reference"]["pooling"].get<std::string>().find(
                "tallied by the inputs whose own hash value it is"),
            std::string::npos)
      << j["reference"];
}

}  // namespace
}  // namespace uldp::testing
