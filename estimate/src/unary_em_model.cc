#include "internal/unary_em_model.h"

#include <cmath>
#include <string>
#include <thread>

#include "uldp/error.h"

namespace uldp::internal {

// Sums over unforced reports y in a range: Σ 1/d(y), Σ log d(y), per bit Σ_{y ∋ l} 1/d(y); with
// kCurvature also Σ 1/d(y)^2 and per bit Σ_{y ∋ l} 1/d(y)^2 (interleaved with the first sums so
// one report costs one read-modify-write of 16 bytes per set bit).
struct UnaryEmModel::Partial {
  std::vector<double> per_bit;  // [l] or [2l], [2l + 1]
  double inverse = 0;
  double inverse_square = 0;
  double log_likelihood = 0;
  bool impossible = false;
};

UnaryEmModel::UnaryEmModel(const UnaryParams& params, const BitReports& reports)
    : k_(params.k) {
  validate(params);
  if (reports.k() != params.k) {
    throw InvalidArgument("EM: reports have " + std::to_string(reports.k()) +
                          " bits, the mechanism " + std::to_string(params.k));
  }
  if (reports.size() == 0) throw InvalidArgument("EM: no reports (n = 0)");
  n_ = static_cast<double>(reports.size());
  std::vector<double> a(k_, 0.0);
  std::vector<double> log_odds(k_, 0.0);  // log(off / (1 - off)): what a set bit adds to log B
  b_.assign(k_, 0.0), w_.assign(k_, 0.0);
  double log_all_zero = 0;  // Σ_j log P(y_j = 0 | off)
  for (std::size_t j = 0; j < k_; ++j) {
    const double on = params.on[j], off = params.off[j];
    if (off >= 1.0) {
      throw InvalidArgument("EM: bit " + std::to_string(j) +
                            " is 1 whenever it is off (off = 1); not supported");
    }
    b_[j] = (1.0 - on) / (1.0 - off);
    if (off > 0.0) {
      a[j] = on / off;
      w_[j] = a[j] - b_[j];
      log_odds[j] = std::log(off) - std::log1p(-off);
    }
    log_all_zero += std::log1p(-off);
  }
  forced_count_.assign(k_, 0.0);
  if (k_ <= kMaxShortBits) {
    compact_reports(params, reports, log_odds, log_all_zero, short_bits_);
  } else {
    compact_reports(params, reports, log_odds, log_all_zero, long_bits_);
  }
}

// One pass over the reports: the forced ones are counted, the others copied with Index-sized
// bit indices (a report is copied as it is read, and dropped again if a forcing bit turns up).
// Σ_y log B(y) comes from per-bit counts afterwards, not from a chain of additions per bit.
template <typename Index>
void UnaryEmModel::compact_reports(const UnaryParams& params, const BitReports& reports,
                                   const std::vector<double>& log_odds, double log_all_zero,
                                   std::vector<Index>& bits) {
  std::vector<unsigned char> forcing_bit(k_, 0);
  for (std::size_t j = 0; j < k_; ++j) forcing_bit[j] = params.off[j] == 0.0;
  std::vector<std::uint64_t> ones(k_, 0);  // reports with bit j set (forcing bits excluded)
  bits.reserve(reports.total_set_bits());
  active_offsets_.reserve(reports.size() + 1);
  active_offsets_.push_back(0);
  for (std::size_t i = 0; i < reports.size(); ++i) {
    std::uint32_t forcing = kNone;
    const std::size_t first = bits.size();
    for (std::uint32_t j : reports.report(i)) {
      if (forcing_bit[j]) {
        if (forcing != kNone) {
          throw InvalidArgument("EM: report " + std::to_string(i) + " sets bits " +
                                std::to_string(forcing) + " and " + std::to_string(j) +
                                ", impossible under the mechanism");
        }
        forcing = j;
      } else {
        ++ones[j];
        bits.push_back(static_cast<Index>(j));
      }
    }
    if (forcing == kNone) {
      active_offsets_.push_back(bits.size());
      continue;
    }
    if (!(params.on[forcing] > 0.0)) {
      throw InvalidArgument("EM: report " + std::to_string(i) + " sets bit " +
                            std::to_string(forcing) + ", impossible under the mechanism");
    }
    bits.resize(first);
    forced_count_[forcing] += 1.0;
  }
  // Σ_y log Q(y|x) over the parts that do not depend on p: log B(y) for every report, and
  // log on_x for a report forced to x.
  constant_ = n_ * log_all_zero;
  for (std::size_t j = 0; j < k_; ++j) {
    if (ones[j] > 0) constant_ += static_cast<double>(ones[j]) * log_odds[j];
    if (forced_count_[j] > 0.0) constant_ += forced_count_[j] * std::log(params.on[j]);
  }
}

template <bool kCurvature>
void UnaryEmModel::accumulate(const std::vector<double>& g, double base, std::size_t first_report,
                              std::size_t end_report, Partial& part) const {
  if (long_bits_.empty()) {
    accumulate_bits<kCurvature>(short_bits_.data(), g, base, first_report, end_report, part);
  } else {
    accumulate_bits<kCurvature>(long_bits_.data(), g, base, first_report, end_report, part);
  }
}

template <bool kCurvature, typename Index>
void UnaryEmModel::accumulate_bits(const Index* bits, const std::vector<double>& g, double base,
                                   std::size_t first_report, std::size_t end_report,
                                   Partial& part) const {
  // Σ log d(y) as the log of a running product kept in range with frexp: one log per call
  // instead of one per report.
  double product = 1.0;
  long exponent = 0;
  double* per_bit = part.per_bit.data();
  for (std::size_t r = first_report; r < end_report; ++r) {
    const Index* begin = bits + active_offsets_[r];
    const Index* end = bits + active_offsets_[r + 1];
    // Four running sums: one would chain every addition on the previous one's latency.
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    const Index* it = begin;
    for (; end - it >= 4; it += 4) {
      s0 += g[it[0]];
      s1 += g[it[1]];
      s2 += g[it[2]];
      s3 += g[it[3]];
    }
    for (; it != end; ++it) s0 += g[*it];
    const double d = base + ((s0 + s1) + (s2 + s3));
    if (!(d > 0.0)) {
      part.impossible = true;
      return;
    }
    const double inverse = 1.0 / d;
    part.inverse += inverse;
    product *= d;
    if (product > 0x1p500 || product < 0x1p-500) {
      int e = 0;
      product = std::frexp(product, &e);
      exponent += e;
    }
    if constexpr (kCurvature) {
      const double square = inverse * inverse;
      part.inverse_square += square;
      for (const Index* bit = begin; bit != end; ++bit) {
        double* slot = per_bit + 2 * static_cast<std::size_t>(*bit);
        slot[0] += inverse;
        slot[1] += square;
      }
    } else {
      for (const Index* bit = begin; bit != end; ++bit) per_bit[*bit] += inverse;
    }
  }
  part.log_likelihood += std::log(product) + static_cast<double>(exponent) * std::log(2.0);
}

template <bool kCurvature>
bool UnaryEmModel::sweep(const std::vector<double>& p, Partial& total) const {
  std::vector<double> g(k_);
  double base = 0;  // Σ_l p_l b_l
  for (std::size_t l = 0; l < k_; ++l) {
    g[l] = p[l] * w_[l];
    base += p[l] * b_[l];
  }
  // Two halves of the reports on two threads. The split depends on the report count only, so
  // the result is the same on every machine (one core just runs the halves in turn).
  const std::size_t slots = kCurvature ? 2 * k_ : k_;
  const std::size_t count = active_offsets_.size() - 1;  // unforced reports
  const std::size_t half = count >= kParallelReports ? count / 2 : count;
  Partial second;
  total.per_bit.assign(slots, 0.0);
  std::thread worker;
  if (half < count) {
    second.per_bit.assign(slots, 0.0);
    worker = std::thread([&] { accumulate<kCurvature>(g, base, half, count, second); });
  }
  accumulate<kCurvature>(g, base, 0, half, total);
  if (worker.joinable()) {
    worker.join();
    for (std::size_t l = 0; l < slots; ++l) total.per_bit[l] += second.per_bit[l];
    total.inverse += second.inverse;
    total.inverse_square += second.inverse_square;
    total.log_likelihood += second.log_likelihood;
    total.impossible = total.impossible || second.impossible;
  }
  return !total.impossible;
}

double UnaryEmModel::em_update(const std::vector<double>& p, std::vector<double>& next) const {
  Partial sums;
  if (!sweep<false>(p, sums)) return -std::numeric_limits<double>::infinity();
  double log_likelihood = constant_ + sums.log_likelihood;
  next.resize(k_);
  for (std::size_t l = 0; l < k_; ++l) {
    if (forced_count_[l] > 0.0) {
      if (!(p[l] > 0.0)) return -std::numeric_limits<double>::infinity();
      log_likelihood += forced_count_[l] * std::log(p[l]);
    }
    next[l] = (p[l] * (b_[l] * sums.inverse + w_[l] * sums.per_bit[l]) + forced_count_[l]) / n_;
  }
  return log_likelihood;
}

void UnaryEmModel::curvature_pass(const std::vector<double>& p, CurvaturePass& out) const {
  Partial sums;
  out.log_likelihood = -std::numeric_limits<double>::infinity();
  if (!sweep<true>(p, sums)) return;
  double log_likelihood = constant_ + sums.log_likelihood;
  out.next.resize(k_), out.gradient.resize(k_), out.diagonal.resize(k_), out.mean.resize(k_);
  const double t2 = sums.inverse_square;
  for (std::size_t l = 0; l < k_; ++l) {
    const double forced = forced_count_[l];
    if (forced > 0.0) {
      if (!(p[l] > 0.0)) return;
      log_likelihood += forced * std::log(p[l]);
    }
    const double u = sums.per_bit[2 * l], u2 = sums.per_bit[2 * l + 1];
    // L = Σ_forced log p_f + Σ_y log(a_y · p) with a_y = b + w 1_y: ∂L/∂p_l and, treating the
    // bits of the weighted reports as independent, Σ_y a_y a_y^T / d(y)^2 ≈
    // diag(w² (u2 - u2²/T2)) + c c^T / T2 with c = T2 b + w u2.
    const double forced_term = forced > 0.0 ? forced / p[l] : 0.0;
    out.gradient[l] = b_[l] * sums.inverse + w_[l] * u + forced_term;
    out.next[l] = p[l] * out.gradient[l] / n_;
    const double spread = t2 > 0.0 ? u2 - u2 * u2 / t2 : 0.0;
    out.diagonal[l] = w_[l] * w_[l] * std::max(spread, 0.0) + forced_term / p[l];
    out.mean[l] = t2 * b_[l] + w_[l] * u2;
  }
  out.weight = t2;
  out.log_likelihood = log_likelihood;
}

}  // namespace uldp::internal
