#include "internal/exact_step_check.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <variant>

#include "uldp/error.h"

namespace uldp::verify::internal {
namespace {

// ---- S-expressions ----

struct Sexp {
  std::string atom;  // empty for a list
  std::vector<Sexp> items;
  bool is_list() const { return atom.empty(); }
};

class SexpParser {
 public:
  explicit SexpParser(const std::string& text) : text_(text) {}

  std::optional<Sexp> next() {
    skip_space();
    if (pos_ >= text_.size()) return std::nullopt;
    return parse();
  }

 private:
  void skip_space() {
    while (pos_ < text_.size()) {
      if (std::isspace(static_cast<unsigned char>(text_[pos_]))) {
        ++pos_;
      } else if (text_[pos_] == ';') {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      } else {
        break;
      }
    }
  }

  Sexp parse() {
    skip_space();
    if (pos_ >= text_.size()) throw InvalidArgument("SMT-LIB term: unexpected end");
    if (text_[pos_] == ')') throw InvalidArgument("SMT-LIB term: unexpected ')'");
    if (text_[pos_] == '(') {
      ++pos_;
      Sexp list;
      for (;;) {
        skip_space();
        if (pos_ >= text_.size()) throw InvalidArgument("SMT-LIB term: missing ')'");
        if (text_[pos_] == ')') {
          ++pos_;
          return list;
        }
        list.items.push_back(parse());
      }
    }
    const std::size_t start = pos_;
    while (pos_ < text_.size() && text_[pos_] != '(' && text_[pos_] != ')' &&
           !std::isspace(static_cast<unsigned char>(text_[pos_])) && text_[pos_] != ';')
      ++pos_;
    return Sexp{text_.substr(start, pos_ - start), {}};
  }

  const std::string& text_;
  std::size_t pos_ = 0;
};

Sexp parse_one(const std::string& text) {
  SexpParser parser(text);
  std::optional<Sexp> term = parser.next();
  if (!term || parser.next()) throw InvalidArgument("SMT-LIB term: expected exactly one term");
  return *term;
}

// ---- interval evaluation ----

struct Interval {
  Rational lo, hi;
  bool is_point() const { return lo == hi; }
};

enum class Truth { kFalse, kTrue, kUndecided };

using Value = std::variant<Interval, Truth>;

/// Thrown when a term has no real value at the point (a division by an interval holding 0, the
/// root of a negative number); `exact` when the point intervals make it so, not the precision.
struct Undefined {
  bool exact;
  std::string what;
};

Integer floor_of(const Rational& x) {
  Integer q = boost::multiprecision::numerator(x) / boost::multiprecision::denominator(x);
  if (x < 0 && Rational(q) != x) q -= 1;
  return q;
}

Integer ceil_of(const Rational& x) {
  const Integer f = floor_of(x);
  return Rational(f) == x ? f : f + 1;
}

bool perfect_square(const Integer& n, Integer& root) {
  if (n < 0) return false;
  root = boost::multiprecision::sqrt(n);
  return root * root == n;
}

/// Certified bounds on sqrt(x) for x >= 0: exact when x is the square of a rational.
Interval sqrt_bounds(const Rational& x, unsigned bits) {
  Integer num_root, den_root;
  if (perfect_square(boost::multiprecision::numerator(x), num_root) &&
      perfect_square(boost::multiprecision::denominator(x), den_root)) {
    const Rational r(num_root, den_root);
    return {r, r};
  }
  const Integer scale = Integer(1) << bits;
  const Rational scaled = x * Rational(scale * scale);
  const Integer low = boost::multiprecision::sqrt(floor_of(scaled));
  const Integer high = boost::multiprecision::sqrt(ceil_of(scaled)) + 1;
  return {Rational(low, scale), Rational(high, scale)};
}

class Evaluator {
 public:
  Evaluator(const StepTerms& terms, const std::map<std::string, Rational>& values, unsigned bits)
      : values_(values), bits_(bits) {
    for (const auto& [name, term] : terms.definitions) definitions_[name] = parse_one(term);
    for (const auto& [name, term] : terms.roots) roots_[name] = parse_one(term);
  }

  Value eval(const Sexp& e) {
    if (!e.is_list()) return eval_atom(e.atom);
    if (e.items.empty() || e.items[0].is_list())
      throw InvalidArgument("SMT-LIB term: unsupported application");
    const std::string& op = e.items[0].atom;
    std::vector<Value> args;
    if (op == "ite") {
      const Truth c = truth(eval(e.items.at(1)));
      if (c == Truth::kTrue) return eval(e.items.at(2));
      if (c == Truth::kFalse) return eval(e.items.at(3));
      const Interval a = interval(eval(e.items.at(2))), b = interval(eval(e.items.at(3)));
      return Interval{std::min(a.lo, b.lo), std::max(a.hi, b.hi)};
    }
    for (std::size_t i = 1; i < e.items.size(); ++i) args.push_back(eval(e.items[i]));
    if (op == "+" || op == "-" || op == "*" || op == "/") return arithmetic(op, args);
    if (op == "to_real") return interval(args.at(0));
    if (op == "<" || op == "<=" || op == ">" || op == ">=" || op == "=") return compare(op, args);
    if (op == "not") return negate(truth(args.at(0)));
    if (op == "and" || op == "or") {
      const bool is_and = op == "and";
      bool undecided = false;
      for (const Value& a : args) {
        const Truth t = truth(a);
        if (t == (is_and ? Truth::kFalse : Truth::kTrue)) return t;
        undecided = undecided || t == Truth::kUndecided;
      }
      return undecided ? Truth::kUndecided : (is_and ? Truth::kTrue : Truth::kFalse);
    }
    if (op == "=>") {
      const Truth a = truth(args.at(0)), b = truth(args.at(1));
      if (a == Truth::kFalse || b == Truth::kTrue) return Truth::kTrue;
      if (a == Truth::kTrue && b == Truth::kFalse) return Truth::kFalse;
      return Truth::kUndecided;
    }
    throw InvalidArgument("SMT-LIB term: unsupported operator '" + op + "'");
  }

 private:
  static Truth negate(Truth t) {
    return t == Truth::kTrue ? Truth::kFalse : t == Truth::kFalse ? Truth::kTrue : t;
  }

  static Interval interval(const Value& v) {
    if (const auto* i = std::get_if<Interval>(&v)) return *i;
    throw InvalidArgument("SMT-LIB term: a boolean where a number is expected");
  }

  static Truth truth(const Value& v) {
    if (const auto* t = std::get_if<Truth>(&v)) return *t;
    throw InvalidArgument("SMT-LIB term: a number where a boolean is expected");
  }

  Value eval_atom(const std::string& atom) {
    if (atom == "true") return Truth::kTrue;
    if (atom == "false") return Truth::kFalse;
    if (std::isdigit(static_cast<unsigned char>(atom[0]))) {
      const Rational r = parse_rational(atom, "SMT-LIB numeral");
      return Interval{r, r};
    }
    if (const auto v = values_.find(atom); v != values_.end())
      return Interval{v->second, v->second};
    if (const auto d = definitions_.find(atom); d != definitions_.end()) return eval(d->second);
    if (const auto r = roots_.find(atom); r != roots_.end()) {
      const Interval x = interval(eval(r->second));
      if (x.hi < 0) throw Undefined{true, "the square root of a negative number (" + atom + ")"};
      if (x.lo < 0) throw Undefined{false, "the radicand of " + atom + " straddles 0"};
      return Interval{sqrt_bounds(x.lo, bits_).lo, sqrt_bounds(x.hi, bits_).hi};
    }
    throw InvalidArgument("no value for '" + atom + "'");
  }

  static Value arithmetic(const std::string& op, const std::vector<Value>& args) {
    if (args.empty()) throw InvalidArgument("SMT-LIB term: '" + op + "' without arguments");
    Interval acc = interval(args[0]);
    if (op == "-" && args.size() == 1) return Interval{-acc.hi, -acc.lo};
    for (std::size_t i = 1; i < args.size(); ++i) {
      const Interval b = interval(args[i]);
      if (op == "+") {
        acc = {acc.lo + b.lo, acc.hi + b.hi};
      } else if (op == "-") {
        acc = {acc.lo - b.hi, acc.hi - b.lo};
      } else if (op == "*") {
        acc = hull({acc.lo * b.lo, acc.lo * b.hi, acc.hi * b.lo, acc.hi * b.hi});
      } else {
        if (b.lo <= 0 && b.hi >= 0) throw Undefined{b.is_point(), "a division by zero"};
        acc = hull({acc.lo / b.lo, acc.lo / b.hi, acc.hi / b.lo, acc.hi / b.hi});
      }
    }
    return acc;
  }

  static Interval hull(std::initializer_list<Rational> xs) { return {std::min(xs), std::max(xs)}; }

  static Value compare(const std::string& op, const std::vector<Value>& args) {
    bool undecided = false;
    for (std::size_t i = 0; i + 1 < args.size(); ++i) {
      const Interval a = interval(args[i]), b = interval(args[i + 1]);
      Truth t;
      if (op == "=") {
        t = a.is_point() && b.is_point() && a.lo == b.lo ? Truth::kTrue
            : a.hi < b.lo || b.hi < a.lo                 ? Truth::kFalse
                                                         : Truth::kUndecided;
      } else {
        const bool strict = op == "<" || op == ">";
        const Interval& x = (op == "<" || op == "<=") ? a : b;
        const Interval& y = (op == "<" || op == "<=") ? b : a;
        // x < y (strict) or x <= y.
        const bool sure = strict ? x.hi < y.lo : x.hi <= y.lo;
        const bool never = strict ? x.lo >= y.hi : x.lo > y.hi;
        t = sure ? Truth::kTrue : never ? Truth::kFalse : Truth::kUndecided;
      }
      if (t == Truth::kFalse) return t;
      undecided = undecided || t == Truth::kUndecided;
    }
    return undecided ? Truth::kUndecided : Truth::kTrue;
  }

  const std::map<std::string, Rational>& values_;
  std::map<std::string, Sexp> definitions_, roots_;
  unsigned bits_;
};

std::string point_text(const std::map<std::string, Rational>& values) {
  std::string text;
  for (const auto& [name, value] : values) {
    text += (text.empty() ? "" : ", ") + name + " = " + to_string(value);
  }
  return text;
}

}  // namespace

std::map<std::string, Rational> rational_model_values(const std::string& model) {
  std::map<std::string, Rational> values;
  const std::map<std::string, Rational> none;
  const auto add = [&](const std::string& name, const std::string& term) {
    try {
      if (auto v = evaluate_rational(term, none)) values[name] = *v;
    } catch (const InvalidArgument&) {
      // root-obj, a function, ...: not a rational constant
    }
  };
  if (model.find("define-fun") != std::string::npos) {
    SexpParser parser(model);
    while (auto form = parser.next()) {
      std::vector<const Sexp*> stack{&*form};
      while (!stack.empty()) {
        const Sexp* e = stack.back();
        stack.pop_back();
        if (!e->is_list()) continue;
        if (e->items.size() == 5 && e->items[0].atom == "define-fun" && e->items[2].is_list() &&
            e->items[2].items.empty()) {
          std::ostringstream term;
          const std::function<void(const Sexp&)> print = [&](const Sexp& s) {
            if (!s.is_list()) {
              term << s.atom << ' ';
              return;
            }
            term << '(';
            for (const Sexp& item : s.items) print(item);
            term << ')';
          };
          print(e->items[4]);
          add(e->items[1].atom, term.str());
          continue;
        }
        for (const Sexp& item : e->items) stack.push_back(&item);
      }
    }
    return values;
  }
  std::istringstream lines(model);
  for (std::string line; std::getline(lines, line);) {
    const std::size_t eq = line.find(" = ");
    if (eq == std::string::npos) continue;
    add(line.substr(0, eq), line.substr(eq + 3));
  }
  return values;
}

std::optional<Rational> evaluate_rational(const std::string& term,
                                          const std::map<std::string, Rational>& values) {
  const StepTerms none;
  Evaluator evaluator(none, values, 64);
  try {
    const Value v = evaluator.eval(parse_one(term));
    const auto* i = std::get_if<Interval>(&v);
    if (i == nullptr || !i->is_point()) return std::nullopt;
    return i->lo;
  } catch (const Undefined&) {
    return std::nullopt;
  }
}

ExactCheck check_counterexample(const StepTerms& terms,
                                const std::map<std::string, Rational>& values) {
  const std::string at = "at " + point_text(values);
  std::string why = "undecided";
  for (unsigned bits : {64U, 256U, 1024U}) {
    Evaluator evaluator(terms, values, bits);
    try {
      bool undecided = false;
      bool hypotheses_hold = true;
      std::string failed;
      for (const std::string& h : terms.hypotheses) {
        const Value v = evaluator.eval(parse_one(h));
        const Truth t = std::get<Truth>(v);
        if (t == Truth::kFalse) {
          hypotheses_hold = false;
          failed = h;
          break;
        }
        undecided = undecided || t == Truth::kUndecided;
      }
      if (!hypotheses_hold) return {false, at + ": the hypothesis " + failed + " is false"};
      const Value c = evaluator.eval(parse_one(terms.conclusion));
      const Truth conclusion = std::get<Truth>(c);
      if (conclusion == Truth::kTrue) return {false, at + ": the step holds there"};
      if (!undecided && conclusion == Truth::kFalse)
        return {true, at + ": every hypothesis holds and the step fails (exact evaluation, " +
                          std::to_string(bits) + "-bit root bounds)"};
    } catch (const Undefined& u) {
      if (u.exact) return {false, at + ": " + u.what};
      why = u.what;
    } catch (const InvalidArgument& e) {
      return {false, at + ": " + e.what()};
    } catch (const std::bad_variant_access&) {
      return {false, at + ": a hypothesis or the step is not a formula"};
    }
  }
  return {false, at + ": not decided with 1024-bit root bounds (" + why + ")"};
}

}  // namespace uldp::verify::internal
