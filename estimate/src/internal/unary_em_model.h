// The likelihood of bit-vector reports under a product-of-bits mechanism, Q(y|x_i) = B(y) R_i(y)
// with R_i(y) = a_i = on_i/off_i if bit i is set, else b_i = (1-on_i)/(1-off_i). A report y has
// d(y) = Σ_l p_l b_l + Σ_{l set in y} p_l (a_l - b_l), so one pass over the set bits gives L(p),
// the EM update F(p), the gradient and the curvature sums; L alone needs only its gathers. Reports
// that set a bit with off = 0 (uRAP's non-sensitive bits) have one possible input: they are counted
// once, at set-up.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <variant>
#include <vector>

#include "internal/default_init_allocator.h"
#include "internal/em_drivers.h"
#include "uldp/estimate/params.h"
#include "uldp/estimate/reports.h"

namespace uldp::estimate::internal {

/// How the model keeps the unforced reports: the one that suits them, or one of them (for the
/// tests; kGaps needs k <= 65536 and gives 32-bit lists above).
enum class EmRowForm { kSmaller, kListed, kPacked, kGaps };

class UnaryEmModel {
 public:
  UnaryEmModel(const UnaryParams& params, const BitReports& reports,
               EmRowForm form = EmRowForm::kSmaller);

  /// L(p) alone: the gather half of a pass, with no per-bit sums (about half the time).
  double log_likelihood(const std::vector<double>& p) const;
  /// L(p), and F(p) into next.
  double em_update(const std::vector<double>& p, std::vector<double>& next) const;
  /// L(p), F(p), the gradient and the curvature of L at p.
  void curvature_pass(const std::vector<double>& p, CurvaturePass& out) const;
  /// The number of reports with each bit set (what the empirical estimators need).
  BitCounts bit_counts() const;
  /// The form each segment keeps its reports in (kListed for 16- or 32-bit lists; for the tests).
  std::vector<EmRowForm> segment_forms() const;

 private:
  struct Partial;
  // A contiguous range of the unforced reports, in one of four forms: set-bit lists as gap bytes
  // when k allows, gaps of 256 or more are rare and reports are long (RAPPOR at k = 12800,
  // eps = 6: half the memory of 16-bit indices, so 0.03 s less first touching and freeing it),
  // else with 16-bit indices when k allows, else 32-bit, report r having bits (or bytes)
  // [offsets[r], offsets[r+1]); or packed rows of `words` words, cut after the last word with a
  // non-forcing bit (dense reports: at ε = 0.1 and k = 12800 the lists would take 3 GB, the rows
  // 0.4 GB). Two halves are built and swept on two threads.
  template <typename T>
  using ReportStore = std::vector<T, DefaultInitAllocator<T>>;  // not zeroed when sized
  // Gap bytes (see bit_kernels.h), sized for the worst case of three bytes a bit: the unused room
  // is never touched.
  struct GapLists {
    ReportStore<std::uint8_t> bytes;
  };
  struct PackedRows {
    std::size_t words = 0;
    ReportStore<std::uint64_t> rows;
  };
  struct Segment {
    std::vector<std::size_t> offsets{0};  // listed forms only
    std::variant<ReportStore<std::uint16_t>, ReportStore<std::uint32_t>, PackedRows, GapLists> bits;
    std::vector<std::uint64_t> ones;   // per non-forcing bit: reports that set it
    std::vector<double> forced_count;  // per forcing bit: reports forced to it
    std::size_t reports() const;
  };
  void compact(const UnaryParams& params, const BitReports& reports, std::size_t first_report,
               std::size_t end_report, Segment& segment) const;
  void count_forced(const UnaryParams& params, const BitReports& reports, std::size_t i,
                    std::size_t forcing_bits, std::size_t forcing, Segment& segment) const;
  std::size_t compact_listed(const UnaryParams& params, const BitReports& reports,
                             std::size_t first_report, std::size_t end_report,
                             Segment& segment) const;
  std::size_t compact_packed(const UnaryParams& params, const BitReports& reports,
                             std::size_t first_report, std::size_t end_report,
                             Segment& segment) const;
  // What a sweep sums: L only; L and the per-bit sums of F(p); those and the curvature's.
  enum class PassKind { kLikelihood, kUpdate, kCurvature };
  template <PassKind kKind>
  void accumulate(const Segment& segment, const std::vector<double>& g, double base,
                  Partial& part) const;
  template <PassKind kKind, typename Reports>
  void accumulate_reports(std::size_t count, Reports& reports, double base, Partial& part) const;
  template <PassKind kKind>
  bool sweep(const std::vector<double>& p, Partial& total) const;
  /// L(p) from a sweep's sums and the forced reports; -infinity if a forced input has p = 0.
  double total_log_likelihood(const std::vector<double>& p, const Partial& sums) const;

  static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
  static constexpr std::size_t kMaxShortBits = 65536;
  // Gap bytes only for reports of at least this many set bits on average (see compact()).
  static constexpr std::size_t kMinGapListBits = 384;
  // Reports below this count are not worth a second thread.
  static constexpr std::size_t kParallelReports = 4096;

  EmRowForm form_;
  std::size_t k_;
  double n_ = 0;
  std::vector<double> b_, w_;           // (1-on)/(1-off), a - b (0 on forcing bits)
  std::vector<unsigned char> forcing_;  // off = 0: a report setting it has one possible input
  std::size_t content_words_ = 1;       // words up to the last non-forcing bit (at least one)
  std::vector<double> forced_count_;    // per bit: reports forced to it
  std::vector<std::uint64_t> ones_;     // per non-forcing bit: reports that set it
  double constant_ = 0;                 // Σ log B(y) + forced constants
  std::vector<Segment> segments_;       // one, or two halves of the reports
};

}  // namespace uldp::estimate::internal
