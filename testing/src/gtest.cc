// The assertions of uldp/testing/gtest.h: a claim becomes an api::CheckRequest, the result's
// first failing required property (or per-pair notion) becomes the message's first line, its
// report the rest.
#include "uldp/testing/gtest.h"

#include <cstdint>
#include <utility>

#include "uldp/api/check.h"
#include "uldp/api/headline.h"
#include "uldp/api/pair_loss.h"
#include "uldp/api/render.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/error.h"
#include "uldp/forms/dense_mechanism.h"
#include "uldp/forms/form_checks.h"
#include "uldp/forms/tolerance.h"

namespace uldp::testing {
namespace {

std::size_t columns_of(std::size_t rows, std::size_t first_row_size) {
  if (rows == 0 || first_row_size == 0) throw InvalidArgument("Q: the matrix is empty");
  return first_row_size;
}

template <class Row>
void check_row_size(const Row& row, std::size_t x, std::size_t columns) {
  if (row.size() != columns) {
    throw InvalidArgument("Q: row " + std::to_string(x) + " has " + std::to_string(row.size()) +
                          " entries, row 0 has " + std::to_string(columns));
  }
}

std::string set_text(const std::vector<std::size_t>& indices) {
  std::string text = "{";
  for (std::size_t i = 0; i < indices.size(); ++i) {
    if (i > 0) text += ',';
    text += std::to_string(indices[i]);
  }
  text += '}';
  return text;
}

}  // namespace

Budget::Budget(const PrivacyBudget& budget)
    : budget_(std::make_shared<const PrivacyBudget>(budget)) {}

Budget::operator const PrivacyBudget&() const { return *budget_; }

const PrivacyBudget& Budget::value() const { return *budget_; }

std::string Budget::describe() const {
  return budget_->epsilon() ? "eps = " + to_decimal(*budget_->epsilon())
                            : "exp_eps = " + to_string(budget_->exp_eps());
}

Budget exp_eps(const std::string& t) {
  return PrivacyBudget::from_exp_eps(parse_rational(t, "exp_eps()"), "exp_eps()");
}

Budget eps(const std::string& e) {
  return PrivacyBudget::from_epsilon(parse_rational(e, "eps()"), 64, "eps()");
}

PrivacyClaim::PrivacyClaim(Property property, Budget budget,
                           std::optional<std::vector<std::size_t>> sensitive,
                           std::optional<std::vector<std::size_t>> protected_outputs)
    : property_(property),
      budget_(std::move(budget)),
      sensitive_(std::move(sensitive)),
      protected_(std::move(protected_outputs)) {}

PrivacyClaim::PrivacyClaim(std::shared_ptr<const api::PairNotions> notions, std::string description)
    : pair_notions_(std::move(notions)), pair_description_(std::move(description)) {}

PrivacyClaim PrivacyClaim::within(const std::string& tolerance) const {
  parse_tolerance(tolerance, ".within()");  // refused here, where it is given
  PrivacyClaim claim = *this;
  claim.tolerance_ = tolerance;
  return claim;
}

api::CheckRequest PrivacyClaim::request(DenseMechanism matrix, const std::string& source) const {
  api::MatrixSubject subject{MatrixFile{std::move(matrix), source, {}, std::nullopt}, source,
                             std::nullopt, std::nullopt};
  if (sensitive_) subject.sensitive = api::IndexSelection{*sensitive_, "sensitive"};
  api::CheckRequest q(std::move(subject));
  if (protected_) q.protected_outputs = api::IndexSelection{*protected_, "protected"};
  if (budget_) q.budget = budget_->value();
  if (tolerance_) {
    q.tolerance = parse_tolerance(*tolerance_, ".within()");
    q.tolerance_text = *tolerance_;
  }
  q.required.emplace();  // the property claimed, or none beside a per-pair notion
  if (property_) q.required->push_back(*property_);
  if (pair_notions_) q.notions = *pair_notions_;
  return q;
}

std::string PrivacyClaim::describe() const {
  std::string text = pair_description_;
  if (property_) {
    switch (*property_) {
      case Property::kLdp:
        text = "eps-LDP";
        break;
      case Property::kUldp:
      case Property::kUldpStrict:
        text = std::string(property_ == Property::kUldp ? "ULDP" : "ULDP (literal)") +
               " with X_S = " + (sensitive_ ? set_text(*sensitive_) : "X") +
               ", Y_P = " + (protected_ ? set_text(*protected_) : "inferred");
        break;
      case Property::kOsldp:
        text = "OSLDP with X_S = " + (sensitive_ ? set_text(*sensitive_) : "X");
        break;
    }
  }
  if (budget_) text += " at " + budget_->describe();
  if (tolerance_) text += ", within " + message_excerpt(*tolerance_);
  return text;
}

PrivacyClaim ldp_claim(Budget budget) {
  return PrivacyClaim(Property::kLdp, std::move(budget), std::nullopt, std::nullopt);
}

PrivacyClaim uldp_claim(std::vector<std::size_t> sensitive,
                        std::vector<std::size_t> protected_outputs, Budget budget) {
  return PrivacyClaim(Property::kUldp, std::move(budget), std::move(sensitive),
                      std::move(protected_outputs));
}

PrivacyClaim uldp_strict_claim(std::vector<std::size_t> sensitive,
                               std::vector<std::size_t> protected_outputs, Budget budget) {
  return PrivacyClaim(Property::kUldpStrict, std::move(budget), std::move(sensitive),
                      std::move(protected_outputs));
}

PrivacyClaim osldp_claim(std::vector<std::size_t> sensitive, Budget budget) {
  return PrivacyClaim(Property::kOsldp, std::move(budget), std::move(sensitive), std::nullopt);
}

Grid grid(std::size_t width, std::size_t height) { return Grid{width, height, false}; }

PrivacyClaim metric_ldp_claim(Grid grid, Budget per_unit) {
  const GridMetric metric =
      grid.euclidean_distance ? GridMetric::kEuclidean : GridMetric::kManhattan;
  auto notions = std::make_shared<api::PairNotions>();
  notions->metric = MetricBudget{GridDistance{grid.width, grid.height, metric}, per_unit.value()};
  return PrivacyClaim(std::move(notions), "metric LDP (" + std::string(grid_metric_name(metric)) +
                                              " on " + std::to_string(grid.width) + "x" +
                                              std::to_string(grid.height) + ") at " +
                                              per_unit.describe() + " per unit");
}

PrivacyClaim min_id_ldp_claim(std::vector<Budget> per_input) {
  auto notions = std::make_shared<api::PairNotions>();
  InputBudgets& budgets = notions->input_budgets.emplace();
  std::string listed;
  for (const Budget& b : per_input) {
    budgets.per_input.push_back(b.value());
    listed += (listed.empty() ? "" : ", ") + b.describe();
  }
  notions->input_budgets_name = "min_id_ldp_claim()";
  return PrivacyClaim(std::move(notions), "MinID-LDP at " + listed);
}

DenseMechanism matrix_of(const std::vector<std::vector<double>>& rows) {
  const std::size_t columns = columns_of(rows.size(), rows.empty() ? 0 : rows.front().size());
  std::vector<double> entries;
  entries.reserve(rows.size() * columns);
  for (std::size_t x = 0; x < rows.size(); ++x) {
    check_row_size(rows[x], x, columns);
    entries.insert(entries.end(), rows[x].begin(), rows[x].end());
  }
  return DenseMechanism::from_doubles(rows.size(), columns, entries);
}

DenseMechanism matrix_of(const std::vector<std::vector<std::string>>& rows) {
  const std::size_t columns = columns_of(rows.size(), rows.empty() ? 0 : rows.front().size());
  std::vector<Rational> entries;
  entries.reserve(rows.size() * columns);
  for (std::size_t x = 0; x < rows.size(); ++x) {
    check_row_size(rows[x], x, columns);
    for (std::size_t y = 0; y < columns; ++y) {
      entries.push_back(
          parse_rational(rows[x][y], "Q[" + std::to_string(x) + "][" + std::to_string(y) + "]"));
    }
  }
  return DenseMechanism::from_probabilities(rows.size(), columns, std::move(entries));
}

::testing::AssertionResult IsPrivate(const char* matrix_text, const char*,
                                     const DenseMechanism& matrix, const PrivacyClaim& claim) {
  std::optional<api::CheckResult> checked;
  try {
    checked = api::check(claim.request(matrix, matrix_text));
  } catch (const Error& e) {  // the claim does not fit the matrix (an index out of range)
    return ::testing::AssertionFailure() << matrix_text << ": " << e.what();
  }
  const api::CheckResult& r = *checked;
  if (r.passes()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << api::check_headline(r, claim.property()) << "\n"
                                       << api::to_text(r);
}

namespace {

// Rows of doubles or exact texts as a matrix, then the check; a matrix that cannot be one fails.
template <class Rows>
::testing::AssertionResult rows_are_private(const char* matrix_text, const char* claim_text,
                                            const Rows& rows, const PrivacyClaim& claim) {
  try {
    return IsPrivate(matrix_text, claim_text, matrix_of(rows), claim);
  } catch (const Error& e) {
    return ::testing::AssertionFailure() << matrix_text << " is not a matrix: " << e.what();
  }
}

}  // namespace

::testing::AssertionResult IsPrivate(const char* matrix_text, const char* claim_text,
                                     const std::vector<std::vector<double>>& matrix,
                                     const PrivacyClaim& claim) {
  return rows_are_private(matrix_text, claim_text, matrix, claim);
}

::testing::AssertionResult IsPrivate(const char* matrix_text, const char* claim_text,
                                     const std::vector<std::vector<std::string>>& matrix,
                                     const PrivacyClaim& claim) {
  return rows_are_private(matrix_text, claim_text, matrix, claim);
}

namespace internal {

::testing::AssertionResult cannot_run(const char* assertion, const char* first, const char* second,
                                      const std::string& message) {
  return ::testing::AssertionFailure()
         << assertion << "(" << first << ", " << second << ") cannot run: " << message;
}

}  // namespace internal
}  // namespace uldp::testing
