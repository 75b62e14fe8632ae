#include "uldp/mechanisms/urr/urr.h"

#include <optional>
#include <string>
#include <vector>

#include "uldp/error.h"

namespace uldp {
namespace {

// Q(y|x) of eq. (6): the one formula behind both the dense and the class-structured form.
Rational urr_entry(const IndexSet& sensitive, const UrrConstants& c, std::size_t x, std::size_t y) {
  if (sensitive.contains(y)) return x == y ? c.c1 : c.c2;  // rows 1-3
  return x == y ? c.c3 : Rational(0);                      // non-sensitive x reports itself
}

void require_symbols(std::size_t k) {
  if (k == 0) throw InvalidArgument("uRR: k must be at least 1");
}

// The smallest min(2, |members|) members, skipping `except`.
std::vector<std::size_t> first_two(const IndexSet& members,
                                   std::optional<std::size_t> except = {}) {
  std::vector<std::size_t> first;
  for (std::size_t x : members.indices()) {
    if (first.size() == 2) break;
    if (x != except) first.push_back(x);
  }
  return first;
}

}  // namespace

UrrConstants urr_constants(std::size_t sensitive_count, const Rational& t) {
  if (sensitive_count == 0) return {Rational(0), Rational(0), Rational(1)};
  const Rational u = sensitive_count + t - 1;
  return {t / u, 1 / u, (t - 1) / u};
}

DenseMechanism utility_optimized_rr(const IndexSet& sensitive, const PrivacyBudget& budget) {
  const std::size_t k = sensitive.universe();
  require_symbols(k);
  const UrrConstants c = urr_constants(sensitive.size(), budget.exp_eps());
  std::vector<Rational> entries(k * k);
  for (std::size_t x = 0; x < k; ++x) {
    for (std::size_t y = 0; y < k; ++y) entries[x * k + y] = urr_entry(sensitive, c, x, y);
  }
  return DenseMechanism(k, DenseMechanism::index_labels(k), std::move(entries));
}

ClassStructuredMechanism utility_optimized_rr_classes(const IndexSet& sensitive,
                                                      const PrivacyBudget& budget) {
  const std::size_t k = sensitive.universe();
  require_symbols(k);
  const UrrConstants c = urr_constants(sensitive.size(), budget.exp_eps());
  const IndexSet non_sensitive = sensitive.complement();
  const std::size_t v = sensitive.size(), n = non_sensitive.size();
  // Input classes present: sensitive (index s) and non-sensitive (index ns).
  std::vector<InputClass> inputs;
  const std::size_t s = inputs.size();
  if (v > 0) inputs.push_back({"sensitive", sensitive});
  const std::size_t ns = inputs.size();
  if (n > 0) inputs.push_back({"non-sensitive", non_sensitive});
  // In each column y, cells listed with y's own input first; empty cells are left out.
  auto add = [](std::vector<ColumnCell>& cells, std::size_t input_class, std::size_t members,
                const Rational& q, std::vector<std::size_t> first) {
    if (members > 0) cells.push_back({input_class, members, q, std::move(first)});
  };
  std::vector<OutputClass> outputs;
  if (v > 0) {  // y in X_S: c1 for x = y, c2 for every other x
    const std::size_t y = sensitive.indices().front();
    OutputClass o{"sensitive", Integer(v), true, {}, {Integer(y), std::to_string(y)}};
    add(o.cells, s, 1, c.c1, {y});
    add(o.cells, s, v - 1, c.c2, first_two(sensitive, y));
    add(o.cells, ns, n, c.c2, first_two(non_sensitive));
    outputs.push_back(std::move(o));
  }
  if (n > 0) {  // y in X_N: c3 for x = y, 0 for every other x
    const std::size_t y = non_sensitive.indices().front();
    OutputClass o{"non-sensitive", Integer(n), false, {}, {Integer(y), std::to_string(y)}};
    add(o.cells, s, v, Rational(0), first_two(sensitive));
    add(o.cells, ns, 1, c.c3, {y});
    add(o.cells, ns, n - 1, Rational(0), first_two(non_sensitive, y));
    outputs.push_back(std::move(o));
  }
  DenseFormulas formulas{
      [sensitive, c](std::size_t x, std::size_t y) { return urr_entry(sensitive, c, x, y); },
      [](std::size_t y) { return std::to_string(y); },
      [sensitive](std::size_t y) { return sensitive.contains(y); }};
  return ClassStructuredMechanism(k, std::move(inputs), std::move(outputs), std::move(formulas),
                                  "uRR", RowEvenness::kPerCell,
                                  ColumnSymmetry::kWithinInputClasses);
}

}  // namespace uldp
