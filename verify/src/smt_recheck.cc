#include "uldp/verify/smt_recheck.h"

#include <chrono>
#include <ostream>
#include <regex>
#include <sstream>
#include <stdexcept>

#include <z3++.h>

#include "internal/smt_script.h"
#include "uldp/arithmetic/certified_exp.h"
#include "uldp/error.h"

namespace uldp::verify {
namespace {

using internal::smt_real;

enum class Answer { kSat, kUnsat, kUnknown };

const char* answer_name(Answer a) {
  return a == Answer::kSat ? "sat" : a == Answer::kUnsat ? "unsat" : "unknown";
}

struct CheckResult {
  Answer answer = Answer::kUnknown;
  std::size_t wx = 0, wxp = 0, wy = 0, wrow = 0;
};

/// A Z3 SMT-LIB2 command session (Z3_eval_smtlib2_string keeps declarations across calls), that
/// also records the certificate queries into a re-runnable script.
class SmtSession {
 public:
  SmtSession(const std::string& preamble, unsigned timeout_ms) {
    eval("(set-option :timeout " + std::to_string(timeout_ms) + ")\n");
    eval(preamble);
  }

  /// push; assertions; check-sat; selector values when sat; pop.
  CheckResult check(const std::string& assertions) {
    CheckResult r;
    const auto start = std::chrono::steady_clock::now();
    const std::string out = trim(eval("(push)\n" + assertions + "\n(check-sat)\n"));
    seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.answer = out == "sat" ? Answer::kSat : out == "unsat" ? Answer::kUnsat : Answer::kUnknown;
    if (r.answer == Answer::kSat) {
      const std::string values = eval("(get-value (wx wxp wy wrow))\n");
      static const std::regex pair(R"(\((\w+) (\d+)\))");
      for (std::sregex_iterator it(values.begin(), values.end(), pair), end; it != end; ++it) {
        const std::string name = (*it)[1];
        const std::size_t value = std::stoul((*it)[2]);
        if (name == "wx") r.wx = value;
        if (name == "wxp") r.wxp = value;
        if (name == "wy") r.wy = value;
        if (name == "wrow") r.wrow = value;
      }
    }
    eval("(pop)\n");
    return r;
  }

  /// check() and record the query in the certificate, announced by an echo line that states
  /// the answer obtained here.
  CheckResult certify(const std::string& title, const std::string& assertions) {
    CheckResult r = check(assertions);
    ++count_;
    script_ << "\n; [" << count_ << "] " << title << "\n(echo \"[" << count_ << "] " << title
            << " -- expect " << answer_name(r.answer) << "\")\n(push)\n"
            << assertions << "\n(check-sat)\n(pop)\n";
    expected_.push_back(answer_name(r.answer));
    return r;
  }

  std::string script() const { return script_.str(); }
  const std::vector<std::string>& expected() const { return expected_; }
  double seconds() const { return seconds_; }

 private:
  std::string eval(const std::string& commands) {
    const char* out = Z3_eval_smtlib2_string(ctx_, commands.c_str());
    if (Z3_get_error_code(ctx_) != Z3_OK) {
      throw std::runtime_error(std::string("z3: ") +
                               Z3_get_error_msg(ctx_, Z3_get_error_code(ctx_)));
    }
    std::string text = out == nullptr ? "" : out;
    if (text.find("(error") != std::string::npos) throw std::runtime_error("z3: " + text);
    return text;
  }
  static std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \n\r\t");
    const auto e = s.find_last_not_of(" \n\r\t");
    return b == std::string::npos ? "" : s.substr(b, e - b + 1);
  }

  z3::context ctx_;
  std::ostringstream script_;
  std::vector<std::string> expected_;
  std::size_t count_ = 0;
  double seconds_ = 0;
};

Witness make_witness(const DenseMechanism& q, std::size_t x, std::size_t xp, std::size_t y) {
  Witness w;
  w.x = x;
  w.x_prime = xp;
  w.y = y;
  w.y_label = q.output_labels()[y];
  w.q_x = q(x, y);
  w.q_x_prime = q(xp, y);
  return w;
}

std::string set_text(const std::vector<std::size_t>& indices) {
  std::string s = "{";
  for (std::size_t i = 0; i < indices.size(); ++i)
    s.append(i ? "," : "").append(std::to_string(indices[i]));
  return s + "}";
}

/// The tight ratio of one ratio condition, found by Z3 and certified in the script.
struct RatioPart {
  bool known = false;
  ExtendedRational tight{Rational(1)};
  std::optional<Witness> attained_by;
};

/// The triples of one ratio condition: x over X (or X_S: OSLDP), x' over X, y over `columns`.
struct Scope {
  bool sensitive_numerator = false;
  std::vector<std::size_t> columns;
};

class Rechecker {
 public:
  Rechecker(const DenseMechanism& q, const std::vector<bool>& sensitive_rows,
            const std::optional<PrivacyBudget>& budget, const SmtRecheckOptions& options)
      : q_(q),
        budget_(budget),
        session_(internal::matrix_preamble(q) + internal::column_extremes(q, sensitive_rows),
                 options.timeout_ms) {}

  SmtSession& session() { return session_; }

  /// One step: is some ratio in scope above `bound`? On sat, records the triple (as the
  /// attained candidate) and its ratio; returns the answer.
  Answer above(const Scope& scope, const Rational& bound, RatioPart& part, Rational& ratio) {
    const CheckResult c = session_.check(internal::ratio_violation(
        q_, scope.sensitive_numerator, scope.columns, internal::RatioQuery::kAbove, bound));
    if (c.answer != Answer::kSat) return c.answer;
    const Rational& a = q_(c.wx, c.wy);
    const Rational& b = q_(c.wxp, c.wy);
    if (b == 0 ? a <= 0 : a / b <= bound)
      throw std::runtime_error("z3 model does not exceed the bound");
    part.attained_by = make_witness(q_, c.wx, c.wxp, c.wy);
    if (b == 0)
      part.tight = ExtendedRational::infinity();
    else
      ratio = a / b;
    return Answer::kSat;
  }

  /// The search of tight_ratio; false when Z3 answered unknown.
  bool search(const Scope& scope, RatioPart& part, Rational lo) {
    Rational ratio;
    Answer a = above(scope, lo, part, ratio);
    if (a == Answer::kUnknown) return false;
    if (a == Answer::kUnsat) {
      part.tight = ExtendedRational(lo);
      return true;
    }
    if (part.tight.is_infinite()) return true;
    lo = ratio;
    std::optional<Rational> hi;
    while (true) {
      const Rational mid = hi ? Rational((lo + *hi) / 2) : Rational(lo * 2);
      a = above(scope, mid, part, ratio);
      if (a == Answer::kUnknown) return false;
      if (part.tight.is_infinite()) return true;
      if (a == Answer::kSat) {
        lo = ratio;
        continue;
      }
      hi = mid;
      a = above(scope, lo, part, ratio);  // is lo itself the maximum?
      if (a == Answer::kUnknown) return false;
      if (part.tight.is_infinite()) return true;
      if (a == Answer::kUnsat) {
        part.tight = ExtendedRational(lo);
        return true;
      }
      lo = ratio;
    }
  }

  /// Finds the tight ratio r* = max Q(y|x)/Q(y|x') over the scope with Z3 alone: keep an
  /// attained ratio lo (from Z3's models) and an upper bound hi (from unsat answers); ask for a
  /// triple above m = (lo + hi)/2 (m = 2 lo while hi is unknown): sat raises lo above m, unsat
  /// sets hi = m and then asks above lo itself (unsat: lo = r*, done). Each answer halves the
  /// gap or reaches a larger attained ratio, so the search ends. Then the script certifies
  /// "nothing exceeds r*" (unsat) and "r* is attained" (sat).
  RatioPart tight_ratio(const std::string& what, const Scope& scope) {
    RatioPart part;
    if (!search(scope, part, Rational(1))) return part;
    if (part.tight.is_infinite()) {
      const CheckResult c =
          session_.certify(what + ": some Q(y|x) > 0 with Q(y|x') = 0 (ratio infinite)",
                           internal::ratio_violation(q_, scope.sensitive_numerator, scope.columns,
                                                     internal::RatioQuery::kInfinite, Rational(0)));
      if (c.answer != Answer::kSat) return part;
    } else {
      const Rational r = part.tight.value();
      const CheckResult upper =
          session_.certify(what + ": some Q(y|x) > " + to_string(r) +
                               " Q(y|x') (unsat: tight ratio <= " + to_string(r) + ")",
                           internal::ratio_violation(q_, scope.sensitive_numerator, scope.columns,
                                                     internal::RatioQuery::kAbove, r));
      if (upper.answer != Answer::kUnsat) return part;
      if (part.attained_by) {
        const CheckResult attained = session_.certify(
            what + ": some Q(y|x) = " + to_string(r) + " Q(y|x') > 0 (sat: the ratio is attained)",
            internal::ratio_violation(q_, scope.sensitive_numerator, scope.columns,
                                      internal::RatioQuery::kAttained, r));
        if (attained.answer != Answer::kSat) return part;
      }
    }
    part.known = true;
    return part;
  }

  /// The verdict of a ratio condition: at the budget (a Z3 query against a rational bound with
  /// the same answer as the real e^ε) or, with no budget, "the tight ratio is finite".
  SmtPropertyCheck ratio_verdict(const std::string& what, const RatioPart& part,
                                 const Scope& scope) {
    SmtPropertyCheck check;
    if (part.known) check.tight_exp_eps = part.tight;
    if (!budget_) {
      if (!part.known) return check;
      check.status = part.tight.is_infinite() ? ProofStatus::kRefuted : ProofStatus::kProved;
      if (check.status == ProofStatus::kRefuted) {
        check.violated = Condition::kRatio;
        check.witness = part.attained_by;
      }
      return check;
    }
    bool bound_is_exact = true;  // a "sat" against the bound means a real violation
    const Rational bound = budget_bound(part, bound_is_exact);
    const CheckResult c = session_.certify(
        what + ": some Q(y|x) > " + to_string(bound) + " Q(y|x') (unsat: holds at the budget)",
        internal::ratio_violation(q_, scope.sensitive_numerator, scope.columns,
                                  internal::RatioQuery::kAbove, bound));
    if (c.answer == Answer::kUnsat) {
      check.status = ProofStatus::kProved;
    } else if (c.answer == Answer::kSat && bound_is_exact) {
      check.status = ProofStatus::kRefuted;
      check.violated = Condition::kRatio;
      check.witness = make_witness(q_, c.wx, c.wxp, c.wy);
    }
    return check;
  }

 private:
  /// A rational B with: ratio <= B  <=>  the budget admits the ratio. For a budget given as t,
  /// B = t. For a budget given as ε (real e^ε), B is a certified lower bound of e^ε that is
  /// >= the tight ratio (holds) or a certified upper bound < it (fails); `exact` is false when
  /// no such B is known (the tight ratio is unknown), and then only "unsat" is conclusive.
  Rational budget_bound(const RatioPart& part, bool& exact) const {
    const Rational& t = budget_->exp_eps();
    if (!budget_->epsilon() || (part.known && part.tight.is_infinite())) return t;
    if (!part.known) {
      exact = false;
      return t;
    }
    const Rational& r = part.tight.value();
    if (r <= t) return t;
    for (unsigned bits = 64; bits <= (1u << 14); bits *= 2) {
      const ExpBounds e = exp_bounds(*budget_->epsilon(), bits);
      if (e.lower >= r) return e.lower;
      if (e.upper < r) return e.upper;
    }
    exact = false;
    return t;
  }

  const DenseMechanism& q_;
  const std::optional<PrivacyBudget>& budget_;
  SmtSession session_;
};

/// Condition 1 witness in the convention of checks/verdict.h.
Witness invertibility_witness(const DenseMechanism& q, const IndexSet& sensitive, std::size_t y) {
  std::vector<std::size_t> producers;
  for (std::size_t x = 0; x < q.num_inputs(); ++x) {
    if (q(x, y) != 0) producers.push_back(x);
  }
  for (std::size_t x : producers) {
    if (sensitive.contains(x)) {
      const std::size_t other =
          producers.size() > 1 ? (producers[0] == x ? producers[1] : producers[0]) : x;
      return make_witness(q, x, other, y);
    }
  }
  if (producers.size() >= 2) return make_witness(q, producers[0], producers[1], y);
  const IndexSet non_sensitive = sensitive.complement();
  const std::size_t x = non_sensitive.empty() ? 0 : non_sensitive.indices().front();
  return make_witness(q, x, x, y);
}

std::string header(const DenseMechanism& q, const IndexSet& sensitive,
                   const IndexSet& protected_outputs, const std::optional<PrivacyBudget>& budget) {
  std::ostringstream h;
  h << "; uldp SMT-LIB2 certificate: eps-LDP (Definition 1), (X_S, Y_P, eps)-ULDP (Definition 2, "
       "literal\n"
    << "; and reachable readings of condition 1) and (X_S, eps)-OSLDP (Definition 6) of one exact "
       "matrix.\n"
    << "; Matrix: |X| = " << q.num_inputs() << " inputs, |Y| = " << q.num_outputs()
    << " outputs; q_x_y is Q(y|x), the exact rational entry.\n"
    << "; X_S = " << set_text(sensitive.indices())
    << ", Y_P = " << set_text(protected_outputs.indices()) << "\n"
    << "; Budget: " << (budget ? budget->describe() : std::string("none (tight ratios only)"))
    << "\n"
    << ";\n"
    << "; Re-run with:  z3 <this file>\n"
    << "; Every query asserts a VIOLATION of a statement and asks (check-sat):\n"
    << ";   unsat = no violation exists: the statement holds for this matrix (a proof);\n"
    << ";   sat   = a violation exists; selectors wx = x, wxp = x', wy = y name the triple,\n"
    << ";           A = Q(y|x), B = Q(y|x') (wrow = the row, for stochasticity).\n"
    << "; Each (echo ...) line names a query and the answer uldp obtained; z3 prints its own "
       "answer\n"
    << "; right below it, and the two must agree. Ratio queries compare per-column extremes\n"
    << "; (max_y, min_y: define-fun chains below), so the file is O(|X| |Y|), not O(|X|^2 |Y|).\n"
    << "; For a budget given as eps, e^eps is irrational: the bound used is a rational certified\n"
    << "; (Taylor bounds) to lie on the same side of the tight ratio as e^eps.\n\n";
  return h.str();
}

}  // namespace

std::optional<bool> SmtPropertyCheck::holds() const {
  if (status == ProofStatus::kUnknown) return std::nullopt;
  return status == ProofStatus::kProved;
}

SmtCertificate smt_recheck(const DenseMechanism& q, const IndexSet& sensitive,
                           const IndexSet& protected_outputs,
                           const std::optional<PrivacyBudget>& budget,
                           const SmtRecheckOptions& options) {
  if (sensitive.universe() != q.num_inputs()) {
    throw InvalidArgument("sensitive: the set is over " + std::to_string(sensitive.universe()) +
                          " inputs but the matrix has " + std::to_string(q.num_inputs()));
  }
  if (protected_outputs.universe() != q.num_outputs()) {
    throw InvalidArgument("protected: the set is over " +
                          std::to_string(protected_outputs.universe()) +
                          " outputs but the matrix has " + std::to_string(q.num_outputs()));
  }
  const std::size_t entries = q.num_inputs() * q.num_outputs();
  if (entries > options.max_entries) {
    throw InvalidArgument("smt: the matrix has " + std::to_string(entries) +
                          " entries; the SMT re-check accepts at most " +
                          std::to_string(options.max_entries));
  }
  SmtCertificate cert;
  std::vector<bool> sensitive_rows(q.num_inputs(), false);
  for (std::size_t x : sensitive.indices()) sensitive_rows[x] = true;
  Rechecker checker(q, sensitive_rows, budget, options);
  SmtSession& session = checker.session();

  const CheckResult stochastic = session.certify(
      "stochasticity: some entry outside [0,1] or some row sum != 1 (unsat: the matrix is "
      "stochastic)",
      internal::stochastic_violation(q));
  if (stochastic.answer == Answer::kUnsat) {
    cert.stochastic = ProofStatus::kProved;
  } else if (stochastic.answer == Answer::kSat) {
    cert.stochastic = ProofStatus::kRefuted;
    Rational sum(0);
    for (std::size_t y = 0; y < q.num_outputs(); ++y) sum += q(stochastic.wrow, y);
    cert.stochastic_problem = "row " + std::to_string(stochastic.wrow) + " (sums to " +
                              to_string(sum) + ") has an entry outside [0,1] or does not sum to 1";
  }

  std::vector<std::size_t> all_columns(q.num_outputs());
  for (std::size_t y = 0; y < all_columns.size(); ++y) all_columns[y] = y;
  const Scope ldp_scope{false, all_columns};
  const Scope uldp_scope{false, protected_outputs.indices()};
  // OSLDP: x in X_S (no triple at all when X_S is empty).
  const Scope osldp_scope{true, sensitive.empty() ? std::vector<std::size_t>{} : all_columns};

  // eps-LDP: every x, x', y.
  const RatioPart ldp = checker.tight_ratio("ldp", ldp_scope);
  cert.ldp = checker.ratio_verdict("ldp", ldp, ldp_scope);

  // ULDP: condition 1 on Y_I (per reading), then the ratio on Y_P (shared).
  const RatioPart uldp_ratio = checker.tight_ratio("uldp ratio on Y_P", uldp_scope);
  const std::vector<std::size_t> invertible = protected_outputs.complement().indices();
  for (bool literal : {true, false}) {
    SmtPropertyCheck& out = literal ? cert.uldp_literal : cert.uldp_reachable;
    const std::string reading = literal ? "literal" : "reachable";
    const CheckResult c1 =
        session.certify("uldp condition 1 (" + reading +
                            "): some y in Y_I is not invertible to one x in X_N (unsat: holds)",
                        internal::invertibility_violation(q, sensitive_rows, invertible, literal));
    if (c1.answer == Answer::kUnknown) continue;
    if (c1.answer == Answer::kSat) {
      out.status = ProofStatus::kRefuted;
      out.tight_exp_eps = ExtendedRational::infinity();
      out.violated = Condition::kInvertibility;
      out.witness = invertibility_witness(q, sensitive, c1.wy);
      continue;
    }
    out = checker.ratio_verdict("uldp ratio on Y_P (" + reading + ")", uldp_ratio, uldp_scope);
  }

  // OSLDP: x in X_S, any x', any y.
  const RatioPart os = checker.tight_ratio("osldp", osldp_scope);
  cert.osldp = checker.ratio_verdict("osldp", os, osldp_scope);

  cert.script = header(q, sensitive, protected_outputs, budget) + internal::matrix_preamble(q) +
                internal::column_extremes(q, sensitive_rows) + session.script();
  cert.expected_answers = session.expected();
  cert.seconds = session.seconds();
  return cert;
}

void write_smt_certificate(const DenseMechanism& q, const IndexSet& sensitive,
                           const IndexSet& protected_outputs,
                           const std::optional<PrivacyBudget>& budget, std::ostream& out,
                           const SmtRecheckOptions& options) {
  out << smt_recheck(q, sensitive, protected_outputs, budget, options).script;
}

}  // namespace uldp::verify
