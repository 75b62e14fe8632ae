// The likelihood of bit-vector reports under a product-of-bits mechanism, Q(y|x_i) = B(y) R_i(y)
// with R_i(y) = a_i = on_i/off_i if bit i is set, else b_i = (1-on_i)/(1-off_i). A report y has
// d(y) = Σ_l p_l b_l + Σ_{l set in y} p_l (a_l - b_l), so one pass over the set bits gives L(p),
// the EM update F(p), the gradient and the curvature sums. Reports that set a bit with off = 0
// (uRAP's non-sensitive bits) have one possible input: they are counted once, at set-up.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "internal/em_drivers.h"
#include "uldp/estimate/params.h"
#include "uldp/estimate/reports.h"

namespace uldp::estimate::internal {

class UnaryEmModel {
 public:
  UnaryEmModel(const UnaryParams& params, const BitReports& reports);

  /// L(p), and F(p) into next.
  double em_update(const std::vector<double>& p, std::vector<double>& next) const;
  /// L(p), F(p), the gradient and the curvature of L at p.
  void curvature_pass(const std::vector<double>& p, CurvaturePass& out) const;
  /// The number of reports with each bit set (what the empirical estimators need).
  BitCounts bit_counts() const;

 private:
  struct Partial;
  // A contiguous range of the reports, compacted: the unforced ones with 16-bit bit indices when
  // k allows (half the memory traffic of the hot loop), else 32-bit; report r has bits
  // [offsets[r], offsets[r+1]). Two halves are built and swept on two threads.
  struct Segment {
    std::vector<std::size_t> offsets{0};
    std::vector<std::uint16_t> short_bits;
    std::vector<std::uint32_t> long_bits;
    std::vector<std::uint64_t> ones;   // per non-forcing bit: reports that set it
    std::vector<double> forced_count;  // per forcing bit: reports forced to it
  };
  template <typename Index>
  void compact(const UnaryParams& params, const BitReports& reports, std::size_t first_report,
               std::size_t end_report, Segment& segment, std::vector<Index>& bits) const;
  template <bool kCurvature>
  void accumulate(const Segment& segment, const std::vector<double>& g, double base,
                  Partial& part) const;
  template <bool kCurvature, typename Index>
  void accumulate_bits(const Segment& segment, const Index* bits, const std::vector<double>& g,
                       double base, Partial& part) const;
  template <bool kCurvature>
  bool sweep(const std::vector<double>& p, Partial& total) const;

  static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
  static constexpr std::size_t kMaxShortBits = 65536;
  // Reports below this count are not worth a second thread.
  static constexpr std::size_t kParallelReports = 4096;

  std::size_t k_;
  double n_ = 0;
  std::vector<double> b_, w_;           // (1-on)/(1-off), a - b (0 on forcing bits)
  std::vector<unsigned char> forcing_;  // off = 0: a report setting it has one possible input
  std::vector<double> forced_count_;    // per bit: reports forced to it
  std::vector<std::uint64_t> ones_;     // per non-forcing bit: reports that set it
  double constant_ = 0;                 // Σ log B(y) + forced constants
  std::vector<Segment> segments_;       // one, or two halves of the reports
};

}  // namespace uldp::estimate::internal
