#include "internal/coq_terms.h"

#include <cctype>
#include <set>
#include <utility>
#include <vector>

#include "uldp/error.h"

namespace uldp::verify::internal {
namespace {

/// An s-expression: an atom (children empty, atom set) or a list.
struct Sexp {
  std::string atom;
  std::vector<Sexp> children;
  bool is_list = false;
};

[[noreturn]] void fail(const std::string& what, const std::string& smt) {
  throw InvalidArgument("coq: " + what + " in '" + smt + "'");
}

class Parser {
 public:
  explicit Parser(const std::string& text) : text_(text) {}

  Sexp parse() {
    Sexp s = next();
    skip_space();
    if (at_ < text_.size()) fail("trailing text", text_);
    return s;
  }

 private:
  void skip_space() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
  }

  Sexp next() {
    skip_space();
    if (at_ >= text_.size()) fail("unexpected end", text_);
    Sexp s;
    if (text_[at_] == '(') {
      ++at_;
      s.is_list = true;
      for (skip_space(); at_ < text_.size() && text_[at_] != ')'; skip_space())
        s.children.push_back(next());
      if (at_ >= text_.size()) fail("unbalanced parenthesis", text_);
      ++at_;
      if (s.children.empty() || s.children.front().is_list) fail("no operator", text_);
      return s;
    }
    if (text_[at_] == ')') fail("unbalanced parenthesis", text_);
    while (at_ < text_.size() && text_[at_] != '(' && text_[at_] != ')' &&
           !std::isspace(static_cast<unsigned char>(text_[at_])))
      s.atom += text_[at_++];
    return s;
  }

  const std::string& text_;
  std::size_t at_ = 0;
};

/// A printed term and its Coq precedence level (0: atomic; 35 unary minus; 40 * /; 50 + -;
/// 70 comparisons; 80 /\; 85 \/; 99 ->; 200 if-then-else).
struct Printed {
  std::string text;
  int level = 0;
  bool logical = false;  // built by a connective (parenthesized inside another connective)
};

std::string wrapped(const Printed& p, int max_level) {
  return p.level > max_level ? "(" + p.text + ")" : p.text;
}

bool is_numeral(const std::string& atom) {
  bool digits = false, dot = false;
  for (const char c : atom) {
    if (std::isdigit(static_cast<unsigned char>(c))) {
      digits = true;
    } else if (c == '.' && !dot) {
      dot = true;
    } else {
      return false;
    }
  }
  return digits;
}

std::string stripped_zeros(std::string digits) {
  const std::size_t first = digits.find_first_not_of('0');
  return first == std::string::npos ? "0" : digits.substr(first);
}

/// Exact decimal numeral: 2.0 -> 2, 1.5 -> 3/2, 0.25 -> 1/4 (reduced).
Printed numeral(const std::string& atom) {
  const std::size_t dot = atom.find('.');
  std::string whole = atom.substr(0, dot),
              fraction = dot == std::string::npos ? "" : atom.substr(dot + 1);
  while (!fraction.empty() && fraction.back() == '0') fraction.pop_back();
  if (fraction.empty()) return {stripped_zeros(whole.empty() ? "0" : whole), 0};
  if (whole.size() + fraction.size() > 18) fail("numeral too long", atom);
  unsigned long long numerator = std::stoull(whole + fraction), denominator = 1;
  for (std::size_t i = 0; i < fraction.size(); ++i) denominator *= 10;
  for (const unsigned long long p : {2ULL, 5ULL}) {
    while (numerator % p == 0 && denominator % p == 0) {
      numerator /= p;
      denominator /= p;
    }
  }
  if (denominator == 1) return {std::to_string(numerator), 0};
  return {std::to_string(numerator) + "/" + std::to_string(denominator), 40};
}

const std::set<std::string>& coq_reserved() {
  static const std::set<std::string> names = {
      "R",      "as",   "at",  "cofix", "else", "end",   "exists", "fix",    "for",
      "forall", "fun",  "if",  "in",    "let",  "match", "mod",    "return", "then",
      "with",   "Prop", "Set", "SProp", "Type", "where", "struct", "IF",     "sqrt",
      "Rabs",   "IZR",  "INR", "exp",   "ln",   "PI",    "Rmin",   "Rmax"};
  return names;
}

bool is_symbol(const std::string& atom) {
  if (atom.empty() || !(std::isalpha(static_cast<unsigned char>(atom[0])) || atom[0] == '_'))
    return false;
  for (const char c : atom) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  }
  return true;
}

class Printer {
 public:
  Printer(const std::string& smt, const std::set<std::string>* bound) : smt_(smt), bound_(bound) {}

  Printed print(const Sexp& s) {
    if (!s.is_list) return atom(s.atom);
    const std::string& op = s.children.front().atom;
    const std::size_t n = s.children.size() - 1;
    const auto arg = [&](std::size_t i) { return print(s.children[i + 1]); };
    if (op == "+" || op == "*" || (op == "-" && n >= 2) || (op == "/" && n >= 2)) {
      if (n < 2 && op != "-") fail("'" + op + "' with fewer than two arguments", smt_);
      const int level = (op == "+" || op == "-") ? 50 : 40;
      std::string text = wrapped(arithmetic(arg(0)), level);
      for (std::size_t i = 1; i < n; ++i)
        text += " " + op + " " + wrapped(arithmetic(arg(i)), level - 1);
      return {text, level};
    }
    if (op == "-" && n == 1) return {"- " + wrapped(arithmetic(arg(0)), 35), 35};
    if (op == "<=" || op == "<" || op == ">=" || op == ">" || op == "=") {
      if (n != 2) fail("'" + op + "' with other than two arguments", smt_);
      return {wrapped(arithmetic(arg(0)), 69) + " " + op + " " + wrapped(arithmetic(arg(1)), 69),
              70};
    }
    if (op == "and" || op == "or") {
      if (n < 1) fail("'" + op + "' without arguments", smt_);
      if (n == 1) return connective_sole(arg(0));
      std::string text;
      for (std::size_t i = 0; i < n; ++i)
        text += (i ? (op == "and" ? " /\\ " : " \\/ ") : "") + connective_operand(arg(i));
      return {text, op == "and" ? 80 : 85, true};
    }
    if (op == "=>") {
      if (n != 2) fail("'=>' with other than two arguments", smt_);
      return {connective_operand(arg(0)) + " -> " + connective_operand(arg(1)), 99, true};
    }
    if (op == "ite") {
      if (n != 3) fail("'ite' with other than three arguments", smt_);
      const Sexp& c = s.children[1];
      static const std::pair<const char*, const char*> deciders[] = {
          {"<=", "Rle_dec"}, {"<", "Rlt_dec"}, {">=", "Rge_dec"}, {">", "Rgt_dec"}};
      const char* decider = nullptr;
      if (c.is_list && c.children.size() == 3) {
        for (const auto& [smt_op, coq] : deciders) {
          if (c.children.front().atom == smt_op) decider = coq;
        }
      }
      if (decider == nullptr) fail("'ite' on a condition other than a comparison <= < >= >", smt_);
      return {std::string("if ") + decider + " " + wrapped(arithmetic(print(c.children[1])), 0) +
                  " " + wrapped(arithmetic(print(c.children[2])), 0) + " then " +
                  arithmetic(arg(1)).text + " else " + arithmetic(arg(2)).text,
              200};
    }
    fail("operator '" + op + "' outside the translated subset", smt_);
  }

 private:
  Printed atom(const std::string& a) {
    if (is_numeral(a)) return numeral(a);
    if (!is_symbol(a)) fail("token '" + a + "' is neither a numeral nor a symbol", smt_);
    if (coq_reserved().count(a)) fail("symbol '" + a + "' is a Coq keyword or R notion", smt_);
    if (bound_ != nullptr && !bound_->count(a)) fail("symbol '" + a + "' is not bound", smt_);
    return {a, 0};
  }

  /// A real-valued operand: no connective or comparison.
  Printed arithmetic(Printed p) {
    if (p.logical || p.level == 70) fail("a formula where a real term is expected", smt_);
    return p;
  }

  /// (and F), (or F): F itself.
  Printed connective_sole(const Printed& p) {
    connective_operand(p);
    return p;
  }

  /// An operand of /\, \/, ->: a comparison as is, anything compound in parentheses.
  std::string connective_operand(const Printed& p) {
    if (!p.logical && p.level != 70) fail("a real term where a formula is expected", smt_);
    return p.logical ? "(" + p.text + ")" : p.text;
  }

  const std::string& smt_;
  const std::set<std::string>* bound_;
};

Printed translated(const std::string& smt, const std::set<std::string>* bound) {
  return Printer(smt, bound).print(Parser(smt).parse());
}

/// A hypothesis or conclusion: a formula (not a real term).
std::string formula(const std::string& smt, const std::set<std::string>& bound) {
  const Printed p = translated(smt, &bound);
  if (!p.logical && p.level != 70) fail("a real term where a formula is expected", smt);
  return p.level >= 99 ? "(" + p.text + ")" : p.text;
}

std::string real_term(const std::string& smt, const std::set<std::string>& bound, int max_level) {
  const Printed p = translated(smt, &bound);
  if (p.logical || p.level == 70) fail("a formula where a real term is expected", smt);
  return wrapped(p, max_level);
}

}  // namespace

std::string coq_term(const std::string& smt) { return translated(smt, nullptr).text; }

std::string step_coq_name(const StepSpec& spec) {
  std::string name = "step_" + spec.name;
  for (char& c : name) {
    if (c == '.') c = '_';
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
      throw InvalidArgument("coq: step name '" + spec.name + "' is not a Coq identifier");
  }
  return name;
}

CoqTheorem step_coq_theorem(const StepSpec& spec) {
  std::vector<std::string> names = spec.constants;
  for (const auto& [name, term] : spec.definitions) names.push_back(name);
  for (const auto& [name, radicand] : spec.roots) names.push_back(name);
  std::set<std::string> bound;
  std::string binders;
  for (const std::string& name : names) {
    if (!is_symbol(name) || coq_reserved().count(name))
      throw InvalidArgument("coq: step " + spec.name + " binds '" + name +
                            "', not a usable Coq identifier");
    if (!bound.insert(name).second)
      throw InvalidArgument("coq: step " + spec.name + " binds '" + name + "' twice");
    binders += " " + name;
  }
  std::vector<std::string> hypotheses;
  for (const auto& [name, term] : spec.definitions)
    hypotheses.push_back(name + " = " + real_term(term, bound, 69));
  for (const auto& [name, radicand] : spec.roots)
    hypotheses.push_back("0 <= " + name + " /\\ " + name + " * " + name + " = " +
                         real_term(radicand, bound, 69));
  for (const std::string& fact : spec.named_facts) hypotheses.push_back(formula(fact, bound));
  for (const std::string& h : spec.at_step) hypotheses.push_back(formula(h, bound));
  std::string text =
      "Theorem " + step_coq_name(spec) + " :\n  forall (" + binders.substr(1) + " : R),\n";
  for (const std::string& h : hypotheses) text += "  " + h + " ->\n";
  text += "  " + formula(spec.conclusion, bound) + ".\n";
  return {"Steps", text, step_coq_name(spec)};
}

}  // namespace uldp::verify::internal
