// ldplib: a small C++ LDP library, written for uldp's example of a C++ library that
// regression-tests itself with uldp's GoogleTest assertions (test_ldplib.cc). Generalized
// randomized response (GRR, also called k-RR), optimized unary encoding (OUE, Wang et al., USENIX
// Security 2017) and utility-optimized RR (uRR, Murakami and Kawamoto, arXiv 1807.11317), each
// as the matrix Q[x][y] = P(report y | input x) the library documents, computed in double.
//
// Five bugs can be switched on with the environment variable LDPLIB_BUG, each the kind its test
// catches:
//   matrix  GRR's probabilities computed at 2 eps (an "eps per half" mix-up), in the matrix and
//           the client alike
//   oue     OUE's bit of the input kept with SUE's e^eps / (e^eps + 1) instead of 1/2
//   urr     uRR's sensitive inputs leak to the first non-sensitive output, which is invertible
//   client  GRR's client draws the "other" value from all k values, its own included
//   server  GRR's server divides by p instead of p - q
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

namespace ldplib {

using Matrix = std::vector<std::vector<double>>;

inline std::string bug() {
  const char* b = std::getenv("LDPLIB_BUG");
  return b ? b : "";
}

/// GRR over k symbols: the input with p = e^eps / (e^eps + k - 1), each other value with
/// q = 1 / (e^eps + k - 1).
inline Matrix grr_matrix(std::size_t k, double eps) {
  const double t = std::exp(bug() == "matrix" ? 2 * eps : eps);
  const double n = t + static_cast<double>(k) - 1;
  Matrix q(k, std::vector<double>(k, 1 / n));
  for (std::size_t x = 0; x < k; ++x) q[x][x] = t / n;
  return q;
}

/// One GRR report of input x over k symbols: the client the matrix above documents.
inline std::uint32_t grr_client(std::uint32_t x, std::size_t k, double eps, std::mt19937_64& rng) {
  const double t = std::exp(bug() == "matrix" ? 2 * eps : eps);
  std::uniform_real_distribution<double> u(0, 1);
  if (u(rng) < t / (t + static_cast<double>(k) - 1)) return x;
  const auto last = static_cast<std::uint32_t>(k - 1);
  if (bug() == "client") return std::uniform_int_distribution<std::uint32_t>(0, last)(rng);
  const std::uint32_t other = std::uniform_int_distribution<std::uint32_t>(0, last - 1)(rng);
  return other >= x ? other + 1 : other;
}

/// One OUE report of input x over k bits (bit j of the result is output bit j).
inline std::vector<int> oue_client(std::uint32_t x, std::size_t k, double eps,
                                   std::mt19937_64& rng) {
  const double t = std::exp(eps);
  const double p = bug() == "oue" ? t / (t + 1) : 0.5;
  std::uniform_real_distribution<double> u(0, 1);
  std::vector<int> bits(k);
  for (std::size_t j = 0; j < k; ++j) bits[j] = u(rng) < (j == x ? p : 1 / (t + 1)) ? 1 : 0;
  return bits;
}

/// OUE over k symbols as a dense matrix over the 2^k bit vectors (bit j of output y is
/// (y >> j) & 1): the input's bit is 1 with p = 1/2, every other bit with q = 1 / (e^eps + 1).
inline Matrix oue_matrix(std::size_t k, double eps) {
  const double t = std::exp(eps);
  const double p = bug() == "oue" ? t / (t + 1) : 0.5;
  const double q = 1 / (t + 1);
  const std::size_t outputs = std::size_t{1} << k;
  Matrix m(k, std::vector<double>(outputs, 1.0));
  for (std::size_t x = 0; x < k; ++x) {
    for (std::size_t y = 0; y < outputs; ++y) {
      for (std::size_t j = 0; j < k; ++j) {
        const double one = j == x ? p : q;
        m[x][y] *= ((y >> j) & 1) ? one : 1 - one;
      }
    }
  }
  return m;
}

/// uRR over k symbols whose first s are sensitive (X_S = {0..s-1}, Y_P = X_S): a sensitive input
/// reports itself with c1 = e^eps / (s + e^eps - 1) and each other sensitive value with
/// c2 = 1 / (s + e^eps - 1); a non-sensitive input reports each sensitive value with c2 and
/// itself with c3 = 1 - s c2.
inline Matrix urr_matrix(std::size_t k, std::size_t s, double eps) {
  const double t = std::exp(eps);
  const double n = static_cast<double>(s) + t - 1;
  const double c1 = t / n, c2 = 1 / n, c3 = 1 - static_cast<double>(s) * c2;
  Matrix q(k, std::vector<double>(k, 0.0));
  for (std::size_t x = 0; x < k; ++x) {
    for (std::size_t y = 0; y < s; ++y) q[x][y] = x == y ? c1 : c2;
    if (x >= s) q[x][x] = c3;
  }
  if (bug() == "urr" && s < k) {
    for (std::size_t x = 0; x < s; ++x) {
      q[x][x] -= c2 / 2;  // half a c2 of the sensitive input's own mass goes to output s
      q[x][s] += c2 / 2;
    }
  }
  return q;
}

/// GRR's server: the unbiased estimate of the input frequencies from the report counts,
/// p_hat(x) = (counts[x] / n - q) / (p - q).
inline std::vector<double> grr_estimate(const std::vector<std::uint64_t>& counts, double eps) {
  const double t = std::exp(eps);
  const double k = static_cast<double>(counts.size());
  const double p = t / (t + k - 1), q = 1 / (t + k - 1);
  double n = 0;
  for (const std::uint64_t c : counts) n += static_cast<double>(c);
  std::vector<double> estimate;
  for (const std::uint64_t c : counts) {
    estimate.push_back((static_cast<double>(c) / n - q) / (bug() == "server" ? p : p - q));
  }
  return estimate;
}

/// OUE's server: from n reports and the number of them with bit j set,
/// p_hat(j) = (ones[j] / n - q) / (1/2 - q).
inline std::vector<double> oue_estimate(const std::vector<std::uint64_t>& ones, std::uint64_t n,
                                        double eps) {
  const double q = 1 / (std::exp(eps) + 1);
  std::vector<double> estimate;
  for (const std::uint64_t c : ones) {
    estimate.push_back((static_cast<double>(c) / static_cast<double>(n) - q) / (0.5 - q));
  }
  return estimate;
}

}  // namespace ldplib
