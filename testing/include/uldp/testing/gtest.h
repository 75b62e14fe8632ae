// GoogleTest assertions for LDP implementations written in C++: their matrices checked exactly
// against a privacy claim by uldp::api::check, a failure message being uldp's report.
//
//   #include "uldp/testing/gtest.h"
//   using namespace uldp::testing;
//   EXPECT_PRIVATE(my_grr_matrix(5, 3.0), ldp_claim(exp_eps("3")));
//   EXPECT_PRIVATE(q, uldp_claim({0, 1}, {0, 1}, eps("1")).within("1e-12"));
//
// Link uldp::testing (find_package(uldp COMPONENTS testing)); docs/testing-cpp.md.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "uldp/api/check.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/forms/dense_mechanism.h"
#include "uldp/forms/form_checks.h"

namespace uldp::testing {

/// The budget t = e^ε given exactly: "3", "3/2", "2.5".
PrivacyBudget exp_eps(const std::string& t);
/// The budget ε given exactly ("1", "0.1"): e^ε is irrational and compared through certified
/// bounds, never rounded.
PrivacyBudget eps(const std::string& e);

/// What a matrix is asserted to provide: one property at a budget, with X_S and Y_P where the
/// property has them, and optionally the rounding a floating-point matrix is allowed.
class PrivacyClaim {
 public:
  PrivacyClaim(Property property, PrivacyBudget budget,
               std::optional<std::vector<std::size_t>> sensitive,
               std::optional<std::vector<std::size_t>> protected_outputs);

  /// The same claim, accepting rows whose sum is within T of 1 and ratios up to e^ε (1 + T);
  /// T is an exact rational or decimal in [0, 1/10] ("1e-12"). The failure report still shows
  /// the exact verdict and by how much the ratio exceeds e^ε.
  PrivacyClaim within(const std::string& tolerance) const;

  /// The check request for `matrix`, named `source` in messages.
  api::CheckRequest request(DenseMechanism matrix, const std::string& source) const;

  /// "(X_S = {0,1}, Y_P = {0,1}, 3)-ULDP within 1e-12", for messages.
  std::string describe() const;

  Property property() const { return property_; }

 private:
  Property property_;
  PrivacyBudget budget_;
  std::optional<std::vector<std::size_t>> sensitive_;
  std::optional<std::vector<std::size_t>> protected_;
  std::optional<Rational> tolerance_;
  std::string tolerance_text_;
};

/// ε-LDP (Definition 1).
PrivacyClaim ldp_claim(PrivacyBudget budget);
/// (X_S, Y_P, ε)-ULDP (Definition 2, condition 1 over the outputs some input produces).
PrivacyClaim uldp_claim(std::vector<std::size_t> sensitive,
                        std::vector<std::size_t> protected_outputs, PrivacyBudget budget);
/// (X_S, Y_P, ε)-ULDP read literally (every invertible output must be produced).
PrivacyClaim uldp_strict_claim(std::vector<std::size_t> sensitive,
                               std::vector<std::size_t> protected_outputs, PrivacyBudget budget);
/// (X_S, ε)-OSLDP (Definition 6).
PrivacyClaim osldp_claim(std::vector<std::size_t> sensitive, PrivacyBudget budget);

/// A matrix Q[x][y] = Q(y|x) of doubles, each entry taken as its exact binary64 value (so
/// 0.1 is 0.1000000000000000055511151231257827...): what the implementation really holds.
/// Throws InvalidArgument for ragged rows, NaN, infinities or negative entries.
DenseMechanism matrix_of(const std::vector<std::vector<double>>& rows);
/// A matrix of exact rationals.
DenseMechanism matrix_of(const std::vector<std::vector<Rational>>& rows);

/// The predicate-formatter behind EXPECT_PRIVATE: success when the claim's property holds
/// (exactly, or within its tolerance); otherwise the first line names the property, the tight
/// e^ε and the witness, and uldp's whole check report follows.
::testing::AssertionResult IsPrivate(const char* matrix_text, const char* claim_text,
                                     const DenseMechanism& matrix, const PrivacyClaim& claim);
::testing::AssertionResult IsPrivate(const char* matrix_text, const char* claim_text,
                                     const std::vector<std::vector<double>>& matrix,
                                     const PrivacyClaim& claim);
::testing::AssertionResult IsPrivate(const char* matrix_text, const char* claim_text,
                                     const std::vector<std::vector<Rational>>& matrix,
                                     const PrivacyClaim& claim);

}  // namespace uldp::testing

/// Asserts that `matrix` (doubles, rationals or a DenseMechanism) provides `claim`.
#define EXPECT_PRIVATE(matrix, claim) EXPECT_PRED_FORMAT2(::uldp::testing::IsPrivate, matrix, claim)
#define ASSERT_PRIVATE(matrix, claim) ASSERT_PRED_FORMAT2(::uldp::testing::IsPrivate, matrix, claim)
