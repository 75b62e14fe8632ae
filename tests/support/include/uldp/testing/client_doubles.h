// Test doubles of real clients, written from their exact channels: one output per call, drawn
// with the caller's generator. Shared by the conformance tests and bench/conformance_defaults.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "uldp/estimate/random.h"

namespace uldp::testing {

/// uRR over k = 5, X_S = {0, 1}, t = 3 (c1 = 3/4, c2 = 1/4, c3 = 1/2); `leak` of a sensitive
/// input's mass goes to the invertible output 4, which the reference never gives it.
inline std::string urr_double(std::size_t x, estimate::Xoshiro256& rng, double leak = 0) {
  const double u = estimate::uniform01(rng);
  if (x <= 1) {
    if (u < leak) return "4";
    return u < 0.75 ? std::to_string(x) : std::to_string(1 - x);
  }
  if (u < 0.25) return "0";
  if (u < 0.5) return "1";
  return std::to_string(x);
}

/// A unary encoding over k bits (character j = bit j): the input's bit is 1 with `on`, every
/// other bit with `off`. OUE at t is on = 1/2, off = 1/(t+1); a client that pre-noises with the
/// wrong budget t' draws off = 1/(t'+1), a tight ratio of t' (the bug a Python library shipped).
inline std::string unary_double(std::size_t x, estimate::Xoshiro256& rng, std::size_t k, double on,
                                double off) {
  std::string y(k, '0');
  for (std::size_t j = 0; j < k; ++j) {
    if (estimate::uniform01(rng) < (j == x ? on : off)) y[j] = '1';
  }
  return y;
}

/// The 2025 reference uHR encoder (phy811/uBD) at e^eps = t over the sensitive symbols `xs`
/// (the i-th of them encoded as Hadamard row i + 1, whatever its symbol; V the smallest power of 2
/// above v = |xs|), its integer outputs named by uldp's labels: 1..V are the columns
/// h0..h{V-1}, x + V - v above V is the non-sensitive symbol x. It matches uHR on a prefix X_S;
/// on X_S = {0, 2, 3} (k = 5, t = 3) symbol 1 reports itself as column h2 and the tight ratio is
/// 5 at a claimed 3.
inline std::string uhr_encoder_double(std::size_t x, estimate::Xoshiro256& rng,
                                      const std::vector<std::size_t>& xs, double t = 3) {
  const std::size_t v = xs.size();
  std::size_t columns = 1;
  while (columns <= v) columns *= 2;
  const std::size_t delta = columns - v;
  const double u = estimate::uniform01(rng);
  std::size_t output = 0;  // 1-based, as the reference writes it
  std::size_t row = 0;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    if (xs[i] == x) row = i + 1;
  }
  if (row != 0) {
    const bool plus = u < t / (t + 1);
    std::vector<std::size_t> choices;
    for (std::size_t c = 0; c < columns; ++c) {
      if ((__builtin_parityll(row & c) == 0) == plus) choices.push_back(c + 1);
    }
    output = choices[static_cast<std::size_t>(estimate::uniform01(rng) *
                                              static_cast<double>(choices.size()))];
  } else if (u < (t - 1) / (t + 1)) {
    output = x + 1 + delta;
  } else {
    output = 1 + static_cast<std::size_t>(estimate::uniform01(rng) * static_cast<double>(columns));
  }
  if (output > columns) return std::to_string(output - delta - 1);
  std::string column = "h";  // appended: GCC 12 warns falsely on "h" + std::string (-Wrestrict)
  column += std::to_string(output - 1);
  return column;
}

}  // namespace uldp::testing
