// The bug zoo (issue 52): replicas of privacy bugs that shipped in public LDP code, each written
// here from the cited lines (none copies the third-party code), beside the exact matrix of the
// channel it implements, the registry mechanism its code claims to be and where the bug is
// documented. Every replica draws one output per call with the caller's generator and labels it
// as `uldp mechanism NAME --format csv` lists the claim's outputs. Header-only over uldp::api;
// shared by tests/api/bug_zoo_test.cc and bench/bug_zoo.cc (docs/bug-zoo.md).
//
// The exact channels are the code's formulas in exact arithmetic; where floating point is the bug
// (smartnoise-core's sampler, the float32 table) they are the exact values of the code's floats.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "uldp/api/conform_reference.h"
#include "uldp/api/mechanism.h"
#include "uldp/estimate/random.h"
#include "uldp/forms/form_checks.h"
#include "uldp/mechanisms/forms.h"
#include "uldp/mechanisms/registry.h"
#include "uldp/mechanisms/ubd_opt/ubd_opt.h"

namespace uldp::testing {

/// One replica: a client that does what the cited code does, and the channel it implements.
struct ZooBug {
  std::string name;              ///< a short name: "pure-LDP OUE"
  std::string source;            ///< repository, issue, file and lines
  std::string bug;               ///< what the code does, in one line
  api::RegistryReference claim;  ///< the mechanism and budget the code claims
  /// One output for input x, labelled as the claim's outputs are.
  std::function<std::string(std::size_t x, estimate::Xoshiro256& rng)> client;
  /// The channel as coded, exact: the claim's outputs in its dense order (then any output the
  /// claim lacks), Y_P the claim's.
  DenseForm channel;
};

namespace zoo_internal {

/// The registry mechanism `name` over k symbols, X_S = `sensitive` (none when empty), `budget`.
inline api::RegistryReference claim_of(const std::string& name, std::size_t k,
                                       std::vector<std::size_t> sensitive, PrivacyBudget budget) {
  MechanismArguments a;
  a.k = k;
  if (!sensitive.empty())
    a.sensitive = IndexSet::from_indices(std::move(sensitive), k, "sensitive");
  a.budget = std::move(budget);
  return {name, a};
}

/// The claim's dense form: its output labels in order, and its Y_P.
inline DenseForm claimed_form(const api::RegistryReference& claim) {
  const MechanismSpec spec = make_mechanism(find_mechanism(claim.name), claim.arguments);
  return std::get<DenseForm>(api::describe_mechanism(api::MechanismRequest(spec)).form);
}

/// The claim's outputs (then `extra_outputs`) with Q(y|x) = entry(x, label of y).
inline DenseForm channel_over(const DenseForm& claimed,
                              const std::function<Rational(std::size_t, const std::string&)>& entry,
                              const std::vector<std::string>& extra_outputs = {}) {
  std::vector<std::string> labels = claimed.q.output_labels();
  labels.insert(labels.end(), extra_outputs.begin(), extra_outputs.end());
  std::vector<Rational> entries;
  entries.reserve(claimed.q.num_inputs() * labels.size());
  for (std::size_t x = 0; x < claimed.q.num_inputs(); ++x) {
    for (const std::string& y : labels) entries.push_back(entry(x, y));
  }
  const std::size_t outputs = labels.size();
  return {DenseMechanism(claimed.q.num_inputs(), std::move(labels), std::move(entries)),
          IndexSet::from_indices(claimed.protected_outputs.indices(), outputs, "protected")};
}

/// A channel whose bits are independent given x: bit j of input x is 1 with p_one(x, j).
inline DenseForm bit_channel(const DenseForm& claimed,
                             const std::function<Rational(std::size_t, std::size_t)>& p_one) {
  return channel_over(claimed, [&](std::size_t x, const std::string& label) {
    Rational product(1);
    for (std::size_t j = 0; j < label.size(); ++j) {
      const Rational p = p_one(x, j);
      product *= label[j] == '1' ? p : 1 - p;
    }
    return product;
  });
}

/// One report of independent bits: bit j of input x is 1 with p_one(x, j) (character j = bit j).
inline std::string draw_bits(std::size_t x, std::size_t k, estimate::Xoshiro256& rng,
                             const std::function<double(std::size_t, std::size_t)>& p_one) {
  std::string y(k, '0');
  for (std::size_t j = 0; j < k; ++j) {
    if (estimate::uniform01(rng) < p_one(x, j)) y[j] = '1';
  }
  return y;
}

/// C(n, r).
inline Integer binomial(std::size_t n, std::size_t r) {
  Integer c = 1;
  for (std::size_t i = 0; i < r; ++i) c = c * (n - i) / (i + 1);
  return c;
}

/// The members of a block label "{1,3}"; none for a symbol label "7".
inline std::optional<std::vector<std::size_t>> block_members(const std::string& label) {
  if (label.empty() || label.front() != '{') return std::nullopt;
  std::vector<std::size_t> members;
  std::size_t at = 1;
  while (at < label.size() - 1) {
    const std::size_t end = label.find_first_of(",}", at);
    members.push_back(std::stoul(label.substr(at, end - at)));
    at = end + 1;
  }
  return members;
}

}  // namespace zoo_internal

/// pure-LDP 1.1.x's unary encoding (Samuel-Maddock/pure-LDP issue #11; UEClient._perturb,
/// pure_ldp/frequency_oracles/unary_encoding/ue_client.py lines 54-56 from commit 129016b to
/// fc622e3, which fixed it in 1.2.0): every bit is drawn with q, and then the own bit is set to 1
/// with p — so it is 1 with p + (1 - p) q, not p. OUE (p = 1/2, q = 1/(t + 1)) then has tight
/// e^eps t + 2; SUE (p = s/(s + 1), q = 1/(s + 1), s = e^{eps/2}) has t + s + 1.
inline ZooBug pure_ldp_unary_encoding(bool use_oue, std::size_t k, long exp_eps) {
  using zoo_internal::bit_channel;
  const Rational t(exp_eps);
  const api::RegistryReference claim =
      zoo_internal::claim_of(use_oue ? "oue" : "sue", k, {}, PrivacyBudget::from_exp_eps(t));
  Rational p(1, 2), q = 1 / (t + 1);  // OUE
  if (!use_oue) {
    const Rational s = *claim.arguments.budget->exp_half_eps();
    p = s / (s + 1);
    q = 1 / (s + 1);
  }
  const Rational own = p + (1 - p) * q;
  DenseForm channel = bit_channel(zoo_internal::claimed_form(claim),
                                  [&](std::size_t x, std::size_t j) { return j == x ? own : q; });
  const double p_keep = to_double(p), q_flip = to_double(q);
  auto client = [k, p_keep, q_flip](std::size_t x, estimate::Xoshiro256& rng) {
    std::string y = zoo_internal::draw_bits(x, k, rng, [&](std::size_t, std::size_t) {
      return q_flip;  // np.random.choice([1, 0], size=d, p=[q, 1 - q])
    });
    if (estimate::uniform01(rng) < p_keep) y[x] = '1';  // the own bit is never cleared first
    return y;
  };
  return {use_oue ? "pure-LDP OUE" : "pure-LDP SUE",
          "Samuel-Maddock/pure-LDP issue #11 (ue_client.py _perturb, lines 54-56, 1.1.x; fixed in "
          "1.2.0)",
          "every bit drawn with q, then the own bit set with p: it is 1 with p + (1 - p) q",
          claim,
          std::move(client),
          std::move(channel)};
}

/// OpenDP's make_randomized_response_bool before the fix asked for in opendp/opendp issue #480
/// (rust/src/meas/randomized_response/mod.rs, commit 0213ef7): `lie` is a Bernoulli(prob) draw
/// rather than !arg, so the lie can be the truth and leans to true. At prob = 3/4 (claimed
/// e^eps = 3, the code's own test) Q(true|true) = 15/16, Q(true|false) = 3/16, Q(false|false) =
/// 13/16, Q(false|true) = 1/16: tight e^eps 13. Outputs: false = "0", true = "1".
inline ZooBug opendp_randomized_response_bool() {
  const Rational prob(3, 4);
  const api::RegistryReference claim =
      zoo_internal::claim_of("rr", 2, {}, PrivacyBudget::from_exp_eps(prob / (1 - prob)));
  DenseForm channel = zoo_internal::channel_over(
      zoo_internal::claimed_form(claim), [&](std::size_t x, const std::string& y) {
        const Rational lie_true = (1 - prob) * prob;  // reports true: not honest, and lie = true
        const Rational reports_true = x == 1 ? prob + lie_true : lie_true;
        return y == "1" ? reports_true : 1 - reports_true;
      });
  const double p = to_double(prob);
  auto client = [p](std::size_t x, estimate::Xoshiro256& rng) {
    const bool lie = estimate::uniform01(rng) < p;
    const bool honest = estimate::uniform01(rng) < p;
    return std::string(honest ? (x == 1 ? "1" : "0") : (lie ? "1" : "0"));
  };
  return {"OpenDP boolean RR",
          "opendp/opendp issue #480 (make_randomized_response_bool, meas/randomized_response)",
          "the lie is a fresh Bernoulli(prob), not the negation: the lie can be the truth",
          claim,
          std::move(client),
          std::move(channel)};
}

/// smartnoise-core's sample_bit_prob before PR #279 (opendp/smartnoise-core issue #278;
/// runtime-rust/src/utilities/noise.rs lines 89-110 at commit 5565da7): with j the 0-based index
/// of the first heads among fair coin flips (at most 1022) and L the leading zeros of prob's
/// binary expansion, it returns 0 for j < L and otherwise bit L + j of "1" followed by the 52
/// mantissa bits, where bit j - L is the one wanted; past bit 52 the Rust code panics (index out
/// of bounds), here an exception. For prob >= 1/2 (L = 0) it is right.
inline bool smartnoise_sample_bit_prob(double prob, estimate::Xoshiro256& rng) {
  std::size_t first_heads = 0;
  for (std::uint64_t word = rng(); first_heads < 1022; word = rng()) {
    if (word != 0) {
      first_heads += static_cast<std::size_t>(std::countl_zero(word));
      break;
    }
    first_heads += 64;
  }
  first_heads = std::min<std::size_t>(first_heads, 1022);
  const auto raw = std::bit_cast<std::uint64_t>(prob);
  const auto exponent = static_cast<std::size_t>((raw >> 52) & 0x7FF);
  const std::size_t leading_zeros = exponent < 1022 ? 1022 - exponent : 0;
  if (first_heads < leading_zeros) return false;
  const std::size_t index = leading_zeros + first_heads;  // the bug: the bit wanted is j - L
  if (index > 52) {
    throw std::out_of_range("index out of bounds: the len is 53 but the index is " +
                            std::to_string(index));
  }
  return index == 0 || ((raw >> (52 - index)) & 1) != 0;
}

/// The exact probabilities of smartnoise_sample_bit_prob(prob): true, and the panic.
inline std::pair<Rational, Rational> smartnoise_sample_bit_prob_distribution(double prob) {
  const auto raw = std::bit_cast<std::uint64_t>(prob);
  const auto exponent = static_cast<std::size_t>((raw >> 52) & 0x7FF);
  const std::size_t leading_zeros = exponent < 1022 ? 1022 - exponent : 0;
  const auto heads_at = [](std::size_t j) {  // P(first heads at j) = 2^-(j+1), j < 1022
    return Rational(Integer(1), Integer(1) << static_cast<unsigned>(j + 1));
  };
  Rational one(0);
  for (std::size_t j = leading_zeros; leading_zeros + j <= 52; ++j) {
    const std::size_t index = leading_zeros + j;
    if (index == 0 || ((raw >> (52 - index)) & 1) != 0) one += heads_at(j);
  }
  // P(j >= m) = 2^-m: the panic comes with the first j >= L whose bit index passes 52.
  const std::size_t panic_from =
      std::max(leading_zeros, 53 - std::min<std::size_t>(leading_zeros, 53));
  return {one, Rational(Integer(1), Integer(1) << static_cast<unsigned>(panic_from))};
}

/// A binary randomized response at eps = 1 that flips with smartnoise_sample_bit_prob(1/(e + 1))
/// (the flip probability < 1/2, where the sampler is wrong): it flips with 0.0758 instead of
/// 0.2689, a tight e^eps of 12.2 for a claimed e. Output "panic" is the Rust panic.
inline ZooBug smartnoise_bit_sampler_rr() {
  const double flip = 1 / (std::exp(1.0) + 1);
  const api::RegistryReference claim =
      zoo_internal::claim_of("rr", 2, {}, PrivacyBudget::from_epsilon(Rational(1)));
  const auto [flips, panics] = smartnoise_sample_bit_prob_distribution(flip);
  DenseForm channel = zoo_internal::channel_over(
      zoo_internal::claimed_form(claim),
      [flips = flips, panics = panics](std::size_t x, const std::string& y) {
        if (y == "panic") return panics;
        return y == std::to_string(x) ? 1 - flips - panics : flips;
      },
      {"panic"});
  auto client = [flip](std::size_t x, estimate::Xoshiro256& rng) {
    return std::to_string(smartnoise_sample_bit_prob(flip, rng) ? 1 - x : x);
  };
  return {"smartnoise-core bit sampler",
          "opendp/smartnoise-core issue #278 (sample_bit_prob, fixed by PR #279)",
          "Bernoulli(p) read bit L + j of p's mantissa for bit j - L: a binary RR at eps 1 flips "
          "with 0.0758, not 1/(e + 1)",
          claim,
          std::move(client),
          std::move(channel)};
}

/// A uRAP client whose sensitive inputs draw every other bit with the sensitive bits' 1/(s + 1),
/// the non-sensitive ones too (uRAP, arXiv 1807.11317 Definition 4, keeps them 0; the reference
/// encoder phy811/uBD `uBD/ULDP scheme/encode_uRAP.m` line 24 masks the flips to X_S), as the
/// public fork named in issue 52 does. A sensitive input then reaches outputs of Y_I: the
/// invertibility of ULDP fails, tight e^eps infinite.
inline ZooBug urap_sensitive_sets_non_sensitive_bits(std::size_t k,
                                                     std::vector<std::size_t> sensitive,
                                                     long exp_eps) {
  const api::RegistryReference claim =
      zoo_internal::claim_of("urap", k, sensitive, PrivacyBudget::from_exp_eps(exp_eps));
  const IndexSet xs = sensitive_or_all(claim.arguments);
  const Rational s = *claim.arguments.budget->exp_half_eps();
  const Rational keep = s / (s + 1), flip = 1 / (s + 1), own_non_sensitive = (s - 1) / s;
  const auto p_one = [&](std::size_t x, std::size_t j) {
    if (j == x) return xs.contains(x) ? keep : own_non_sensitive;
    // uRAP flips the bits of X_S alone; the fork flips every bit of a sensitive input
    return xs.contains(x) || xs.contains(j) ? flip : Rational(0);
  };
  DenseForm channel = zoo_internal::bit_channel(zoo_internal::claimed_form(claim), p_one);
  std::vector<std::vector<double>> p(k, std::vector<double>(k));
  for (std::size_t x = 0; x < k; ++x) {
    for (std::size_t j = 0; j < k; ++j) p[x][j] = to_double(p_one(x, j));
  }
  auto client = [k, p = std::move(p)](std::size_t x, estimate::Xoshiro256& rng) {
    return zoo_internal::draw_bits(x, k, rng,
                                   [&](std::size_t in, std::size_t j) { return p[in][j]; });
  };
  return {"uRAP, sensitive inputs set X_N bits",
          "a public fork's uRAP client (issue 52; cf. phy811/uBD encode_uRAP.m line 24)",
          "a sensitive input flips the non-sensitive bits too, with 1/(s + 1)",
          claim,
          std::move(client),
          std::move(channel)};
}

/// The mixture mode of the 2025 uBD reference encoder (phy811/uBD `uBD/ULDP scheme/
/// encode_opt_ULDP.m` at commit c8e0d10): a sensitive user's one uniform picks the block size K
/// (line 72, K = the bin of the cumulative weights it falls in) and again decides whether the
/// block holds the user's value (line 131, u < K t / (K t + v - K)). Where the bins and the
/// inclusion thresholds cross, inclusion is decided by the bin: when λ_1 >= 2t / (2t + v - 2), a
/// user who draws K = 2 never reports a block holding its own value. Non-sensitive users draw
/// afresh (lines 88-107), as if every K of the support was drawn in their batch (errata R5).
/// `fresh_inclusion`: the fix, a second uniform for inclusion, which is ubd-opt itself.
class UbdMixtureEncoder {
 public:
  UbdMixtureEncoder(const IndexSet& sensitive, const PrivacyBudget& budget, bool fresh_inclusion)
      : sensitive_(sensitive), fresh_inclusion_(fresh_inclusion) {
    const std::size_t v = sensitive.size();
    const Rational& t = budget.exp_eps();
    Rational cumulative(0), non_sensitive_cumulative(0);
    for (const BlockWeight& w : optimal_ubd_mixture(sensitive, budget).weights) {
      Block b;
      b.size = w.block;
      b.weight = w.weight;
      b.from = cumulative;
      cumulative += w.weight;
      b.to = cumulative;
      b.include = w.block * t / (w.block * t + v - w.block);
      b.non_sensitive = w.weight * v / (w.block * t + v - w.block);
      non_sensitive_cumulative += b.non_sensitive;
      b.upper = to_double(b.to);
      b.include_below = to_double(b.include);
      b.non_sensitive_upper = to_double(non_sensitive_cumulative);
      blocks_.push_back(b);
    }
  }

  /// One report: a block "{a,b}" of sensitive symbols, or a non-sensitive input itself.
  std::string operator()(std::size_t x, estimate::Xoshiro256& rng) const {
    const std::vector<std::size_t>& xs = sensitive_.indices();
    const double u = estimate::uniform01(rng);
    if (!sensitive_.contains(x)) {
      for (const Block& b : blocks_) {
        if (u < b.non_sensitive_upper) return label(draw_block(b.size, xs.size(), rng));
      }
      return std::to_string(x);
    }
    const Block* drawn = &blocks_.back();
    for (const Block& b : blocks_) {
      if (u < b.upper) {
        drawn = &b;
        break;
      }
    }
    const double inclusion = fresh_inclusion_ ? estimate::uniform01(rng) : u;  // line 131: u again
    const auto own =
        static_cast<std::size_t>(std::lower_bound(xs.begin(), xs.end(), x) - xs.begin());
    std::vector<std::size_t> members;
    if (inclusion < drawn->include_below) {
      members = draw_block(drawn->size - 1, xs.size() - 1, rng);
      for (std::size_t& m : members) m += m >= own ? 1 : 0;  // the others, skipping own
      members.push_back(own);
    } else {
      members = draw_block(drawn->size, xs.size() - 1, rng);
      for (std::size_t& m : members) m += m >= own ? 1 : 0;
    }
    return label(std::move(members));
  }

  /// The channel exactly, on the claim's outputs.
  DenseForm channel(const DenseForm& claimed) const {
    const std::size_t v = sensitive_.size();
    return zoo_internal::channel_over(claimed, [&](std::size_t x, const std::string& y) {
      const std::optional<std::vector<std::size_t>> members = zoo_internal::block_members(y);
      if (!members) return std::stoul(y) == x ? 1 - non_sensitive_to_blocks() : Rational(0);
      const auto b = std::find_if(blocks_.begin(), blocks_.end(),
                                  [&](const Block& d) { return d.size == members->size(); });
      if (b == blocks_.end()) return Rational(0);
      if (!sensitive_.contains(x))
        return Rational(b->non_sensitive / zoo_internal::binomial(v, b->size));
      const Rational included = inclusion_mass(*b);
      if (std::find(members->begin(), members->end(), x) != members->end())
        return Rational(included / zoo_internal::binomial(v - 1, b->size - 1));
      return Rational((b->weight - included) / zoo_internal::binomial(v - 1, b->size));
    });
  }

 private:
  struct Block {
    std::size_t size = 0;
    Rational weight, from, to, include, non_sensitive;
    double upper = 0, include_below = 0, non_sensitive_upper = 0;  // as the client holds them
  };

  // P(this K and a block holding the user's value): with one uniform, u in [from, to) and below
  // the inclusion threshold; with a fresh one, λ_K times the threshold.
  Rational inclusion_mass(const Block& b) const {
    if (fresh_inclusion_) return b.weight * b.include;
    return std::max(Rational(0), Rational(std::min(b.to, b.include) - b.from));
  }

  Rational non_sensitive_to_blocks() const {
    Rational sum(0);
    for (const Block& b : blocks_) sum += b.non_sensitive;
    return sum;
  }

  // `size` distinct positions of 0..from-1, uniformly (a partial Fisher–Yates shuffle).
  static std::vector<std::size_t> draw_block(std::size_t size, std::size_t from,
                                             estimate::Xoshiro256& rng) {
    std::vector<std::size_t> all(from);
    for (std::size_t i = 0; i < from; ++i) all[i] = i;
    for (std::size_t i = 0; i < size; ++i) {
      std::swap(all[i], all[i + estimate::uniform_below(rng, from - i)]);
    }
    all.resize(size);
    return all;
  }

  // Positions in X_S as a label of their symbols: "{1,3}".
  std::string label(std::vector<std::size_t> positions) const {
    std::sort(positions.begin(), positions.end());
    std::string text = "{";
    for (std::size_t i = 0; i < positions.size(); ++i) {
      if (i > 0) text += ',';
      text += std::to_string(sensitive_.indices()[positions[i]]);
    }
    return text + "}";
  }

  IndexSet sensitive_;
  bool fresh_inclusion_ = false;
  std::vector<Block> blocks_;
};

/// The shipped encoder over k symbols, X_S = the first `sensitive_count`, e^eps = exp_eps, as it
/// claims to be ubd-opt.
inline ZooBug ubd_mixture_encoder(std::size_t k, std::size_t sensitive_count, long exp_eps) {
  std::vector<std::size_t> xs(sensitive_count);
  for (std::size_t i = 0; i < sensitive_count; ++i) xs[i] = i;
  const api::RegistryReference claim =
      zoo_internal::claim_of("ubd-opt", k, xs, PrivacyBudget::from_exp_eps(exp_eps));
  const UbdMixtureEncoder encoder(sensitive_or_all(claim.arguments), *claim.arguments.budget,
                                  false);
  DenseForm channel = encoder.channel(zoo_internal::claimed_form(claim));
  auto client = encoder;
  return {"uBD mixture encoder",
          "phy811/uBD encode_opt_ULDP.m lines 72 and 131 (docs/errata.md R8)",
          "one uniform picks K and decides inclusion: a K = 2 user never reports its own value",
          claim,
          std::move(client),
          std::move(channel)};
}

/// Generalized randomized response over k symbols whose lie is `rand() % (k - 1)` from a
/// generator of 3-bit numbers (RAND_MAX = 7; the modulo bias of `rng() % max`, as in
/// TokTok/c-toxcore issue #1040, made gross by a small range): at k = 6 the lies 0-2 come with
/// 2/8, 3-4 with 1/8, and Q(x|x) / Q(x|x') reaches (3/8) / ((5/8)(1/8)) = 24/5 for a claimed 3.
inline ZooBug grr_three_bit_generator() {
  const std::size_t k = 6;
  const Rational t(3), keep = t / (t + k - 1);
  const api::RegistryReference claim =
      zoo_internal::claim_of("rr", k, {}, PrivacyBudget::from_exp_eps(t));
  const auto lie_weight = [k](std::size_t index) {  // 3-bit values r with r % (k - 1) == index
    std::size_t count = 0;
    for (std::size_t r = 0; r < 8; ++r) count += r % (k - 1) == index ? 1 : 0;
    return Rational(count, 8);
  };
  DenseForm channel = zoo_internal::channel_over(
      zoo_internal::claimed_form(claim), [&](std::size_t x, const std::string& label) {
        const std::size_t y = std::stoul(label);
        if (y == x) return keep;
        return (1 - keep) * lie_weight(y < x ? y : y - 1);
      });
  const double p = to_double(keep);
  auto client = [k, p](std::size_t x, estimate::Xoshiro256& rng) {
    if (estimate::uniform01(rng) < p) return std::to_string(x);
    const std::size_t lie = static_cast<std::size_t>(rng() >> 61) % (k - 1);  // 3 random bits
    return std::to_string(lie < x ? lie : lie + 1);
  };
  return {"GRR, 3-bit generator",
          "synthetic: modulo bias of rng() % max (cf. TokTok/c-toxcore issue #1040)",
          "the lie is a 3-bit random number mod k - 1: some lies twice as likely as others",
          claim,
          std::move(client),
          std::move(channel)};
}

/// uRR whose probability table is held in float32 and sampled by walking a float32 cumulative
/// sum, the last output taking whatever the walk leaves (synthetic: a float32 table of a GPU or
/// numpy sampler). At k = 5, X_S = {0, 1, 2}, eps = 1 a sensitive row's float32 sum stops at
/// 1 - 2^-24, so with 2^-24 a sensitive input reports the non-sensitive symbol 4: the
/// invertibility of ULDP fails (tight e^eps infinite), at a rate no sampler sees.
inline ZooBug urr_float32_table() {
  const std::size_t k = 5;
  const std::vector<std::size_t> xs = {0, 1, 2};
  const api::RegistryReference claim =
      zoo_internal::claim_of("urr", k, xs, PrivacyBudget::from_epsilon(Rational(1)));
  const double t = std::exp(1.0), v = static_cast<double>(xs.size());
  std::vector<std::vector<float>> cumulative(k, std::vector<float>(k));
  for (std::size_t x = 0; x < k; ++x) {
    const bool sensitive_x = x < xs.size();
    float sum = 0;
    for (std::size_t y = 0; y < k; ++y) {
      double q = 0;
      if (y < xs.size()) q = (y == x ? t : 1) / (v + t - 1);
      if (y == x && !sensitive_x) q = (t - 1) / (v + t - 1);
      sum += static_cast<float>(q);  // rounded to float32, summed in float32
      cumulative[x][y] = sum;
    }
  }
  DenseForm channel = zoo_internal::channel_over(
      zoo_internal::claimed_form(claim), [&](std::size_t x, const std::string& label) {
        const std::size_t y = std::stoul(label);
        // u in [cdf(y-1), cdf(y)), both at most 1; the last output takes u up to 1.
        const auto reached = [&](std::size_t to) {
          return std::min(Rational(1), from_double(cumulative[x][to]));
        };
        const Rational below = y == 0 ? Rational(0) : reached(y - 1);
        return (y + 1 == k ? Rational(1) : reached(y)) - below;
      });
  auto client = [k, cumulative = std::move(cumulative)](std::size_t x, estimate::Xoshiro256& rng) {
    const double u = estimate::uniform01(rng);
    for (std::size_t y = 0; y + 1 < k; ++y) {
      if (u < cumulative[x][y]) return std::to_string(y);
    }
    return std::to_string(k - 1);
  };
  return {"uRR, float32 table",
          "synthetic: a float32 probability table, sampled by its float32 cumulative sum",
          "rows rounded to float32 and summed in float32: a sensitive row sums to 1 - 2^-24, "
          "the rest falls on output 4",
          claim,
          std::move(client),
          std::move(channel)};
}

/// The channel as a matrix file `uldp check --matrix` reads: a header row of the outputs (quoted),
/// then one row of exact entries per input.
inline std::string channel_csv(const DenseForm& channel) {
  std::string text = "# header: yes\n";
  const std::vector<std::string>& labels = channel.q.output_labels();
  for (std::size_t y = 0; y < labels.size(); ++y) {
    text += y ? ",\"" : "\"";  // appended: GCC 12 warns falsely on "," + std::string (-Wrestrict)
    text += labels[y];
    text += '"';
  }
  text += '\n';
  for (std::size_t x = 0; x < channel.q.num_inputs(); ++x) {
    for (std::size_t y = 0; y < labels.size(); ++y) {
      if (y > 0) text += ',';
      text += to_string(channel.q(x, y));
    }
    text += '\n';
  }
  return text;
}

/// Every replica, in the order docs/bug-zoo.md lists them.
inline std::vector<ZooBug> bug_zoo() {
  return {
      pure_ldp_unary_encoding(true, 4, 3),
      pure_ldp_unary_encoding(false, 4, 4),
      opendp_randomized_response_bool(),
      smartnoise_bit_sampler_rr(),
      urap_sensitive_sets_non_sensitive_bits(5, {0, 1}, 4),
      ubd_mixture_encoder(20, 6, 7),
      grr_three_bit_generator(),
      urr_float32_table(),
  };
}

/// The claim's property (ε-LDP, or ULDP with the claim's X_S and Y_P) decided on the channel.
inline Verdict claim_verdict(const ZooBug& bug) {
  const Property property =
      find_mechanism(bug.claim.name).claim == Claim::kUldp ? Property::kUldp : Property::kLdp;
  return check_property(ExactForm(bug.channel), property, sensitive_or_all(bug.claim.arguments),
                        bug.claim.arguments.budget);
}

}  // namespace uldp::testing
