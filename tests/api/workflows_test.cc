// Every workflow moved out of cli/ prints through its one renderer: the command's output is
// exactly the api result's text (or JSON), computed here through the library. A command that
// re-rendered or re-decided anything would differ.
#include <gtest/gtest.h>

#include <sstream>

#include "uldp/api/audit.h"
#include "uldp/api/estimate.h"
#include "uldp/api/loss.h"
#include "uldp/api/prove.h"
#include "uldp/api/render.h"
#include "uldp/api/simulate.h"
#include "uldp/api/table_arguments.h"
#include "uldp/api/table_output.h"
#include "uldp/api/table_rows.h"
#include "uldp/testing/budgets.h"
#include "uldp/testing/command.h"
#include "uldp/testing/temp_files.h"

namespace uldp::api {
namespace {

using uldp::testing::run_uldp;

// uRR over 5 symbols with X_S = {0, 1} at e^eps = 3.
RegistryReference urr5() {
  MechanismArguments a;
  a.k = 5;
  a.sensitive = IndexSet::from_indices({0, 1}, 5, "sensitive");
  a.budget = uldp::testing::budget(3);
  return RegistryReference{"urr", a};
}

constexpr const char* kUrr5 = "--mech urr --k 5 --sensitive 0,1 --exp-eps 3";

TEST(Workflows, LossPrintsTheApiResult) {
  LossRequest request(urr5(), 1000);
  request.p = parse_input_distribution("worst", 5);
  const LossResult result = loss(request);
  EXPECT_EQ(run_uldp(std::string("loss ") + kUrr5 + " --n 1000 --p worst").out, to_text(result));
  EXPECT_EQ(nlohmann::json::parse(
                run_uldp(std::string("loss ") + kUrr5 + " --n 1000 --p worst --json").out)
                .at("l2"),
            to_json(result).at("l2"));
  const LossTableResult table = loss_table({"l2", {20, 4, 100, Rational(1, 10)}});
  EXPECT_EQ(run_uldp("loss --table l2 --k 20 --sensitive 0-3 --n 100").out, to_text(table));
}

TEST(Workflows, SimulateThenEstimatePrintTheApiResults) {
  SimulateRequest simulate_request(urr5(), 7);
  simulate_request.n = 2000;
  std::ostringstream reports;
  estimate::write_reports(reports, simulate(simulate_request));
  EXPECT_EQ(run_uldp(std::string("simulate ") + kUrr5 + " --n 2000 --seed 7").out, reports.str());
  const std::string file = uldp::testing::temp_file("workflow_reports.txt", reports.str());
  const std::string text = reports.str();
  EstimateRequest request(
      urr5(), [&text] { return std::make_unique<std::istringstream>(text); }, file);
  request.method = EstimateMethod::kThreshold;
  EXPECT_EQ(run_uldp(std::string("estimate ") + kUrr5 + " --method thr --reports " + file).out,
            to_text(estimate_distribution(request)));
}

TEST(Workflows, TableAuditAndProvePrintTheApiResults) {
  TableArguments arguments;
  arguments.mechanisms = {"urr", "rr"};
  arguments.ks = {"6"};
  arguments.sensitive_counts = {"2"};
  arguments.exp_eps = {"3"};
  const TableRequest table = table_request(arguments, TableNames::flags());
  TableLayout layout;
  layout.n = table.n;
  layout.theta = table.theta;
  std::ostringstream text;
  write_table(text, table_rows(table), layout);
  EXPECT_EQ(run_uldp("table --mech urr,rr --k 6 --sensitive-count 2 --exp-eps 3").out, text.str());
  // The audit's times differ from run to run: compare the verdicts.
  const nlohmann::json audited = to_json(audit());
  const nlohmann::json printed = nlohmann::json::parse(run_uldp("audit --json").out);
  ASSERT_EQ(printed.at("cases").size(), audited.at("cases").size());
  for (std::size_t i = 0; i < audited.at("cases").size(); ++i) {
    EXPECT_EQ(printed["cases"][i]["claim_verdict"], audited["cases"][i]["claim_verdict"]);
    EXPECT_EQ(printed["cases"][i]["uldp_strict"], audited["cases"][i]["uldp_strict"]);
  }
  ProveRequest prove_request(NamedClaim{"urr_uldp"});
  prove_request.solver = verify::SolverChoice::kZ3;
  const nlohmann::json proved = to_json(prove(prove_request));
  const nlohmann::json printed_proof =
      nlohmann::json::parse(run_uldp("prove urr_uldp --solver z3 --json").out);
  EXPECT_EQ(printed_proof.at("claims")[0].at("status"), proved.at("claims")[0].at("status"));
  EXPECT_EQ(printed_proof.at("claims")[0].at("statement"), proved.at("claims")[0].at("statement"));
}

}  // namespace
}  // namespace uldp::api
