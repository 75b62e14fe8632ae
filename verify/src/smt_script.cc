#include "internal/smt_script.h"

#include <sstream>

namespace uldp::verify::internal {
namespace {

std::string smt_integer(const Integer& value) { return value.str() + ".0"; }

/// (or a b ...) with the empty case false and the single case unwrapped.
std::string smt_or(const std::vector<std::string>& terms) {
  if (terms.empty()) return "false";
  if (terms.size() == 1) return terms[0];
  std::string out = "(or";
  for (const auto& t : terms) out += " " + t;
  return out + ")";
}

}  // namespace

std::string smt_real(const Rational& value) {
  const Integer num = abs(numerator(value));
  const Integer den = denominator(value);
  std::string magnitude =
      den == 1 ? smt_integer(num) : "(/ " + smt_integer(num) + " " + smt_integer(den) + ")";
  return value < 0 ? "(- " + magnitude + ")" : magnitude;
}

std::string entry_name(std::size_t x, std::size_t y) {
  return "q_" + std::to_string(x) + "_" + std::to_string(y);
}

std::string matrix_preamble(const DenseMechanism& q) {
  std::ostringstream out;
  for (std::size_t x = 0; x < q.num_inputs(); ++x) {
    for (std::size_t y = 0; y < q.num_outputs(); ++y) {
      out << "(define-fun " << entry_name(x, y) << " () Real " << smt_real(q(x, y)) << ")\n";
    }
  }
  out << "(declare-const wx Int)\n(declare-const wxp Int)\n(declare-const wy Int)\n"
      << "(declare-const wrow Int)\n";
  return out.str();
}

std::string stochastic_violation(const DenseMechanism& q) {
  std::vector<std::string> rows;
  for (std::size_t x = 0; x < q.num_inputs(); ++x) {
    std::vector<std::string> bad;
    std::string sum = "(+ 0.0";
    for (std::size_t y = 0; y < q.num_outputs(); ++y) {
      const std::string e = entry_name(x, y);
      bad.push_back("(< " + e + " 0.0)");
      bad.push_back("(> " + e + " 1.0)");
      sum += " " + e;
    }
    bad.push_back("(not (= " + sum + ") 1.0))");
    rows.push_back("(and (= wrow " + std::to_string(x) + ") " + smt_or(bad) + ")");
  }
  return "(assert " + smt_or(rows) + ")";
}

namespace {

/// Chains of declared constants: <name>_y = max (or min) over `rows` of q_x_y, and a<name>_y its
/// argument.
void extreme_chain(std::ostringstream& out, const DenseMechanism& q, const std::vector<bool>& rows,
                   const std::string& name, bool maximum) {
  const char* better = maximum ? ">" : "<";
  for (std::size_t y = 0; y < q.num_outputs(); ++y) {
    const std::string v = name + "_" + std::to_string(y);
    std::string prev_v, prev_a;
    for (std::size_t x = 0; x < q.num_inputs(); ++x) {
      if (!rows[x]) continue;
      const std::string cur_v = v + "_" + std::to_string(x);
      const std::string cur_a = "a" + cur_v;
      if (prev_v.empty()) {
        out << "(declare-const " << cur_v << " Real)\n(assert (= " << cur_v << " "
            << entry_name(x, y) << "))\n"
            << "(declare-const " << cur_a << " Int)\n(assert (= " << cur_a << " " << x << "))\n";
      } else {
        std::string cond = "(";
        cond.append(better)
            .append(" ")
            .append(entry_name(x, y))
            .append(" ")
            .append(prev_v)
            .append(")");
        // Declared constants with defining equations, not define-fun macros: a macro chain that
        // mentions its predecessor twice would expand exponentially.
        out << "(declare-const " << cur_v << " Real)\n(assert (= " << cur_v << " (ite " << cond
            << " " << entry_name(x, y) << " " << prev_v << ")))\n"
            << "(declare-const " << cur_a << " Int)\n(assert (= " << cur_a << " (ite " << cond
            << " " << x << " " << prev_a << ")))\n";
      }
      prev_v = cur_v;
      prev_a = cur_a;
    }
    if (!prev_v.empty()) {
      out << "(define-fun " << v << " () Real " << prev_v << ")\n"
          << "(define-fun a" << v << " () Int " << prev_a << ")\n";
    }
  }
}

}  // namespace

std::string column_extremes(const DenseMechanism& q, const std::vector<bool>& sensitive) {
  std::ostringstream out;
  const std::vector<bool> all(q.num_inputs(), true);
  out << "; Column extremes: max_y = max_x q_x_y (amax_y its x), maxs_y = the max over x in X_S,\n"
      << "; min_y = min_x q_x_y. Some Q(y|x) > r Q(y|x') (r > 0) iff max_y > r min_y for some y.\n";
  extreme_chain(out, q, all, "max", true);
  extreme_chain(out, q, sensitive, "maxs", true);
  extreme_chain(out, q, all, "min", false);
  return out.str();
}

std::string ratio_violation(const DenseMechanism& q, bool sensitive_numerator,
                            const std::vector<std::size_t>& columns, RatioQuery kind,
                            const Rational& bound) {
  const std::string max_name = sensitive_numerator ? "maxs_" : "max_";
  std::vector<std::string> cases;
  for (std::size_t y : columns) {
    if (q.num_inputs() == 0) break;
    const std::string ys = std::to_string(y);
    const std::string mx = max_name + ys;
    const std::string mn = "min_" + ys;
    std::string test;
    switch (kind) {
      case RatioQuery::kAbove:
        test = "(> " + mx + " (* " + smt_real(bound) + " " + mn + "))";
        break;
      case RatioQuery::kAttained:
        test = "(= " + mx + " (* " + smt_real(bound) + " " + mn + ")) (> " + mx + " 0.0)";
        break;
      case RatioQuery::kInfinite:
        test = "(> " + mx + " 0.0) (= " + mn + " 0.0)";
        break;
    }
    cases.push_back("(and (= wy " + ys + ") (= wx a" + mx + ") (= wxp amin_" + ys + ") " + test +
                    ")");
  }
  return "(assert " + smt_or(cases) + ")";
}

std::string invertibility_violation(const DenseMechanism& q, const std::vector<bool>& sensitive,
                                    const std::vector<std::size_t>& columns, bool literal) {
  std::vector<std::string> cases;
  for (std::size_t y : columns) {
    std::vector<std::string> leaks;
    std::string producers = "(+ 0";
    std::string all_producers = "(+ 0";
    for (std::size_t x = 0; x < q.num_inputs(); ++x) {
      const std::string positive = "(> " + entry_name(x, y) + " 0.0)";
      if (sensitive[x])
        leaks.push_back(positive);
      else
        producers += " (ite " + positive + " 1 0)";
      all_producers += " (ite " + positive + " 1 0)";
    }
    producers += ")";
    all_producers += ")";
    // literal: some sensitive producer, or the number of non-sensitive producers is not 1;
    // reachable: some sensitive producer, or two or more producers.
    leaks.push_back(literal ? "(not (= " + producers + " 1))" : "(>= " + all_producers + " 2)");
    cases.push_back("(and (= wy " + std::to_string(y) + ") " + smt_or(leaks) + ")");
  }
  return "(assert " + smt_or(cases) + ")";
}

}  // namespace uldp::verify::internal
