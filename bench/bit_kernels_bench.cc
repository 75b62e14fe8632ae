// The bit-row kernels (estimate/src/internal/bit_kernels.h) at k = 12800 bits a row (200 words,
// em_census_bench's |X|), densities 4.7% and 50%, portable against AVX-512. ns_per_word: CPU time
// per 64-bit word of input. The rows (96 MB, more than the caches) are drawn once from a pool
// of 4096 random words of the density; decode_set_bits writes each row into one reused buffer.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "internal/bit_kernels.h"
#include "uldp/estimate/random.h"

namespace uldp::bench {
using namespace uldp::estimate;
using namespace uldp::estimate::internal;
namespace {

constexpr std::size_t kWords = 200, kRows = 60000;

// The rows at a density in thousandths (each drawn once).
const std::vector<std::uint64_t>& rows(std::int64_t permille) {
  static std::map<std::int64_t, std::vector<std::uint64_t>> cache;
  auto [it, added] = cache.try_emplace(permille);
  if (added) {
    Xoshiro256 rng(static_cast<std::uint64_t>(permille));
    std::vector<std::uint64_t> pool(4096, 0);
    for (std::uint64_t& word : pool) {
      for (unsigned i = 0; i < 64; ++i) {
        if (uniform01(rng) * 1000 < static_cast<double>(permille)) word |= std::uint64_t{1} << i;
      }
    }
    it->second.resize(kWords * kRows);
    for (std::uint64_t& word : it->second) word = pool[rng() % pool.size()];
  }
  return it->second;
}

// Arg 0: density in thousandths; arg 1: 0 portable, 1 AVX-512. False when the AVX-512 kernels are
// asked for and the CPU lacks them (the run is skipped).
bool use_kernels(benchmark::State& state) {
  force_portable_bit_kernels(state.range(1) == 0);
  if (state.range(1) == 1 && std::string(bit_kernels_in_use()) != "avx512") {
    state.SkipWithError("no AVX-512 F/BW/VBMI2 on this CPU");
    return false;
  }
  state.SetLabel(bit_kernels_in_use());
  return true;
}

benchmark::Counter ns_per_word() {
  return benchmark::Counter(
      static_cast<double>(kWords * kRows),
      benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void BM_DecodeSetBits(benchmark::State& state) {
  const std::vector<std::uint64_t>& data = rows(state.range(0));
  if (!use_kernels(state)) return;
  std::vector<std::uint16_t> out(64 * kWords + kDecodeSlack);
  std::size_t total = 0;
  for (auto _ : state) {
    for (std::size_t r = 0; r < kRows; ++r) {
      total += decode_set_bits(data.data() + r * kWords, kWords, 0, out.data());
      benchmark::DoNotOptimize(out.data());
    }
  }
  benchmark::DoNotOptimize(total);
  state.counters["ns_per_word"] = ns_per_word();
  force_portable_bit_kernels(false);
}

void BM_AddColumnCounts(benchmark::State& state) {
  const std::vector<std::uint64_t>& data = rows(state.range(0));
  if (!use_kernels(state)) return;
  std::vector<std::uint64_t> ones(64 * kWords, 0);
  for (auto _ : state) {
    add_column_counts(data, kWords, ones);
    benchmark::DoNotOptimize(ones.data());
  }
  state.counters["ns_per_word"] = ns_per_word();
  force_portable_bit_kernels(false);
}

}  // namespace

BENCHMARK(BM_DecodeSetBits)
    ->ArgNames({"permille", "avx512"})
    ->ArgsProduct({{47, 500}, {0, 1}})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AddColumnCounts)
    ->ArgNames({"permille", "avx512"})
    ->ArgsProduct({{47, 500}, {0, 1}})
    ->Unit(benchmark::kMillisecond);

}  // namespace uldp::bench

BENCHMARK_MAIN();
