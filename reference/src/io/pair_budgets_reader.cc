#include "uldp/io/pair_budgets_reader.h"

#include "internal/pair_matrix_text.h"

namespace uldp {

PairBudgetMatrix parse_pair_budgets(std::string_view text, const std::string& source,
                                    TextPositions positions) {
  return internal::read_pair_matrix(
             text, source,
             {Rational(1), "bound", "an exact rational or decimal >= 1, or inf",
              "(a bound is e^eps >= 1)"},
             positions)
      .entries;
}

}  // namespace uldp
