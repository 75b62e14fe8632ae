#include "uldp/forms/tolerance.h"

#include "uldp/arithmetic/extended_rational.h"
#include "uldp/error.h"
#include "uldp/forms/stochasticity.h"

namespace uldp {

const Rational& max_tolerance() {
  static const Rational kMax(1, 10);
  return kMax;
}

Rational validate_tolerance(const Rational& value, const std::string& text,
                            const std::string& what) {
  if (value < 0) throw InvalidArgument(what + ": " + message_excerpt(text) + " is negative");
  if (value > max_tolerance()) {
    throw InvalidArgument(what + ": " + message_excerpt(text) + " is above " +
                          to_string(max_tolerance()) +
                          " (a larger tolerance would accept wrong values as right)");
  }
  return value;
}

Rational parse_tolerance(const std::string& text, const std::string& what) {
  return validate_tolerance(parse_rational(text, what), text, what);
}

std::vector<RowSumExcess> row_sum_excesses(const DenseMechanism& q) {
  std::vector<RowSumExcess> rows;
  for (std::size_t x = 0; x < q.num_inputs(); ++x) {
    const Rational sum = row_sum(q, x);
    if (sum != 1) rows.push_back({x, sum - 1});
  }
  return rows;
}

RowSumReview review_row_sums(const DenseMechanism& q, const std::optional<Rational>& tolerance) {
  RowSumReview review;
  for (RowSumExcess& row : row_sum_excesses(q)) {
    if (!tolerance || row.magnitude() > *tolerance) {
      review.beyond = std::move(row);
      break;
    }
    review.within.push_back(std::move(row));
  }
  return review;
}

bool ratio_within_tolerance(const Rational& ratio, const PrivacyBudget& budget,
                            const Rational& tolerance) {
  return budget.admits(ExtendedRational(ratio / (1 + tolerance)));
}

}  // namespace uldp
