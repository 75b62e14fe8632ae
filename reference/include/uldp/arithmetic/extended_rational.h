// A non-negative rational or +infinity: what a likelihood ratio Q(y|x)/Q(y|x') can be.
#pragma once

#include <string>

#include "uldp/arithmetic/rational.h"

namespace uldp {

/// A rational, or +infinity (a ratio c/0 with c > 0). Totally ordered.
class ExtendedRational {
 public:
  ExtendedRational() = default;  // zero
  explicit ExtendedRational(Rational value) : value_(std::move(value)) {}
  static ExtendedRational infinity() {
    ExtendedRational r;
    r.infinite_ = true;
    return r;
  }

  bool is_infinite() const { return infinite_; }
  /// The finite value; only meaningful when !is_infinite().
  const Rational& value() const { return value_; }
  /// "a/b", "a" or "inf".
  std::string to_string() const { return infinite_ ? "inf" : uldp::to_string(value_); }

  friend bool operator==(const ExtendedRational& a, const ExtendedRational& b) {
    return a.infinite_ == b.infinite_ && (a.infinite_ || a.value_ == b.value_);
  }
  friend bool operator<(const ExtendedRational& a, const ExtendedRational& b) {
    if (a.infinite_) return false;
    if (b.infinite_) return true;
    return a.value_ < b.value_;
  }
  friend bool operator>(const ExtendedRational& a, const ExtendedRational& b) { return b < a; }
  friend bool operator<=(const ExtendedRational& a, const ExtendedRational& b) { return !(b < a); }

 private:
  bool infinite_ = false;
  Rational value_{0};
};

}  // namespace uldp
