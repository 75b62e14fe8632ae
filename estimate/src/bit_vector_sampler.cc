// Per-user bit-vector reports as packed words (see internal/bit_vector_sampler.h).
#include "internal/bit_vector_sampler.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <exception>
#include <map>
#include <numeric>
#include <thread>

namespace uldp::estimate::internal {

thread_local unsigned sampler_thread_limit = 0;

namespace {

// Four 32-bit lanes (GCC/Clang vector extension: SSE2 on x86-64, NEON on ARM, scalar elsewhere).
using Lanes4 = std::uint32_t __attribute__((vector_size(16)));

// kByteBits[b] lists the positions of the set bits of the byte b, in increasing order, padded to 8.
struct ByteBitTable {
  alignas(32) std::uint32_t positions[256][8] = {};
  std::uint8_t counts[256] = {};  // a table, not __builtin_popcount: no popcnt in baseline x86-64
  constexpr ByteBitTable() {
    for (unsigned b = 0; b < 256; ++b) {
      unsigned n = 0;
      for (unsigned i = 0; i < 8; ++i) {
        if ((b >> i) & 1U) positions[b][n++] = i;
      }
      counts[b] = static_cast<std::uint8_t>(n);
    }
  }
};
constexpr ByteBitTable kByteBits;

}  // namespace

// Each byte stores all 8 table entries and advances by its popcount: no branch per set bit
// (the loop over set bits mispredicted once per word and was half the sampler's time). Writes
// up to 8 entries past the returned end.
std::uint32_t* append_set_bits(std::uint64_t word, std::uint32_t base, std::uint32_t* out) {
  for (unsigned byte = 0; byte < 8; ++byte, base += 8) {
    const unsigned b = static_cast<unsigned>(word >> (8 * byte)) & 0xFFU;
    const Lanes4 offset = {base, base, base, base};
    Lanes4 low, high;
    std::memcpy(&low, &kByteBits.positions[b][0], sizeof low);
    std::memcpy(&high, &kByteBits.positions[b][4], sizeof high);
    low += offset;
    high += offset;
    std::memcpy(out, &low, sizeof low);
    std::memcpy(out + 4, &high, sizeof high);
    out += kByteBits.counts[b];
  }
  return out;
}

std::vector<bool> binary_digits(double p) {
  std::vector<bool> digits;
  while (p > 0.0) {
    p *= 2.0;
    digits.push_back(p >= 1.0);
    if (p >= 1.0) p -= 1.0;
  }
  return digits;
}

BitVectorSampler::BitVectorSampler(const UnaryParams& params, LaneKernel kernel)
    : kernel_(kernel), words_((params.k + 63) / 64) {
  // Which lanes of each report word are drawn by the lane streams, always set, or sparse.
  struct Word {
    std::uint64_t lanes = 0, always = 0;
    std::vector<std::uint64_t> digits;  // digits[i]: lanes whose off has binary digit i+1 set
  };
  std::vector<Word> words(words_);
  std::map<double, std::vector<std::uint32_t>> sparse_by_off;
  for (std::uint32_t j = 0; j < params.k; ++j) {
    const double off = params.off[j];
    Word& word = words[j / 64];
    const std::uint64_t lane = std::uint64_t{1} << (j % 64);
    if (off >= 1.0) {
      word.always |= lane;
    } else if (off > kSparseOff) {
      word.lanes |= lane;
      const std::vector<bool> digits = binary_digits(off);
      if (word.digits.size() < digits.size()) word.digits.resize(digits.size(), 0);
      for (std::size_t i = 0; i < digits.size(); ++i) {
        if (digits[i]) word.digits[i] |= lane;
      }
    } else if (off > 0.0) {
      sparse_by_off[off].push_back(j);
    }
  }
  for (auto& [off, bits] : sparse_by_off) sparse_.push_back({std::log1p(-off), std::move(bits)});

  // A batch: R = 8 / gcd(words_, 8) consecutive reports, whose R words_ words (a multiple of 8)
  // fill |groups_| = R words_ / 8 groups with no idle lane. Lane slot s of the batch draws word
  // s % words_ of report s / words_: the batch is laid out exactly as R packed rows.
  reports_per_batch_ = kLanes / std::gcd(words_, kLanes);
  groups_.resize(reports_per_batch_ * words_ / kLanes);
  for (std::size_t slot = 0; slot < reports_per_batch_ * words_; ++slot) {
    const Word& word = words[slot % words_];
    LaneGroup& group = groups_[slot / kLanes];
    const std::size_t lane = slot % kLanes;
    group.undecided.lane[lane] = word.lanes;
    group.always.lane[lane] = word.always;
    if (group.digits.size() < word.digits.size()) group.digits.resize(word.digits.size());
    for (std::size_t i = 0; i < word.digits.size(); ++i) {
      group.digits[i].lane[lane] = word.digits[i];
    }
  }

  on_begin_.push_back(0);
  for (std::uint32_t x = 0; x < params.k; ++x) {
    on_is_one_.push_back(params.on[x] >= 1.0);
    const std::vector<bool> digits =
        on_is_one_.back() != 0 ? std::vector<bool>{} : binary_digits(params.on[x]);
    for (std::size_t i = 0; i < digits.size(); i += 64) {
      std::uint64_t chunk = 0;  // digit i is the chunk's most significant bit
      for (std::size_t b = 0; b < 64; ++b) {
        const bool digit = i + b < digits.size() && digits[i + b];
        chunk |= std::uint64_t{digit} << (63 - b);
      }
      on_chunks_.push_back(chunk);
    }
    on_begin_.push_back(on_chunks_.size());
  }
  expected_set_bits_ = 1.0;  // bit x: at most one
  for (double off : params.off) expected_set_bits_ += off;
}

// U < on[x], exactly: compare 64 digits of U (one random word) with 64 digits of on[x] at a
// time; equal chunks (probability 2^-64) go on to the next 64 digits.
inline bool BitVectorSampler::draw_on(Xoshiro256& rng, std::uint32_t x) const {
  if (on_is_one_[x] != 0) return true;
  for (std::size_t c = on_begin_[x]; c < on_begin_[x + 1]; ++c) {
    const std::uint64_t random = rng();
    if (random != on_chunks_[c]) [[likely]] {
      return random < on_chunks_[c];
    }
  }
  return false;  // U's digits equal all of on[x]'s: U >= on[x] with probability 1
}

// The bits the lane streams do not draw: the sparse ones (gaps between set bits of a
// Bernoulli(off) sequence are geometric: floor(log U / log(1-off))), then bit x, which follows
// the "on" channel: its off-draw is overwritten by an independent draw.
void BitVectorSampler::finish_report(Xoshiro256& rng, std::uint32_t x, std::uint64_t* row) const {
  for (const SparseGroup& group : sparse_) {
    const double size = static_cast<double>(group.bits.size());
    double position = -1.0;
    for (;;) {
      position += 1.0 + std::floor(std::log(uniform01_open_zero(rng)) / group.log_stay);
      if (position >= size) break;
      const std::uint32_t bit = group.bits[static_cast<std::size_t>(position)];
      row[bit / 64] |= std::uint64_t{1} << (bit % 64);
    }
  }
  // Without a branch on the draw (it goes either way about as often: a mispredict per report).
  const unsigned shift = x % 64;
  row[x / 64] = (row[x / 64] & ~(std::uint64_t{1} << shift)) |
                (static_cast<std::uint64_t>(draw_on(rng, x)) << shift);
}

void BitVectorSampler::sample(Xoshiro256& rng, std::span<const std::uint32_t> inputs,
                              BitReports& out, unsigned threads) {
  const std::size_t n = inputs.size();
  const std::size_t blocks = std::max<std::size_t>(1, (n + kBlockReports - 1) / kBlockReports);
  const bool packed = out.layout() == BitLayout::kPacked;
  std::uint64_t* rows = packed ? out.append_packed(n).data() : nullptr;
  // Every block's generators, drawn on this thread in block order before any block is drawn.
  std::vector<LaneStreams> streams;
  std::vector<Xoshiro256> block_rngs;  // blocks 1, 2, ...: block 0 draws from `rng`
  streams.reserve(blocks);
  block_rngs.reserve(blocks - 1);
  streams.emplace_back(rng);
  for (std::size_t b = 1; b < blocks; ++b) {
    streams.emplace_back(rng);
    block_rngs.emplace_back(rng());
  }
  auto run = [&](std::size_t b) {
    const std::size_t first = b * kBlockReports, count = std::min(kBlockReports, n - first);
    sample_block(streams[b], b == 0 ? rng : block_rngs[b - 1], inputs.subspan(first, count),
                 packed ? rows + first * words_ : nullptr, out);
  };
  if (threads == 0)
    threads = sampler_thread_limit != 0 ? sampler_thread_limit
                                        : std::max(1U, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(
      std::min<std::size_t>({threads, kMaxSamplerThreads, packed ? blocks : 1}));
  if (threads == 1) {
    for (std::size_t b = 0; b < blocks; ++b) run(b);
    return;
  }
  // Blocks taken in turn by the threads; each writes its own rows of the packed output.
  std::atomic<std::size_t> next{0};
  std::vector<std::exception_ptr> failures(threads);
  auto work = [&](unsigned t) {
    try {
      for (std::size_t b = next++; b < blocks; b = next++) run(b);
    } catch (...) {
      failures[t] = std::current_exception();
      next = blocks;
    }
  };
  std::vector<std::thread> workers;
  for (unsigned t = 1; t < threads; ++t) workers.emplace_back(work, t);
  work(0);
  for (std::thread& worker : workers) worker.join();
  for (const std::exception_ptr& failure : failures) {
    if (failure) std::rethrow_exception(failure);
  }
}

void BitVectorSampler::sample_block(LaneStreams& streams, Xoshiro256& rng,
                                    std::span<const std::uint32_t> inputs, std::uint64_t* rows,
                                    BitReports& out) const {
  const std::size_t n = inputs.size(), per_batch = reports_per_batch_;
  const std::size_t batch_words = per_batch * words_;
  const std::size_t batches = (n + per_batch - 1) / per_batch;
  // Batches per call of the lane kernel: about 32 KiB of words, still in cache when finished.
  const std::size_t chunk = std::max<std::size_t>(1, 4096 / batch_words);
  const bool packed = rows != nullptr;
  std::vector<std::uint64_t> scratch;  // batches that are not whole packed rows of `out`
  std::vector<std::uint32_t> set_bits(packed ? 0 : 64 * words_ + 8);  // append_set_bits: +8
  for (std::size_t first = 0; first < batches; first += chunk) {
    const std::size_t count = std::min(chunk, batches - first);
    const std::size_t first_report = first * per_batch;
    const std::size_t reports = std::min(count * per_batch, n - first_report);
    // Whole batches of a packed output are drawn in place; the others (the set-bit layout, and
    // the last batch's spare reports, drawn and dropped) go through the scratch buffer.
    const bool in_place = packed && reports == count * per_batch;
    if (!in_place) scratch.resize(count * batch_words);
    std::uint64_t* words = in_place ? rows + first_report * words_ : scratch.data();
    draw_lane_groups(streams, groups_, count, words, kernel_);
    if (packed && !in_place) {
      std::memcpy(rows + first_report * words_, words, reports * words_ * sizeof(std::uint64_t));
      words = rows + first_report * words_;
    }
    for (std::size_t r = 0; r < reports; ++r) {
      std::uint64_t* row = words + r * words_;
      finish_report(rng, inputs[first_report + r], row);
      if (packed) continue;
      std::uint32_t* next = set_bits.data();
      for (std::size_t w = 0; w < words_; ++w) {
        next = append_set_bits(row[w], static_cast<std::uint32_t>(w * 64), next);
      }
      out.push_bits({set_bits.data(), next});
      out.end_report();
    }
  }
}

}  // namespace uldp::estimate::internal
