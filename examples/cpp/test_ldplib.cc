// ldplib's own test suite: each matrix the library documents is checked exactly against the
// privacy it claims, and each client is driven by uldp's sequential conformance test against the
// reference mechanism, with uldp's GoogleTest assertions. A double matrix is taken as the exact
// values the library holds, so the claims accept the rounding of double arithmetic explicitly
// (within 1e-12): a real bug exceeds e^eps by far more. The clients get a generator seeded from
// the test's name, and the false-alarm level is 1e-6 per assertion (ULDP_FALSE_ALARM changes it).
// The servers' estimates are compared with golden vectors drawn by uldp for the registry mechanism.
#include "ldplib.h"

#include <gtest/gtest.h>

#include "uldp/testing/gtest.h"

namespace {

using uldp::testing::eps;
using uldp::testing::exp_eps;
using uldp::testing::golden;
using uldp::testing::ldp_claim;
using uldp::testing::reference;
using uldp::testing::uldp_claim;

TEST(Ldplib, GrrMatrixIsEpsLdp) {
  for (std::size_t k : {2, 5, 16}) {
    EXPECT_PRIVATE(ldplib::grr_matrix(k, 1.0), ldp_claim(eps("1")).within("1e-12")) << "k = " << k;
  }
  EXPECT_PRIVATE(ldplib::grr_matrix(5, 0.5), ldp_claim(eps("0.5")).within("1e-12"));
}

TEST(Ldplib, OueMatrixIsEpsLdp) {
  EXPECT_PRIVATE(ldplib::oue_matrix(4, 1.0), ldp_claim(eps("1")).within("1e-12"));
}

TEST(Ldplib, UrrMatrixIsUldp) {
  // X_S = {0, 1, 2}, Y_P = X_S: the sensitive inputs are protected, the others invertible.
  EXPECT_PRIVATE(ldplib::urr_matrix(6, 3, 1.0),
                 uldp_claim({0, 1, 2}, {0, 1, 2}, eps("1")).within("1e-12"));
}

// The clients, against the registry's rr (k-ary RR) and oue at e^eps = 3 (eps = ln 3).
TEST(Ldplib, GrrClientConforms) {
  const double eps = std::log(3.0);
  auto client = [eps](std::uint32_t x, std::mt19937_64& rng) {
    return ldplib::grr_client(x, 5, eps, rng);
  };
  EXPECT_CONFORMS(client, reference("rr", 5, exp_eps("3")));
}

TEST(Ldplib, OueClientConforms) {
  const double eps = std::log(3.0);
  auto client = [eps](std::uint32_t x, std::mt19937_64& rng) {
    return ldplib::oue_client(x, 6, eps, rng);
  };
  EXPECT_CONFORMS(client, reference("oue", 6, exp_eps("3")).resolution(0.1));
}

// The servers, against golden vectors of the same mechanisms: the exact empirical estimate of 12
// cases of 1000 reports each (the emp estimator; 1e-9 accepts double rounding).
TEST(Ldplib, GrrServerMatchesGolden) {
  const double eps = std::log(3.0);
  auto server = [eps](const uldp::api::GoldenCase& c) {
    return uldp::testing::ServerEstimates{
        {"emp", ldplib::grr_estimate(c.reports.symbol_counts, eps)}};
  };
  EXPECT_ESTIMATES_MATCH(server, golden(reference("rr", 5, exp_eps("3"))));
}

TEST(Ldplib, OueServerMatchesGolden) {
  const double eps = std::log(3.0);
  auto server = [eps](const uldp::api::GoldenCase& c) {
    return uldp::testing::ServerEstimates{
        {"emp", ldplib::oue_estimate(c.reports.bit_counts.ones, c.reports.n, eps)}};
  };
  EXPECT_ESTIMATES_MATCH(server, golden(reference("oue", 6, exp_eps("3"))));
}

}  // namespace
