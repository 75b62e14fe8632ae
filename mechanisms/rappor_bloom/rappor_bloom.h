// RAPPOR as deployed (Erlingsson, Pihur and Korolova, "RAPPOR: Randomized Aggregatable
// Privacy-Preserving Ordinal Response", CCS 2014; Chrome, Android): a user of cohort c (uniform
// over C) hashes the decimal text of x into h bits of an m-bit Bloom filter B_c(x), answers
// every bit with a permanent randomized response memoized per value (a fair coin w.p. f, else
// the bit), then each report with an instantaneous one (1 w.p. q if the permanent bit is 1, p if
// it is 0). One report is a Bloom-filter mechanism (uldp/forms/bloom_filter_mechanism.h) with
// P(1|on) = q* = (1 - f/2) q + (f/2) p and P(1|off) = p* = (f/2) q + (1 - f/2) p; the long run
// (every report of one value) reveals at most the permanent response, the Bloom-filter mechanism
// with P(1|on) = 1 - f/2 and P(1|off) = f/2. The hashing is Google's clients': MD5 of the cohort
// as a 4-byte big-endian integer then the value's UTF-8 text, bit i = the digest's bytes 2i and
// 2i+1 as a big-endian 16-bit word, mod m.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/probability.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/forms/bloom_filter_mechanism.h"
#include "uldp/mechanisms/derivations.h"
#include "uldp/mechanisms/parameter_table.h"

namespace uldp {

inline constexpr Parameter<std::uint64_t> kBloomBitsParameter{
    {"bloom_bits",
     {"bloom_bits"},
     ParameterGrammar::kCount,
     "M",
     "rappor-bloom: the Bloom filter's m bits, 1 <= m <= 4096 (Chrome: 128)",
     "a filter size m (bloom_bits)"}};
inline constexpr Parameter<std::uint64_t> kBloomHashesParameter{
    {"bloom_hashes",
     {"bloom_hashes"},
     ParameterGrammar::kCount,
     "H",
     "rappor-bloom: the h bits a value sets, 1 <= h <= 8 (two MD5 bytes each; default 2)",
     "a number of hashes h (bloom_hashes)"}};
inline constexpr Parameter<std::uint64_t> kCohortsParameter{
    {"cohorts",
     {"cohorts"},
     ParameterGrammar::kCount,
     "C",
     "rappor-bloom: users fall uniformly into cohorts 0..C-1, each its own hashing, "
     "1 <= C <= 128 (default 1)",
     "a number of cohorts C"}};
inline constexpr Parameter<Probability> kPrrFParameter{
    {"prr_f",
     {"prr_f"},
     ParameterGrammar::kProbability,
     "F",
     "rappor-bloom: the permanent response's f (each bit a fair coin w.p. f, memoized per value)",
     "the permanent response's f (prr_f)"}};
inline constexpr Parameter<Probability> kIrrPParameter{
    {"irr_p",
     {"irr_p"},
     ParameterGrammar::kProbability,
     "P",
     "rappor-bloom: the instantaneous response's P(1) for a permanent 0",
     "the instantaneous response's p (irr_p)"}};
inline constexpr Parameter<Probability> kIrrQParameter{
    {"irr_q",
     {"irr_q"},
     ParameterGrammar::kProbability,
     "Q",
     "rappor-bloom: the instantaneous response's P(1) for a permanent 1",
     "the instantaneous response's q (irr_q)"}};
inline constexpr Parameter<std::string> kRapporClientParameter{
    {"rappor_client",
     {"rappor_client"},
     ParameterGrammar::kWord,
     "CLIENT",
     "rappor-bloom: exact (f, p, q as given; the default) | java (Google's Java and Android "
     "Encoder: f rounded to a multiple of 1/128, p and q as its coins draw them, "
     "nextFloat() < p on a 2^-24 grid; C a power of 2) | cpp (Google's C++ encoder: f, p, q "
     "as floats, f truncated to 1/128, coins on 1/256 from /dev/urandom bytes, one MD5 byte per "
     "hash; m <= 32, p, q < 1)",
     "a client (exact, java or cpp)"}};

inline constexpr Parameter<FileText> kBloomMapParameter{
    {"bloom_map",
     {"bloom_map"},
     ParameterGrammar::kPath,
     "FILE",
     "rappor-bloom: each input's Bloom bits per cohort from a file, one line x,c:bits (bits: m "
     "characters 0/1), instead of Google's MD5 hashing (h = the most bits a filter sets)",
     "a Bloom map file (bloom_map)"}};

/// B_c(x) for every cohort c and input x: table[c][x].
using BloomTable = std::vector<std::vector<BloomBits>>;

/// Whose randomness the mechanism is: the probabilities as given, or as a client draws them.
enum class RapporClient { kExact, kJava, kCpp };

/// The probabilities a client really uses.
struct RapporProbabilities {
  Rational f, p, q;
};

/// f, p, q as `client` draws them from the values given (java: f_d = the double nearest f,
/// round(128 f_d)/128 halves up as Math.round does; p, q: ceil(2^24 p_d)/2^24, the chance that
/// nextFloat() < p_d; cpp: with f_s the float nearest f, floor(128 f_s)/128, the chance that 7
/// random bits are below static_cast<uint8_t>(f_s * 128), and floor(256 p_s)/256, that a random
/// byte is below static_cast<uint8_t>(p_s * 256); throws InvalidArgument naming irr_p / irr_q
/// when 256 p_s = 256, where that cast is undefined).
RapporProbabilities drawn_probabilities(RapporClient client, const Rational& f, const Rational& p,
                                        const Rational& q);

/// The double (the float) nearest `value`, ties to even, as an exact rational: what
/// Double.parseDouble (strtof) makes of its decimal text.
Rational nearest_double(const Rational& value);
Rational nearest_float(const Rational& value);

/// B_c(x) by Google's hashing of the decimal text of x, MD5 of the cohort as 4 big-endian bytes
/// and the text: bit i = digest bytes 2i, 2i+1 as a big-endian word mod m (the Java client's, and
/// uldp's for exact), or byte i mod m (the C++ client's, cpp): ascending, distinct, <= h bits.
BloomBits bloom_bits_of(std::size_t x, std::uint32_t cohort, std::uint32_t bits,
                        std::uint32_t hashes, RapporClient client = RapporClient::kExact);

/// Bloom-filter RAPPOR as a registered mechanism (`rappor-bloom`); X_S is every input.
struct RapporBloomSpec {
  static constexpr std::string_view kName = "rappor-bloom";
  /// Its reports are (cohort, bits) pairs, not one output per input.
  static constexpr bool kCoordinateWise = false;
  std::uint32_t bloom_bits = 0;
  std::uint32_t bloom_hashes = 2;
  std::uint32_t cohorts = 1;
  Rational f, p, q;  ///< as given
  RapporClient client = RapporClient::kExact;
  /// The filters as a --bloom-map file gives them (bloom_hashes is then the most bits one sets);
  /// none: Google's hashing.
  std::shared_ptr<const BloomTable> given_filters;
  /// The one-report claim: as given, else (q*(1-p*) / (p*(1-q*)))^h for the drawn f, p, q
  /// (Erlingsson et al.'s eps_1; none when it is infinite).
  std::optional<PrivacyBudget> budget;

  RapporProbabilities drawn() const { return drawn_probabilities(client, f, p, q); }
};

/// One report of `spec` (k inputs): channel (q*, p*) from the drawn probabilities.
BloomFilterMechanism one_report_mechanism(std::size_t k, const RapporBloomSpec& spec);
/// The permanent response alone (the long run): channel (1 - f/2, f/2) at the drawn f, or at
/// `f` when given.
BloomFilterMechanism permanent_response_mechanism(std::size_t k, const RapporBloomSpec& spec,
                                                  const std::optional<Rational>& f = std::nullopt);
/// Erlingsson et al.'s e^eps_1 = (q*(1-p*) / (p*(1-q*)))^h and e^eps_inf = ((1-f/2)/(f/2))^(2h),
/// each as (rho_on rho_off)^h of its channel (infinite when a probability is 0 or 1).
ExtendedRational stated_one_report_exp_eps(const RapporBloomSpec& spec);
ExtendedRational stated_long_run_exp_eps(const RapporBloomSpec& spec, const Rational& f);

// What every layer derives from it (mechanisms/derivations.h).
const MechanismEntry& registry_entry(std::type_identity<RapporBloomSpec>);
ExactForm exact_form(const MechanismSpec& spec, const RapporBloomSpec& params, FormChoice choice);
std::optional<PooledForm> pooled_form(const MechanismSpec& spec, const RapporBloomSpec& params,
                                      std::size_t max_entries);
std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec& spec,
                                                     const RapporBloomSpec& params);
CoordinateModel coordinate_model(const MechanismSpec& spec, const RapporBloomSpec& params);
L2Quadratic l2_quadratic(const MechanismSpec& spec, const RapporBloomSpec& params);
estimate::DenseOrUnlisted estimation_params(const MechanismSpec& spec,
                                            const RapporBloomSpec& params);
std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec,
                                               const RapporBloomSpec& params,
                                               const estimate::ReportData& data);
std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<RapporBloomSpec>);

}  // namespace uldp
