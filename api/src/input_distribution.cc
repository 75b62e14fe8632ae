#include "uldp/api/input_distribution.h"

#include <cmath>
#include <filesystem>
#include <fstream>

#include "uldp/error.h"
#include "uldp/io/text_lines.h"
#include "uldp/losses/coordinate_model.h"

namespace uldp::api {

namespace {

std::vector<Rational> normalised(std::vector<Rational> weights) {
  Rational total = 0;
  for (const Rational& w : weights) total += w;
  for (Rational& w : weights) w /= total;
  return weights;
}

GivenDistribution zipf(const std::string& exponent_text, std::size_t k) {
  const Rational s = parse_rational(exponent_text, "p");
  if (s < 0 || s > 100) {
    throw InvalidArgument("p: zipf exponent " + message_excerpt(exponent_text) +
                          " is not in [0, 100]");
  }
  GivenDistribution d{"zipf:" + exponent_text, std::vector<double>(k), std::nullopt, s};
  for (std::size_t i = 0; i < k; ++i) {
    d.weights[i] = std::pow(static_cast<double>(i + 1), -to_double(s));
  }
  return d;
}

// 1/(i+1)^S normalised, for an integer S.
std::vector<Rational> exact_zipf(const Rational& s, std::size_t k) {
  const auto power = numerator(s).convert_to<unsigned>();
  std::vector<Rational> weights;
  for (std::size_t i = 0; i < k; ++i) {
    Integer value = 1;
    for (unsigned j = 0; j < power; ++j) value *= static_cast<unsigned long>(i + 1);
    weights.emplace_back(Integer(1), value);
  }
  return normalised(std::move(weights));
}

std::vector<Rational> inline_list(const std::string& text, std::size_t k) {
  std::vector<Rational> p;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string item =
        text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (p.size() >= k) {
      throw InvalidArgument("p: has more than k = " + std::to_string(k) + " entries");
    }
    p.push_back(parse_rational(item, "p"));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  validate_distribution(p, k, "p");
  return p;
}

GivenDistribution weights_file(const std::string& path, std::size_t k) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {  // opens, then fails at its first read
    throw InvalidArgument("p: '" + message_excerpt(path) +
                          "' is a directory, not a file of weights");
  }
  std::ifstream in(path);
  if (!in) {
    throw InvalidArgument("p: '" + message_excerpt(path) +
                          "' is neither uniform, worst, zipf:S, a list a/b,c/d,... nor a readable "
                          "file of weights");
  }
  std::vector<Rational> weights;
  std::string line;
  std::size_t number = 0;
  Rational total = 0;
  while (read_line(in, line, path, number + 1)) {  // any line end; bounded length
    ++number;
    const std::size_t begin = line.find_first_not_of(" \t\r");
    if (begin == std::string::npos || line[begin] == '#') continue;
    const std::size_t end = line.find_last_not_of(" \t\r");
    const std::string value = line.substr(begin, end - begin + 1);
    if (weights.size() == k) {
      throw InputError(path, number, begin + 1, "more than k = " + std::to_string(k) + " weights");
    }
    Rational w;
    try {
      w = parse_rational(value, "weight");
    } catch (const InvalidArgument&) {
      throw InputError(path, number, begin + 1,
                       "expected a non-negative number, found '" + message_excerpt(value) + "'");
    }
    if (w < 0) throw InputError(path, number, begin + 1, "weight " + value + " is negative");
    total += w;
    weights.push_back(std::move(w));
  }
  if (weights.size() != k) {
    throw InputError(
        path, number + 1, 1,
        "expected k = " + std::to_string(k) + " weights, found " + std::to_string(weights.size()));
  }
  if (total == 0) throw InputError(path, "the weights must have a positive sum");
  GivenDistribution d{path, {}, std::nullopt, std::nullopt};
  for (const Rational& w : weights) d.weights.push_back(to_double(w));
  d.exact = normalised(std::move(weights));
  return d;
}

bool is_number(const std::string& text) {
  try {
    parse_rational(text, "p");
    return true;
  } catch (const InvalidArgument&) {
    return false;
  }
}

}  // namespace

InputDistribution parse_input_distribution(const std::string& text, std::size_t k) {
  if (text == "worst") return WorstCaseDistribution{};
  if (text == "uniform") {
    return GivenDistribution{text, std::vector<double>(k, 1.0),
                             std::vector<Rational>(k, Rational(1, static_cast<long>(k))),
                             std::nullopt};
  }
  if (text.starts_with("zipf:")) return zipf(text.substr(5), k);
  // A list has a comma, or is one number (k = 1: "1"); never decided by what files exist.
  const bool list = text.find(',') != std::string::npos || is_number(text);
  if (!list) return weights_file(text, k);
  std::vector<Rational> p = inline_list(text, k);
  GivenDistribution d{text, {}, std::nullopt, std::nullopt};
  for (const Rational& v : p) d.weights.push_back(to_double(v));
  d.exact = std::move(p);
  return d;
}

std::vector<double> sampling_distribution(const InputDistribution& p, const std::string& command) {
  if (std::holds_alternative<WorstCaseDistribution>(p)) {
    throw InvalidArgument(
        "p: worst is the worst case over all distributions, which only uldp "
        "loss computes; " +
        command + " needs one distribution");
  }
  return std::get<GivenDistribution>(p).weights;
}

std::vector<Rational> exact_distribution(const InputDistribution& p, const std::string& command) {
  if (std::holds_alternative<WorstCaseDistribution>(p)) {
    throw InvalidArgument("p: " + command + " does not take worst here");
  }
  const auto& given = std::get<GivenDistribution>(p);
  if (given.exact) return *given.exact;
  if (denominator(*given.zipf_exponent) == 1) {
    return exact_zipf(*given.zipf_exponent, given.weights.size());
  }
  throw InvalidArgument("p: " + given.text + " has irrational weights, and " + command +
                        " computes exactly; give an integer exponent, or the weights as "
                        "rationals in a file");
}

}  // namespace uldp::api
