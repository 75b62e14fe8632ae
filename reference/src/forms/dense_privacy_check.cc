#include "uldp/forms/dense_privacy_check.h"

#include <cstdint>
#include <type_traits>
#include <vector>

#include "internal/ratio_sup.h"
#include "uldp/arithmetic/binary64.h"
#include "uldp/cancellation.h"
#include "uldp/error.h"
#include "uldp/progress.h"

namespace uldp {
namespace {

using internal::ratio_verdict;
using internal::RatioSup;

// The entries as the checks read them: rationals, or binary64 patterns, whose unsigned order is
// the order of their exact values (uldp/arithmetic/binary64.h). Both give the same verdicts and
// witnesses: the same comparisons in the same order, on the same exact values.
class RationalEntries {
 public:
  explicit RationalEntries(const DenseMechanism& q) : q_(q) {}
  const Rational& operator()(std::size_t x, std::size_t y) const { return q_(x, y); }
  static bool is_zero(const Rational& v) { return v == 0; }
  static const Rational& exact(const Rational& v) { return v; }

 private:
  const DenseMechanism& q_;
};

class Binary64Entries {
 public:
  explicit Binary64Entries(const DenseMechanism& q)
      : bits_(q.binary64_entries().data()), outputs_(q.num_outputs()) {}
  std::uint64_t operator()(std::size_t x, std::size_t y) const { return bits_[x * outputs_ + y]; }
  static bool is_zero(std::uint64_t v) { return v == 0; }
  static Rational exact(std::uint64_t v) { return binary64_value(v); }

 private:
  const std::uint64_t* bits_;
  std::size_t outputs_;
};

// Calls `f` with the entries of `q` in the form it holds them.
template <class F>
auto with_entries(const DenseMechanism& q, F f) {
  if (q.is_binary64()) return f(Binary64Entries(q));
  return f(RationalEntries(q));
}

template <class Entries>
Witness make_witness(const DenseMechanism& m, const Entries& q, std::size_t x, std::size_t x_prime,
                     std::size_t y) {
  Witness w;
  w.x = x;
  w.x_prime = x_prime;
  w.y = y;
  w.y_label = m.output_labels()[y];
  w.q_x = Rational(Entries::exact(q(x, y)));
  w.q_x_prime = Rational(Entries::exact(q(x_prime, y)));
  return w;
}

// In one column: the first row of `numerator_rows` with the largest entry (arg_max == |X|: no
// such row) and the first row with the smallest entry.
struct ColumnExtremes {
  std::size_t arg_max = 0, arg_min = 0;
};

template <class Entries>
ColumnExtremes column_extremes(const DenseMechanism& m, const Entries& q,
                               const std::vector<bool>& numerator_rows, std::size_t y) {
  std::size_t arg_max = m.num_inputs(), arg_min = 0;
  for (std::size_t x = 0; x < m.num_inputs(); ++x) {
    if (numerator_rows[x] && (arg_max == m.num_inputs() || q(x, y) > q(arg_max, y))) arg_max = x;
    if (q(x, y) < q(arg_min, y)) arg_min = x;
  }
  return {arg_max, arg_min};
}

// The same for every column in `columns`, reading the binary64 patterns row by row (the order
// they are stored in) instead of down each column: the same strict comparisons in the same row
// order, so the same rows.
std::vector<ColumnExtremes> row_major_extremes(const DenseMechanism& m, const Binary64Entries& q,
                                               const std::vector<bool>& numerator_rows,
                                               const std::vector<std::size_t>& columns) {
  const std::size_t n = m.num_inputs(), c = columns.size();
  std::vector<ColumnExtremes> extremes(c, ColumnExtremes{n, 0});
  std::vector<std::uint64_t> max_value(c, 0), min_value(c);
  for (std::size_t i = 0; i < c; ++i) min_value[i] = q(0, columns[i]);
  for (std::size_t x = 0; x < n; ++x) {
    if (x % 64 == 0) check_cancelled();
    const bool numerator = numerator_rows[x];
    for (std::size_t i = 0; i < c; ++i) {
      const std::uint64_t v = q(x, columns[i]);
      if (numerator && (extremes[i].arg_max == n || v > max_value[i])) {
        extremes[i].arg_max = x;
        max_value[i] = v;
      }
      if (v < min_value[i]) {
        extremes[i].arg_min = x;
        min_value[i] = v;
      }
    }
  }
  return extremes;
}

// sup over y in `columns`, x in `numerator_rows`, x' in all rows, of Q(y|x) / Q(y|x'), with 0/0
// skipped and c/0 = infinity. Per column only the largest numerator and the smallest denominator
// matter, so this is O(|X| |columns|).
template <class Entries>
RatioSup ratio_sup(const DenseMechanism& m, const Entries& q,
                   const std::vector<bool>& numerator_rows,
                   const std::vector<std::size_t>& columns) {
  constexpr bool kBinary64 = std::is_same_v<Entries, Binary64Entries>;
  std::vector<ColumnExtremes> table;
  if constexpr (kBinary64) table = row_major_extremes(m, q, numerator_rows, columns);
  RatioSup sup;
  ProgressTask progress("checking ratios", columns.size());
  for (std::size_t i = 0; i < columns.size(); ++i) {
    const std::size_t y = columns[i];
    check_cancelled();
    progress.advance();
    ColumnExtremes e;
    if constexpr (kBinary64) {
      e = table[i];
    } else {
      e = column_extremes(m, q, numerator_rows, y);
    }
    if (e.arg_max == m.num_inputs() || Entries::is_zero(q(e.arg_max, y)))
      continue;  // 0 <= e^ε * anything
    ExtendedRational ratio = Entries::is_zero(q(e.arg_min, y))
                                 ? ExtendedRational::infinity()
                                 : ExtendedRational(Rational(Entries::exact(q(e.arg_max, y)) /
                                                             Entries::exact(q(e.arg_min, y))));
    if (ratio > sup.value) {
      sup.value = std::move(ratio);
      sup.attained_by = make_witness(m, q, e.arg_max, e.arg_min, y);
      if (sup.value.is_infinite()) break;
    }
  }
  return sup;
}

RatioSup ratio_sup(const DenseMechanism& q, const std::vector<bool>& numerator_rows,
                   const std::vector<std::size_t>& columns) {
  return with_entries(
      q, [&](const auto& entries) { return ratio_sup(q, entries, numerator_rows, columns); });
}

std::vector<std::size_t> all_columns(const DenseMechanism& q) {
  std::vector<std::size_t> columns(q.num_outputs());
  for (std::size_t y = 0; y < columns.size(); ++y) columns[y] = y;
  return columns;
}

void require_fit(const DenseMechanism& q, const IndexSet& sensitive) {
  if (sensitive.universe() != q.num_inputs()) {
    throw InvalidArgument("sensitive: the set is over " + std::to_string(sensitive.universe()) +
                          " inputs but the matrix has " + std::to_string(q.num_inputs()));
  }
}

// The first two rows with a nonzero entry in a column (nullopt: there are fewer).
struct NonzeroRows {
  std::optional<std::size_t> first, second;
};

// Each column's NonzeroRows: looked for down the column (rationals, stopping at the second), or
// for binary64 patterns all at once, row by row in storage order (the same rows).
template <class Entries>
class ColumnNonzeros {
 public:
  ColumnNonzeros(const DenseMechanism& m, const Entries& q) : m_(m), q_(q) {
    if constexpr (kBinary64) {
      table_.resize(m.num_outputs());
      for (std::size_t x = 0; x < m.num_inputs(); ++x) {
        if (x % 64 == 0) check_cancelled();
        for (std::size_t y = 0; y < m.num_outputs(); ++y) {
          if (q(x, y) == 0) continue;
          NonzeroRows& rows = table_[y];
          if (!rows.first) {
            rows.first = x;
          } else if (!rows.second) {
            rows.second = x;
          }
        }
      }
    }
  }
  NonzeroRows operator()(std::size_t y) const {
    if constexpr (kBinary64) {
      return table_[y];
    } else {
      NonzeroRows rows;
      for (std::size_t x = 0; x < m_.num_inputs() && !rows.second; ++x) {
        if (!Entries::is_zero(q_(x, y))) (rows.first ? rows.second : rows.first) = x;
      }
      return rows;
    }
  }

 private:
  static constexpr bool kBinary64 = std::is_same_v<Entries, Binary64Entries>;
  const DenseMechanism& m_;
  const Entries& q_;
  std::vector<NonzeroRows> table_;
};

// Condition 1 of Definition 2 for one output y in Y_I; returns the witness when it fails.
template <class Entries>
std::optional<Witness> invertibility_failure(const DenseMechanism& m, const Entries& q,
                                             const IndexSet& sensitive, std::size_t y,
                                             const NonzeroRows& rows, UldpReading reading) {
  const auto& [first, second] = rows;
  if (second) return make_witness(m, q, *first, *second, y);  // y identifies no single input
  if (first) {
    if (sensitive.contains(*first)) return make_witness(m, q, *first, *first, y);  // leaks x in X_S
    return std::nullopt;
  }
  if (reading == UldpReading::kReachable) return std::nullopt;
  // Literal reading: no x in X_N has Q(y|x) > 0. Name the first non-sensitive input (or 0).
  const IndexSet non_sensitive = sensitive.complement();
  const std::size_t x = non_sensitive.empty() ? 0 : non_sensitive.indices().front();
  return make_witness(m, q, x, x, y);
}

// The first output of Y_I where condition 1 fails, with its witness.
std::optional<Witness> first_invertibility_failure(const DenseMechanism& q,
                                                   const IndexSet& sensitive,
                                                   const IndexSet& protected_outputs,
                                                   UldpReading reading) {
  return with_entries(q, [&](const auto& entries) -> std::optional<Witness> {
    const ColumnNonzeros nonzeros(q, entries);
    for (std::size_t y = 0; y < q.num_outputs(); ++y) {
      if (protected_outputs.contains(y)) continue;
      if (auto witness = invertibility_failure(q, entries, sensitive, y, nonzeros(y), reading))
        return witness;
    }
    return std::nullopt;
  });
}

}  // namespace

Verdict check_ldp(const DenseMechanism& q, const std::optional<PrivacyBudget>& budget) {
  return ratio_verdict(ratio_sup(q, std::vector<bool>(q.num_inputs(), true), all_columns(q)),
                       budget);
}

Verdict check_uldp(const DenseMechanism& q, const IndexSet& sensitive,
                   const IndexSet& protected_outputs, const std::optional<PrivacyBudget>& budget,
                   UldpReading reading) {
  require_fit(q, sensitive);
  if (protected_outputs.universe() != q.num_outputs()) {
    throw InvalidArgument("protected: the set is over " +
                          std::to_string(protected_outputs.universe()) +
                          " outputs but the matrix has " + std::to_string(q.num_outputs()));
  }
  if (auto witness = first_invertibility_failure(q, sensitive, protected_outputs, reading)) {
    Verdict v = ratio_verdict(
        ratio_sup(q, std::vector<bool>(q.num_inputs(), true), protected_outputs.indices()),
        std::nullopt);
    v.holds = false;
    v.tight_exp_eps = ExtendedRational::infinity();  // no ε repairs condition 1
    v.violated = Condition::kInvertibility;
    v.witness = std::move(witness);
    return v;
  }
  return ratio_verdict(
      ratio_sup(q, std::vector<bool>(q.num_inputs(), true), protected_outputs.indices()), budget);
}

Verdict check_osldp(const DenseMechanism& q, const IndexSet& sensitive,
                    const std::optional<PrivacyBudget>& budget) {
  require_fit(q, sensitive);
  std::vector<bool> rows(q.num_inputs(), false);
  for (std::size_t x : sensitive.indices()) rows[x] = true;
  return ratio_verdict(ratio_sup(q, rows, all_columns(q)), budget);
}

IndexSet minimal_protected_outputs(const DenseMechanism& q, const IndexSet& sensitive) {
  require_fit(q, sensitive);
  std::vector<std::size_t> protected_outputs;
  with_entries(q, [&](const auto& entries) {
    const ColumnNonzeros nonzeros(q, entries);
    for (std::size_t y = 0; y < q.num_outputs(); ++y) {
      const NonzeroRows rows = nonzeros(y);
      const bool one_non_sensitive = rows.first && !rows.second && !sensitive.contains(*rows.first);
      if (!one_non_sensitive) protected_outputs.push_back(y);
    }
    return 0;
  });
  return IndexSet::from_indices(std::move(protected_outputs), q.num_outputs(), "protected");
}

}  // namespace uldp
