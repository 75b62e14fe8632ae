// Mismatch location and cause diagnosis for golden-vector comparisons.
#include "uldp/estimate/estimate_comparison.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>

#include "uldp/error.h"
#include "uldp/estimate/post_processing.h"

namespace uldp::estimate {
namespace {

bool close(double a, double b, double tolerance) { return std::abs(a - b) <= tolerance; }

std::string number(double v) {
  std::ostringstream s;
  s.precision(10);
  s << v;
  return s.str();
}

// The factor F with actual ≈ F · expected on `items`, if one exists (needs one clearly nonzero
// expected value to fix F).
std::optional<double> common_factor(std::span<const double> expected,
                                    std::span<const double> actual,
                                    const std::vector<std::size_t>& items, double tolerance) {
  if (items.empty()) return std::nullopt;
  const std::size_t pivot = *std::max_element(items.begin(), items.end(), [&](auto a, auto b) {
    return std::abs(expected[a]) < std::abs(expected[b]);
  });
  if (std::abs(expected[pivot]) <= 100 * tolerance) return std::nullopt;
  const double factor = actual[pivot] / expected[pivot];
  const double scaled_tolerance = tolerance * std::max(1.0, std::abs(factor));
  for (std::size_t i : items) {
    if (!close(actual[i], factor * expected[i], scaled_tolerance)) return std::nullopt;
  }
  return factor;
}

// "F = c3^2: multiplied by c3 where it should be divided by c3" and the like.
std::string name_factor(double factor, const std::vector<NamedConstant>& constants) {
  // Tight enough to tell c3 from c3^2 when c3 is within 1e-7 of 1 (uRR at ε = 16).
  const auto near = [&](double v) { return std::abs(factor - v) <= 1e-9 * std::abs(v); };
  if (std::abs(factor - 1) <= 1e-12) return "";
  for (const NamedConstant& c : constants) {
    if (c.value <= 0 || std::abs(c.value - 1) <= 1e-12) continue;
    const double v = c.value;
    if (near(v * v)) {
      return " (= " + c.name + "^2: multiplied by " + c.name + " where it should be divided by " +
             c.name + ")";
    }
    if (near(1 / (v * v))) return " (= 1/" + c.name + "^2: divided by " + c.name + " twice)";
    if (near(v)) return " (= " + c.name + ": an extra multiplication by " + c.name + ")";
    if (near(1 / v)) return " (= 1/" + c.name + ": an extra division by " + c.name + ")";
  }
  return "";
}

bool all_close(std::span<const double> expected, std::span<const double> actual,
               const std::vector<std::size_t>& items, double tolerance) {
  return std::all_of(items.begin(), items.end(),
                     [&](std::size_t i) { return close(actual[i], expected[i], tolerance); });
}

}  // namespace

std::optional<std::size_t> first_mismatch(std::span<const double> expected,
                                          std::span<const double> actual, double tolerance) {
  if (expected.size() != actual.size()) {
    throw InvalidArgument("first_mismatch: " + std::to_string(actual.size()) + " values, " +
                          std::to_string(expected.size()) + " expected");
  }
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (!close(actual[i], expected[i], tolerance)) return i;
  }
  return std::nullopt;
}

std::string likely_cause(std::span<const double> expected, std::span<const double> actual,
                         double tolerance, const ComparisonContext& context) {
  const std::size_t k = expected.size();
  if (actual.size() != k || k == 0) return "";
  std::vector<std::size_t> wrong;
  for (std::size_t i = 0; i < k; ++i) {
    if (!close(actual[i], expected[i], tolerance)) wrong.push_back(i);
  }
  if (wrong.empty()) return "";

  if (wrong.size() == 2) {
    const std::size_t i = wrong[0], j = wrong[1];
    if (close(actual[i], expected[j], tolerance) && close(actual[j], expected[i], tolerance)) {
      return "items " + std::to_string(i) + " and " + std::to_string(j) + " are swapped";
    }
  }
  for (int shift : {1, -1}) {
    bool shifted = true;
    for (std::size_t i = 0; i < k && shifted; ++i) {
      const long long source = static_cast<long long>(i) + shift;
      if (source < 0 || source >= static_cast<long long>(k)) continue;
      shifted = close(actual[i], expected[static_cast<std::size_t>(source)], tolerance);
    }
    if (shifted && k > 2) {
      return std::string("item i holds the expected value of item i") + (shift > 0 ? "+1" : "-1") +
             ": the indices are shifted by one";
    }
  }

  std::vector<std::size_t> every(k);
  std::iota(every.begin(), every.end(), std::size_t{0});
  const double expected_sum = std::accumulate(expected.begin(), expected.end(), 0.0);
  const double actual_sum = std::accumulate(actual.begin(), actual.end(), 0.0);
  if (const std::optional<double> factor = common_factor(expected, actual, every, tolerance)) {
    const auto near = [&](double v) { return std::abs(*factor - v) <= 1e-9 * std::abs(v); };
    if (context.n > 1 && near(context.n)) {
      return "every value is n = " + number(context.n) +
             " times the expected: counts where frequencies are expected (" +
             context.counts_scale_name + ")";
    }
    if (context.n > 1 && near(1 / context.n)) {
      return "every value is 1/n times the expected: frequencies where counts are expected (" +
             context.frequencies_scale_name + ")";
    }
    if (std::abs(expected_sum - 1) <= tolerance && std::abs(actual_sum - 1) > tolerance) {
      return "every value is " + number(*factor) + " times the expected and they sum to " +
             number(actual_sum) + ", not 1: a missing renormalisation";
    }
    return "every value is " + number(*factor) + " times the expected" +
           name_factor(*factor, context.constants) + ": a constant factor on every item";
  }
  if (std::abs(expected_sum - 1) <= tolerance && std::abs(actual_sum - 1) > tolerance &&
      std::abs(actual_sum) > tolerance) {
    std::vector<double> renormalised(actual.begin(), actual.end());
    for (double& v : renormalised) v /= actual_sum;
    if (all_close(expected, renormalised, every, tolerance)) {
      return "the values sum to " + number(actual_sum) +
             ", not 1; divided by their sum they match: a missing renormalisation";
    }
  }

  // A library that post-processes its estimates (clips and renormalises, or projects onto the
  // simplex) matches the expected values after the same step.
  for (const PostProcessing post :
       {PostProcessing::kNormSub, PostProcessing::kClipRenormalise, PostProcessing::kRenormalise}) {
    try {
      const std::vector<double> processed = post_process(expected, post);
      if (all_close(processed, actual, every, tolerance)) {
        return std::string("the values are the expected ones after ") + post_processing_name(post) +
               ": the implementation post-processes its estimates (compare with golden --post " +
               post_processing_name(post) + ")";
      }
    } catch (const InvalidArgument&) {
      // renormalise is undefined for a sum <= 0: not this cause
    }
  }

  if (context.sensitive.size() == k) {
    for (const bool sensitive_class : {false, true}) {
      std::vector<std::size_t> in_class, others;
      for (std::size_t i = 0; i < k; ++i) {
        ((context.sensitive[i] != 0) == sensitive_class ? in_class : others).push_back(i);
      }
      if (others.empty() || !all_close(expected, actual, others, tolerance)) continue;
      const std::optional<double> factor = common_factor(expected, actual, in_class, tolerance);
      if (!factor) continue;
      const std::string name = sensitive_class ? "sensitive" : "non-sensitive";
      return "the " + name + " items are " + number(*factor) + " times the expected" +
             name_factor(*factor, context.constants) + ", the " +
             (sensitive_class ? "non-sensitive" : "sensitive") + " ones match: a constant " +
             "factor on the " + name + " items";
    }
  }
  return "";
}

}  // namespace uldp::estimate
