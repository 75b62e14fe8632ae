// Bloom-filter RAPPOR: Google's hashing, the Java client's quantization, the exact one-report and
// long-run bounds, and the structured check against the dense matrix.
#include "uldp/mechanisms/rappor_bloom/rappor_bloom.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "uldp/error.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

Probability probability(const char* text) { return Probability::parse(text, "test"); }

MechanismArguments arguments(std::size_t k, std::uint64_t bits, std::uint64_t cohorts,
                             const char* f, const char* p, const char* q,
                             const char* client = "exact") {
  MechanismArguments a;
  a.k = k;
  a.values.set(kBloomBitsParameter, bits);
  a.values.set(kCohortsParameter, cohorts);
  a.values.set(kPrrFParameter, probability(f));
  a.values.set(kIrrPParameter, probability(p));
  a.values.set(kIrrQParameter, probability(q));
  a.values.set(kRapporClientParameter, std::string(client));
  return a;
}

MechanismSpec make(const MechanismArguments& a) {
  return make_mechanism(find_mechanism("rappor-bloom"), a);
}

// hashlib.md5(struct.pack('>I', c) + str(x).encode()).digest(), bytes 2i and 2i+1 as a big-endian
// word mod m, computed with Python's hashlib.
TEST(RapporBloom, HashesAsGooglesClientsDo) {
  EXPECT_EQ(bloom_bits_of(0, 0, 128, 2), (BloomBits{37, 60}));
  EXPECT_EQ(bloom_bits_of(3, 0, 128, 2), (BloomBits{72, 95}));
  EXPECT_EQ(bloom_bits_of(1, 1, 128, 2), (BloomBits{15, 102}));
  EXPECT_EQ(bloom_bits_of(2, 63, 128, 2), (BloomBits{34, 93}));
  EXPECT_EQ(bloom_bits_of(999, 0, 4096, 8),
            (BloomBits{412, 1745, 1938, 2029, 2534, 3427, 3752, 3967}));
}

// The C++ client hashes one digest byte per bit (hashlib's md5(...).digest()[i] % m).
TEST(RapporBloom, TheCppClientHashesOneByteABit) {
  EXPECT_EQ(bloom_bits_of(0, 0, 32, 2, RapporClient::kCpp), (BloomBits{15, 28}));
  EXPECT_EQ(bloom_bits_of(2, 0, 32, 2, RapporClient::kCpp), (BloomBits{0, 1}));
  EXPECT_EQ(bloom_bits_of(7, 1, 32, 4, RapporClient::kCpp), (BloomBits{12, 20, 23, 26}));
  EXPECT_EQ(bloom_bits_of(0, 5, 8, 16, RapporClient::kCpp), (BloomBits{0, 1, 2, 3, 4, 5, 6, 7}));
}

TEST(RapporBloom, TheCppClientTruncatesFloats) {
  // f_s = 0.300000011920928955078125: 128 f_s = 38.40000152..., truncated to 38; 256 p_s for
  // p = 0.3 is 76.80000305..., truncated to 76.
  const RapporProbabilities d =
      drawn_probabilities(RapporClient::kCpp, Rational(3, 10), Rational(3, 10), Rational(3, 4));
  EXPECT_EQ(d.f, Rational(19, 64));
  EXPECT_EQ(d.p, Rational(19, 64));
  EXPECT_EQ(d.q, Rational(3, 4));
  // 128 f = 38.6: Java rounds to 39, C++ truncates to 38.
  EXPECT_EQ(drawn_probabilities(RapporClient::kJava, Rational(193, 640), 0, 0).f,
            Rational(39, 128));
  EXPECT_EQ(drawn_probabilities(RapporClient::kCpp, Rational(193, 640), 0, 0).f, Rational(19, 64));
  EXPECT_EQ(nearest_float(Rational(3, 10)), Rational(10066330, 33554432));
  try {
    drawn_probabilities(RapporClient::kCpp, Rational(1, 2), Rational(1, 2), Rational(1));
    ADD_FAILURE() << "q = 1 accepted";
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()),
              "irr_q: the cpp client's threshold static_cast<uint8_t>(256 p) is undefined at p = "
              "1 (256 does not fit; on x86 it becomes 0, a bit never 1)");
  }
}

TEST(RapporBloom, CollidingHashesSetFewerBits) {
  // m = 1: every hash sets bit 0.
  EXPECT_EQ(bloom_bits_of(5, 0, 1, 8), (BloomBits{0}));
}

TEST(RapporBloom, NearestDoubleIsWhatJavaParses) {
  for (double d : {0.3, 0.1, 1.0 / 3, 0.75, 1e-300, 5e-324, 0.5, 1.0}) {
    EXPECT_EQ(nearest_double(from_double(d)), from_double(d)) << d;
  }
  EXPECT_EQ(nearest_double(Rational(3, 10)), from_double(0.3));
  EXPECT_EQ(nearest_double(Rational(1, 3)), from_double(1.0 / 3));
  EXPECT_EQ(nearest_double(Rational(1, 10)), from_double(0.1));
}

TEST(RapporBloom, TheJavaClientRoundsFAndDrawsCoinsOnA24BitGrid) {
  const RapporProbabilities d =
      drawn_probabilities(RapporClient::kJava, Rational(3, 10), Rational(3, 10), Rational(3, 4));
  EXPECT_EQ(d.f, Rational(19, 64));  // Math.round(38.4) / 128
  // ceil(2^24 * 0.3 as a double) / 2^24: 0.3_d * 2^24 = 5033164.8...
  EXPECT_EQ(d.p, Rational(5033165, 16777216));
  EXPECT_EQ(d.q, Rational(3, 4));
  // Math.round rounds halves up: 128 f = 0.5 -> 1, 1.5 -> 2.
  EXPECT_EQ(drawn_probabilities(RapporClient::kJava, Rational(1, 256), 0, 1).f, Rational(1, 128));
  EXPECT_EQ(drawn_probabilities(RapporClient::kJava, Rational(3, 256), 0, 1).f, Rational(1, 64));
  const RapporProbabilities exact =
      drawn_probabilities(RapporClient::kExact, Rational(3, 10), Rational(3, 10), Rational(3, 4));
  EXPECT_EQ(exact.f, Rational(3, 10));
  EXPECT_EQ(exact.p, Rational(3, 10));
}

TEST(RapporBloom, ChromesSettingsHaveThePublishedOneReportEpsilon) {
  // m = 128, h = 2, 64 cohorts, f = 1/2, p = 1/2, q = 3/4: q* = 11/16, p* = 9/16, and
  // e^eps_1 = (q*(1 - p*) / (p*(1 - q*)))^2 = (77/45)^2; the filters of 1000 values include a
  // disjoint pair, so the bound is tight.
  const MechanismSpec spec = make(arguments(1000, 128, 64, "0.5", "0.5", "0.75"));
  EXPECT_EQ(budget_of(spec)->exp_eps(), Rational(5929, 2025));
  const Verdict v = check_ldp(std::get<BloomForm>(exact_form(spec)).q, budget_of(spec));
  EXPECT_TRUE(v.holds);
  EXPECT_EQ(v.tight_exp_eps, ExtendedRational(Rational(5929, 2025)));
  ASSERT_TRUE(v.tight_attained_by);
  const Witness& w = *v.tight_attained_by;
  EXPECT_EQ(*w.q_x / *w.q_x_prime, Rational(5929, 2025));  // a real output attains it
}

TEST(RapporBloom, TheLongRunBoundIsThePermanentResponses) {
  const MechanismSpec spec = make(arguments(100, 128, 64, "0.3", "0.5", "0.75", "java"));
  const std::vector<StatedBound> bounds = entry_of(spec).stated_bounds(spec);
  ASSERT_EQ(bounds.size(), 2u);
  EXPECT_EQ(bounds[0].tight_exp_eps, ExtendedRational(Rational(141158161, 130321)));  // (109/19)^4
  EXPECT_EQ(bounds[0].formula_exp_eps, bounds[0].tight_exp_eps);
  EXPECT_EQ(bounds[1].tight_exp_eps, ExtendedRational(Rational(83521, 81)));  // (17/3)^4
  // The exact client states one bound, at f as given.
  const MechanismSpec exact = make(arguments(100, 128, 64, "0.3", "0.5", "0.75"));
  EXPECT_EQ(entry_of(exact).stated_bounds(exact).size(), 1u);
}

TEST(RapporBloom, CollisionsMakeTheTightBoundSmallerThanTheFormula) {
  // m = 2, h = 2: a filter has one or two bits, so no pair is disjoint with two bits each.
  const MechanismSpec spec = make(arguments(6, 2, 1, "0", "0", "1"));
  // f = 0, p = 0, q = 1: bits are reported as they are; a differing bit is a certain tell.
  EXPECT_FALSE(budget_of(spec).has_value());  // the formula is infinite
  const Verdict v = check_ldp(std::get<BloomForm>(exact_form(spec)).q, std::nullopt);
  EXPECT_TRUE(v.tight_exp_eps.is_infinite());
  EXPECT_FALSE(v.holds);
  const MechanismSpec noisy = make(arguments(6, 2, 1, "1/2", "1/4", "3/4"));
  const BloomFilterMechanism q = std::get<BloomForm>(exact_form(noisy)).q;
  const Verdict tight = check_ldp(q, std::nullopt);
  EXPECT_LT(tight.tight_exp_eps, ExtendedRational(budget_of(noisy)->exp_eps()));
}

// The structured check and the dense one agree on every property, on instances small enough
// to list (C 2^m <= 4096), including degenerate channels.
TEST(RapporBloom, StructuredAndDenseChecksAgree) {
  const char* channels[][3] = {{"1/2", "1/2", "3/4"}, {"0", "1/4", "1/2"}, {"1", "0", "1"},
                               {"1/3", "0", "1"},     {"0", "0", "1"},     {"1/2", "3/4", "1/4"}};
  for (const auto& c : channels) {
    for (std::uint64_t bits : {2u, 3u, 5u}) {
      const MechanismSpec spec = make(arguments(5, bits, 2, c[0], c[1], c[2]));
      const ExactForm structured = exact_form(spec);
      const DenseForm dense = std::get<DenseForm>(exact_form(spec, FormChoice::kDense));
      const Verdict s = check_ldp(std::get<BloomForm>(structured).q, budget_of(spec));
      const Verdict d = check_ldp(dense.q, budget_of(spec));
      SCOPED_TRACE(std::string(c[0]) + " " + c[1] + " " + c[2] + " m = " + std::to_string(bits));
      EXPECT_EQ(s.tight_exp_eps, d.tight_exp_eps);
      EXPECT_EQ(s.holds, d.holds);
      if (s.tight_attained_by && !s.tight_exp_eps.is_infinite()) {
        const Witness& w = *s.tight_attained_by;
        ASSERT_TRUE(w.y);
        EXPECT_EQ(dense.q(w.x, *w.y), *w.q_x);
        EXPECT_EQ(dense.q(w.x_prime, *w.y), *w.q_x_prime);
        if (*w.q_x_prime != 0) {
          EXPECT_EQ(ExtendedRational(*w.q_x / *w.q_x_prime), s.tight_exp_eps);
        }
      }
      const IndexSet xs = IndexSet::first(2, 5);
      EXPECT_EQ(check_osldp(std::get<BloomForm>(structured).q, xs, std::nullopt).tight_exp_eps,
                check_osldp(dense.q, xs, std::nullopt).tight_exp_eps);
    }
  }
}

TEST(RapporBloom, RefusesBadParametersNamingThem) {
  auto refusal = [](const MechanismArguments& a) {
    try {
      make(a);
    } catch (const InvalidArgument& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(refusal(arguments(4, 0, 1, "0.5", "0.5", "0.75")), "bloom_bits: 0 is outside 1..4096");
  EXPECT_EQ(refusal(arguments(4, 8, 129, "0.5", "0.5", "0.75")), "cohorts: 129 is outside 1..128");
  EXPECT_EQ(refusal(arguments(4, 8, 3, "0.5", "0.5", "0.75", "java")),
            "cohorts: the java client takes a power of 2, not 3");
  EXPECT_EQ(refusal(arguments(4, 8, 2, "0.5", "0.5", "0.75", "go")),
            "rappor_client: unknown client 'go' (expected exact, java or cpp)");
  EXPECT_EQ(refusal(arguments(4, 64, 2, "0.5", "0.5", "0.75", "cpp")),
            "bloom_bits: the cpp client's reports have at most 32 bits, not 64");
  MechanismArguments hashes = arguments(4, 4, 1, "0.5", "0.5", "0.75");
  hashes.values.set(kBloomHashesParameter, std::uint64_t{5});
  EXPECT_EQ(refusal(hashes), "bloom_hashes: 5 is outside 1..4");
}

}  // namespace
}  // namespace uldp
