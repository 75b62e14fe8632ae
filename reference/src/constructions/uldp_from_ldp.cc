#include "uldp/constructions/uldp_from_ldp.h"

#include <set>
#include <string>
#include <vector>

#include "uldp/constructions/output_ratios.h"
#include "uldp/error.h"
#include "validation.h"

namespace uldp {

const char* non_sensitive_row_name(NonSensitiveRow row) {
  return row == NonSensitiveRow::kMinimum ? "min" : "lowest";
}

NonSensitiveRow parse_non_sensitive_row(const std::string& text, const std::string& name) {
  if (text == "min") return NonSensitiveRow::kMinimum;
  if (text == "lowest") return NonSensitiveRow::kLowest;
  throw InvalidArgument(name + ": '" + message_excerpt(text) + "' is not min or lowest");
}

UldpFromLdp uldp_from_ldp(const DenseMechanism& ldp, const IndexSet& sensitive,
                          NonSensitiveRow row) {
  const std::size_t s = ldp.num_inputs(), outputs = ldp.num_outputs(), k = sensitive.universe();
  if (sensitive.empty()) throw InvalidArgument("sensitive: X_S is empty (M is a mechanism on it)");
  if (sensitive.size() != s) {
    throw InvalidArgument("matrix: " + std::to_string(s) + " rows for " +
                          std::to_string(sensitive.size()) +
                          " sensitive inputs (one row per input of X_S, in order)");
  }
  internal::require_stochastic(ldp, "matrix");
  const ExtendedRational t = max_ratio_on_outputs(ldp, IndexSet::all(outputs));
  if (row == NonSensitiveRow::kLowest && t.is_infinite()) {
    throw InvalidArgument(
        "matrix: M is eps-LDP for no finite eps (an output some sensitive input never gives), so "
        "no lowest row exists; use the minimum");
  }
  // r(y): the non-sensitive inputs' probability of y.
  std::vector<Rational> r(outputs);
  Rational total(0);
  for (std::size_t y = 0; y < outputs; ++y) {
    Rational low = ldp(0, y), high = ldp(0, y);
    for (std::size_t x = 1; x < s; ++x) {
      if (ldp(x, y) < low) low = ldp(x, y);
      if (high < ldp(x, y)) high = ldp(x, y);
    }
    r[y] = row == NonSensitiveRow::kMinimum ? low : Rational(high / t.value());
    total += r[y];
  }
  const Rational own = 1 - total;
  const std::size_t own_outputs = own == 0 ? 0 : k - s;
  internal::checked_product(k, outputs + own_outputs, internal::kMaxConstructedEntries, "k");
  std::vector<std::string> labels = ldp.output_labels();
  std::set<std::string> taken(labels.begin(), labels.end());
  const IndexSet non_sensitive = sensitive.complement();
  bool clash = false;
  for (const std::size_t x : non_sensitive.indices())
    clash = clash || taken.count(std::to_string(x));
  // Each own output is labelled by its input's index, or "own(x)" when an index would repeat one
  // of M's labels; M's labels are anyone's ("own(3)" among them), so a label still taken is primed
  // until it is not: every label is printed once, and the printed matrix reads back.
  for (const std::size_t x : non_sensitive.indices()) {
    if (!own_outputs) break;
    std::string label = clash ? "own(" + std::to_string(x) + ")" : std::to_string(x);
    while (taken.count(label)) label += "'";
    taken.insert(label);
    labels.push_back(std::move(label));
  }
  std::vector<Rational> entries;
  entries.reserve(k * labels.size());
  std::size_t sensitive_row = 0, own_index = 0;
  for (std::size_t x = 0; x < k; ++x) {
    const bool is_sensitive = sensitive.contains(x);
    for (std::size_t y = 0; y < outputs; ++y) {
      entries.push_back(is_sensitive ? ldp(sensitive_row, y) : r[y]);
    }
    for (std::size_t o = 0; o < own_outputs; ++o) {
      entries.push_back(!is_sensitive && o == own_index ? own : Rational(0));
    }
    if (is_sensitive)
      ++sensitive_row;
    else
      ++own_index;
  }
  return {DenseMechanism(k, std::move(labels), std::move(entries)), sensitive,
          IndexSet::first(outputs, outputs + own_outputs), own, t};
}

}  // namespace uldp
