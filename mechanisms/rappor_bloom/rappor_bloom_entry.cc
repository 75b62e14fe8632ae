// Bloom-filter RAPPOR's registry entry and derivations (mechanisms/derivations.h).
#include <algorithm>
#include <memory>
#include <string>

#include "uldp/error.h"
#include "uldp/forms/bloom_filter_privacy_check.h"
#include "uldp/losses/coordinate_model.h"
#include "uldp/losses/l2_loss.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/mechanism_parameters.h"
#include "uldp/mechanisms/pooled_form.h"
#include "uldp/mechanisms/rappor_bloom/rappor_bloom.h"
#include "uldp/mechanisms/rappor_bloom/rappor_bloom_estimator.h"
#include "uldp/mechanisms/rappor_bloom/rappor_bloom_map_file.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

constexpr std::uint64_t kMaxBloomBits = 4096;  // the Java client's MAX_BITS
constexpr std::uint64_t kMaxBloomHashes = 8;   // two bytes of a 16-byte MD5 digest each
constexpr std::uint64_t kMaxCohorts = 128;     // the Java client's MAX_COHORTS
constexpr std::uint64_t kMaxCppBits = 32;      // the C++ client: a byte of HMAC-SHA256 per bit

std::uint32_t count_in(const MechanismArguments& a, const Parameter<std::uint64_t>& p,
                       std::uint64_t fallback, std::uint64_t low, std::uint64_t high) {
  const std::uint64_t* given = a.values.get(p);
  const std::uint64_t v = given ? *given : fallback;
  if (v < low || v > high) {
    throw InvalidArgument(std::string(p.declaration.keywords[0]) + ": " + std::to_string(v) +
                          " is outside " + std::to_string(low) + ".." + std::to_string(high));
  }
  return static_cast<std::uint32_t>(v);
}

RapporClient client_of(const MechanismArguments& a) {
  const std::string* given = a.values.get(kRapporClientParameter);
  if (!given || *given == "exact") return RapporClient::kExact;
  if (*given == "java") return RapporClient::kJava;
  if (*given == "cpp") return RapporClient::kCpp;
  throw InvalidArgument("rappor_client: unknown client '" + *given +
                        "' (expected exact, java or cpp)");
}

MechanismSpec make_rappor_bloom(const MechanismArguments& a) {
  RapporBloomSpec s;
  s.bloom_bits = count_in(a, kBloomBitsParameter, 0, 1, kMaxBloomBits);
  s.cohorts = count_in(a, kCohortsParameter, 1, 1, kMaxCohorts);
  if (const FileText* map = a.values.get(kBloomMapParameter)) {  // never with bloom_hashes
    s.given_filters = std::make_shared<const BloomTable>(
        parse_bloom_map(map->text, map->source, {a.k, s.cohorts, s.bloom_bits}));
    std::size_t most = 0;
    for (const auto& cohort : *s.given_filters) {
      for (const BloomBits& filter : cohort) most = std::max(most, filter.size());
    }
    s.bloom_hashes = static_cast<std::uint32_t>(most);
  } else {
    s.bloom_hashes = count_in(a, kBloomHashesParameter, 2, 1,
                              std::min<std::uint64_t>(kMaxBloomHashes, s.bloom_bits));
  }
  s.f = a.values.get(kPrrFParameter)->value();
  s.p = a.values.get(kIrrPParameter)->value();
  s.q = a.values.get(kIrrQParameter)->value();
  s.client = client_of(a);
  if (s.client == RapporClient::kJava && (s.cohorts & (s.cohorts - 1)) != 0) {
    throw InvalidArgument("cohorts: the java client takes a power of 2, not " +
                          std::to_string(s.cohorts));
  }
  if (s.client == RapporClient::kCpp && s.bloom_bits > kMaxCppBits) {
    throw InvalidArgument("bloom_bits: the cpp client's reports have at most 32 bits, not " +
                          std::to_string(s.bloom_bits));
  }
  if (a.budget) {
    s.budget = *a.budget;
  } else if (const ExtendedRational t = stated_one_report_exp_eps(s); !t.is_infinite()) {
    s.budget = PrivacyBudget::from_exp_eps(t.value(), "rappor-bloom's one-report budget");
  }
  return {a.k, IndexSet::all(a.k), s};
}

std::string client_name(RapporClient c) {
  return c == RapporClient::kJava ? "java" : c == RapporClient::kCpp ? "cpp" : "exact";
}

std::vector<StatedBound> rappor_bloom_bounds(const MechanismSpec& spec) {
  const auto& s = std::get<RapporBloomSpec>(spec.kind);
  const Rational drawn_f = s.drawn().f;
  const char* formula = "2h ln((1 - f/2) / (f/2))";
  auto bound = [&](const Rational& f, std::string basis) {
    const Verdict v = check_ldp(permanent_response_mechanism(spec.k, s, f), std::nullopt);
    return StatedBound{"long run (the permanent response alone)", std::move(basis), v.tight_exp_eps,
                       stated_long_run_exp_eps(s, f), formula};
  };
  if (drawn_f == s.f) return {bound(s.f, "f = " + to_string(s.f))};
  return {bound(drawn_f, "f = " + to_string(drawn_f) + ", as the " + client_name(s.client) +
                             " client draws f = " + to_string(s.f)),
          bound(s.f, "f = " + to_string(s.f) + " as given (nominal)")};
}

}  // namespace

const MechanismEntry& registry_entry(std::type_identity<RapporBloomSpec>) {
  using enum Takes;
  static constexpr ParameterUse kTakes[] = {
      {&kBloomBitsParameter.declaration, kRequired},
      {&kBloomHashesParameter.declaration, kOptional, &kBloomMapParameter.declaration},
      {&kCohortsParameter.declaration, kOptional},
      {&kPrrFParameter.declaration, kRequired},
      {&kIrrPParameter.declaration, kRequired},
      {&kIrrQParameter.declaration, kRequired},
      {&kRapporClientParameter.declaration, kOptional},
      {&kBudgetParameter.declaration, kOptional}};
  static constexpr MechanismEntry entry{
      .name = "rappor-bloom",
      .title =
          "RAPPOR as deployed: cohorts, an m-bit Bloom filter, permanent and instantaneous "
          "responses",
      .reference = "Erlingsson, Pihur and Korolova, CCS 2014 (Chrome; Google's Java client)",
      .claim = Claim::kLdp,
      .protected_outputs = "Y_P = Y (every (cohort, bits))",
      .parameters = kTakes,
      .max_k = 10000,
      .family_claim = "rappor_bloom_ldp",
      .example = "--k 4 --bloom-bits 8 --cohorts 2 --prr-f 1/2 --irr-p 1/2 --irr-q 3/4",
      .make = &make_rappor_bloom,
      .stated_bounds = &rappor_bloom_bounds};
  return entry;
}

ExactForm exact_form(const MechanismSpec& spec, const RapporBloomSpec& p, FormChoice choice) {
  return bloom_filter_form(one_report_mechanism(spec.k, p), choice);
}

std::optional<PooledForm> pooled_form(const MechanismSpec& spec, const RapporBloomSpec& p,
                                      std::size_t) {
  const BloomFilterMechanism q = one_report_mechanism(spec.k, p);
  if (q.listable()) return std::nullopt;  // tested on its listed outputs
  return pool_bloom_filter(q, "cohort");
}

std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec&,
                                                     const RapporBloomSpec& s) {
  const RapporProbabilities d = s.drawn();
  const Rational half_f = d.f / 2;
  return {{"m", Rational(Integer(s.bloom_bits))},
          {"h", Rational(Integer(s.bloom_hashes))},
          {"C", Rational(Integer(s.cohorts))},
          {"f", d.f},
          {"p", d.p},
          {"q", d.q},
          {"q_star", (1 - half_f) * d.q + half_f * d.p},
          {"p_star", half_f * d.q + (1 - half_f) * d.p}};
}

CoordinateModel coordinate_model(const MechanismSpec&, const RapporBloomSpec&) {
  throw InvalidArgument(
      "rappor-bloom: its estimators are not coordinate-wise (a report's bits are shared by every "
      "value hashed to them)");
}

L2Quadratic l2_quadratic(const MechanismSpec& spec, const RapporBloomSpec& p) {
  return per_bit_l2_quadratic(one_report_mechanism(spec.k, p));
}

}  // namespace uldp
