// The lockstep streams and the word-parallel Bernoulli draw (see internal/lane_streams.h).
#include "internal/lane_streams.h"

#include <algorithm>
#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define ULDP_LANE_AVX512 1
#endif

namespace uldp::estimate::internal {
namespace {

std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

// The same steps as the vector kernel, one lane at a time.
void draw_scalar(LaneStreams& streams, std::span<const LaneGroup> groups, std::size_t repetitions,
                 std::uint64_t* out) {
  std::uint64_t s0[kLanes], s1[kLanes], s2[kLanes], s3[kLanes];
  std::memcpy(s0, streams.state[0].lane, sizeof s0);
  std::memcpy(s1, streams.state[1].lane, sizeof s1);
  std::memcpy(s2, streams.state[2].lane, sizeof s2);
  std::memcpy(s3, streams.state[3].lane, sizeof s3);
  for (std::size_t r = 0; r < repetitions; ++r) {
    for (const LaneGroup& group : groups) {
      std::uint64_t undecided[kLanes], ones[kLanes];
      std::memcpy(undecided, group.undecided.lane, sizeof undecided);
      std::memcpy(ones, group.always.lane, sizeof ones);
      const std::size_t digits = group.digits.size();
      const std::size_t fixed = std::min(digits, kFixedSteps);
      for (std::size_t i = 0; i < digits; ++i) {
        if (i >= fixed) {
          std::uint64_t any = 0;
          for (std::size_t l = 0; l < kLanes; ++l) any |= undecided[l];
          if (any == 0) break;
        }
        for (std::size_t l = 0; l < kLanes; ++l) {
          const std::uint64_t random = rotl(s1[l] * 5, 7) * 9, t = s1[l] << 17;
          s2[l] ^= s0[l];
          s3[l] ^= s1[l];
          s1[l] ^= s2[l];
          s0[l] ^= s3[l];
          s2[l] ^= t;
          s3[l] = rotl(s3[l], 45);
          const std::uint64_t digit = group.digits[i].lane[l];
          ones[l] |= undecided[l] & digit & ~random;  // U's digit 0 < off's digit 1: U < off
          undecided[l] &= ~(random ^ digit);
        }
      }
      std::memcpy(out, ones, sizeof ones);
      out += kLanes;
    }
  }
  std::memcpy(streams.state[0].lane, s0, sizeof s0);
  std::memcpy(streams.state[1].lane, s1, sizeof s1);
  std::memcpy(streams.state[2].lane, s2, sizeof s2);
  std::memcpy(streams.state[3].lane, s3, sizeof s3);
}

#ifdef ULDP_LANE_AVX512
// Eight lanes as one vector (GCC/Clang vector extension). No vector type crosses a function
// boundary: the kernel is compiled for AVX-512 while its callers are not.
typedef std::uint64_t Vector8 __attribute__((vector_size(64)));

__attribute__((target("avx512f"))) void draw_avx512(LaneStreams& streams,
                                                    std::span<const LaneGroup> groups,
                                                    std::size_t repetitions, std::uint64_t* out) {
  Vector8 s0, s1, s2, s3;
  std::memcpy(&s0, streams.state[0].lane, sizeof s0);
  std::memcpy(&s1, streams.state[1].lane, sizeof s1);
  std::memcpy(&s2, streams.state[2].lane, sizeof s2);
  std::memcpy(&s3, streams.state[3].lane, sizeof s3);
  for (std::size_t r = 0; r < repetitions; ++r) {
    for (const LaneGroup& group : groups) {
      Vector8 undecided, ones;
      std::memcpy(&undecided, group.undecided.lane, sizeof undecided);
      std::memcpy(&ones, group.always.lane, sizeof ones);
      const std::size_t digits = group.digits.size();
      const std::size_t fixed = std::min(digits, kFixedSteps);
      for (std::size_t i = 0; i < digits; ++i) {
        if (i >= fixed && _mm512_test_epi64_mask(reinterpret_cast<__m512i>(undecided),
                                                 reinterpret_cast<__m512i>(undecided)) == 0) {
          break;
        }
        const Vector8 times5 = s1 + (s1 << 2);
        const Vector8 rotated = (times5 << 7) | (times5 >> 57);
        const Vector8 random = rotated + (rotated << 3), t = s1 << 17;
        s2 ^= s0;
        s3 ^= s1;
        s1 ^= s2;
        s0 ^= s3;
        s2 ^= t;
        s3 = (s3 << 45) | (s3 >> 19);
        Vector8 digit;
        std::memcpy(&digit, group.digits[i].lane, sizeof digit);
        ones |= undecided & digit & ~random;
        undecided &= ~(random ^ digit);
      }
      std::memcpy(out, &ones, sizeof ones);
      out += kLanes;
    }
  }
  std::memcpy(streams.state[0].lane, &s0, sizeof s0);
  std::memcpy(streams.state[1].lane, &s1, sizeof s1);
  std::memcpy(streams.state[2].lane, &s2, sizeof s2);
  std::memcpy(streams.state[3].lane, &s3, sizeof s3);
}
#endif

}  // namespace

LaneStreams::LaneStreams(Xoshiro256& rng) {
  for (std::size_t l = 0; l < kLanes; ++l) {
    const auto s = Xoshiro256(rng()).state();
    for (std::size_t w = 0; w < 4; ++w) state[w].lane[l] = s[w];
  }
}

bool lane_kernel_is_vectorized() {
#ifdef ULDP_LANE_AVX512
  static const bool avx512 = __builtin_cpu_supports("avx512f");
  return avx512;
#else
  return false;
#endif
}

void draw_lane_groups(LaneStreams& streams, std::span<const LaneGroup> groups,
                      std::size_t repetitions, std::uint64_t* out, LaneKernel kernel) {
#ifdef ULDP_LANE_AVX512
  if (kernel == LaneKernel::kFastest && lane_kernel_is_vectorized()) {
    draw_avx512(streams, groups, repetitions, out);
    return;
  }
#endif
  (void)kernel;
  draw_scalar(streams, groups, repetitions, out);
}

}  // namespace uldp::estimate::internal
