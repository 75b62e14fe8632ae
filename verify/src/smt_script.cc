#include "internal/smt_script.h"

#include <sstream>

namespace uldp::internal {
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

std::string ratio_violation(const DenseMechanism& q, const std::vector<bool>& numerator_rows,
                            const std::vector<std::size_t>& columns, const std::string& relation,
                            const Rational& bound) {
  std::vector<std::string> cases;
  for (std::size_t y : columns) {
    std::vector<std::string> pairs;
    for (std::size_t x = 0; x < q.num_inputs(); ++x) {
      if (numerator_rows[x]) pairs.push_back("(and (= wx " + std::to_string(x) + ") (= A " + entry_name(x, y) + "))");
    }
    std::vector<std::string> denominators;
    for (std::size_t x = 0; x < q.num_inputs(); ++x) {
      denominators.push_back("(and (= wxp " + std::to_string(x) + ") (= B " + entry_name(x, y) + "))");
    }
    cases.push_back("(and (= wy " + std::to_string(y) + ") " + smt_or(pairs) + " " + smt_or(denominators) + ")");
  }
  // A and B are local to the query (declared after push, gone after pop).
  return "(declare-const A Real)\n(declare-const B Real)\n(assert " + smt_or(cases) + ")\n(assert (" +
         relation + " A (* " + smt_real(bound) + " B)))";
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
      if (sensitive[x]) leaks.push_back(positive);
      else producers += " (ite " + positive + " 1 0)";
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

}  // namespace uldp::internal
