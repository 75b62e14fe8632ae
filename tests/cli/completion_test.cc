// `uldp completion bash`: the generated script, sourced in bash, completes what a user types
// (commands, subcommands, flags, enumerated values, registry names, file names), as the command
// definitions say.
#include <gtest/gtest.h>

#include <string>

#include "uldp/testing/command.h"
#include "uldp/testing/temp_files.h"

namespace uldp::testing {
namespace {

// What bash offers for the words typed so far (the last one being completed), as one line.
std::string complete(const std::string& typed) {
  static const std::string script = [] {
    const RunResult r = run_uldp("completion bash");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return temp_file("uldp_completion.bash", r.out);
  }();
  const std::string commands =
      temp_file("complete_words.bash",
                "source " + script + "\nCOMP_WORDS=(" + typed +
                    ")\nCOMP_CWORD=$((${#COMP_WORDS[@]} - 1))\n_uldp\necho \"${COMPREPLY[*]}\"\n");
  const RunResult r = run_command("bash", commands);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return r.out;
}

TEST(Completion, CompletesCommandsSubcommandsAndFlags) {
  EXPECT_EQ(complete("uldp con"), "conform construct\n");
  EXPECT_EQ(complete("uldp conf"), "conform\n");
  EXPECT_EQ(complete("uldp construct u"), "uldp-from-ldp\n");
  EXPECT_EQ(complete("uldp conform s"), "samples\n");
  EXPECT_EQ(complete("uldp conform samples --fal"), "--false-alarm\n");
  EXPECT_EQ(complete("uldp check --matrix m.csv --exp-e"), "--exp-eps --exp-eps-per-unit\n");
  EXPECT_EQ(complete("uldp check --matrix m.csv --id-c"), "--id-combine\n");
  EXPECT_EQ(complete("uldp completion --qu"), "--quiet\n");
}

TEST(Completion, CompletesValuesFromTheDefinitions) {
  EXPECT_EQ(complete("uldp estimate --method e"), "emp em\n");
  EXPECT_EQ(complete("uldp estimate --accelerator n"), "newton none\n");
  EXPECT_EQ(complete("uldp conform client --spending h"), "halving\n");
  EXPECT_EQ(complete("uldp check --mech ur"), "urr urap\n");
  EXPECT_EQ(complete("uldp mechanism ubd"), "ubd ubd-opt\n");
  EXPECT_EQ(complete("uldp golden --mech rr --k 1"), "\n");  // a number: no file names
  const std::string dir = temp_dir().string();
  temp_file("completion_probe_matrix.csv", "1\n");
  EXPECT_EQ(complete("uldp check --matrix " + dir + "/completion_probe_m"),
            dir + "/completion_probe_matrix.csv\n");
}

TEST(Completion, ZshRunsTheSameFunctionAndAnUnknownShellIsRefused) {
  const RunResult zsh = run_uldp("completion zsh");
  EXPECT_EQ(zsh.exit_code, 0);
  EXPECT_EQ(zsh.out.rfind("#compdef uldp\n", 0), 0u);
  EXPECT_NE(zsh.out.find("bashcompinit"), std::string::npos);
  const RunResult fish = run_uldp("completion fish");
  EXPECT_EQ(fish.exit_code, 2);
  EXPECT_NE(fish.err.find("'fish' is not a supported shell (bash, zsh)"), std::string::npos);
}

}  // namespace
}  // namespace uldp::testing
