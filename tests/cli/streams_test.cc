// Streams are inputs like files (issue "Nothing lost, nothing unbounded"): a FIFO, /dev/stdin and
// a pipe are read once, in a single pass, by every reader. `check --matrix` on one was refused
// ("file of 18446744073709551615 bytes": its size came from a seek), and `conform samples` on a
// FIFO hung when the samples deviated (the diagnosis reopened the FIFO and waited for a writer).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "uldp/testing/command.h"
#include "uldp/testing/temp_files.h"

namespace uldp::testing {
namespace {

// `uldp ARGS` with FIFO (an existing path) fed `content` by a background writer, under a 60 s
// timeout so that a hang fails instead of stalling the suite.
RunResult through_fifo(const std::string& content_file, const std::string& args_with_fifo,
                       const std::string& fifo) {
  std::filesystem::remove(fifo);
  const std::string script = "mkfifo '" + fifo + "' && (cat '" + content_file + "' > '" + fifo +
                             "' &) && timeout 60 '" + uldp_binary() + "' " + args_with_fifo;
  return run_command("sh", "-c \"" + script + "\"");
}

// `out` with `path` written as INPUT and the timing line dropped, for comparing runs.
std::string normalized(const std::string& out, const std::string& path) {
  std::string text;
  std::size_t start = 0;
  while (start < out.size()) {
    std::size_t end = out.find('\n', start);
    if (end == std::string::npos) end = out.size();
    std::string line = out.substr(start, end - start);
    start = end + 1;
    if (line.starts_with("checked in ")) continue;
    for (std::size_t at; (at = line.find(path)) != std::string::npos;)
      line.replace(at, path.size(), "INPUT");
    text += line + "\n";
  }
  return text;
}

// The same command on a file, a FIFO, /dev/stdin and a pipe gives the same output.
void expect_same_through_streams(const std::string& content, const std::string& before,
                                 const std::string& after, int exit_code) {
  const std::string file = temp_file("stream_input.txt", content);
  const RunResult direct = run_uldp(before + " " + file + " " + after);
  ASSERT_EQ(direct.exit_code, exit_code) << before << direct.err;
  const std::string fifo = temp_path("stream_fifo");
  const RunResult via_fifo = through_fifo(file, before + " " + fifo + " " + after, fifo);
  EXPECT_EQ(via_fifo.exit_code, exit_code) << before << via_fifo.err;
  EXPECT_EQ(normalized(via_fifo.out, fifo), normalized(direct.out, file)) << before;
  const RunResult via_stdin =
      run_command("sh", "-c \"timeout 60 '" + uldp_binary() + "' " + before + " /dev/stdin " +
                            after + " < '" + file + "'\"");
  EXPECT_EQ(via_stdin.exit_code, exit_code) << before << via_stdin.err;
  EXPECT_EQ(normalized(via_stdin.out, "/dev/stdin"), normalized(direct.out, file)) << before;
  const RunResult via_pipe =
      run_command("sh", "-c \"cat '" + file + "' | timeout 60 '" + uldp_binary() + "' " + before +
                            " /dev/stdin " + after + "\"");
  EXPECT_EQ(via_pipe.exit_code, exit_code) << before << via_pipe.err;
  EXPECT_EQ(normalized(via_pipe.out, "/dev/stdin"), normalized(direct.out, file)) << before;
}

TEST(Streams, AMatrixFromAStream) {
  expect_same_through_streams("0.75,0.25\n0.25,0.75\n", "check --exp-eps 3 --matrix", "", 0);
}

TEST(Streams, ReportsFromAStream) {
  for (const char* method : {"emp", "em"}) {
    expect_same_through_streams("0\n1\n1\n2\n4\n",
                                "estimate --mech urr --k 5 --sensitive 0,1 --exp-eps 3 --reports",
                                std::string("--method ") + method, 0);
  }
}

TEST(Streams, CountsFromAStream) {
  expect_same_through_streams("[1,2,3]", "golden --mech rr --k 3 --exp-eps 3 --from-counts", "", 0);
}

// Deviating samples: the diagnosis takes its second look at the bytes read, not at the FIFO.
TEST(Streams, DeviatingSamplesFromAStreamAreDiagnosed) {
  std::string samples;
  for (int i = 0; i < 600; ++i)
    samples += std::to_string(i % 5) + "," + std::to_string(i % 5) + "\n";
  const std::string file = temp_file("stream_samples.txt", samples);
  const std::string args = "conform samples --mech urr --k 5 --sensitive 0,1 --exp-eps 3 --samples";
  const RunResult direct = run_uldp(args + " " + file);
  ASSERT_EQ(direct.exit_code, 1) << direct.err;
  ASSERT_NE(direct.out.find("diagnosis"), std::string::npos) << direct.out;
  const std::string fifo = temp_path("stream_samples_fifo");
  const RunResult via_fifo = through_fifo(file, args + " " + fifo, fifo);
  EXPECT_EQ(via_fifo.exit_code, 1) << via_fifo.err;
  EXPECT_NE(via_fifo.out.find("diagnosis"), std::string::npos) << via_fifo.out;
  EXPECT_NE(via_fifo.out.find("verdict: violates"), std::string::npos) << via_fifo.out;
}

}  // namespace
}  // namespace uldp::testing
