// Per-user bit-vector reports, 64 bits per step (see internal/bit_vector_sampler.h).
#include "internal/bit_vector_sampler.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace uldp::estimate::internal {

std::vector<bool> binary_digits(double p) {
  std::vector<bool> digits;
  while (p > 0.0) {
    p *= 2.0;
    digits.push_back(p >= 1.0);
    if (p >= 1.0) p -= 1.0;
  }
  return digits;
}

BitVectorSampler::BitVectorSampler(const UnaryParams& params)
    : words_((params.k + 63) / 64), report_((params.k + 63) / 64, 0), set_bits_(params.k) {
  std::map<double, std::vector<std::uint32_t>> sparse_by_off;
  for (std::uint32_t j = 0; j < params.k; ++j) {
    const double off = params.off[j];
    Word& word = words_[j / 64];
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

  on_begin_.push_back(0);
  for (std::uint32_t x = 0; x < params.k; ++x) {
    on_is_one_.push_back(params.on[x] >= 1.0);
    const std::vector<bool> digits =
        on_is_one_.back() ? std::vector<bool>{} : binary_digits(params.on[x]);
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
}

// Lane j holds a uniform U_j in [0, 1) whose binary digit i is bit j of the i-th random word.
// U_j < off_j is decided at the first digit where U_j and off_j differ (each undecided lane
// is decided with probability 1/2 per word: ~7.3 words for 64 lanes); a lane still undecided
// when off_j's digits end has U_j >= off_j (U_j = off_j has probability 0), so no more words.
std::uint64_t BitVectorSampler::draw_word(Xoshiro256& rng, const Word& word) const {
  std::uint64_t undecided = word.lanes, ones = word.always;
  const std::size_t digits = word.digits.size();
  for (std::size_t i = 0; undecided != 0 && i < digits; ++i) {
    const std::uint64_t random = rng(), digit = word.digits[i];
    ones |= undecided & digit & ~random;  // U's digit 0 < off's digit 1: U < off
    undecided &= ~(random ^ digit);
  }
  return ones;
}

// Gaps between set bits of a Bernoulli(off) sequence are geometric: floor(log U / log(1-off)).
void BitVectorSampler::draw_sparse(Xoshiro256& rng, const SparseGroup& group) {
  const double size = static_cast<double>(group.bits.size());
  double position = -1.0;
  for (;;) {
    position += 1.0 + std::floor(std::log(uniform01_open_zero(rng)) / group.log_stay);
    if (position >= size) return;
    const std::uint32_t bit = group.bits[static_cast<std::size_t>(position)];
    report_[bit / 64] |= std::uint64_t{1} << (bit % 64);
  }
}

// U < on[x], exactly: compare 64 digits of U (one random word) with 64 digits of on[x] at a
// time; equal chunks (probability 2^-64) go on to the next 64 digits.
bool BitVectorSampler::draw_on(Xoshiro256& rng, std::uint32_t x) const {
  if (on_is_one_[x]) return true;
  for (std::size_t c = on_begin_[x]; c < on_begin_[x + 1]; ++c) {
    const std::uint64_t random = rng();
    if (random != on_chunks_[c]) return random < on_chunks_[c];
  }
  return false;  // U's digits equal all of on[x]'s: U >= on[x] with probability 1
}

void BitVectorSampler::sample(Xoshiro256& rng, std::uint32_t x, BitReports& out) {
  for (std::size_t w = 0; w < words_.size(); ++w) report_[w] = draw_word(rng, words_[w]);
  for (const SparseGroup& group : sparse_) draw_sparse(rng, group);
  // Bit x follows the "on" channel instead: its off-draw is overwritten by an independent draw.
  const std::uint64_t lane = std::uint64_t{1} << (x % 64);
  report_[x / 64] = draw_on(rng, x) ? report_[x / 64] | lane : report_[x / 64] & ~lane;
  // Set bits go to a local buffer through a raw pointer (push_back per bit reloads the
  // vector's end and capacity on every store), then to `out` in one copy.
  std::uint32_t* next = set_bits_.data();
  for (std::size_t w = 0; w < report_.size(); ++w) {
    const auto base = static_cast<std::uint32_t>(w * 64);
    for (std::uint64_t bits = report_[w]; bits != 0; bits &= bits - 1) {
      *next++ = base + static_cast<std::uint32_t>(__builtin_ctzll(bits));
    }
  }
  out.push_bits({set_bits_.data(), next});
  out.end_report();
}

}  // namespace uldp::estimate::internal
