// EXPECT_CONFORMS on test doubles of C++ clients: correct ones conform at the default false-alarm
// level; a client that over-reports its input, one that leaks a sensitive input to an invertible
// output, and one run at another budget each fail with the verdict first and the report after.
// The generators are seeded from the test's name, so every run is the same run.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <stdexcept>
#include <string>

#include "uldp/api/conform.h"
#include "uldp/error.h"
#include "uldp/testing/gtest.h"

#define XXH_INLINE_ALL  // the test double hashes as the Python libraries' xxhash does
#include <xxhash.h>

namespace uldp::testing {
namespace {

// k-ary randomized response at t = e^eps: the input with t / (t + k - 1), else another value.
std::uint32_t grr(std::uint32_t x, std::mt19937_64& rng, std::uint32_t k, double t, bool bug) {
  std::uniform_real_distribution<double> u(0, 1);
  if (u(rng) < t / (t + k - 1)) return x;
  if (bug) return std::uniform_int_distribution<std::uint32_t>(0, k - 1)(rng);  // x again too
  const std::uint32_t other = std::uniform_int_distribution<std::uint32_t>(0, k - 2)(rng);
  return other >= x ? other + 1 : other;
}

// OUE over k bits at t: the input's bit is 1 with 1/2, every other bit with 1 / (t + 1).
std::vector<int> oue(std::uint32_t x, std::mt19937_64& rng, std::uint32_t k, double t) {
  std::uniform_real_distribution<double> u(0, 1);
  std::vector<int> bits(k);
  for (std::uint32_t j = 0; j < k; ++j) bits[j] = u(rng) < (j == x ? 0.5 : 1 / (t + 1)) ? 1 : 0;
  return bits;
}

// uRR with k = 5, X_S = {0, 1}, t = 3; `leak` of a sensitive input's mass goes to output 4.
std::string urr(std::uint32_t x, std::mt19937_64& rng, double leak) {
  const double u = std::uniform_real_distribution<double>(0, 1)(rng);
  if (x <= 1) {
    if (u < leak) return "4";
    return u < 0.75 ? std::to_string(x) : std::to_string(1 - x);
  }
  if (u < 0.25) return "0";
  if (u < 0.5) return "1";
  return std::to_string(x);
}

// A local-hashing client as pure-LDP writes one: a seed s uniform in 0..seeds-1, h = xxh32(the
// decimal text of x + shift, s) mod g, then g-ary randomized response at `t` on h; reports "s,y".
// shift = 1 is a client whose inputs are off by one (the hash sees x + 1).
std::string local_hashing(std::uint32_t x, std::mt19937_64& rng, std::uint32_t g,
                          std::uint32_t seeds, double t, std::uint32_t shift = 0) {
  const auto s = std::uniform_int_distribution<std::uint32_t>(0, seeds - 1)(rng);
  const std::string text = std::to_string(x + shift);
  const std::uint32_t h = XXH32(text.data(), text.size(), s) % g;
  return std::to_string(s) + "," + std::to_string(grr(h, rng, g, t, false));
}

auto grr_client(double t, bool bug = false) {
  return [t, bug](std::uint32_t x, std::mt19937_64& rng) { return grr(x, rng, 5, t, bug); };
}

TEST(ExpectConforms, CorrectClientsConformAtTheDefaultLevel) {
  EXPECT_EQ(default_false_alarm(), 1e-6);
  EXPECT_CONFORMS(grr_client(3), reference("rr", 5, exp_eps("3")));
  EXPECT_CONFORMS([](std::uint32_t x, std::mt19937_64& rng) { return oue(x, rng, 6, 3); },
                  reference("oue", 6, exp_eps("3")).resolution(0.1));
  EXPECT_CONFORMS([](std::uint32_t x, std::mt19937_64& rng) { return urr(x, rng, 0); },
                  reference("urr", 5, exp_eps("3")).sensitive({0, 1}));
}

TEST(ExpectConforms, AClientThatOverReportsItsInputDeviates) {
  EXPECT_NONFATAL_FAILURE(EXPECT_CONFORMS(grr_client(3, true), reference("rr", 5, exp_eps("3"))),
                          "grr_client(3, true) violates rr with k = 5 (eps-LDP at exp_eps ");
  EXPECT_NONFATAL_FAILURE(EXPECT_CONFORMS(grr_client(3, true), reference("rr", 5, exp_eps("3"))),
                          "verdict: ");
}

TEST(ExpectConforms, ALeakToAnInvertibleOutputIsAViolation) {
  EXPECT_NONFATAL_FAILURE(
      EXPECT_CONFORMS([](std::uint32_t x, std::mt19937_64& rng) { return urr(x, rng, 0.05); },
                      reference("urr", 5, exp_eps("3")).sensitive({0, 1})),
      "violates urr with k = 5 (ULDP at exp_eps ");
  EXPECT_NONFATAL_FAILURE(
      EXPECT_CONFORMS([](std::uint32_t x, std::mt19937_64& rng) { return urr(x, rng, 0.05); },
                      reference("urr", 5, exp_eps("3")).sensitive({0, 1})),
      "output(s) the reference never produces, the first x = ");
}

TEST(ExpectConforms, AClientAtAnotherBudgetIsDiagnosed) {
  // Run at t = 9, declared at t = 3: the report names the budget the samples fit.
  EXPECT_NONFATAL_FAILURE(EXPECT_CONFORMS(grr_client(9), reference("rr", 5, exp_eps("3"))),
                          "diagnosis: the samples fit rr best at e^eps ");
}

// Issue 52: at the defaults a GRR client at e^eps 3.3 claimed 3 (10 % over) fails `violates`,
// named by the targeted stage; .excess(0) runs the looks alone, which let it pass (their stated
// e^eps resolution is tens of percent); a negative excess is refused naming the call.
TEST(ExpectConforms, AClientTenPercentOverItsClaimViolates) {
  const auto over = [](std::uint32_t x, std::mt19937_64& rng) {
    return grr(x, rng, 6, 3.3, false);
  };
  EXPECT_NONFATAL_FAILURE(EXPECT_CONFORMS(over, reference("rr", 6, exp_eps("3"))),
                          "violates rr with k = 6 (eps-LDP at exp_eps 3.000000): eps >= ");
  EXPECT_CONFORMS(over, reference("rr", 6, exp_eps("3")).excess(0));
  EXPECT_NONFATAL_FAILURE(
      EXPECT_CONFORMS(grr_client(3), reference("rr", 5, exp_eps("3")).excess(-1)),
      "cannot run: .excess(-1): a relative excess of e^eps is 0 (none) or above 0");
}

// Issue 51: OLH over seeds 0..3 of xxh32 mod 4 at t = 3, reports "seed,value" as the Python
// libraries write them. The client conforms; one that hashes x + 1 deviates; one that spends
// 1.5 t violates; a parameter the mechanism does not take fails naming the builder call.
TEST(ExpectConforms, LocalHashingClientsAreTestedOnTheirSeedValueReports) {
  const auto olh = reference("olh", 6, exp_eps("3")).parameter("hash_seeds", "4");
  EXPECT_CONFORMS(
      [](std::uint32_t x, std::mt19937_64& rng) { return local_hashing(x, rng, 4, 4, 3); }, olh);
  EXPECT_NONFATAL_FAILURE(
      EXPECT_CONFORMS(
          [](std::uint32_t x, std::mt19937_64& rng) { return local_hashing(x, rng, 4, 4, 3, 1); },
          olh),
      "deviates olh with k = 6 (eps-LDP at exp_eps 3.000000): fit rejected at ");
  EXPECT_NONFATAL_FAILURE(
      EXPECT_CONFORMS(
          [](std::uint32_t x, std::mt19937_64& rng) { return local_hashing(x, rng, 4, 4, 4.5); },
          olh),
      "violates olh with k = 6 (eps-LDP at exp_eps 3.000000): eps >= ");
  EXPECT_NONFATAL_FAILURE(
      EXPECT_CONFORMS(grr_client(3), reference("rr", 5, exp_eps("3")).parameter("hash_seeds", "4")),
      "cannot run: .parameter(\"hash_seeds\"): mechanism rr does not take it");
}

TEST(ExpectConforms, OutputsThatAreNoLabelFailNamingTheClient) {
  EXPECT_NONFATAL_FAILURE(
      EXPECT_CONFORMS([](std::uint32_t, std::mt19937_64&) { return std::string("seven"); },
                      reference("rr", 5, exp_eps("3"))),
      "cannot be tested against rr (k = 5, exp_eps = 3)");
}

// Sample 7 of the run is input 1: the looks send the inputs 0..k-1 in turn.
std::string throws_at_the_seventh_sample(std::uint32_t x, std::mt19937_64&) {
  static int calls = 0;
  if (++calls == 7) throw std::runtime_error("socket closed");
  return std::to_string(x);
}

TEST(ExpectConforms, AClientThatThrowsFailsNamingTheSampleAndItsInput) {
  EXPECT_NONFATAL_FAILURE(
      EXPECT_CONFORMS(throws_at_the_seventh_sample, reference("rr", 5, exp_eps("3"))),
      "throws_at_the_seventh_sample threw at sample 7 (input x = 1) of its test against rr (k = "
      "5, exp_eps = 3): socket closed");
}

// A bad argument fails the assertion naming the builder call and the bad value.
TEST(ExpectConforms, BadArgumentsFailTheAssertionNamingTheBuilderCall) {
  EXPECT_NONFATAL_FAILURE(EXPECT_CONFORMS(grr_client(3), reference("rr", 5, eps("abc"))),
                          "EXPECT_CONFORMS(grr_client(3), reference(\"rr\", 5, eps(\"abc\"))) "
                          "cannot run: eps(): 'abc' is not");
  EXPECT_NONFATAL_FAILURE(
      EXPECT_CONFORMS(grr_client(3), reference("rr", 5, exp_eps("3")).false_alarm(2)),
      "cannot run: .false_alarm: 2 is not a false-alarm level in (0, 1)");
  EXPECT_NONFATAL_FAILURE(
      EXPECT_CONFORMS(grr_client(3), reference("urr", 5, exp_eps("3")).sensitive({0, 7})),
      "cannot run: .sensitive(): index 7 is out of range 0..4");
  EXPECT_NONFATAL_FAILURE(
      EXPECT_CONFORMS(grr_client(3), reference("rr", 5, exp_eps("3")).resolution(0)),
      "cannot run: .resolution(0): a cell deviation is in (0, 1]");
  EXPECT_FATAL_FAILURE(
      ASSERT_CONFORMS(grr_client(3), reference("urap", 5, exp_eps("3")).theta("2")),
      "cannot run: .theta(): 2 is not a probability");
}

std::vector<int> three_bits(std::uint32_t, std::mt19937_64&) { return {1, 0, 1}; }

// An output the reference does not have names the sample, its input, the text and the forms the
// reference's outputs take, with what it looks like when it is another mechanism's output.
TEST(ExpectConforms, UnreadableOutputsNameTheSampleTheTextAndTheFormsAccepted) {
  EXPECT_NONFATAL_FAILURE(
      EXPECT_CONFORMS([](std::uint32_t, std::mt19937_64&) { return std::string("a"); },
                      reference("rr", 5, exp_eps("3"))),
      "cannot be tested against rr (k = 5, exp_eps = 3): [](std::uint32_t, std::mt19937_64&) { "
      "return std::string(\"a\"); }: sample 1 (input x = 0) returned 'a', which is no output of "
      "rr: rr's outputs are 0..4");
  // A bit-vector client tested against rr.
  EXPECT_NONFATAL_FAILURE(
      EXPECT_CONFORMS([](std::uint32_t, std::mt19937_64&) { return std::string("100101"); },
                      reference("rr", 6, exp_eps("3"))),
      "returned '100101', which is no output of rr: it looks like a bit vector, which rr's "
      "outputs are not; rr's outputs are 0..5");
  // An integer, and 3 bits for k = 4, from clients tested against OUE.
  EXPECT_NONFATAL_FAILURE(
      EXPECT_CONFORMS([](std::uint32_t x, std::mt19937_64&) { return x; },
                      reference("oue", 4, exp_eps("3"))),
      "sample 1 (input x = 0) returned '0', which is no output of oue: it looks like an output "
      "index or an integer bit mask, not a bit vector; oue's outputs are bit vectors, strings of "
      "k = 4 characters 0/1");
  EXPECT_NONFATAL_FAILURE(
      EXPECT_CONFORMS(three_bits, reference("oue", 4, exp_eps("3"))),
      "returned '101', which is no output of oue: it has 3 bits where oue has k = 4");
}

// Issue 53: a deviation and a break search that finds nothing more report the samples drawn over
// the whole run, the break search's included.
TEST(ExpectConforms, TheFailureStatesEverySampleDrawn) {
  std::uint64_t calls = 0;
  // GRR over 5 symbols at t = 3 that favours x + 1 among the other values: 2.5/7 on x, 1.5/7 on
  // x + 1, 1/7 on each other; every ratio is at most 2.5, within the claim, so the deviation is
  // all there is to find, and the break search looks on to 8192 samples per input in vain.
  auto counted = [&calls](std::uint32_t x, std::mt19937_64& rng) {
    ++calls;
    const double u = std::uniform_real_distribution<double>(0, 7)(rng);
    const std::uint32_t step = u < 2.5 ? 0 : u < 4 ? 1 : 2 + static_cast<std::uint32_t>(u - 4);
    return (x + step) % 5;
  };
  // The looks alone (.excess(0)): the targeted stage would draw pairs of its own beside them.
  const ::testing::AssertionResult result =
      Conforms("counted", "rr", counted, reference("rr", 5, exp_eps("3")).excess(0));
  ASSERT_FALSE(result);
  const std::string message = result.message();
  EXPECT_NE(message.find("counted deviates rr with k = 5"), std::string::npos) << message;
  EXPECT_EQ(calls, 5u * 8192) << message;
  EXPECT_NE(message.find("(" + std::to_string(calls) + " samples drawn"), std::string::npos)
      << calls << "\n"
      << message;
}

TEST(ExpectConforms, TheGeneratorIsSeededFromTheTestsName) {
  std::mt19937_64 a = test_generator("client"), b = test_generator("client");
  EXPECT_EQ(a(), b());
  std::mt19937_64 other = test_generator("another client");
  EXPECT_NE(test_generator("client")(), other());
}

TEST(ExpectConforms, TheLevelIsSetOncePerRunOrPerAssertion) {
  ::setenv("ULDP_FALSE_ALARM", "0.001", 1);
  EXPECT_EQ(default_false_alarm(), 0.001);
  EXPECT_EQ(reference("rr", 5, exp_eps("3")).request("c").false_alarm, 0.001);
  EXPECT_EQ(reference("rr", 5, exp_eps("3")).false_alarm(0.01).request("c").false_alarm, 0.01);
  // Unset, the client run's defaults are the workflow options' (uldp/api/workflow_options.h).
  const api::ConformClientRequest defaults = reference("rr", 5, exp_eps("3")).request("c");
  EXPECT_EQ(defaults.demand.resolution, 0.05);
  EXPECT_EQ(defaults.max_samples, 1'000'000u);
  EXPECT_EQ(defaults.excess, 0.1);
  EXPECT_EQ(reference("rr", 5, exp_eps("3")).resolution(0.1).request("c").demand.resolution, 0.1);
  ::setenv("ULDP_FALSE_ALARM", "2", 1);
  EXPECT_THROW(default_false_alarm(), InvalidArgument);
  ::unsetenv("ULDP_FALSE_ALARM");
  EXPECT_EQ(default_false_alarm(), 1e-6);
}

// The level's former names still work: the environment variable, the setter (deprecated) and
// default_alpha() (deprecated).
TEST(ExpectConforms, TheLevelsFormerNamesStillWork) {
  ::setenv("ULDP_ALPHA", "0.001", 1);
  EXPECT_EQ(default_false_alarm(), 0.001);
  ::setenv("ULDP_FALSE_ALARM", "0.002", 1);  // the new name wins
  EXPECT_EQ(default_false_alarm(), 0.002);
  ::unsetenv("ULDP_FALSE_ALARM");
  ::unsetenv("ULDP_ALPHA");
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  EXPECT_EQ(default_alpha(), 1e-6);
  EXPECT_EQ(reference("rr", 5, exp_eps("3")).alpha(0.01).request("c").false_alarm, 0.01);
#pragma GCC diagnostic pop
}

TEST(ExpectConforms, TheSuitesFlagSetsTheLevelAndLeavesGoogleTestsArguments) {
  std::string program = "test", filter = "--gtest_filter=X.*", flag = "--uldp_false_alarm=1e-9",
              dashed = "--uldp-false-alarm=0.25", bad = "--uldp_false_alarm=2",
              former = "--uldp_alpha=0.5", bad_former = "--uldp-alpha=2";
  char* argv[] = {program.data(), flag.data(), filter.data(), nullptr};
  int argc = 3;
  init_flags(&argc, argv);
  EXPECT_EQ(argc, 2);
  EXPECT_EQ(std::string(argv[1]), filter);
  EXPECT_EQ(argv[2], nullptr);
  EXPECT_EQ(default_false_alarm(), 1e-9);
  char* dashed_argv[] = {program.data(), dashed.data(), nullptr};
  argc = 2;
  init_flags(&argc, dashed_argv);
  EXPECT_EQ(default_false_alarm(), 0.25);
  char* bad_argv[] = {program.data(), bad.data(), nullptr};
  argc = 2;
  try {
    init_flags(&argc, bad_argv);
    ADD_FAILURE() << "--uldp_false_alarm=2 accepted";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("--uldp_false_alarm: '2' is not a false-alarm level"),
              std::string::npos)
        << e.what();
  }
  EXPECT_EQ(default_false_alarm(), 0.25);                          // a refused flag changes nothing
  char* former_argv[] = {program.data(), former.data(), nullptr};  // the flag's former name
  argc = 2;
  init_flags(&argc, former_argv);
  EXPECT_EQ(argc, 1);
  EXPECT_EQ(default_false_alarm(), 0.5);
  char* bad_former_argv[] = {program.data(), bad_former.data(), nullptr};  // named as given
  argc = 2;
  try {
    init_flags(&argc, bad_former_argv);
    ADD_FAILURE() << "--uldp-alpha=2 accepted";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("--uldp-alpha: '2' is not a false-alarm level"),
              std::string::npos)
        << e.what();
  }
  ::unsetenv("ULDP_FALSE_ALARM");
}

}  // namespace
}  // namespace uldp::testing
