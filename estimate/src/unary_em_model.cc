#include "internal/unary_em_model.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <exception>
#include <span>
#include <string>
#include <thread>
#include <type_traits>

#include "internal/bit_kernels.h"
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

UnaryEmModel::UnaryEmModel(const UnaryParams& params, const BitReports& reports, EmRowForm form)
    : form_(form), k_(params.k) {
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
  std::size_t content_bits = 0;  // one past the last non-forcing bit
  for (std::size_t j = 0; j < k_; ++j) {
    forcing_[j] = params.off[j] == 0.0;
    if (!forcing_[j]) content_bits = j + 1;
  }
  // At least one word, so that a segment of packed rows knows how many reports it holds.
  content_words_ = std::max<std::size_t>(1, (content_bits + 63) / 64);
  // Two halves on two threads (a split by report count only, so the same on every machine).
  const std::size_t count = reports.size();
  const std::size_t half = count >= kParallelReports ? count / 2 : count;
  segments_.resize(half < count ? 2 : 1);
  std::exception_ptr failures[2];
  auto build = [&](std::size_t which, std::size_t first, std::size_t end) {
    try {
      compact(params, reports, first, end, segments_[which]);
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

namespace {

// What one set bit of a report adds to the per-bit sums: 1/d(y), and with kCurvature 1/d(y)^2
// beside it.
template <bool kCurvature>
inline void add_to_bit(double* per_bit, std::size_t bit, double inverse, double square) {
  if constexpr (kCurvature) {
    double* slot = per_bit + 2 * bit;
    slot[0] += inverse;
    slot[1] += square;
  } else {
    per_bit[bit] += inverse;
  }
}

// The reports of a segment, read by the sweep (ListedReports, GapReports, PackedReports):
// `gather` gives Σ_{l ∈ y} g_l for report r, `scatter` adds 1/d(y) (and with kCurvature
// 1/d(y)^2) to every set bit's per-bit sums, and `fold` finishes those sums at the end of the
// pass.
template <typename Index>
struct ListedReports {
  const std::size_t* offsets;
  const Index* bits;
  const double* g;
  double gather(std::size_t r) const {
    const Index* it = bits + offsets[r];
    const Index* end = bits + offsets[r + 1];
    // Eight running sums: one would chain every addition on the previous one's latency, and
    // eight gather 7-11% faster than four (k = 12800 at 608 bits a report, 2432 at 116).
    double s[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    for (; end - it >= 8; it += 8) {
      for (int i = 0; i < 8; ++i) s[i] += g[it[i]];
    }
    for (; it != end; ++it) s[0] += g[*it];
    return ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
  }
  template <bool kCurvature>
  void scatter(std::size_t r, double inverse, double square, double* per_bit) const {
    auto add = [&](Index bit) { add_to_bit<kCurvature>(per_bit, bit, inverse, square); };
    const Index* it = bits + offsets[r];
    const Index* end = bits + offsets[r + 1];
    // Four at a time (the bits of a report are distinct, so the updates are independent): 6%
    // faster at k = 12800, eps = 6.
    for (; end - it >= 4; it += 4) {
      add(it[0]);
      add(it[1]);
      add(it[2]);
      add(it[3]);
    }
    for (; it != end; ++it) add(*it);
  }
  void fold(double*) const {}
};

// Gap bytes (bit_kernels.h): four gaps at a time while none of the four is an escape (a test
// per four bytes that almost never fails at the densities this form is chosen for), else one.
struct GapReports {
  const std::size_t* offsets;
  const std::uint8_t* bytes;
  const double* g;
  static bool four_gaps(const std::uint8_t* at) {
    std::uint32_t four;
    std::memcpy(&four, at, sizeof four);
    return ((four - 0x01010101U) & ~four & 0x80808080U) == 0;  // no zero byte: no escape
  }
  static int next(const std::uint8_t*& it, int position) {
    if (*it == kGapEscape) {
      position = it[1] | (it[2] << 8);
      it += 3;
      return position;
    }
    return position + *it++;
  }
  static bool eight_gaps(const std::uint8_t* at) {
    std::uint64_t eight;
    std::memcpy(&eight, at, sizeof eight);
    return ((eight - 0x0101010101010101U) & ~eight & 0x8080808080808080U) == 0;
  }
  // Calls visit(position, lane) for every set bit of report r, lane = 0..7: eight gaps at a time
  // while none is an escape, then four, then one.
  template <typename Visit>
  void for_each(std::size_t r, Visit&& visit) const {
    const std::uint8_t* it = bytes + offsets[r];
    const std::uint8_t* const end = bytes + offsets[r + 1];
    int position = -1;
    while (end - it >= 8 && eight_gaps(it)) {
      const int p0 = position + it[0], p1 = p0 + it[1], p2 = p1 + it[2], p3 = p2 + it[3];
      const int p4 = p3 + it[4], p5 = p4 + it[5], p6 = p5 + it[6], p7 = p6 + it[7];
      visit(p0, 0), visit(p1, 1), visit(p2, 2), visit(p3, 3);
      visit(p4, 4), visit(p5, 5), visit(p6, 6), visit(p7, 7);
      position = p7;
      it += 8;
    }
    while (it != end) {
      if (end - it >= 4 && four_gaps(it)) {
        const int p0 = position + it[0], p1 = p0 + it[1], p2 = p1 + it[2], p3 = p2 + it[3];
        visit(p0, 0), visit(p1, 1), visit(p2, 2), visit(p3, 3);
        position = p3;
        it += 4;
      } else {
        position = next(it, position);
        visit(position, 0);
      }
    }
  }
  double gather(std::size_t r) const {
    double s[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    for_each(r, [&](int position, int lane) { s[lane] += g[position]; });
    return ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
  }
  template <bool kCurvature>
  void scatter(std::size_t r, double inverse, double square, double* per_bit) const {
    for_each(r, [&](int position, int) {
      add_to_bit<kCurvature>(per_bit, static_cast<std::size_t>(position), inverse, square);
    });
  }
  void fold(double*) const {}
};

// Dense packed rows through nibble tables: Σ_{l ∈ y} g_l = Σ_q sums[q][nibble q of y], and the
// per-bit sums come from totals per (nibble, value) folded once per pass — 16 branch-free
// lookups per word instead of a loop over its ~32 set bits whose exit mispredicts.
template <bool kCurvature>
struct PackedReports {
  static constexpr std::size_t kSlots = kCurvature ? 2 : 1;
  std::size_t words, k;
  const std::uint64_t* rows;
  std::vector<double> sums;    // [16 q + v]: Σ of g over the bits of v at nibble q
  std::vector<double> totals;  // [(16 q + v) kSlots + s]
  PackedReports(std::size_t words_per_row, std::size_t bits, const std::uint64_t* packed,
                const std::vector<double>& g)
      : words(words_per_row),
        k(bits),
        rows(packed),
        sums(256 * words_per_row, 0.0),
        totals(256 * words_per_row * kSlots, 0.0) {
    for (std::size_t q = 0; q < 16 * words; ++q) {
      for (unsigned v = 1; v < 16; ++v) {
        const std::size_t bit = 4 * q + static_cast<std::size_t>(__builtin_ctz(v));
        sums[16 * q + v] = sums[16 * q + (v & (v - 1))] + (bit < k ? g[bit] : 0.0);
      }
    }
  }
  double gather(std::size_t r) const {
    const std::uint64_t* row = rows + r * words;
    double s[4] = {0, 0, 0, 0};
    for (std::size_t w = 0; w < words; ++w) {
      const double* table = sums.data() + 256 * w;
      const std::uint64_t word = row[w];
      for (unsigned i = 0; i < 16; ++i) s[i & 3] += table[16 * i + ((word >> (4 * i)) & 15)];
    }
    return (s[0] + s[1]) + (s[2] + s[3]);
  }
  template <bool>
  void scatter(std::size_t r, double inverse, double square, double*) {
    const std::uint64_t* row = rows + r * words;
    for (std::size_t w = 0; w < words; ++w) {
      double* table = totals.data() + 256 * kSlots * w;
      const std::uint64_t word = row[w];
      for (unsigned i = 0; i < 16; ++i) {
        double* slot = table + (16 * i + ((word >> (4 * i)) & 15)) * kSlots;
        slot[0] += inverse;
        if constexpr (kCurvature) slot[1] += square;
      }
    }
  }
  void fold(double* per_bit) const {
    for (std::size_t q = 0; q < 16 * words; ++q) {
      for (unsigned v = 1; v < 16; ++v) {
        for (unsigned b = 0; b < 4; ++b) {
          const std::size_t bit = 4 * q + b;
          if (((v >> b) & 1U) == 0 || bit >= k) continue;
          for (std::size_t s = 0; s < kSlots; ++s) {
            per_bit[kSlots * bit + s] += totals[(16 * q + v) * kSlots + s];
          }
        }
      }
    }
  }
};

// Writes the set bits of a packed row (in increasing order) at `out` and returns the end; writes
// up to kDecodeSlack entries past it. 32-bit indices (k > 65536) go through 16-bit chunks of
// 1024 words.
std::uint16_t* write_row_bits(const std::uint64_t* row, std::size_t words, std::uint16_t* out) {
  return out + decode_set_bits(row, words, 0, out);
}
std::uint32_t* write_row_bits(const std::uint64_t* row, std::size_t words, std::uint32_t* out) {
  constexpr std::size_t kChunkWords = 1024;  // 65536 bits: the reach of a 16-bit index
  thread_local std::vector<std::uint16_t> chunk(64 * kChunkWords + kDecodeSlack);
  for (std::size_t first = 0; first < words; first += kChunkWords) {
    const std::size_t n =
        decode_set_bits(row + first, std::min(kChunkWords, words - first), 0, chunk.data());
    for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::uint32_t>(64 * first + chunk[i]);
    out += n;
  }
  return out;
}

// The errors of compact(): a report no input of the mechanism can produce.
[[noreturn]] void throw_two_forcing_bits(std::size_t report, std::size_t a, std::size_t b) {
  throw InvalidArgument("EM: report " + std::to_string(report) + " sets bits " + std::to_string(a) +
                        " and " + std::to_string(b) + ", impossible under the mechanism");
}
[[noreturn]] void throw_impossible_forcing_bit(std::size_t report, std::size_t bit) {
  throw InvalidArgument("EM: report " + std::to_string(report) + " sets bit " +
                        std::to_string(bit) + ", impossible under the mechanism");
}

}  // namespace

std::size_t UnaryEmModel::Segment::reports() const {
  if (const auto* packed = std::get_if<PackedRows>(&bits)) {
    return packed->words == 0 ? 0 : packed->rows.size() / packed->words;
  }
  return offsets.size() - 1;
}

// Report i sets forcing_bits forcing bits, the last one `forcing`: an error unless it sets
// exactly one that its input sets with positive probability; then it counts as forced to it.
void UnaryEmModel::count_forced(const UnaryParams& params, const BitReports& reports, std::size_t i,
                                std::size_t forcing_bits, std::size_t forcing,
                                Segment& segment) const {
  if (forcing_bits > 1) {
    std::vector<std::uint32_t> set;
    for (std::uint32_t j : reports.report(i)) {
      if (forcing_[j]) set.push_back(j);
    }
    throw_two_forcing_bits(i, set[0], set[1]);
  }
  if (!(params.on[forcing] > 0.0)) throw_impossible_forcing_bit(i, forcing);
  segment.forced_count[forcing] += 1.0;
}

// One pass over reports [first_report, end_report): the forced ones are counted, the others
// copied in the form that suits them (packed rows when the reports are dense enough that 64-bit
// words per report cost less than their listed bits, else gap bytes for long reports, else
// Index-sized set-bit lists).
void UnaryEmModel::compact(const UnaryParams& params, const BitReports& reports,
                           std::size_t first_report, std::size_t end_report,
                           Segment& segment) const {
  segment.ones.assign(k_, 0);
  segment.forced_count.assign(k_, 0.0);
  const std::size_t count = end_report - first_report;
  const bool packed_input = reports.layout() == BitLayout::kPacked;
  // set_bits: room for what the copy writes. The form is chosen from the set bits in the content
  // words, which both layouts count alike, so that both choose the same form.
  std::size_t set_bits = 0;
  if (packed_input && count > 0) {
    // Every report's bits up to the last content word, forcing ones included (compact_packed
    // drops those): their sum bounds the listed bits, with no popcount per word.
    const std::span<const std::uint64_t> first = reports.packed_words(first_report);
    add_packed_bit_counts({first.data(), count * reports.words_per_report()},
                          reports.words_per_report(),
                          std::span(segment.ones).first(std::min(k_, 64 * content_words_)));
    for (std::uint64_t ones : segment.ones) set_bits += static_cast<std::size_t>(ones);
  } else if (!packed_input) {
    set_bits = reports.set_bits_in(first_report, end_report);
  }
  const std::size_t index_bytes = k_ <= kMaxShortBits ? 2 : 4;
  const std::size_t words = content_words_;
  // Gap bytes where the mean gap over the bits an unforced report can set is at most 64 (gaps of
  // 256 or more, which take three bytes and a slower step, then stay rare) and reports are long:
  // decoding gaps costs ~16 ns a report a pass more than reading 16-bit lists, and the byte a bit
  // they save ~0.2 ns a bit once, in first touching and freeing the copy (k = 12800, eps = 6: at
  // 608 bits a report RAPPOR gains 0.017 s in all, at 116 uRAP loses 0.008 s).
  const std::size_t settable = static_cast<std::size_t>(
      std::count(forcing_.begin(), forcing_.end(), static_cast<unsigned char>(0)));
  auto form_for = [&](std::size_t content_bits) {
    if (form_ == EmRowForm::kPacked ||
        (form_ == EmRowForm::kSmaller &&
         8 * words * count < index_bytes * content_bits + 8 * count)) {
      return EmRowForm::kPacked;
    }
    const bool gaps = k_ <= kMaxShortBits &&
                      (form_ == EmRowForm::kGaps ||
                       (form_ == EmRowForm::kSmaller && 64 * content_bits >= count * settable &&
                        content_bits >= kMinGapListBits * count));
    return gaps ? EmRowForm::kGaps : EmRowForm::kListed;
  };
  EmRowForm form = form_for(set_bits);
  if (!packed_input && 64 * content_words_ < k_ &&
      form_for(set_bits - std::min(set_bits, count)) != form) {
    // Listed reports may hold a bit past the content words: a forcing bit, at most one in a
    // possible report, its last (an impossible one is an error whatever the form). Only when
    // they could tip the choice are they counted.
    std::vector<std::uint32_t> scratch;
    const std::size_t content_end = 64 * content_words_;
    std::size_t content_bits = set_bits;
    for (std::size_t i = first_report; i < end_report; ++i) {
      const std::span<const std::uint32_t> bits = reports.report(i).as_span(scratch);
      if (!bits.empty() && bits.back() >= content_end && content_bits > 0) --content_bits;
    }
    form = form_for(content_bits);
  }
  const bool packed = form == EmRowForm::kPacked;
  const bool gaps = form == EmRowForm::kGaps;
  if (packed) {
    segment.bits = PackedRows{words, {}};
    std::get<PackedRows>(segment.bits).rows.reserve(words * count);
  } else if (gaps) {
    segment.bits = GapLists{};
    std::get<GapLists>(segment.bits).bytes.resize(max_gap_bytes(set_bits, count, k_));
    segment.offsets.reserve(count + 1);
  } else if (index_bytes == 2) {
    // Listed forms are written in place into room for every set bit plus what write_row_bits
    // may write past the end, then cut to what was written.
    segment.bits = ReportStore<std::uint16_t>(set_bits + kDecodeSlack);
    segment.offsets.reserve(count + 1);
  } else {
    segment.bits = ReportStore<std::uint32_t>(set_bits + kDecodeSlack);
    segment.offsets.reserve(count + 1);
  }
  const std::size_t written =
      packed_input ? compact_packed(params, reports, first_report, end_report, segment)
                   : compact_listed(params, reports, first_report, end_report, segment);
  if (auto* gap_lists = std::get_if<GapLists>(&segment.bits)) gap_lists->bytes.resize(written);
  if (auto* short_bits = std::get_if<0>(&segment.bits)) short_bits->resize(written);
  if (auto* long_bits = std::get_if<1>(&segment.bits)) long_bits->resize(written);
  for (std::size_t j = 0; j < k_; ++j) {
    if (forcing_[j]) segment.ones[j] = 0;  // forcing bits are not "ones"
  }
}

// compact() for set-bit lists; returns the listed bits written.
std::size_t UnaryEmModel::compact_listed(const UnaryParams& params, const BitReports& reports,
                                         std::size_t first_report, std::size_t end_report,
                                         Segment& segment) const {
  // Each report is copied in place as it is read and taken back if a forcing bit turns up: no
  // branch per bit on whether it forces. The arrays are reached through local pointers: a store
  // through `out` or `ones` would otherwise make the compiler reload the vectors' data pointers
  // for every bit.
  std::uint64_t* const ones = segment.ones.data();
  const unsigned char* const forcing_of = forcing_.data();
  std::vector<std::uint32_t> scratch;  // as_span's, for packed input (which compact_packed reads)
  std::size_t written = 0;
  auto copy = [&](auto* out, std::span<const std::uint32_t> bits, std::size_t i) {
    std::size_t forcing_bits = 0;
    std::uint32_t forcing = kNone;
    for (std::size_t b = 0; b < bits.size(); ++b) {
      const std::uint32_t j = bits[b];
      ++ones[j];  // every report's, forced or not: log B(y) counts them all
      forcing_bits += forcing_of[j];
      forcing = forcing_of[j] ? j : forcing;
      if (out != nullptr) out[written + b] = static_cast<std::remove_pointer_t<decltype(out)>>(j);
    }
    if (forcing_bits == 0) {
      written += bits.size();
      return true;
    }
    count_forced(params, reports, i, forcing_bits, forcing, segment);
    return false;
  };
  auto* short_bits = std::get_if<0>(&segment.bits);
  auto* long_bits = std::get_if<1>(&segment.bits);
  auto* gap_lists = std::get_if<GapLists>(&segment.bits);
  std::vector<std::uint16_t> positions;  // gap form: one report's bits before they are encoded
  for (std::size_t i = first_report; i < end_report; ++i) {
    const std::span<const std::uint32_t> bits = reports.report(i).as_span(scratch);
    if (short_bits != nullptr) {
      if (copy(short_bits->data(), bits, i)) segment.offsets.push_back(written);
    } else if (long_bits != nullptr) {
      if (copy(long_bits->data(), bits, i)) segment.offsets.push_back(written);
    } else if (gap_lists != nullptr) {
      const std::size_t kept = written;
      positions.resize(std::max(positions.size(), bits.size()));
      written = 0;
      const bool unforced = copy(positions.data(), bits, i);
      const std::size_t count = written;
      written = kept;
      if (unforced) {
        written += encode_gaps(positions.data(), count, gap_lists->bytes.data() + written);
        segment.offsets.push_back(written);
      }
    } else if (copy(static_cast<std::uint32_t*>(nullptr), bits, i)) {
      auto& packed = std::get<PackedRows>(segment.bits);
      const std::size_t row = packed.rows.size();
      packed.rows.resize(row + packed.words, 0);
      for (std::uint32_t j : bits) packed.rows[row + j / 64] |= std::uint64_t{1} << (j % 64);
    }
  }
  return written;
}

std::vector<EmRowForm> UnaryEmModel::segment_forms() const {
  std::vector<EmRowForm> forms;
  for (const Segment& segment : segments_) {
    forms.push_back(std::holds_alternative<PackedRows>(segment.bits) ? EmRowForm::kPacked
                    : std::holds_alternative<GapLists>(segment.bits) ? EmRowForm::kGaps
                                                                     : EmRowForm::kListed);
  }
  return forms;
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

// compact() for packed reports: a row with a forcing bit is found by one AND per word, the others
// are copied whole or decoded to lists through a byte table; segment.ones (every report's bits,
// counted by compact()) then loses the forcing bits.
std::size_t UnaryEmModel::compact_packed(const UnaryParams& params, const BitReports& reports,
                                         std::size_t first_report, std::size_t end_report,
                                         Segment& segment) const {
  const std::size_t words = reports.words_per_report();
  std::vector<std::uint64_t> forcing_words(words, 0);
  std::size_t first_forcing_word = words;  // RAPPOR has no forcing bits: no row needs the scan
  for (std::size_t j = k_; j-- > 0;) {
    if (!forcing_[j]) continue;
    forcing_words[j / 64] |= std::uint64_t{1} << (j % 64);
    first_forcing_word = j / 64;
  }
  // An unforced row sets no bit past the content words: only they are listed or copied.
  const std::size_t content_words = content_words_;
  std::size_t written = 0;  // listed forms: the bits written so far
  auto append_row = [&](auto& bits, const std::uint64_t* row) {
    auto* end = write_row_bits(row, content_words, bits.data() + written);
    written = static_cast<std::size_t>(end - bits.data());
    segment.offsets.push_back(written);
  };
  auto* rows = std::get_if<PackedRows>(&segment.bits);
  auto* short_bits = std::get_if<0>(&segment.bits);
  auto* long_bits = std::get_if<1>(&segment.bits);
  auto* gap_lists = std::get_if<GapLists>(&segment.bits);
  std::vector<std::uint16_t> positions(gap_lists != nullptr ? 64 * words + kDecodeSlack : 0);
  for (std::size_t i = first_report; i < end_report; ++i) {
    const std::span<const std::uint64_t> row = reports.packed_words(i);
    // Most rows set no forcing bit: one OR over the words says so, without a branch per word.
    std::uint64_t any_hit = 0;
    for (std::size_t w = first_forcing_word; w < words; ++w) any_hit |= row[w] & forcing_words[w];
    std::size_t forcing_bits = 0, forcing = 0;
    for (std::size_t w = first_forcing_word; w < words && any_hit != 0; ++w) {
      const std::uint64_t hit = row[w] & forcing_words[w];
      if (hit == 0) continue;
      forcing_bits += static_cast<std::size_t>(__builtin_popcountll(hit));
      forcing = 64 * w + static_cast<std::size_t>(__builtin_ctzll(hit));
    }
    if (forcing_bits == 0) {
      if (rows != nullptr) {
        rows->rows.insert(rows->rows.end(), row.begin(), row.begin() + content_words);
      } else if (gap_lists != nullptr) {
        const std::size_t bits = decode_set_bits(row.data(), content_words, 0, positions.data());
        written += encode_gaps(positions.data(), bits, gap_lists->bytes.data() + written);
        segment.offsets.push_back(written);
      } else if (short_bits != nullptr) {
        append_row(*short_bits, row.data());
      } else {
        append_row(*long_bits, row.data());
      }
      continue;
    }
    count_forced(params, reports, i, forcing_bits, forcing, segment);
  }
  return written;
}

template <UnaryEmModel::PassKind kKind>
void UnaryEmModel::accumulate(const Segment& segment, const std::vector<double>& g, double base,
                              Partial& part) const {
  constexpr bool kCurvature = kKind == PassKind::kCurvature;
  const std::size_t count = segment.reports();
  if (const auto* packed = std::get_if<PackedRows>(&segment.bits)) {
    PackedReports<kCurvature> reports(packed->words, k_, packed->rows.data(), g);
    accumulate_reports<kKind>(count, reports, base, part);
  } else if (const auto* gaps = std::get_if<GapLists>(&segment.bits)) {
    GapReports reports{segment.offsets.data(), gaps->bytes.data(), g.data()};
    accumulate_reports<kKind>(count, reports, base, part);
  } else if (const auto* short_bits = std::get_if<0>(&segment.bits)) {
    ListedReports<std::uint16_t> reports{segment.offsets.data(), short_bits->data(), g.data()};
    accumulate_reports<kKind>(count, reports, base, part);
  } else {
    ListedReports<std::uint32_t> reports{segment.offsets.data(), std::get<1>(segment.bits).data(),
                                         g.data()};
    accumulate_reports<kKind>(count, reports, base, part);
  }
}

template <UnaryEmModel::PassKind kKind, typename Reports>
void UnaryEmModel::accumulate_reports(std::size_t count, Reports& reports, double base,
                                      Partial& part) const {
  // Σ log d(y) as the log of a running product kept in range with frexp: one log per call
  // instead of one per report.
  double product = 1.0;
  long exponent = 0;
  double* per_bit = part.per_bit.data();
  for (std::size_t r = 0; r < count; ++r) {
    const double d = base + reports.gather(r);
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
    constexpr bool kCurvature = kKind == PassKind::kCurvature;
    const double square = kCurvature ? inverse * inverse : 0.0;
    if constexpr (kCurvature) part.inverse_square += square;
    if constexpr (kKind != PassKind::kLikelihood) {
      reports.template scatter<kCurvature>(r, inverse, square, per_bit);
    }
  }
  if constexpr (kKind != PassKind::kLikelihood) reports.fold(per_bit);
  part.log_likelihood += std::log(product) + static_cast<double>(exponent) * std::log(2.0);
}

template <UnaryEmModel::PassKind kKind>
bool UnaryEmModel::sweep(const std::vector<double>& p, Partial& total) const {
  std::vector<double> g(k_);
  double base = 0;  // Σ_l p_l b_l
  for (std::size_t l = 0; l < k_; ++l) {
    g[l] = p[l] * w_[l];
    base += p[l] * b_[l];
  }
  // The two segments on two threads, combined in a fixed order.
  const std::size_t slots =
      kKind == PassKind::kCurvature ? 2 * k_ : (kKind == PassKind::kUpdate ? k_ : 0);
  Partial second;
  total.per_bit.assign(slots, 0.0);
  std::thread worker;
  if (segments_.size() == 2) {
    second.per_bit.assign(slots, 0.0);
    worker = std::thread([&] { accumulate<kKind>(segments_[1], g, base, second); });
  }
  accumulate<kKind>(segments_[0], g, base, total);
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

double UnaryEmModel::total_log_likelihood(const std::vector<double>& p, const Partial& sums) const {
  double log_likelihood = constant_ + sums.log_likelihood;
  for (std::size_t l = 0; l < k_; ++l) {
    if (forced_count_[l] > 0.0) {
      if (!(p[l] > 0.0)) return -std::numeric_limits<double>::infinity();
      log_likelihood += forced_count_[l] * std::log(p[l]);
    }
  }
  return log_likelihood;
}

double UnaryEmModel::log_likelihood(const std::vector<double>& p) const {
  Partial sums;
  if (!sweep<PassKind::kLikelihood>(p, sums)) return -std::numeric_limits<double>::infinity();
  return total_log_likelihood(p, sums);
}

double UnaryEmModel::em_update(const std::vector<double>& p, std::vector<double>& next) const {
  Partial sums;
  if (!sweep<PassKind::kUpdate>(p, sums)) return -std::numeric_limits<double>::infinity();
  const double log_likelihood = total_log_likelihood(p, sums);
  if (!std::isfinite(log_likelihood)) return log_likelihood;
  next.resize(k_);
  for (std::size_t l = 0; l < k_; ++l) {
    next[l] = (p[l] * (b_[l] * sums.inverse + w_[l] * sums.per_bit[l]) + forced_count_[l]) / n_;
  }
  return log_likelihood;
}

void UnaryEmModel::curvature_pass(const std::vector<double>& p, CurvaturePass& out) const {
  Partial sums;
  out.log_likelihood = -std::numeric_limits<double>::infinity();
  if (!sweep<PassKind::kCurvature>(p, sums)) return;
  const double log_likelihood = total_log_likelihood(p, sums);
  if (!std::isfinite(log_likelihood)) return;
  out.next.resize(k_), out.gradient.resize(k_), out.diagonal.resize(k_), out.mean.resize(k_);
  const double t2 = sums.inverse_square;
  for (std::size_t l = 0; l < k_; ++l) {
    const double forced = forced_count_[l];
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
