// The uBD mixture's estimator: the score-based form with exact J's, or the single-K one at α = 1.
//
// Score of a report y: s(y)(x) = Q(y|x)/Q_α(y). A block B of size K gives g_K·(t on B, 1 on every
// other symbol, X_N included), g_K = v/(αK(t-1)+v); a report o in X_N gives (w-v)/(1-α) at o.
// p̂₁(y) = P_α + Φ1(s)/J1 + Φ2(s)/J2 + Φ3(s)/J3, Φ_i the orthogonal projections onto
// H1 (zero-sum on X_S), H2 (zero-sum on X_N), H3 = span(u), u = ((w-v)·1_S, -v·1_N). With
// A = E_{Q_α}[s sᵀ], A P_α = 1 and A acts on H_i as J_i (permutation symmetry), so
// E[p̂₁ | p] = P_α + Σ_i Φ_i(A(p - P_α))/J_i = p: unbiased for every p, where
//   J1 = (t-1)² v/(v-1) · Σ λ_K K(v-K)/((αK(t-1)+v)(Kt+v-K)),
//   J2 = (t-1)(w-v)/(1-α) · Σ λ_K K/(Kt+v-K),
//   J3 = v(w-v)(t-1)/(w(1-α)) · Σ λ_K K/(αK(t-1)+v)
// (compute_M_J.m's J's; the tests check unbiasedness entry by entry on dense matrices).
#include "uldp/mechanisms/ubd_opt/ubd_opt_estimator.h"

#include <string>

#include "uldp/error.h"
#include "uldp/mechanisms/ubd/ubd.h"
#include "uldp/mechanisms/ubd/ubd_estimator.h"
#include "uldp/mechanisms/ubd_opt/ubd_opt.h"

namespace uldp {
namespace {

UbdOptEstimator single_block(std::size_t v, std::size_t block, const Rational& t) {
  const UbdEstimator e = ubd_estimator(v, block, t);
  UbdOptEstimator out;
  out.blocks.push_back(
      {block, 1 / e.sensitive_gain - e.sensitive_offset, -e.sensitive_offset, Rational(0)});
  out.open = {e.spill / e.sensitive_gain - e.sensitive_offset, 1 / e.open_gain, Rational(0)};
  return out;
}

}  // namespace

UbdOptEstimator ubd_opt_estimator(std::size_t w, std::size_t v, const Rational& t,
                                  const std::vector<BlockWeight>& weights, const Rational& alpha) {
  validate_limit_setting({w, v, t});
  validate_block_weights(weights, v);
  if (alpha < 0 || alpha > 1) throw InvalidArgument("sensitive_mass: must lie in [0, 1]");
  if (alpha == 1) {
    if (weights.size() != 1)
      throw InvalidArgument("sensitive_mass: 1 (all mass on X_S) needs a single block size");
    return single_block(v, weights[0].block, t);
  }
  const Rational vv(v), ww(w), nn(w - v), tm1 = t - 1, open_mass = 1 - alpha;
  Rational s1 = 0, b = 0, c = 0;
  for (const BlockWeight& bw : weights) {
    const Rational kk(bw.block);
    const Rational spread = kk * t + vv - kk, centred = alpha * kk * tm1 + vv;
    s1 += bw.weight * kk * (vv - kk) / (centred * spread);
    b += bw.weight * kk / spread;
    c += bw.weight * kk / centred;
  }
  if (s1 == 0)
    throw InvalidArgument("block weights: need some block size below |X_S| (else J1 = 0)");
  const Rational j1 = tm1 * tm1 * vv / (vv - 1) * s1;
  const Rational j2 = tm1 * nn * b / open_mass;
  const Rational j3 = vv * nn * tm1 * c / (ww * open_mass);
  const Rational on_sensitive = alpha / vv, on_open = open_mass / nn;
  UbdOptEstimator out;
  for (const BlockWeight& bw : weights) {
    const Rational kk(bw.block);
    const Rational g = vv / (alpha * kk * tm1 + vv);
    const Rational h3 = g * kk * tm1 / (ww * j3);  // Φ3/J3 = h3 · u / v
    out.blocks.push_back({bw.block, on_sensitive + g * tm1 * (vv - kk) / (vv * j1) + h3 * nn / vv,
                          on_sensitive - g * kk * tm1 / (vv * j1) + h3 * nn / vv, on_open - h3});
  }
  const Rational h3 = 1 / (open_mass * ww * j3);  // Φ3(s(o))/J3 = -h3 · u
  out.open = {on_sensitive - h3 * nn, on_open + (nn - 1) / (open_mass * j2) + h3 * vv,
              on_open - 1 / (open_mass * j2) + h3 * vv};
  return out;
}

L2Quadratic ubd_opt_l2_quadratic(const IndexSet& sensitive, const std::vector<BlockWeight>& weights,
                                 const Rational& alpha, const PrivacyBudget& budget) {
  const std::size_t w = sensitive.universe(), v = sensitive.size();
  const Rational& t = budget.exp_eps();
  const UbdOptEstimator e = ubd_opt_estimator(w, v, t, weights, alpha);
  const OpenReportEstimate& o = e.open;
  const Rational open_norm = v * o.sensitive * o.sensitive + o.self * o.self +
                             Rational(w - v - 1) * o.other_open * o.other_open;
  Rational from_sensitive = 0, from_open = 0;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    const BlockReportEstimate& r = e.blocks[i];
    const Rational kk(r.block);
    const Rational block_norm = kk * r.member * r.member +
                                (v - kk) * r.other_sensitive * r.other_sensitive +
                                Rational(w - v) * r.open * r.open;
    const Rational self = ubd_constants(v, r.block, t).reports_self;  // reports itself
    from_sensitive += weights[i].weight * block_norm;
    from_open += weights[i].weight * ((1 - self) * block_norm + self * open_norm);
  }
  L2Quadratic q{Rational(0), std::vector<Rational>(w)};
  for (std::size_t x = 0; x < w; ++x)
    q.linear[x] = sensitive.contains(x) ? from_sensitive : from_open;
  return q;
}

std::vector<Rational> exact_empirical_estimate_ubd_opt(const IndexSet& sensitive,
                                                       const UbdOptEstimator& e,
                                                       const UbdOptReportTally& tally) {
  const std::size_t k = sensitive.universe();
  bool sizes_fit = tally.blocks.size() == e.blocks.size() &&
                   tally.members.size() == e.blocks.size() && tally.open.size() == k;
  for (const std::vector<std::uint64_t>& m : tally.members) sizes_fit = sizes_fit && m.size() == k;
  if (!sizes_fit) throw InvalidArgument("ubd-opt estimate: the tally does not fit the mixture");
  Integer n = 0, open_reports = 0;
  for (std::uint64_t b : tally.blocks) n += b;
  for (std::uint64_t o : tally.open) open_reports += o;
  n += open_reports;
  if (n == 0) throw InvalidArgument("ubd-opt estimate: no reports");
  std::vector<Rational> p(k);
  for (std::size_t x = 0; x < k; ++x) {
    Rational sum = 0;
    if (sensitive.contains(x)) {
      for (std::size_t i = 0; i < e.blocks.size(); ++i) {
        const Integer in(tally.members[i][x]);
        sum +=
            in * e.blocks[i].member + (Integer(tally.blocks[i]) - in) * e.blocks[i].other_sensitive;
      }
      sum += Rational(open_reports) * e.open.sensitive;
    } else {
      for (std::size_t i = 0; i < e.blocks.size(); ++i)
        sum += Integer(tally.blocks[i]) * e.blocks[i].open;
      const Integer self(tally.open[x]);
      sum += self * e.open.self + (open_reports - self) * e.open.other_open;
    }
    p[x] = sum / n;
  }
  return p;
}

}  // namespace uldp
