// Bloom-filter RAPPOR's reports (Erlingsson, Pihur and Korolova, CCS 2014) in structured form:
// a user's cohort c is uniform over C cohorts and independent of x, the input sets the bits
// B_c(x) of an m-bit filter, and every bit is reported through one channel (on: the bit is in
// B_c(x)), so Q((c, y)|x) = (1/C) prod_j P(y_j | j in B_c(x)). The C 2^m outputs are never
// enumerated: a pair's likelihood ratio depends on |B_c(x) \ B_c(x')| and |B_c(x') \ B_c(x)| only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "uldp/arithmetic/rational.h"
#include "uldp/forms/bit_product_mechanism.h"
#include "uldp/forms/dense_mechanism.h"

namespace uldp {

/// The Bloom bits of one input in one cohort: ascending, distinct, each < m.
using BloomBits = std::vector<std::uint32_t>;

class BloomFilterMechanism {
 public:
  /// `bloom[c][x]` = B_c(x) over `bits` bits; every cohort lists the same inputs. Validates the
  /// channel's probabilities and the bit lists; `what` names the mechanism in errors.
  BloomFilterMechanism(std::size_t bits, std::vector<std::vector<BloomBits>> bloom,
                       BitChannel channel, const char* what = "Bloom-filter mechanism");

  std::size_t num_inputs() const { return bloom_.front().size(); }
  std::size_t bits() const { return bits_; }
  std::size_t cohorts() const { return bloom_.size(); }
  const BloomBits& bloom_bits(std::size_t cohort, std::size_t x) const { return bloom_[cohort][x]; }
  const BitChannel& channel() const { return channel_; }

  /// Q((cohort, y)|x) for one report (y: m bits), exact.
  Rational probability(std::size_t cohort, const std::vector<bool>& y, std::size_t x) const;

  /// The dense expansion: outputs ordered by cohort, then by sum_j y_j 2^j, labelled
  /// bloom_report_label. Throws InvalidArgument when C 2^m > kMaxDenseOutputs.
  DenseMechanism to_dense() const;
  static constexpr std::size_t kMaxDenseOutputs = 4096;
  /// Whether C 2^m <= kMaxDenseOutputs: the outputs can be listed (dense form, samplers).
  bool listable() const { return bits_ < 13 && (cohorts() << bits_) <= kMaxDenseOutputs; }
  /// The output's index in that order, when C 2^m <= kMaxDenseOutputs.
  std::optional<std::size_t> dense_index(std::size_t cohort, const std::vector<bool>& y) const;

 private:
  std::size_t bits_;
  std::vector<std::vector<BloomBits>> bloom_;
  BitChannel channel_;
};

/// "3:0110": the cohort, a colon, then character j = bit j (as clients of rappor-bloom report).
std::string bloom_report_label(std::size_t cohort, const std::vector<bool>& y);

}  // namespace uldp
