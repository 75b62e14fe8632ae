#include "internal/unary_em_model.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <string>
#include <thread>

#include "uldp/error.h"

namespace uldp::estimate::internal {

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

UnaryEmModel::UnaryEmModel(const UnaryParams& params, const BitReports& reports) : k_(params.k) {
  validate(params);
  if (reports.k() != params.k) {
    throw InvalidArgument("EM: reports have " + std::to_string(reports.k()) +
                          " bits, the mechanism " + std::to_string(params.k));
  }
  if (reports.size() == 0) throw InvalidArgument("EM: no reports (n = 0)");
  n_ = static_cast<double>(reports.size());
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
      w_[j] = on / off - b_[j];  // a - b with a = on / off
      log_odds[j] = std::log(off) - std::log1p(-off);
    }
    log_all_zero += std::log1p(-off);
  }
  forcing_.assign(k_, 0);
  for (std::size_t j = 0; j < k_; ++j) forcing_[j] = params.off[j] == 0.0;
  // Two halves on two threads (a split by report count only, so the same on every machine).
  const std::size_t count = reports.size();
  const std::size_t half = count >= kParallelReports ? count / 2 : count;
  segments_.resize(half < count ? 2 : 1);
  std::exception_ptr failures[2];
  auto build = [&](std::size_t which, std::size_t first, std::size_t end) {
    try {
      Segment& segment = segments_[which];
      if (k_ <= kMaxShortBits) {
        compact(params, reports, first, end, segment, segment.short_bits);
      } else {
        compact(params, reports, first, end, segment, segment.long_bits);
      }
    } catch (...) {
      failures[which] = std::current_exception();
    }
  };
  std::thread worker;
  if (segments_.size() == 2) worker = std::thread(build, 1, half, count);
  build(0, 0, half);
  if (worker.joinable()) worker.join();
  for (const std::exception_ptr& failure : failures) {
    if (failure) std::rethrow_exception(failure);  // the first impossible report, in file order
  }
  forced_count_.assign(k_, 0.0);
  ones_.assign(k_, 0);
  for (const Segment& segment : segments_) {
    for (std::size_t j = 0; j < k_; ++j) {
      forced_count_[j] += segment.forced_count[j];
      ones_[j] += segment.ones[j];
    }
  }
  // Σ_y log Q(y|x) over the parts that do not depend on p: log B(y) for every report, and
  // log on_x for a report forced to x; from per-bit counts, not a chain of additions per bit.
  constant_ = n_ * log_all_zero;
  for (std::size_t j = 0; j < k_; ++j) {
    if (ones_[j] > 0) constant_ += static_cast<double>(ones_[j]) * log_odds[j];
    if (forced_count_[j] > 0.0) constant_ += forced_count_[j] * std::log(params.on[j]);
  }
}

// One pass over reports [first_report, end_report): the forced ones are counted, the others
// copied with Index-sized bit indices (copied as read, dropped again if a forcing bit turns up).
template <typename Index>
void UnaryEmModel::compact(const UnaryParams& params, const BitReports& reports,
                           std::size_t first_report, std::size_t end_report, Segment& segment,
                           std::vector<Index>& bits) const {
  segment.ones.assign(k_, 0);
  segment.forced_count.assign(k_, 0.0);
  bits.reserve(reports.set_bits_in(first_report, end_report));
  segment.offsets.reserve(end_report - first_report + 1);
  for (std::size_t i = first_report; i < end_report; ++i) {
    std::uint32_t forcing = kNone;
    const std::size_t first = bits.size();
    for (std::uint32_t j : reports.report(i)) {
      if (forcing_[j]) {
        if (forcing != kNone) {
          throw InvalidArgument("EM: report " + std::to_string(i) + " sets bits " +
                                std::to_string(forcing) + " and " + std::to_string(j) +
                                ", impossible under the mechanism");
        }
        forcing = j;
      } else {
        ++segment.ones[j];
        bits.push_back(static_cast<Index>(j));
      }
    }
    if (forcing == kNone) {
      segment.offsets.push_back(bits.size());
      continue;
    }
    if (!(params.on[forcing] > 0.0)) {
      throw InvalidArgument("EM: report " + std::to_string(i) + " sets bit " +
                            std::to_string(forcing) + ", impossible under the mechanism");
    }
    bits.resize(first);
    segment.forced_count[forcing] += 1.0;
  }
}

BitCounts UnaryEmModel::bit_counts() const {
  BitCounts counts;
  counts.n = static_cast<std::uint64_t>(n_);
  counts.ones.resize(k_);
  for (std::size_t j = 0; j < k_; ++j) {
    counts.ones[j] = forcing_[j] ? static_cast<std::uint64_t>(forced_count_[j]) : ones_[j];
  }
  return counts;
}

template <bool kCurvature>
void UnaryEmModel::accumulate(const Segment& segment, const std::vector<double>& g, double base,
                              Partial& part) const {
  if (k_ <= kMaxShortBits) {
    accumulate_bits<kCurvature>(segment, segment.short_bits.data(), g, base, part);
  } else {
    accumulate_bits<kCurvature>(segment, segment.long_bits.data(), g, base, part);
  }
}

template <bool kCurvature, typename Index>
void UnaryEmModel::accumulate_bits(const Segment& segment, const Index* bits,
                                   const std::vector<double>& g, double base, Partial& part) const {
  // Σ log d(y) as the log of a running product kept in range with frexp: one log per call
  // instead of one per report.
  double product = 1.0;
  long exponent = 0;
  double* per_bit = part.per_bit.data();
  const std::size_t count = segment.offsets.size() - 1;
  for (std::size_t r = 0; r < count; ++r) {
    const Index* begin = bits + segment.offsets[r];
    const Index* end = bits + segment.offsets[r + 1];
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
  // The two segments on two threads, combined in a fixed order.
  const std::size_t slots = kCurvature ? 2 * k_ : k_;
  Partial second;
  total.per_bit.assign(slots, 0.0);
  std::thread worker;
  if (segments_.size() == 2) {
    second.per_bit.assign(slots, 0.0);
    worker = std::thread([&] { accumulate<kCurvature>(segments_[1], g, base, second); });
  }
  accumulate<kCurvature>(segments_[0], g, base, total);
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

}  // namespace uldp::estimate::internal
