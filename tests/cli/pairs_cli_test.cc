// `uldp check --pairs`: the per-pair loss matrix of a matrix file, of a per-bit built-in (never
// listing its 2^k outputs) and of a class-structured one (on its dense expansion), over every
// output or over Y_P, in JSON with exact ratios and their outputs, and in text.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "uldp/testing/command.h"
#include "uldp/testing/temp_files.h"

namespace uldp::testing {
namespace {

using nlohmann::json;

// The pairs of `uldp check FLAGS --pairs --json`; the check's own verdict gives the exit code.
json pairs(const std::string& flags, int exit_code = 0) {
  const RunResult r = run_uldp("check " + flags + " --pairs --json");
  EXPECT_EQ(r.exit_code, exit_code) << r.out << r.err;
  return json::parse(r.out)["pair_losses"];
}

TEST(CheckPairs, AMatrixFilesPairsAreItsExactRatiosWithTheirOutputs) {
  // Rows 1/2 1/4 1/4 | 1/4 1/2 1/4 | 1/8 1/8 3/4: L(0, 2) = (1/2)/(1/8) = 4 at y = 0, the largest.
  const std::string m = temp_file("m.csv", "1/2,1/4,1/4\n1/4,1/2,1/4\n1/8,1/8,3/4\n");
  const json j = pairs("--matrix " + m);
  EXPECT_EQ(j["ratios"], json::parse(R"([["1","2","4"],["2","1","4"],["3","3","1"]])"));
  EXPECT_EQ(j["attained_at"][2][0], "2");
  EXPECT_EQ(j["largest"], json::parse(R"({"x": 0, "x_prime": 2, "exp_eps": "4", "output": "0"})"));
  EXPECT_EQ(j["form"], "dense");
  // Over Y_P = {0, 1} only: L(2, 0) = (1/8)/(1/4) = 1/2 at y = 0 or 1 (the matrix fails ULDP
  // there, condition 1: exit 1).
  EXPECT_EQ(pairs("--matrix " + m + " --protected 0,1", 1)["ratios"][2][0], "1/2");
  const RunResult text = run_uldp("check --matrix " + m + " --pairs");
  EXPECT_NE(text.out.find("largest: L(0, 2) = 4 at y = 0"), std::string::npos) << text.out;
}

TEST(CheckPairs, PerBitAndClassStructuredBuiltIns) {
  // uRAP (k = 4, X_S = {0, 1}, t = 3): a non-sensitive input's own bit is 1 only under it.
  const json urap = pairs("--mech urap --k 4 --sensitive 0,1 --exp-eps 3");
  EXPECT_EQ(urap["form"], "per-bit product");
  EXPECT_EQ(urap["ratios"][0][1], "3");
  EXPECT_EQ(urap["ratios"][2][0], "inf");
  EXPECT_EQ(urap["attained_at"][2][0], "y_2 = 1, y_0 = 0 (any other bits of the set)");
  // Over Y_P (the non-sensitive bits 0) every pair is within t: ULDP's second condition.
  const json protected_only =
      pairs("--mech urap --k 4 --sensitive 0,1 --exp-eps 3 --protected 2,3");
  EXPECT_EQ(protected_only["largest"]["exp_eps"], "3");
  // uRR, class-structured, on its dense expansion.
  // uRR: class by class (its columns are symmetric within X_S and X_N), no output listed.
  const json urr = pairs("--mech urr --k 4 --sensitive 0,1 --exp-eps 3");
  EXPECT_EQ(urr["form"], "class-structured (symmetric within input classes)");
  EXPECT_EQ(urr["attained_at"][2][0],
            "an output of class 'non-sensitive' (Q(y|x) = 1/2, Q(y|x') = 0)");
  // uHR's Hadamard columns are not symmetric: its dense expansion; and over chosen outputs too.
  EXPECT_EQ(pairs("--mech uhr --k 5 --sensitive 0,2,3 --exp-eps 3")["form"], "dense");
  EXPECT_EQ(pairs("--mech urr --k 4 --sensitive 0,1 --exp-eps 3 --protected 0,1")["form"], "dense");
  EXPECT_EQ(urr["ratios"][0][1], "3");
  EXPECT_EQ(urr["largest"]["exp_eps"], "inf");
}

// ID-LDP: one budget per input; the pair's budget their min (MinID-LDP), max or mean. The matrix
// above has L(0, 2) = 4, L(1, 2) = 4: budgets (4, 2, 3) fail with min at (0, 2), hold with
// (16, 8, 5), and the exit code says so.
TEST(CheckPairs, InputDiscriminativeBudgets) {
  const std::string m = temp_file("m.csv", "1/2,1/4,1/4\n1/4,1/2,1/4\n1/8,1/8,3/4\n");
  const RunResult fails = run_uldp("check --matrix " + m + " --id-exp-eps 4,2,3 --json");
  EXPECT_EQ(fails.exit_code, 1) << fails.out << fails.err;
  const json id = json::parse(fails.out)["pair_losses"]["id_ldp"];
  EXPECT_EQ(id["combine"], "min");
  EXPECT_FALSE(id["holds"]);
  EXPECT_EQ(id["violation"]["x"], 0);
  EXPECT_EQ(id["violation"]["x_prime"], 2);
  EXPECT_EQ(id["violation"]["bound"], "3");
  const RunResult holds = run_uldp("check --matrix " + m + " --id-exp-eps 16,8,5");
  EXPECT_EQ(holds.exit_code, 0) << holds.out << holds.err;
  EXPECT_NE(holds.out.find("ID-LDP, r = min of the pair's budgets: holds; tightest pair L(0, 2) = "
                           "4 at y = 0 against 5 (80 % of it)"),
            std::string::npos)
      << holds.out;
  EXPECT_EQ(run_uldp("check --matrix " + m + " --id-exp-eps 4,2,3 --id-combine max").exit_code, 1);
  // As eps: e^(ln 4) would do; eps = 1.3863 (e^1.3863 = 4.00003) holds L(0, 2) = 4 at min.
  EXPECT_EQ(run_uldp("check --matrix " + m + " --id-eps 1.3863,1.3863,1.3863").exit_code, 0);
  // Bad budgets name the flag and the entry.
  const RunResult short_list = run_uldp("check --matrix " + m + " --id-exp-eps 4,2");
  EXPECT_EQ(short_list.exit_code, 2);
  EXPECT_NE(short_list.err.find("2 budgets for 3 inputs"), std::string::npos) << short_list.err;
  const RunResult below_one = run_uldp("check --matrix " + m + " --id-exp-eps 4,1/2,3");
  EXPECT_EQ(below_one.exit_code, 2);
  EXPECT_NE(below_one.err.find("--id-exp-eps[1]"), std::string::npos) << below_one.err;
  const RunResult combine =
      run_uldp("check --matrix " + m + " --id-exp-eps 4,2,3 --id-combine median");
  EXPECT_EQ(combine.exit_code, 2);
  EXPECT_NE(combine.err.find("--id-combine: 'median' is not min, max or mean"), std::string::npos)
      << combine.err;
}

// Metric LDP on a 2x2 grid: the geometric mechanism Q(y|x) = 2^-d(x, y) / (9/4) (L = 2^d) passes
// Manhattan at eps = 0.7 per unit and fails Euclidean at the diagonal (4 > e^(0.7 sqrt 2)).
TEST(CheckPairs, MetricLdpOnAGrid) {
  const std::string geo =
      temp_file("geo.csv", "4/9,2/9,2/9,1/9\n2/9,4/9,1/9,2/9\n2/9,1/9,4/9,2/9\n1/9,2/9,2/9,4/9\n");
  const std::string flags = "check --matrix " + geo + " --grid 2x2 --eps-per-unit 0.7 --metric ";
  const RunResult manhattan = run_uldp(flags + "manhattan --json");
  EXPECT_EQ(manhattan.exit_code, 0) << manhattan.out << manhattan.err;
  EXPECT_TRUE(json::parse(manhattan.out)["pair_losses"]["metric_ldp"]["holds"]);
  const RunResult euclidean = run_uldp(flags + "euclidean --json");
  EXPECT_EQ(euclidean.exit_code, 1) << euclidean.out << euclidean.err;
  const json v = json::parse(euclidean.out)["pair_losses"]["metric_ldp"]["violation"];
  EXPECT_EQ(v["x"], 0);
  EXPECT_EQ(v["x_prime"], 3);
  EXPECT_EQ(v["bound"], "e^(0.7 * sqrt(2))");
  const RunResult text = run_uldp(flags + "euclidean");
  EXPECT_NE(text.out.find("metric LDP, euclidean on 2x2, eps = 0.7 per unit: FAILS; first violated "
                          "by L(0, 3) = 4 at y = 0 against e^(0.7 * sqrt(2)) (149 % of it)"),
            std::string::npos)
      << text.out;
  // t per unit, Manhattan: 2^d exactly.
  EXPECT_EQ(
      run_uldp("check --matrix " + geo + " --metric manhattan --grid 2x2 --exp-eps-per-unit 2")
          .exit_code,
      0);
  // t per unit, Euclidean: t^sqrt(2) at the diagonal, decided through certified bounds on ln t
  // (issue 53: refused before). 2^sqrt(2) = 2.67 < 4; (8/3)^sqrt(2) = 4.003 >= 4.
  const RunResult two = run_uldp("check --matrix " + geo +
                                 " --metric euclidean --grid 2x2 --exp-eps-per-unit 2 --json");
  EXPECT_EQ(two.exit_code, 1) << two.out << two.err;
  EXPECT_EQ(json::parse(two.out)["pair_losses"]["metric_ldp"]["violation"]["bound"], "2^sqrt(2)");
  EXPECT_EQ(
      run_uldp("check --matrix " + geo + " --metric euclidean --grid 2x2 --exp-eps-per-unit 8/3")
          .exit_code,
      0);
  const std::pair<std::string, std::string> bad[] = {
      {"--metric manhattan --grid 3x2 --eps-per-unit 1",
       "grid: a 3 x 2 grid has 6 cells, the mechanism 4 inputs"},
      {"--metric manhattan --grid 2by2 --eps-per-unit 1", "--grid: '2by2' is not WIDTHxHEIGHT"},
      {"--metric chebyshev --grid 2x2 --eps-per-unit 1",
       "--metric: 'chebyshev' is not manhattan or euclidean"},
      {"--grid 2x2", "--grid: goes with --metric"},
      {"--metric manhattan --grid 2x2",
       "--metric: needs one of --eps-per-unit or --exp-eps-per-unit"},
      {"--metric manhattan --eps-per-unit 1", "--metric: manhattan needs --grid (WxH)"},
  };
  for (const auto& [arguments, message] : bad) {
    const RunResult r = run_uldp("check --matrix " + geo + " " + arguments);
    EXPECT_EQ(r.exit_code, 2) << arguments;
    EXPECT_NE(r.err.find(message), std::string::npos) << arguments << ": " << r.err;
  }
}

// Issue 53: --tolerance relaxed row sums and ULDP ratios but no per-pair ratio, so a float
// solution of a geo-indistinguishable mechanism failed by 1e-16 even at --tolerance 1e-8. Here
// L = 0.80000000000000002 / 0.19999999999999998 = 4 (1 + 1.25e-16) over t^1 = 4: exit 1 exactly,
// exit 0 within 1e-8 (said so in the text and the JSON), exit 1 at 1e-17.
TEST(CheckPairs, TheToleranceRelaxesMetricLdpToo) {
  const std::string q = temp_file("lp.csv",
                                  "0.80000000000000002,0.19999999999999998\n"
                                  "0.19999999999999998,0.80000000000000002\n");
  const std::string flags =
      "check --matrix " + q + " --metric manhattan --grid 2x1 --exp-eps-per-unit 4";
  EXPECT_EQ(run_uldp(flags).exit_code, 1);
  const RunResult within = run_uldp(flags + " --tolerance 1e-8");
  EXPECT_EQ(within.exit_code, 0) << within.out << within.err;
  EXPECT_NE(within.out.find("metric LDP, manhattan on 2x1, t = 4 per unit: holds within tolerance "
                            "1e-8 (exactly: FAILS, 2 pairs over the bound by at most a factor "
                            "1 + 1e-8)"),
            std::string::npos)
      << within.out;
  const json j = json::parse(run_uldp(flags + " --tolerance 1e-8 --json").out);
  const json& metric = j["pair_losses"]["metric_ldp"];
  EXPECT_FALSE(metric["holds"]);
  EXPECT_TRUE(metric["holds_within_tolerance"]);
  EXPECT_EQ(metric["pairs_within_tolerance"], 2);
  EXPECT_TRUE(metric["beyond_tolerance"].is_null());
  const RunResult beyond = run_uldp(flags + " --tolerance 1e-17");
  EXPECT_EQ(beyond.exit_code, 1);
  EXPECT_NE(beyond.out.find("FAILS beyond tolerance 1e-17 at L(0, 1)"), std::string::npos)
      << beyond.out;
}

// Context-aware LDP: a k x k matrix of e^eps bounds (inf: none); the matrix above holds within
// its own losses as bounds and fails when L(0, 2) = 4 is bounded by 3.
// Issue 39: the geometric mechanism is a registry entry claiming metric LDP; `check` decides its
// own claim with no notion flag, its --grid and budget per unit building it, and --metric asks
// for another reading with the same grid and budget. On 3 x 3 at eps = 0.7 per unit it holds for
// Manhattan distance, tight at adjacent cells, and fails Euclidean at the diagonal pair (0, 4):
// t^2 against e^(0.7 sqrt 2). The same flags on a mechanism without a grid are the notion's.
TEST(CheckPairs, GeometricMechanismDecidesItsOwnMetricClaim) {
  const std::string flags = "--mech geometric --grid 3x3 --eps-per-unit 0.7";
  const RunResult own = run_uldp("check " + flags + " --json");
  ASSERT_EQ(own.exit_code, 0) << own.err;
  const json manhattan = json::parse(own.out)["pair_losses"]["metric_ldp"];
  EXPECT_TRUE(manhattan["holds"]);
  EXPECT_EQ(manhattan["metric"].get<std::string>().rfind("manhattan on 3x3, eps = 0.7", 0), 0u)
      << manhattan;
  const json euclidean = pairs(flags + " --metric euclidean", 1)["metric_ldp"];
  EXPECT_FALSE(euclidean["holds"]);
  EXPECT_EQ(euclidean["violation"]["x"], 0);
  EXPECT_EQ(euclidean["violation"]["x_prime"], 4);
  const RunResult text = run_uldp("check --mech geometric --grid 3x2 --exp-eps-per-unit 2");
  EXPECT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("metric LDP, manhattan on 3x2, t = 2 per unit: holds; tightest pair "
                          "L(0, 1) = 2 at y = 0 against 2^1"),
            std::string::npos)
      << text.out;
  // A distance file instead of the grid's own distances, at the mechanism's budget: the 3 x 1
  // line's Manhattan distances given as a matrix decide as --metric manhattan does.
  const std::string d = temp_file("geo_line.csv", "0,1,2\n1,0,1\n2,1,0\n");
  EXPECT_TRUE(pairs("--mech geometric --grid 3x1 --exp-eps-per-unit 2 --metric " +
                    d)["metric_ldp"]["holds"]);
  // uRR over 4 symbols has no grid: the grid and budget are the notion's (and it fails there).
  const json urr = pairs(
      "--mech urr --k 4 --sensitive 0,1 --exp-eps 2 --metric manhattan --grid 2x2 "
      "--exp-eps-per-unit 2",
      1)["metric_ldp"];
  EXPECT_FALSE(urr["holds"]);
  for (const auto& [command, message] :
       {std::pair{"mechanism geometric --grid 3x2 --exp-eps 2",
                  "--exp-eps: mechanism geometric does not take it"},
        std::pair{"mechanism geometric --k 6 --grid 3x2 --exp-eps-per-unit 2",
                  "--k: mechanism geometric takes its k from --grid"},
        std::pair{"mechanism geometric --grid 40x40 --exp-eps-per-unit 2",
                  "--grid: 40x40 has more than 625 cells"},
        std::pair{"mechanism geometric --grid 3x2 --exp-eps-per-unit 1",
                  "--exp-eps-per-unit: the geometric mechanism needs e^eps > 1 per unit"},
        std::pair{"mechanism urr --k 4 --sensitive 0 --exp-eps 2 --grid 2x2",
                  "--grid: mechanism urr does not take it"},
        std::pair{"mechanism rr --k 4 --exp-eps 2 --exp-eps-per-unit 2",
                  "--exp-eps-per-unit: mechanism rr does not take it"},
        std::pair{"mechanism geometric --grid 3x2 --eps-per-unit 0",
                  "--eps-per-unit: the geometric mechanism needs e^eps > 1 per unit"},
        std::pair{"check --mech geometric --grid 3x1 --exp-eps-per-unit 2 --protected 0",
                  "--protected: geometric's claim, metric LDP, bounds every output"},
        std::pair{"table --mech geometric --k 6 --sensitive-count 1 --exp-eps 2",
                  "--mech: geometric is built on a grid with a budget per unit"}}) {
    const RunResult r = run_uldp(command);
    EXPECT_EQ(r.exit_code, 2) << command;
    EXPECT_NE(r.err.find(message), std::string::npos) << command << "\n" << r.err;
  }
}

// Issue 39: IDUE is a registry entry claiming MinID-LDP at its per-input budgets; `check` decides
// its claim with no notion flag, with the tightest pair and its margin, and --id-combine reads the
// same budgets another way. The same flags on any other mechanism are the notion's.
TEST(CheckPairs, IdueDecidesItsOwnMinIdClaimWithTheMargin) {
  const std::string example = "--mech idue --id-exp-eps 2,3,3 --one-if-off 2/5,3/10,3/10";
  const RunResult own = run_uldp("check " + example + " --json");
  ASSERT_EQ(own.exit_code, 0) << own.err;
  const json id = json::parse(own.out)["pair_losses"]["id_ldp"];
  EXPECT_TRUE(id["holds"]) << id;
  EXPECT_EQ(id["combine"], "min");
  EXPECT_EQ(id["tightest"]["x"], 1);  // L(1, 0) = (5/3)(6/5) = 2 = min(3, 2)
  EXPECT_EQ(id["tightest"]["x_prime"], 0);
  EXPECT_EQ(id["tightest"]["loss"], "2");
  EXPECT_EQ(id["tightest"]["loss_share"], 1.0);
  // b_0 lowered to 39/100: the pair (1, 0) fails first, exit 1.
  const json broken =
      pairs("--mech idue --id-exp-eps 2,3,3 --one-if-off 39/100,3/10,3/10", 1)["id_ldp"];
  EXPECT_FALSE(broken["holds"]);
  EXPECT_EQ(broken["violation"]["x"], 1);
  EXPECT_EQ(broken["violation"]["x_prime"], 0);
  // An optimiser's b = 1/(1 + e) printed to four decimals: rounded down fails eps = 1 by the
  // rounding, rounded up holds.
  EXPECT_EQ(
      run_uldp("check --mech idue --id-eps 1,1,1 --one-if-off 0.2689,0.2689,0.2689").exit_code, 1);
  EXPECT_EQ(run_uldp("check --mech idue --id-eps 1,1,1 --one-if-off 0.269,0.269,0.269").exit_code,
            0);
  // OUE at each input's own budget: MinID-LDP fails, MaxID-LDP holds at the same budgets.
  const std::string oue = "--mech idue --id-exp-eps 2,3,5 --one-if-off 1/3,1/4,1/6";
  EXPECT_EQ(run_uldp("check " + oue).exit_code, 1);
  const RunResult max = run_uldp("check " + oue + " --id-combine max");
  EXPECT_EQ(max.exit_code, 0) << max.out << max.err;
  EXPECT_NE(max.out.find("ID-LDP, r = max of the pair's budgets: holds"), std::string::npos)
      << max.out;
  // uRR has no per-input budgets: the list is ID-LDP's, as before.
  EXPECT_FALSE(
      pairs("--mech urr --k 3 --sensitive 0 --exp-eps 2 --id-exp-eps 2,3,3", 1)["id_ldp"]["holds"]);
}

TEST(CheckPairs, ContextAwareBudgets) {
  const std::string m = temp_file("m.csv", "1/2,1/4,1/4\n1/4,1/2,1/4\n1/8,1/8,3/4\n");
  const std::string own = temp_file("own.csv", "# the losses themselves\n1,2,4\n2,1,4\n3,3,1\n");
  const RunResult holds = run_uldp("check --matrix " + m + " --pair-budgets " + own);
  EXPECT_EQ(holds.exit_code, 0) << holds.out << holds.err;
  EXPECT_NE(holds.out.find("context-aware LDP, the given pair budgets: holds"), std::string::npos)
      << holds.out;
  const std::string tight = temp_file("tight.csv", "1 2 3\n2 1 inf\ninf inf 1\n");
  const RunResult fails = run_uldp("check --matrix " + m + " --pair-budgets " + tight + " --json");
  EXPECT_EQ(fails.exit_code, 1) << fails.out << fails.err;
  const json v = json::parse(fails.out)["pair_losses"]["context_ldp"];
  EXPECT_FALSE(v["holds"]);
  EXPECT_EQ(v["violation"]["x"], 0);
  EXPECT_EQ(v["violation"]["x_prime"], 2);
  EXPECT_EQ(v["violation"]["bound"], "3");
  // A pair bounded by inf constrains nothing, however large its loss.
  EXPECT_EQ(v["tightest"]["x_prime"], 2);
}

// Metric LDP with a given distance matrix: the grid's Manhattan distances as a file decide as
// --metric manhattan does; halved distances make the bound at t = 2 per unit 2^(d/2), below L = 2^d
// (exactly: L^2 <= t^d), and the file's own problems name its line and column.
TEST(CheckPairs, MetricLdpWithADistanceFile) {
  const std::string geo =
      temp_file("geo.csv", "4/9,2/9,2/9,1/9\n2/9,4/9,1/9,2/9\n2/9,1/9,4/9,2/9\n1/9,2/9,2/9,4/9\n");
  const std::string d = temp_file("d.csv", "0 1 1 2\n1 0 2 1\n1 2 0 1\n2 1 1 0\n");
  const RunResult given =
      run_uldp("check --matrix " + geo + " --metric " + d + " --exp-eps-per-unit 2 --json");
  EXPECT_EQ(given.exit_code, 0) << given.out << given.err;
  const json g = json::parse(given.out)["pair_losses"]["metric_ldp"];
  EXPECT_TRUE(g["holds"]);
  EXPECT_EQ(g["metric"], "the distances in " + d + ", t = 2 per unit");
  EXPECT_EQ(g["tightest"]["loss_share"], 1.0);
  const std::string half =
      temp_file("half.csv", "0,1/2,1/2,1\n1/2,0,1,1/2\n1/2,1,0,1/2\n1,1/2,1/2,0\n");
  const RunResult fails =
      run_uldp("check --matrix " + geo + " --metric " + half + " --exp-eps-per-unit 2");
  EXPECT_EQ(fails.exit_code, 1) << fails.out << fails.err;
  EXPECT_NE(fails.out.find("first violated by L(0, 1) = 2 at y = 0 against 2^(1/2)"),
            std::string::npos)
      << fails.out;
  const std::string lopsided = temp_file("lopsided.csv", "0 1 1 2\n1 0 2 1\n1 2 0 1\n2 1 3 0\n");
  const RunResult bad =
      run_uldp("check --matrix " + geo + " --metric " + lopsided + " --eps-per-unit 1");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find(lopsided + ":4:5: d(3, 2) = 3 but d(2, 3) = 1: a distance is symmetric"),
            std::string::npos)
      << bad.err;
  const RunResult with_grid =
      run_uldp("check --matrix " + geo + " --metric " + d + " --grid 2x2 --eps-per-unit 1");
  EXPECT_EQ(with_grid.exit_code, 2);
  EXPECT_NE(with_grid.err.find("--grid: goes with manhattan or euclidean"), std::string::npos)
      << with_grid.err;
  const RunResult missing =
      run_uldp("check --matrix " + geo + " --metric no-such.csv --eps-per-unit 1");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("no-such.csv"), std::string::npos) << missing.err;
}

// Personalized LDP: the matrix above (L(0, 1) = L(1, 0) = 2, L(0, 2) = 4, L(2, 0) = 3) holds a
// region {0, 1} at t = 2 and fails one {0, 2} at t = 3; the report names the region by its line.
TEST(CheckPairs, PersonalizedSafeRegions) {
  const std::string m = temp_file("m.csv", "1/2,1/4,1/4\n1/4,1/2,1/4\n1/8,1/8,3/4\n");
  const std::string ok = temp_file("ok.txt", "# inputs budget\n0,1 exp_eps=2\n2 eps=0\n");
  const RunResult holds = run_uldp("check --matrix " + m + " --safe-regions " + ok);
  EXPECT_EQ(holds.exit_code, 0) << holds.out << holds.err;
  EXPECT_NE(holds.out.find("personalized LDP, 2 safe regions: holds"), std::string::npos)
      << holds.out;
  const std::string two = temp_file("two.txt", "0,1 exp_eps=2\n0,2 exp_eps=3\n");
  const RunResult fails = run_uldp("check --matrix " + m + " --safe-regions " + two + " --json");
  EXPECT_EQ(fails.exit_code, 1) << fails.out << fails.err;
  const json v = json::parse(fails.out)["pair_losses"]["pldp"];
  EXPECT_EQ(v["safe_regions"], 2);
  EXPECT_FALSE(v["holds"]);
  EXPECT_EQ(v["violation"]["x"], 0);
  EXPECT_EQ(v["violation"]["x_prime"], 2);
  EXPECT_EQ(v["violation"]["bound"], "3 (region " + two + ":2)");
  const std::string outside = temp_file("outside.txt", "0,1 exp_eps=2\n1-3 exp_eps=2\n");
  const RunResult bad = run_uldp("check --matrix " + m + " --safe-regions " + outside);
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find(outside + ":2:1: index 3 is out of range 0..2"), std::string::npos)
      << bad.err;
}

// --plot: the loss matrix as a PNG heatmap drawn by gnuplot, its script beside it with the data
// inline (ln L per cell, NaN where L is infinite).
TEST(CheckPairs, PlotDrawsTheHeatmapAndKeepsItsScript) {
  const std::string m = temp_file("m.csv", "1/2,1/2,0\n1/4,1/2,1/4\n1/8,1/8,3/4\n");
  const std::string png = temp_file("loss.png", "");
  // The matrix is eps-LDP for no eps (L(1, 0) is infinite): exit 1, the picture drawn all the same.
  const RunResult r = run_uldp("check --matrix " + m + " --plot " + png);
  ASSERT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_EQ(read_file(png).substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  const std::string script = read_file(png.substr(0, png.size() - 4) + ".gp");
  EXPECT_NE(script.find("$loss << EOD\n0 0.693147 1.38629\nNaN 0 1.38629\n"), std::string::npos)
      << script;
  EXPECT_NE(script.find("plot $loss matrix with image"), std::string::npos);
  // The script beside the picture is an output too: never onto an input.
  const std::string victim = temp_file("victim.gp", "1/2,1/2\n1/4,3/4\n");
  const RunResult onto = run_uldp("check --matrix " + victim + " --plot " +
                                  victim.substr(0, victim.size() - 3) + ".png");
  EXPECT_EQ(onto.exit_code, 2) << onto.out;
  EXPECT_NE(onto.err.find("is also the input of --matrix"), std::string::npos) << onto.err;
  EXPECT_EQ(read_file(victim), "1/2,1/2\n1/4,3/4\n");
  const RunResult bad = run_uldp("check --matrix " + m + " --plot loss.svg");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--plot: 'loss.svg' does not end in .png"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace uldp::testing
