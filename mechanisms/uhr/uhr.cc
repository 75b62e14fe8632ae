// uHR: the constants, the column classes (by a fast Walsh-Hadamard transform) and the dense
// formulas.
#include "uldp/mechanisms/uhr/uhr.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "uldp/error.h"

namespace uldp {
namespace {

// Per column j, the number of sensitive rows 1..v with H[row][j] = +1: (v + F[j]) / 2, where F is
// the Walsh-Hadamard transform of the indicator of rows 1..v (O(V log V)).
std::vector<std::size_t> plus_counts(std::size_t v, std::size_t columns) {
  std::vector<std::int64_t> f(columns, 0);
  for (std::size_t row = 1; row <= v; ++row) f[row] = 1;
  for (std::size_t h = 1; h < columns; h *= 2) {
    for (std::size_t i = 0; i < columns; i += 2 * h) {
      for (std::size_t j = i; j < i + h; ++j) {
        const std::int64_t a = f[j], b = f[j + h];
        f[j] = a + b;
        f[j + h] = a - b;
      }
    }
  }
  std::vector<std::size_t> counts(columns);
  for (std::size_t j = 0; j < columns; ++j)
    counts[j] = static_cast<std::size_t>((static_cast<std::int64_t>(v) + f[j]) / 2);
  return counts;
}

// The smallest min(2, count) sensitive inputs whose row has sign `plus` in column j.
std::vector<std::size_t> first_two_with_sign(const std::vector<std::size_t>& xs, std::size_t j,
                                             bool plus) {
  std::vector<std::size_t> first;
  for (std::size_t r = 0; r < xs.size() && first.size() < 2; ++r) {
    if (hadamard_plus(r + 1, j) == plus) first.push_back(xs[r]);
  }
  return first;
}

// The smallest min(2, count) members of `members` other than `except`.
std::vector<std::size_t> first_two_except(const std::vector<std::size_t>& members,
                                          std::size_t except) {
  std::vector<std::size_t> first;
  for (std::size_t i = 0; i < members.size() && first.size() < 2; ++i) {
    if (members[i] != except) first.push_back(members[i]);
  }
  return first;
}

// "h5": column 5 of the Hadamard matrix (appending avoids GCC 12's -Wrestrict false positive on
// "h" + std::string).
std::string column_label(std::size_t j) {
  std::string label = "h";
  label += std::to_string(j);
  return label;
}

DenseFormulas dense_formulas(const IndexSet& sensitive, const UhrConstants& c) {
  const IndexSet open = sensitive.complement();
  // rank[x] = position of x in X_S (its Hadamard row is rank + 1).
  std::vector<std::size_t> rank(sensitive.universe(), 0);
  for (std::size_t r = 0; r < sensitive.size(); ++r) rank[sensitive.indices()[r]] = r;
  const std::size_t columns = c.columns;
  return DenseFormulas{[=](std::size_t x, std::size_t y) -> Rational {
                         if (y >= columns)
                           return open.indices()[y - columns] == x ? c.reports_self : Rational(0);
                         if (!sensitive.contains(x)) return c.minus;
                         return hadamard_plus(rank[x] + 1, y) ? c.plus : c.minus;
                       },
                       [=](std::size_t y) {
                         return y < columns ? column_label(y)
                                            : std::to_string(open.indices()[y - columns]);
                       },
                       [=](std::size_t y) { return y < columns; }};
}

}  // namespace

std::size_t hadamard_columns(std::size_t v) {
  std::size_t columns = 1;
  while (columns <= v) columns *= 2;
  return columns;
}

UhrConstants uhr_constants(std::size_t v, const Rational& t) {
  if (v == 0) throw InvalidArgument("sensitive: uHR needs a non-empty X_S");
  UhrConstants c;
  c.columns = hadamard_columns(v);
  const Rational columns(Integer(c.columns));
  c.plus = 2 * t / ((t + 1) * columns);
  c.minus = 2 / ((t + 1) * columns);
  c.reports_self = (t - 1) / (t + 1);
  return c;
}

ClassStructuredMechanism uhr_classes(const IndexSet& sensitive, const PrivacyBudget& budget) {
  const std::size_t k = sensitive.universe();
  const std::size_t v = sensitive.size();
  const UhrConstants c = uhr_constants(v, budget.exp_eps());
  const IndexSet open = sensitive.complement();
  const std::size_t n = open.size();
  const std::vector<std::size_t>& xs = sensitive.indices();
  const std::vector<std::size_t>& xn = open.indices();
  std::vector<InputClass> inputs{{"sensitive", sensitive}};
  const std::size_t s = 0, ns = 1;
  if (n > 0) inputs.push_back({"non-sensitive", open});
  auto add = [](std::vector<ColumnCell>& cells, std::size_t input_class, std::size_t members,
                const Rational& q, std::vector<std::size_t> first) {
    if (members > 0) cells.push_back({input_class, members, q, std::move(first)});
  };
  // Columns with the same number of +1 sensitive rows look alike up to renaming inputs.
  struct Group {
    std::size_t count = 0;
    std::size_t first_column = 0;
  };
  std::map<std::size_t, Group> groups;  // by plus count
  const std::vector<std::size_t> counts = plus_counts(v, c.columns);
  for (std::size_t j = 0; j < c.columns; ++j) {
    auto [it, inserted] = groups.try_emplace(counts[j], Group{0, j});
    ++it->second.count;
  }
  std::vector<std::pair<std::size_t, std::size_t>> order;  // (first column, plus count)
  for (const auto& [plus, g] : groups) order.emplace_back(g.first_column, plus);
  std::sort(order.begin(), order.end());
  std::vector<OutputClass> outputs;
  for (const auto& [j, plus] : order) {
    OutputClass o{"columns with " + std::to_string(plus) + " rows +1",
                  Integer(groups[plus].count),
                  true,
                  {},
                  {Integer(j), column_label(j)}};
    add(o.cells, s, plus, c.plus, first_two_with_sign(xs, j, true));
    add(o.cells, s, v - plus, c.minus, first_two_with_sign(xs, j, false));
    add(o.cells, ns, n, c.minus,
        std::vector<std::size_t>(xn.begin(), xn.begin() + std::min<std::size_t>(2, n)));
    outputs.push_back(std::move(o));
  }
  if (n > 0) {  // y in X_N: y itself reports it, nobody else
    OutputClass o{
        "non-sensitive", Integer(n), false, {}, {Integer(c.columns), std::to_string(xn[0])}};
    add(o.cells, s, v, Rational(0),
        std::vector<std::size_t>(xs.begin(), xs.begin() + std::min<std::size_t>(2, v)));
    add(o.cells, ns, 1, c.reports_self, {xn[0]});
    add(o.cells, ns, n - 1, Rational(0), first_two_except(xn, xn[0]));
    outputs.push_back(std::move(o));
  }
  // Each Hadamard row but the first has V/2 entries +1: rows are equal per probability, not
  // per column class.
  return ClassStructuredMechanism(k, std::move(inputs), std::move(outputs),
                                  dense_formulas(sensitive, c), "uHR",
                                  RowEvenness::kPerProbability);
}

}  // namespace uldp
