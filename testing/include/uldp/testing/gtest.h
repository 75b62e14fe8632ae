// GoogleTest assertions for LDP implementations written in C++: their matrices checked exactly
// against a privacy claim by uldp::api::check, and their clients y = client(x, rng) driven by
// uldp's sequential conformance test (uldp::api::SequentialConformance); a failure message is
// uldp's report.
//
//   #include "uldp/testing/gtest.h"
//   using namespace uldp::testing;
//   EXPECT_PRIVATE(my_grr_matrix(5, 3.0), ldp_claim(exp_eps("3")));
//   EXPECT_PRIVATE(q, uldp_claim({0, 1}, {0, 1}, eps("1")).within("1e-12"));
//   EXPECT_PRIVATE(my_geometric_matrix(3, 2, 2.0), metric_ldp_claim(grid(3, 2), exp_eps("2")));
//   EXPECT_CONFORMS(my_grr_client, reference("rr", 5, exp_eps("3")));
//   EXPECT_ESTIMATES_MATCH(my_grr_server, golden(reference("rr", 5, exp_eps("3"))));
//
// Link uldp::testing (find_package(uldp COMPONENTS testing)); docs/testing-cpp.md.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include <gtest/gtest.h>

#include "uldp/api/golden_case.h"

// What the declarations below only name. A test that builds or reads one of these includes its
// header (uldp/forms/dense_mechanism.h, uldp/arithmetic/privacy_budget.h, uldp/api/check.h, ...);
// one that does not pays neither for the exact arithmetic nor for JSON.
namespace uldp {
class DenseMechanism;
class PrivacyBudget;
enum class Property;
namespace api {
struct CheckRequest;
struct ConformClientRequest;
struct PairNotions;
struct EstimatesComparisonRequest;
struct GoldenVectors;
struct RegistryReference;
}  // namespace api
}  // namespace uldp

namespace uldp::testing {

/// A privacy budget as the assertions take it: made by exp_eps() or eps(), or from a
/// uldp::PrivacyBudget, and usable as one.
class Budget {
 public:
  Budget(const PrivacyBudget& budget);    // NOLINT: the assertions take a PrivacyBudget too
  operator const PrivacyBudget&() const;  // NOLINT: and give one back
  const PrivacyBudget& value() const;
  /// "exp_eps = 3" or "eps = 1", for messages.
  std::string describe() const;

 private:
  std::shared_ptr<const PrivacyBudget> budget_;
};

/// The budget t = e^ε given exactly: "3", "3/2", "2.5". Throws InvalidArgument "exp_eps(): ..."
/// naming the text (an assertion given it fails with that message).
Budget exp_eps(const std::string& t);
/// The budget ε given exactly ("1", "0.1"): e^ε is irrational and compared through certified
/// bounds, never rounded. Throws InvalidArgument "eps(): ..." naming the text.
Budget eps(const std::string& e);

/// What a matrix is asserted to provide: one property at a budget, with X_S and Y_P where the
/// property has them, or a per-pair notion (metric LDP, MinID-LDP) bounding each pair of inputs,
/// and optionally the rounding a floating-point matrix is allowed.
class PrivacyClaim {
 public:
  PrivacyClaim(Property property, Budget budget, std::optional<std::vector<std::size_t>> sensitive,
               std::optional<std::vector<std::size_t>> protected_outputs);
  /// A per-pair notion, decided on the matrix's per-pair losses (no property required beside it);
  /// `description` names it in messages.
  PrivacyClaim(std::shared_ptr<const api::PairNotions> notions, std::string description);

  /// The same claim, accepting rows whose sum is within T of 1 and ratios up to e^ε (1 + T);
  /// T is an exact rational or decimal in [0, 1/10] ("1e-12"). The failure report still shows
  /// the exact verdict and by how much the ratio exceeds e^ε.
  PrivacyClaim within(const std::string& tolerance) const;

  /// The check request for `matrix`, named `source` in messages (include uldp/api/check.h to
  /// read it).
  api::CheckRequest request(DenseMechanism matrix, const std::string& source) const;

  /// "ULDP with X_S = {0,1}, Y_P = {0,1} at exp_eps = 3, within 1e-12", for messages.
  std::string describe() const;

  /// The property claimed; none for a per-pair notion.
  std::optional<Property> property() const { return property_; }

 private:
  std::optional<Property> property_;
  std::optional<Budget> budget_;                          // with a property
  std::shared_ptr<const api::PairNotions> pair_notions_;  // or a per-pair notion
  std::string pair_description_;
  std::optional<std::vector<std::size_t>> sensitive_;
  std::optional<std::vector<std::size_t>> protected_;
  std::optional<std::string> tolerance_;  // checked by within(), read by request()
};

/// ε-LDP (Definition 1).
PrivacyClaim ldp_claim(Budget budget);
/// (X_S, Y_P, ε)-ULDP (Definition 2, condition 1 over the outputs some input produces).
PrivacyClaim uldp_claim(std::vector<std::size_t> sensitive,
                        std::vector<std::size_t> protected_outputs, Budget budget);
/// (X_S, Y_P, ε)-ULDP read literally (every invertible output must be produced).
PrivacyClaim uldp_strict_claim(std::vector<std::size_t> sensitive,
                               std::vector<std::size_t> protected_outputs, Budget budget);
/// (X_S, ε)-OSLDP (Definition 6).
PrivacyClaim osldp_claim(std::vector<std::size_t> sensitive, Budget budget);

/// The inputs as the cells of a width x height grid, numbered row by row (x = row * width +
/// column), at the Manhattan distance or, with .euclidean(), the Euclidean one.
struct Grid {
  std::size_t width = 0;
  std::size_t height = 0;
  bool euclidean_distance = false;
  Grid euclidean() const {
    Grid g = *this;
    g.euclidean_distance = true;
    return g;
  }
};
/// The width x height grid at the Manhattan distance.
Grid grid(std::size_t width, std::size_t height);

/// Metric LDP (geo-indistinguishability) on the grid: Q(y|x) <= e^(ε d(x, x')) Q(y|x') for every
/// pair of inputs and every output, ε the budget per unit of distance (the truncated geometric
/// mechanism's claim at t = e^ε per unit; with .euclidean(), give it as eps()).
PrivacyClaim metric_ldp_claim(Grid grid, Budget per_unit);
/// MinID-LDP: one budget per input, each pair of inputs bounded by the smaller of their two
/// (IDUE's claim).
PrivacyClaim min_id_ldp_claim(std::vector<Budget> per_input);

/// A matrix Q[x][y] = Q(y|x) of doubles, each entry taken as its exact binary64 value (so
/// 0.1 is 0.1000000000000000055511151231257827...): what the implementation really holds.
/// Throws InvalidArgument for ragged rows, NaN, infinities or negative entries.
DenseMechanism matrix_of(const std::vector<std::vector<double>>& rows);
/// A matrix of exact entries given as text ("1/3", "0.25"); throws InvalidArgument naming the
/// entry ("Q[1][0]: ...") for text that is no number, or an entry outside [0,1].
DenseMechanism matrix_of(const std::vector<std::vector<std::string>>& rows);

/// An exact number type whose str() is its exact text: uldp::Rational (a GMP rational).
template <class Entry>
concept ExactEntry = !std::convertible_to<Entry, std::string> && requires(const Entry& entry) {
  { entry.str() } -> std::convertible_to<std::string>;
};

namespace internal {

/// The exact texts of a matrix of exact entries, row by row.
template <ExactEntry Entry>
std::vector<std::vector<std::string>> exact_texts(const std::vector<std::vector<Entry>>& rows) {
  std::vector<std::vector<std::string>> texts;
  texts.reserve(rows.size());
  for (const auto& row : rows) {
    std::vector<std::string>& text_row = texts.emplace_back();
    text_row.reserve(row.size());
    for (const Entry& entry : row) text_row.push_back(entry.str());
  }
  return texts;
}

}  // namespace internal

/// A matrix of exact rationals (std::vector<std::vector<uldp::Rational>>) as a DenseMechanism.
template <ExactEntry Entry>
auto matrix_of(const std::vector<std::vector<Entry>>& rows) {
  return matrix_of(internal::exact_texts(rows));
}

/// The predicate-formatter behind EXPECT_PRIVATE: success when the claim's property holds
/// (exactly, or within its tolerance); otherwise the first line names the property, the tight
/// e^ε and the witness, and uldp's whole check report follows.
::testing::AssertionResult IsPrivate(const char* matrix_text, const char* claim_text,
                                     const DenseMechanism& matrix, const PrivacyClaim& claim);
::testing::AssertionResult IsPrivate(const char* matrix_text, const char* claim_text,
                                     const std::vector<std::vector<double>>& matrix,
                                     const PrivacyClaim& claim);
::testing::AssertionResult IsPrivate(const char* matrix_text, const char* claim_text,
                                     const std::vector<std::vector<std::string>>& matrix,
                                     const PrivacyClaim& claim);
/// A matrix of exact rationals (std::vector<std::vector<uldp::Rational>>), checked exactly.
template <ExactEntry Entry>
::testing::AssertionResult IsPrivate(const char* matrix_text, const char* claim_text,
                                     const std::vector<std::vector<Entry>>& matrix,
                                     const PrivacyClaim& claim) {
  return IsPrivate(matrix_text, claim_text, internal::exact_texts(matrix), claim);
}

/// The false-alarm level of a conformance assertion unless the claim sets one: ULDP_FALSE_ALARM
/// from the environment (a number in (0, 1); the --uldp_false_alarm flag sets it, init_flags;
/// its former name ULDP_ALPHA is still read), else 1e-6, so that a suite of 100 such assertions
/// run 10,000 times expects at most one false alarm.
double default_false_alarm();
[[deprecated("default_alpha() is now default_false_alarm()")]] inline double default_alpha() {
  return default_false_alarm();
}

/// The suite's flags, like ::testing::InitGoogleTest's: takes `--uldp_false_alarm=A` (or
/// `--uldp-false-alarm=A`; the former `--uldp_alpha=A` too) out of argv and makes A every
/// conformance assertion's default (it sets ULDP_FALSE_ALARM for the process); other
/// arguments are left. Throws InvalidArgument naming the flag when A is not in (0, 1). Call it
/// from the test binary's main:
///
///     int main(int argc, char** argv) {
///       ::testing::InitGoogleTest(&argc, argv);
///       uldp::testing::init_flags(&argc, argv);
///       return RUN_ALL_TESTS();
///     }
void init_flags(int* argc, char** argv);

/// What a client is tested against: a registry mechanism (uldp mechanism --list) over k symbols
/// at a budget, with its other parameters, and how sure the test must be.
class ConformanceReference {
 public:
  ConformanceReference(std::string mechanism, std::size_t k, Budget budget);

  // Each setter throws InvalidArgument naming itself and the bad value (".false_alarm: 2 ..."); an
  // assertion given such a reference fails with that message.

  ConformanceReference sensitive(std::vector<std::size_t> inputs) const;  ///< X_S
  ConformanceReference theta(const std::string& value) const;             ///< θ, exact ("1/2")
  ConformanceReference block(std::size_t size) const;                     ///< uBD's block size K
  /// Any other parameter the mechanism takes, by its keyword and as text, read as the command
  /// line and Python read it: `.parameter("hash_seeds", "4")` (uldp mechanism --list).
  ConformanceReference parameter(const std::string& keyword, const std::string& text) const;
  /// The false-alarm level of this assertion, in (0, 1) (default: default_false_alarm()).
  ConformanceReference false_alarm(double level) const;
  [[deprecated(".alpha() is now .false_alarm()")]] ConformanceReference alpha(double level) const {
    return false_alarm(level);
  }
  /// The largest cell deviation a conforming run must be able to detect, in (0, 1] (default
  /// 0.05).
  ConformanceReference resolution(double deviation) const;
  ConformanceReference max_samples(std::uint64_t samples) const;  ///< default 10^6
  /// The smallest relative excess of e^ε over the claim that the targeted test looks for, >= 0
  /// (default 0.1: a client 10 % over its claim fails `violates`); larger is cheaper, 0 turns the
  /// targeted test off.
  ConformanceReference excess(double relative) const;

  /// The request for a client named `client` (include uldp/api/conform.h to read it).
  api::ConformClientRequest request(const std::string& client) const;
  /// The mechanism alone, as the api names a registry mechanism.
  api::RegistryReference mechanism() const;
  std::string describe() const;  ///< "urr (k = 5, exp_eps = 3)"

 private:
  struct Arguments;  // the registry's arguments (mechanisms/registry.h), shared by copies
  /// The arguments, copied first so that the copies this reference was made from keep theirs.
  Arguments& own_arguments();

  std::string mechanism_;
  std::shared_ptr<const Arguments> arguments_;
  std::optional<double> false_alarm_;
  // Unset: the client run's defaults, as the workflow options declare them.
  std::optional<double> resolution_;
  std::optional<std::uint64_t> max_samples_;
  std::optional<double> excess_;
};

/// The registry mechanism `mechanism` over k symbols at `budget` as a conformance reference.
ConformanceReference reference(std::string mechanism, std::size_t k, Budget budget);

/// A client's output as a label: a string as is, an integer as its decimal text (an output
/// index of rr, urr), a sequence of bits as "0110" (bit j as character j).
template <class Output>
std::string output_label(const Output& y) {
  if constexpr (std::is_convertible_v<Output, std::string>) {
    return std::string(y);
  } else if constexpr (std::is_integral_v<Output>) {
    return std::to_string(y);
  } else {
    std::string bits;
    for (const auto& bit : y) bits.push_back(bit ? '1' : '0');
    return bits;
  }
}

/// The random generator a client gets: std::mt19937_64 seeded from the running test's full name
/// and the client's expression, so a failing run reproduces.
std::mt19937_64 test_generator(const char* client_text);

/// One sample of the client under test.
using SampleFunction = std::function<std::string(std::uint32_t x, std::mt19937_64& rng)>;

/// The check behind EXPECT_CONFORMS on a client already wrapped as a SampleFunction.
::testing::AssertionResult ClientConforms(const char* client_text, const char* reference_text,
                                          const SampleFunction& client,
                                          const ConformanceReference& reference);

/// The predicate-formatter behind EXPECT_CONFORMS: `client(x, rng)` returns one output (a label,
/// an output index, or bits) for input x; success when the sequential test conforms at the stated
/// resolution; otherwise the first line names the verdict (violates / deviates / insufficient)
/// and the samples drawn, and uldp's conformance report follows, with its diagnosis. A client
/// that throws, or returns an output the reference does not have, fails naming the sample (from
/// 1), its input and the exception's message or the text returned.
template <class Client>
::testing::AssertionResult Conforms(const char* client_text, const char* reference_text,
                                    Client&& client, const ConformanceReference& reference) {
  const SampleFunction sample = [&client](std::uint32_t x, std::mt19937_64& rng) {
    return output_label(client(x, rng));
  };
  return ClientConforms(client_text, reference_text, sample, reference);
}

/// Golden vectors a server's estimates are compared with, and how closely they must match.
class GoldenReference {
 public:
  GoldenReference(api::GoldenVectors vectors, std::string description);

  /// Largest accepted |difference| of emp and thr frequencies (default 1e-9).
  GoldenReference tolerance(double value) const;
  /// Largest accepted |difference| of EM frequencies (default: 1e-4 plus each golden vector's
  /// certified distance to the maximum-likelihood estimate).
  GoldenReference em_tolerance(double value) const;
  /// The server returns counts n·p, not frequencies.
  GoldenReference counts() const;

  /// The vectors and the comparison's settings (include uldp/api/estimates_comparison.h to read
  /// them).
  const api::GoldenVectors& vectors() const;
  const api::EstimatesComparisonRequest& request() const;
  const std::string& describe() const { return description_; }

 private:
  /// The comparison's settings, copied first so that the copies this reference was made from
  /// keep theirs.
  api::EstimatesComparisonRequest& own_request();

  std::shared_ptr<const api::GoldenVectors> vectors_;  // shared by copies: they never change
  std::string description_;
  std::shared_ptr<const api::EstimatesComparisonRequest> request_;
};

/// Golden vectors drawn here for `mechanism` (its registry name and arguments; the conformance
/// settings are not used): `cases` cases of n reports each, seed 1, as `uldp golden --cases`.
GoldenReference golden(const ConformanceReference& mechanism, std::uint64_t cases = 12,
                       std::uint64_t n = 1000);
/// Golden vectors from a file written by `uldp golden`; throws InvalidArgument
/// "golden_file(): FILE..." when it cannot be read.
GoldenReference golden_file(const std::string& path);

/// A server's estimates for one golden case, by estimator ("emp", "thr", "em"; any of them).
using ServerEstimates = std::map<std::string, std::vector<double>>;
/// The server under test: golden case (its reports: case.reports.symbol_counts, or
/// case.reports.bit_counts for bit vectors, case.reports.n) -> its estimates.
using ServerFunction = std::function<ServerEstimates(const api::GoldenCase&)>;

/// The check behind EXPECT_ESTIMATES_MATCH: success when every estimate of every case matches;
/// otherwise the first line names the first differing case, estimator and item, and uldp's
/// comparison report follows (every differing estimate, the likely cause). A server that throws
/// fails naming the golden case and the exception's message.
::testing::AssertionResult ServerMatches(const char* server_text, const char* golden_text,
                                         const ServerFunction& server,
                                         const GoldenReference& golden);

template <class Server>
::testing::AssertionResult EstimatesMatch(const char* server_text, const char* golden_text,
                                          Server&& server, const GoldenReference& golden) {
  const ServerFunction call = [&server](const api::GoldenCase& c) {
    return ServerEstimates(server(c));
  };
  return ServerMatches(server_text, golden_text, call, golden);
}

namespace internal {

/// The failure of an assertion that could not run: "EXPECT_CONFORMS(client, reference(...)):
/// cannot run: <message>", the message of what its arguments threw.
::testing::AssertionResult cannot_run(const char* assertion, const char* first, const char* second,
                                      const std::string& message);

/// `check()`, an assertion with its arguments evaluated inside it, so that an argument that
/// throws (eps("abc"), .false_alarm(2), golden_file("missing.json")) fails the assertion with its
/// message instead of escaping the test body.
template <class Check>
::testing::AssertionResult guarded(const char* assertion, const char* first, const char* second,
                                   Check&& check) {
  try {
    return check();
  } catch (const std::exception& e) {
    return cannot_run(assertion, first, second, e.what());
  } catch (...) {
    return cannot_run(assertion, first, second, "an exception that is no std::exception");
  }
}

/// The predicate-formatter of an assertion already decided by guarded().
inline ::testing::AssertionResult decided(const char*, const ::testing::AssertionResult& result) {
  return result;
}

}  // namespace internal
}  // namespace uldp::testing

// Each assertion evaluates its arguments inside uldp::testing::internal::guarded, so that one that
// throws fails the assertion, naming it, rather than the whole test body.
#define ULDP_TESTING_ASSERTION_(assertion, formatter, first, second, gtest_assertion)  \
  gtest_assertion(::uldp::testing::internal::decided,                                  \
                  ::uldp::testing::internal::guarded(assertion, #first, #second, [&] { \
                    return formatter(#first, #second, first, second);                  \
                  }))

/// Asserts that the server `server(golden_case)` returns the golden estimates (GoldenReference).
#define EXPECT_ESTIMATES_MATCH(server, golden)                                               \
  ULDP_TESTING_ASSERTION_("EXPECT_ESTIMATES_MATCH", ::uldp::testing::EstimatesMatch, server, \
                          golden, EXPECT_PRED_FORMAT1)
#define ASSERT_ESTIMATES_MATCH(server, golden)                                               \
  ULDP_TESTING_ASSERTION_("ASSERT_ESTIMATES_MATCH", ::uldp::testing::EstimatesMatch, server, \
                          golden, ASSERT_PRED_FORMAT1)

/// Asserts that the client `client(x, rng)` behaves like `reference` (ConformanceReference).
#define EXPECT_CONFORMS(client, reference)                                                 \
  ULDP_TESTING_ASSERTION_("EXPECT_CONFORMS", ::uldp::testing::Conforms, client, reference, \
                          EXPECT_PRED_FORMAT1)
#define ASSERT_CONFORMS(client, reference)                                                 \
  ULDP_TESTING_ASSERTION_("ASSERT_CONFORMS", ::uldp::testing::Conforms, client, reference, \
                          ASSERT_PRED_FORMAT1)

/// Asserts that `matrix` (doubles, rationals or a DenseMechanism) provides `claim`.
#define EXPECT_PRIVATE(matrix, claim)                                                  \
  ULDP_TESTING_ASSERTION_("EXPECT_PRIVATE", ::uldp::testing::IsPrivate, matrix, claim, \
                          EXPECT_PRED_FORMAT1)
#define ASSERT_PRIVATE(matrix, claim)                                                  \
  ULDP_TESTING_ASSERTION_("ASSERT_PRIVATE", ::uldp::testing::IsPrivate, matrix, claim, \
                          ASSERT_PRED_FORMAT1)
