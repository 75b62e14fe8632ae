// Every registered mechanism through every command, as a user runs them: a mechanism added to
// the registry is covered here without editing this file.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include <nlohmann/json.hpp>

#include "uldp/io/matrix_reader.h"
#include "uldp/mechanisms/registry.h"
#include "uldp/testing/command.h"
#include "uldp/testing/temp_files.h"

namespace uldp::testing {
namespace {

using nlohmann::json;

class RegistryWalk : public ::testing::TestWithParam<MechanismEntry> {
 protected:
  std::string flags() const {
    return "--mech " + std::string(GetParam().name) + " " + std::string(GetParam().example);
  }
};

TEST_P(RegistryWalk, MechanismPrintsAStochasticExactMatrix) {
  const MechanismEntry& e = GetParam();
  const RunResult r = run_uldp("mechanism " + std::string(e.name) + " " + std::string(e.example) +
                               " --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["mechanism"].get<std::string>(), e.name);
  ASSERT_GE(j["Q"].size(), 1u);
  for (const json& row : j["Q"]) {
    Rational sum = 0;
    for (const json& entry : row) sum += parse_rational(entry.get<std::string>(), "entry");
    EXPECT_EQ(sum, 1) << e.name;
  }
}

TEST_P(RegistryWalk, CheckConfirmsTheClaim) {
  const MechanismEntry& e = GetParam();
  const RunResult r = run_uldp("check " + flags() + " --json");
  const json j = json::parse(r.out);
  if (e.claim == Claim::kNone) {
    // Claims nothing: checked for eps-LDP by default, which the identity never gives.
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_EQ(j["ldp"]["tight_exp_eps"], "inf");
    return;
  }
  EXPECT_EQ(r.exit_code, 0) << r.err;
  if (e.claim == Claim::kMetricLdp) {
    // Its own per-pair claim, decided beside the properties, tight (some pair meets its bound;
    // for Euclidean distance up to the rounding of its step t' <= e^(eps/sqrt 2) downwards).
    const json& metric = j["pair_losses"]["metric_ldp"];
    EXPECT_TRUE(metric["holds"]) << r.out;
    EXPECT_GT(metric["tightest"]["loss_share"].get<double>(), 1 - 1e-12) << r.out;
    EXPECT_LE(metric["tightest"]["loss_share"].get<double>(), 1.0) << r.out;
    return;
  }
  if (e.claim == Claim::kMinIdLdp) {
    // MinID-LDP at its own per-input budgets, decided the same way; the example is tight.
    const json& id = j["pair_losses"]["id_ldp"];
    EXPECT_TRUE(id["holds"]) << r.out;
    EXPECT_EQ(id["tightest"]["loss_share"], 1.0) << r.out;
    return;
  }
  EXPECT_TRUE(j[e.claim == Claim::kLdp ? "ldp" : "uldp"]["holds"]) << r.out;
  // The claim is tight at the mechanism's own budget (e^eps attained, not just bounded).
  EXPECT_EQ(j[e.claim == Claim::kLdp ? "ldp" : "uldp"]["tight_exp_eps"], j["exp_eps"]) << r.out;
}

TEST_P(RegistryWalk, DenseAndNaturalFormsAgree) {
  const RunResult natural = run_uldp("check " + flags() + " --json");
  const RunResult dense = run_uldp("check " + flags() + " --dense --json");
  ASSERT_NE(dense.exit_code, 2) << dense.err;
  const json a = json::parse(natural.out), b = json::parse(dense.out);
  for (const char* property : {"ldp", "uldp", "uldp_strict", "osldp"}) {
    EXPECT_EQ(a[property]["holds"], b[property]["holds"]) << property;
    EXPECT_EQ(a[property]["tight_exp_eps"], b[property]["tight_exp_eps"]) << property;
  }
}

TEST_P(RegistryWalk, SimulateThenEstimateWithEveryMethod) {
  const std::string reports = temp_file("walk_" + std::string(GetParam().name) + ".txt", "");
  const RunResult sim = run_uldp("simulate " + flags() + " --n 3000 --seed 5 --out " + reports);
  ASSERT_EQ(sim.exit_code, 0) << sim.err;
  for (const char* method : {"emp", "thr", "em"}) {
    const RunResult r = run_uldp("estimate " + flags() + " --reports " + reports + " --method " +
                                 method + " --json");
    ASSERT_EQ(r.exit_code, 0) << method << ": " << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["n"], 3000);
    double sum = 0;
    for (const json& v : j["estimate"]) sum += v.get<double>();
    // emp is unbiased but not normalised; thr and em are distributions.
    if (std::string(method) != "emp") {
      EXPECT_NEAR(sum, 1.0, 1e-9) << method;
    }
  }
}

TEST_P(RegistryWalk, LossIsExactAndPositive) {
  const RunResult r = run_uldp("loss " + flags() + " --n 100 --json");
  if (!GetParam()
           .unbiased_estimator) {  // a biased estimator has no exact loss: refused, saying why
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("biased over a finite hash family"), std::string::npos) << r.err;
    return;
  }
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_GT(parse_rational(j["l2"]["exact"].get<std::string>(), "l2"), 0);
  const RunResult worst = run_uldp("loss " + flags() + " --n 100 --p worst --json");
  ASSERT_EQ(worst.exit_code, 0) << worst.err;
  EXPECT_GE(parse_rational(json::parse(worst.out)["l2"]["exact"].get<std::string>(), "l2"),
            parse_rational(j["l2"]["exact"].get<std::string>(), "l2"));
}

// The commands that do not (yet) serve every mechanism must say so in one line with exit 2;
// none may crash or answer with an internal error.
TEST_P(RegistryWalk, EveryOtherCommandAnswersOrRefusesInOneLine) {
  const std::string reports =
      temp_file("walk_samples_" + std::string(GetParam().name) + ".txt",
                "0," +
                    std::string(GetParam().name == "rappor" || GetParam().name == "urap" ||
                                        GetParam().name == "uoue"
                                    ? ""
                                    : "0") +
                    "\n");
  for (const std::string& command :
       {"conform plan " + flags(), "golden " + flags() + " --cases 2 --seed 3 --n 500",
        "table --mech " + std::string(GetParam().name) + " --k 4 --sensitive-count 1 --exp-eps 3",
        "conform samples " + flags() + " --samples " + reports}) {
    const RunResult r = run_uldp(command);
    EXPECT_TRUE(r.exit_code == 0 || r.exit_code == 1 || r.exit_code == 2) << command << "\n"
                                                                          << r.err;
    if (r.exit_code == 2) {
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << command << "\n" << r.err;
    }
  }
}

// Issue 17: uldp's own CSV reads back through `check` as the same matrix, with no flag, for every
// entry and every k from 2 (index labels "0,1" and bit strings would be refused if guessed).
TEST_P(RegistryWalk, CsvOutputReadsBackAsTheSameMatrixForEveryK) {
  const MechanismEntry& e = GetParam();
  const std::size_t largest = e.fixed_k ? *e.fixed_k : 5;
  for (std::size_t k = e.fixed_k ? *e.fixed_k : 2; k <= largest; ++k) {
    std::size_t built = 0;
    for (std::size_t s = 0; s <= k; ++s) {  // |X_S| = s; 0: no --sensitive
      if (s == 0 && e.takes(kSensitiveParameter.declaration) == Takes::kRequired) continue;
      if (s > 0 && e.takes(kSensitiveParameter.declaration) == Takes::kNo) break;
      const bool k_from_a_list = e.takes(kGridParameter.declaration) != Takes::kNo ||
                                 e.takes(kInputBudgetsParameter.declaration) != Takes::kNo;
      std::string flags = e.fixed_k || k_from_a_list ? "" : " --k " + std::to_string(k);
      if (e.takes(kGridParameter.declaration) != Takes::kNo)
        flags += " --grid " + std::to_string(k) + "x1";
      if (e.takes(kInputBudgetsParameter.declaration) !=
          Takes::kNo) {  // OUE at t = 3 on each of k inputs
        std::string budgets = "3", off = "1/4";
        for (std::size_t x = 1; x < k; ++x) {
          budgets += ",3";
          off += ",1/4";
        }
        flags += " --id-exp-eps " + budgets + " --one-if-off " + off;
      }
      if (s > 0) flags += " --sensitive 0-" + std::to_string(s - 1);
      if (e.takes(kBudgetParameter.declaration) != Takes::kNo) flags += " --exp-eps 3";
      if (e.takes(kBudgetPerUnitParameter.declaration) != Takes::kNo) flags += " --eps-per-unit 1";
      if (e.takes(kBlockParameter.declaration) == Takes::kRequired) flags += " --block 1";
      if (e.takes(kBloomBitsParameter.declaration) == Takes::kRequired)
        flags += " --bloom-bits 3 --cohorts 2 --prr-f 1/2 --irr-p 1/2 --irr-q 3/4";
      if (e.takes(kSketchHashesParameter.declaration) != Takes::kNo)  // or --hash-family
        flags += " --sketch-hashes 2 --sketch-width 4";
      if (e.takes(kHashSeedsParameter.declaration) == Takes::kRequired) flags += " --hash-seeds 2";
      const std::string mechanism = "mechanism " + std::string(e.name) + flags;
      const RunResult csv = run_uldp(mechanism + " --format csv");
      if (csv.exit_code == 2) continue;  // parameters this entry refuses (X_S too small, say)
      ASSERT_EQ(csv.exit_code, 0) << mechanism << "\n" << csv.err;
      ++built;
      const json expected = json::parse(run_uldp(mechanism + " --format json").out);
      const MatrixFile read = parse_matrix_csv(csv.out, "own.csv");
      ASSERT_EQ(read.matrix.num_inputs(), expected["Q"].size()) << mechanism;
      EXPECT_EQ(read.matrix.output_labels(), expected["outputs"].get<std::vector<std::string>>())
          << mechanism;
      for (std::size_t x = 0; x < read.matrix.num_inputs(); ++x) {
        for (std::size_t y = 0; y < read.matrix.num_outputs(); ++y) {
          ASSERT_EQ(read.matrix(x, y), parse_rational(expected["Q"][x][y].get<std::string>(), "Q"))
              << mechanism << " at " << x << "," << y;
        }
      }
      if (s <= 1 || s == k) {  // and through the command, as a user runs it
        const std::string path = temp_file("own_" + std::string(e.name) + ".csv", csv.out);
        const RunResult check = run_uldp("check --matrix " + path + " --json");
        ASSERT_NE(check.exit_code, 2) << mechanism << "\n" << check.err;
        const json j = json::parse(check.out);
        EXPECT_EQ(j["inputs"], expected["Q"].size());
        EXPECT_EQ(j["file_reading"]["header"]["decided_by"], "file_line") << mechanism;
      }
    }
    // ubd-opt needs |X_S| >= 2 and a non-sensitive symbol: nothing to build at k = 2.
    if (k >= 3 || e.name != "ubd-opt") {
      EXPECT_GE(built, 1u) << e.name << " built for no X_S, k = " << k;
    }
  }
}

// Issue 19: conformance serves every registry entry. uldp's own per-user sampler, given each
// input in turn (a point mass as --p), is a correct client: its samples conform to the exact
// reference with every input tested. Reports are read exactly as `simulate` writes them, with no
// flag: one output syntax (symbols and uHR's columns by label, bit vectors as k-bit strings, uBD
// and uSS as the set of their 1 bits). α = 0.001 per entry (a correct client fails
// with probability at most 0.001, so below 0.015 over the registry; fixed seeds make each run
// the same).
TEST_P(RegistryWalk, OwnSamplerConformsToTheExactReference) {
  const MechanismEntry& e = GetParam();
  const RunResult listing = run_uldp("mechanism " + std::string(e.name) + " " +
                                     std::string(e.example) + " --format json");
  ASSERT_EQ(listing.exit_code, 0) << listing.err;
  const std::size_t k = json::parse(listing.out)["Q"].size();
  std::string samples;
  for (std::size_t x = 0; x < k; ++x) {
    std::string point_mass;
    for (std::size_t z = 0; z < k; ++z) point_mass += z == x ? "1\n" : "0\n";
    const std::string p = temp_file("walk_point_" + std::string(e.name) + ".txt", point_mass);
    const RunResult r = run_uldp("simulate " + flags() + " --n 2000 --p " + p + " --seed " +
                                 std::to_string(100 + x));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::size_t begin = 0;
    for (std::size_t end; (end = r.out.find('\n', begin)) != std::string::npos; begin = end + 1) {
      const std::string report = r.out.substr(begin, end - begin);
      if (report.empty() || report[0] == '#') continue;
      samples += std::to_string(x) + "," + report + "\n";
    }
  }
  const std::string path = temp_file("walk_conform_" + std::string(e.name) + ".txt", samples);
  const RunResult r =
      run_uldp("conform samples " + flags() + " --samples " + path + " --false-alarm 0.001 --json");
  ASSERT_TRUE(r.exit_code == 0 || r.exit_code == 1) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["verdict"], "conforms") << r.out;
  EXPECT_EQ(j["inputs_without_samples"].size(), 0u);
  EXPECT_EQ(j["samples"], 2000 * k);
}

TEST_P(RegistryWalk, ListedByTheRegistryCommand) {
  const RunResult r = run_uldp("mechanism --list --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  bool found = false;
  const json list = json::parse(r.out);
  for (const json& m : list["mechanisms"])
    found = found || m["name"].get<std::string>() == GetParam().name;
  EXPECT_TRUE(found);
}

INSTANTIATE_TEST_SUITE_P(Registry, RegistryWalk,
                         ::testing::ValuesIn(mechanism_registry().begin(),
                                             mechanism_registry().end()),
                         [](const ::testing::TestParamInfo<MechanismEntry>& info) {
                           std::string name(info.param.name);  // gtest names: [A-Za-z0-9_]
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

}  // namespace
}  // namespace uldp::testing
