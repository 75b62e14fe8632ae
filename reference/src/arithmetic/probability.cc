#include "uldp/arithmetic/probability.h"

#include <string>

#include "uldp/error.h"

namespace uldp {

bool is_probability(const Rational& value) { return value >= 0 && value <= 1; }

Probability Probability::from_rational(const Rational& value, std::string_view what) {
  if (!is_probability(value)) {
    throw InvalidArgument(std::string(what) + ": " + message_excerpt(to_string(value)) +
                          " is not a probability in [0,1]");
  }
  return Probability(value);
}

Probability Probability::parse(std::string_view text, std::string_view what) {
  return from_rational(parse_rational(text, what), what);
}

}  // namespace uldp
