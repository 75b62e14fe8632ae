// The workflow options are declared once (uldp/api/workflow_options.h): each is the flag of every
// command that runs a workflow taking it, with the declared help and that workflow's default; its
// values are checked by its declaration; docs/cli.md's table of them is the declarations'.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "uldp/api/conform.h"
#include "uldp/api/estimates_comparison.h"
#include "uldp/api/render.h"
#include "uldp/api/workflow_options.h"
#include "uldp/error.h"
#include "uldp/testing/command.h"

namespace uldp::testing {
namespace {

std::string words_of(std::string_view workflow) {
  std::string words(workflow);
  for (char& c : words) c = c == '_' ? ' ' : c;
  return words;
}

std::string flag_of(std::string_view name) {
  std::string flag = "--" + std::string(name);
  for (char& c : flag) c = c == '_' ? '-' : c;
  return flag;
}

TEST(WorkflowOptions, EachIsTheFlagOfEveryCommandThatTakesItWithThatWorkflowsDefault) {
  for (const api::WorkflowOption* option : api::workflow_options()) {
    for (const api::OptionUse& use : option->uses) {
      const std::string command = words_of(use.workflow);
      const RunResult help = run_uldp(command + " --help");
      ASSERT_EQ(help.exit_code, 0) << command << ": " << help.err;
      const std::string flag = flag_of(option->name);
      const std::size_t at = help.out.find("  " + flag + " ");
      ASSERT_NE(at, std::string::npos) << "uldp " << command << " --help: no " << flag;
      // The option's text runs to the next flag's line.
      const std::size_t end = help.out.find("\n  -", at + 1);
      const std::string text = help.out.substr(at, end - at);
      EXPECT_NE(text.find("(default " + api::default_text(*option, use) + ")"), std::string::npos)
          << "uldp " << command << " " << flag << ": " << text;
      if (!use.former_name.empty()) {
        EXPECT_EQ(help.out.find(flag_of(use.former_name) + " "), std::string::npos)
            << "uldp " << command << " --help lists the former " << flag_of(use.former_name);
      }
    }
  }
}

TEST(WorkflowOptions, EachValueIsCheckedByItsDeclaration) {
  auto message = [](const api::WorkflowOption& option, double value) -> std::string {
    try {
      api::check_option(option, value);
      return "accepted";
    } catch (const InvalidArgument& e) {
      return e.what();
    }
  };
  EXPECT_EQ(message(api::kFalseAlarmOption, 0.05), "accepted");
  EXPECT_EQ(message(api::kFalseAlarmOption, 1),
            "false_alarm: 1 is not a false-alarm level in (0, 1)");
  EXPECT_EQ(message(api::kFalseAlarmOption, 0),
            "false_alarm: 0 is not a false-alarm level in (0, 1)");
  EXPECT_EQ(message(api::kSignificanceOption, -0.5),
            "significance: -0.5 is not a significance level in (0, 1)");
  EXPECT_EQ(message(api::kResolutionOption, 1), "accepted");
  EXPECT_EQ(message(api::kResolutionOption, 1.5),
            "resolution: 1.5 is not a cell deviation in (0, 1]");
  EXPECT_EQ(message(api::kExcessOption, 0), "accepted");
  EXPECT_EQ(message(api::kExcessOption, -1), "excess: -1 is not a relative excess >= 0");
  EXPECT_EQ(message(api::kEmStopOption, 0.2),
            "em_stop: 0.2 is not a relative log-likelihood gain in [0, 1/10]");
  EXPECT_EQ(message(api::kMaxSamplesOption, 0),
            "max_samples: 0 is not a number of samples from 1 to 10^9");
  EXPECT_EQ(message(api::kMaxSamplesOption, 2.5),
            "max_samples: 2.5 is not a number of samples from 1 to 10^9");
  EXPECT_EQ(message(api::kViolationSearchOption, 0), "accepted");
}

TEST(WorkflowOptions, AChoiceIsOneOfItsWordsAndShowsThemAsItsMetavar) {
  EXPECT_EQ(api::check_choice(api::kMethodOption, "thr"), 1u);
  EXPECT_EQ(api::choice_of<api::AlphaSpending>(api::kSpendingOption, "halving"),
            api::AlphaSpending::kHalving);
  EXPECT_EQ(api::choice_of<api::EstimatesScale>(api::kScaleOption, "counts"),
            api::EstimatesScale::kCounts);
  EXPECT_STREQ(api::scale_name(api::EstimatesScale::kCounts), "counts");
  try {
    api::check_choice(api::kAcceleratorOption, "fast", "--accelerator");
    ADD_FAILURE() << "an unknown accelerator was accepted";
  } catch (const InvalidArgument& e) {
    EXPECT_STREQ(e.what(),
                 "--accelerator: 'fast' is not an accelerator: auto, newton, squarem or none");
  }
  for (const api::WorkflowOption* option : api::workflow_options()) {
    if (option->range != api::OptionRange::kChoice) continue;
    std::string words;
    for (const std::string_view word : option->choices) {
      if (!words.empty()) words += '|';
      words += word;
    }
    EXPECT_EQ(option->metavar, words) << option->name;
    for (const api::OptionUse& use : option->uses) {
      EXPECT_NO_THROW(api::check_choice(*option, use.default_choice)) << option->name;
    }
  }
  const RunResult r = run_uldp("estimate --mech rr --k 3 --exp-eps 3 --reports - --method emm");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "uldp: error: --method: 'emm' is not a method: emp, thr or em\n");
}

// The command names a bad value by its flag, through the api's one check.
TEST(WorkflowOptions, TheCommandNamesABadValueByItsFlag) {
  const RunResult r = run_uldp("conform plan --mech rr --k 3 --exp-eps 3 --power 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "uldp: error: --power: 1 is not a power in (0, 1)\n");
  const RunResult text = run_uldp("conform plan --mech rr --k 3 --exp-eps 3 --power abc");
  EXPECT_EQ(text.exit_code, 2);
  EXPECT_EQ(text.err, "uldp: error: --power: 'abc' is not a number\n");
  const RunResult scale =
      run_uldp("conform estimates --vectors v.json --theirs t.csv --scale count");
  EXPECT_EQ(scale.exit_code, 2);
  EXPECT_EQ(scale.err, "uldp: error: --scale: 'count' is not a scale: frequencies or counts\n");
  const RunResult estimator =
      run_uldp("conform estimates --vectors v.json --theirs t.csv --estimator emm");
  EXPECT_EQ(estimator.exit_code, 2);
  EXPECT_EQ(estimator.err, "uldp: error: --estimator: 'emm' is not a method: emp, thr or em\n");
}

// docs/cli.md lists every option: its workflows, their defaults and the former names, as
// declared (the row "| `--false-alarm A` | conform_samples 0.05 (was --alpha), ... |").
TEST(WorkflowOptions, TheDocsTableIsTheDeclarations) {
  std::ifstream in(std::string(ULDP_SOURCE_DIR) + "/docs/cli.md");
  std::stringstream text;
  text << in.rdbuf();
  const std::string docs = text.str();
  for (const api::WorkflowOption* option : api::workflow_options()) {
    // A choice's metavar "emp|thr|em" is written "emp\|thr\|em" in a table cell.
    std::string metavar;
    for (const char c : option->metavar)
      metavar += c == '|' ? std::string("\\|") : std::string(1, c);
    std::string row = "| `" + flag_of(option->name) + " " + metavar + "` | ";
    bool first = true;
    for (const api::OptionUse& use : option->uses) {
      row +=
          (first ? "" : ", ") + std::string(use.workflow) + " " + api::default_text(*option, use);
      if (!use.former_name.empty()) row += " (was " + flag_of(use.former_name) + ")";
      first = false;
    }
    row += " | " + std::string(option->help) + " |";
    EXPECT_NE(docs.find(row), std::string::npos) << "docs/cli.md has no row\n" << row;
  }
}

}  // namespace
}  // namespace uldp::testing
