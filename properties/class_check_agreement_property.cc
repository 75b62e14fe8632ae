// The class-structured checkers (checks/class_privacy_check.h) and the dense checkers on the
// dense expansion agree on every verdict, tight ratio, failing condition, witness and triple
// attaining the tight ratio, for random class-structured mechanisms: |X| <= 5 split into random
// input classes, 1-3 output classes whose columns give each input class's members random roles
// (rotations of a random pattern, so every member meets every role equally often), random
// weights (zeros included) normalised per class, output classes interleaved in a random order,
// random declared Y_P and X_S (a union of input classes), with and without a budget.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <numeric>

#include "generators.h"
#include "uldp/forms/class_privacy_check.h"
#include "uldp/forms/dense_privacy_check.h"

namespace uldp::properties {
namespace {

// Labels by first appearance: {2, 0, 2} -> {0, 1, 0}.
std::vector<std::size_t> normalized(const std::vector<std::size_t>& labels) {
  std::vector<std::size_t> seen, out;
  for (std::size_t l : labels) {
    auto it = std::find(seen.begin(), seen.end(), l);
    if (it == seen.end()) it = seen.insert(seen.end(), l);
    out.push_back(static_cast<std::size_t>(it - seen.begin()));
  }
  return out;
}

std::size_t count_distinct(const std::vector<std::size_t>& normalized_labels) {
  return normalized_labels.empty()
             ? 0
             : *std::max_element(normalized_labels.begin(), normalized_labels.end()) + 1;
}

// A random mechanism given by its tables: role of each member per column, probability per role.
struct RandomClasses {
  std::size_t k = 0;
  std::vector<std::size_t> class_of;              // input -> class
  std::vector<std::vector<std::size_t>> members;  // class -> inputs, ascending
  std::vector<bool> sensitive_class;
  struct Output {
    std::size_t count = 0;
    bool is_protected = false;
    std::vector<std::vector<std::size_t>> pattern;   // class -> role of member i in column 0
    std::vector<std::vector<Rational>> probability;  // class -> role -> Q(y|x)
  };
  std::vector<Output> outputs;
  std::vector<std::pair<std::size_t, std::size_t>> column;  // dense y -> (output class, j)

  std::size_t role(std::size_t y, std::size_t x) const {
    const auto [o, j] = column[y];
    const std::size_t a = class_of[x];
    const std::size_t i = static_cast<std::size_t>(
        std::find(members[a].begin(), members[a].end(), x) - members[a].begin());
    return outputs[o].pattern[a][(i + j) % members[a].size()];
  }
  Rational entry(std::size_t x, std::size_t y) const {
    return outputs[column[y].first].probability[class_of[x]][role(y, x)];
  }
};

RandomClasses generate() {
  RandomClasses r;
  r.k = *uniform<std::size_t>(1, 6);
  r.class_of =
      normalized(*rc::gen::container<std::vector<std::size_t>>(r.k, uniform<std::size_t>(0, r.k)));
  const std::size_t classes = count_distinct(r.class_of);
  r.members.resize(classes);
  for (std::size_t x = 0; x < r.k; ++x) r.members[r.class_of[x]].push_back(x);
  r.sensitive_class = *rc::gen::container<std::vector<bool>>(classes, coin());
  std::size_t period = 1;
  for (const auto& m : r.members) period = std::lcm(period, m.size());
  r.outputs.resize(*uniform<std::size_t>(1, 4));
  for (auto& o : r.outputs) {
    o.count = period * *uniform<std::size_t>(1, 3);
    o.is_protected = *coin();
    for (std::size_t a = 0; a < classes; ++a) {
      o.pattern.push_back(normalized(*rc::gen::container<std::vector<std::size_t>>(
          r.members[a].size(), uniform<std::size_t>(0, 3))));
    }
  }
  // Weights per (output class, input class, role), normalised so that every row sums to 1:
  // member x of class a meets role l of output class o in count * |l| / |a| columns.
  for (std::size_t a = 0; a < classes; ++a) {
    std::vector<std::vector<int>> weights;
    Rational total = 0;
    for (auto& o : r.outputs) {
      const std::size_t roles = count_distinct(o.pattern[a]);
      weights.push_back(*rc::gen::container<std::vector<int>>(roles, uniform(0, 4)));
      for (std::size_t l = 0; l < roles; ++l) {
        const auto members = std::count(o.pattern[a].begin(), o.pattern[a].end(), l);
        total += Rational(weights.back()[l] * static_cast<long>(o.count * members),
                          static_cast<long>(r.members[a].size()));
      }
    }
    if (total == 0) {  // a row of zeros: put the class's whole mass on output class 0, role 0
      weights[0][0] = 1;
      total = Rational(
          static_cast<long>(r.outputs[0].count * std::count(r.outputs[0].pattern[a].begin(),
                                                            r.outputs[0].pattern[a].end(), 0)),
          static_cast<long>(r.members[a].size()));
    }
    for (std::size_t o = 0; o < r.outputs.size(); ++o) {
      std::vector<Rational> q;
      for (int w : weights[o]) q.push_back(Rational(w) / total);
      r.outputs[o].probability.push_back(std::move(q));
    }
  }
  // Interleave the columns of all output classes in a random order.
  for (std::size_t o = 0; o < r.outputs.size(); ++o) {
    for (std::size_t j = 0; j < r.outputs[o].count; ++j) r.column.emplace_back(o, j);
  }
  const std::vector<int> keys =
      *rc::gen::container<std::vector<int>>(r.column.size(), uniform(0, 40));
  std::vector<std::size_t> order(r.column.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t u, std::size_t v) { return keys[u] < keys[v]; });
  std::vector<std::pair<std::size_t, std::size_t>> sorted;
  for (std::size_t i : order) sorted.push_back(r.column[i]);
  r.column = std::move(sorted);
  return r;
}

// The class-structured description of the tables: first columns and first members found by
// looking at the tables (never at the checkers).
ClassStructuredMechanism describe(const RandomClasses& r) {
  std::vector<InputClass> inputs;
  for (std::size_t a = 0; a < r.members.size(); ++a) {
    inputs.push_back(
        {"class " + std::to_string(a), IndexSet::from_indices(r.members[a], r.k, "class")});
  }
  std::vector<OutputClass> outputs;
  for (std::size_t o = 0; o < r.outputs.size(); ++o) {
    std::size_t first = 0;
    while (r.column[first].first != o) ++first;
    OutputClass out{"output class " + std::to_string(o),
                    Integer(r.outputs[o].count),
                    r.outputs[o].is_protected,
                    {},
                    {Integer(first), std::to_string(first)}};
    for (std::size_t a = 0; a < r.members.size(); ++a) {
      for (std::size_t l = 0; l < r.outputs[o].probability[a].size(); ++l) {
        ColumnCell cell{a, 0, r.outputs[o].probability[a][l], {}};
        for (std::size_t x : r.members[a]) {
          if (r.role(first, x) != l) continue;
          ++cell.members;
          if (cell.first_members.size() < 2) cell.first_members.push_back(x);
        }
        out.cells.push_back(std::move(cell));
      }
    }
    outputs.push_back(std::move(out));
  }
  DenseFormulas formulas{[r](std::size_t x, std::size_t y) { return r.entry(x, y); },
                         [](std::size_t y) { return std::to_string(y); },
                         [r](std::size_t y) { return r.outputs[r.column[y].first].is_protected; }};
  return ClassStructuredMechanism(r.k, std::move(inputs), std::move(outputs), std::move(formulas),
                                  "random classes");
}

void require_same_witness(const std::optional<Witness>& a, const std::optional<Witness>& b) {
  RC_ASSERT(a.has_value() == b.has_value());
  if (!a) return;
  RC_ASSERT(a->x == b->x);
  RC_ASSERT(a->x_prime == b->x_prime);
  RC_ASSERT(a->y == b->y);
  RC_ASSERT(a->y_label == b->y_label);
  RC_ASSERT(a->q_x == b->q_x);
  RC_ASSERT(a->q_x_prime == b->q_x_prime);
}

void require_same(const Verdict& classes, const Verdict& dense) {
  RC_ASSERT(classes.holds == dense.holds);
  RC_ASSERT(classes.tight_exp_eps == dense.tight_exp_eps);
  RC_ASSERT(classes.violated == dense.violated);
  require_same_witness(classes.witness, dense.witness);
  require_same_witness(classes.tight_attained_by, dense.tight_attained_by);
}

RC_GTEST_PROP(ClassCheckAgreement, ClassAndDenseCheckersGiveTheSameVerdicts, (const ExpEps& t)) {
  const RandomClasses r = generate();
  const ClassStructuredMechanism m = describe(r);
  const DenseExpansion d = m.to_dense();
  RC_ASSERT(!structure_mismatch(m, d.matrix, d.protected_outputs).has_value());
  std::vector<std::size_t> xs_list;
  for (std::size_t x = 0; x < r.k; ++x) {
    if (r.sensitive_class[r.class_of[x]]) xs_list.push_back(x);
  }
  const IndexSet xs = IndexSet::from_indices(xs_list, r.k, "X_S");
  bool literal_holds_at_t = false, invertibility_fails = false;
  for (const std::optional<PrivacyBudget>& budget :
       {std::optional<PrivacyBudget>(), std::optional<PrivacyBudget>(t.budget())}) {
    require_same(check_ldp(m, budget), check_ldp(d.matrix, budget));
    require_same(check_osldp(m, xs, budget), check_osldp(d.matrix, xs, budget));
    for (UldpReading reading : {UldpReading::kLiteral, UldpReading::kReachable}) {
      const Verdict c = check_uldp(m, xs, budget, reading);
      require_same(c, check_uldp(d.matrix, xs, d.protected_outputs, budget, reading));
      invertibility_fails = invertibility_fails || c.violated == Condition::kInvertibility;
      literal_holds_at_t =
          literal_holds_at_t || (budget && reading == UldpReading::kLiteral && c.holds);
    }
  }
  RC_CLASSIFY(invertibility_fails, "invertibility fails");
  RC_CLASSIFY(literal_holds_at_t, "ULDP (literal) holds at t");
}

}  // namespace
}  // namespace uldp::properties
