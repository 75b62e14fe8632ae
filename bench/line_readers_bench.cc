// Throughput of the streaming line readers: writes a file of N lines to a temporary directory and
// times the reader over it, printing lines/s and the peak RSS of the process.
//   samples: "x,y" samples of RR (k = 16, e^eps = 3) through tally_samples (`uldp conform samples`)
//   reports: symbol reports of the same RR through read_reports (`uldp estimate --reports`)
//   bits:    RAPPOR bit strings (k = 32) through read_reports, each report kept (EM's case)
// Usage: line_readers_bench [samples|reports|bits|all] [--lines N] [--bit-lines N] [--dir D]
// (defaults: all, N = 10^8, 10^7 bit strings, $TMPDIR); docs/estimation.md has the figures.
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/estimate/conformance.h"
#include "uldp/estimate/estimation_model.h"
#include "uldp/estimate/report_file.h"
#include "uldp/mechanisms/registry.h"

namespace {

using Clock = std::chrono::steady_clock;

// xorshift64*: fast enough that writing the file costs less than reading it.
struct Rng {
  std::uint64_t s = 0x9E3779B97F4A7C15ull;
  std::uint64_t next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 0x2545F4914F6CDD1Dull;
  }
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
};

uldp::estimate::EstimationModel model_of(const char* name, std::size_t k) {
  const uldp::MechanismEntry& entry = uldp::find_mechanism(name);
  uldp::MechanismArguments arguments;
  arguments.k = k;
  arguments.budget = uldp::PrivacyBudget::from_exp_eps(3);
  return uldp::estimate::estimation_model(uldp::make_mechanism(entry, arguments));
}

// Writes `lines` lines made by `line` (which appends one line without its '\n').
template <typename Line>
void write_file(const std::filesystem::path& path, std::uint64_t lines, Line line) {
  std::ofstream out(path, std::ios::binary);
  std::string buffer;
  for (std::uint64_t i = 0; i < lines; ++i) {
    line(buffer);
    buffer += '\n';
    if (buffer.size() > (1u << 20)) {
      out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
      buffer.clear();
    }
  }
  out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

// One RR output for input x: x with probability t / (t + k - 1), else another symbol.
std::uint64_t rr_output(Rng& rng, std::uint64_t x, std::uint64_t k) {
  if (rng.uniform() < 3.0 / (3.0 + static_cast<double>(k) - 1)) return x;
  return (x + 1 + rng.next() % (k - 1)) % k;
}

long peak_rss_kib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

template <typename Read>
void time_reader(const char* what, const std::filesystem::path& path, std::uint64_t lines,
                 Read read) {
  const auto bytes = std::filesystem::file_size(path);
  std::ifstream in(path, std::ios::binary);
  const auto start = Clock::now();
  const std::uint64_t n = read(in, path.string());
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (n != lines) throw std::runtime_error(std::string(what) + ": read back a different count");
  std::printf("%-8s %12llu lines %8.1f MB %7.2f s %8.2f M lines/s  peak RSS %ld MiB\n", what,
              static_cast<unsigned long long>(lines), static_cast<double>(bytes) / 1e6, seconds,
              static_cast<double>(lines) / seconds / 1e6, peak_rss_kib() / 1024);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  std::string which = "all";
  std::uint64_t lines = 100'000'000, bit_lines = 10'000'000;
  std::filesystem::path dir = std::filesystem::temp_directory_path();
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--lines" && i + 1 < argc) {
      lines = std::strtoull(argv[++i], nullptr, 10);
    } else if (arg == "--bit-lines" && i + 1 < argc) {
      bit_lines = std::strtoull(argv[++i], nullptr, 10);
    } else if (arg == "--dir" && i + 1 < argc) {
      dir = argv[++i];
    } else if (arg == "samples" || arg == "reports" || arg == "bits" || arg == "all") {
      which = arg;
    } else {
      std::cerr << "usage: line_readers_bench [samples|reports|bits|all] [--lines N] "
                   "[--bit-lines N] [--dir D]\n";
      return 2;
    }
  }
  dir /= "uldp_line_readers_bench_" + std::to_string(::getpid());
  std::filesystem::create_directories(dir);
  constexpr std::uint64_t k = 16, bits_k = 32;
  const auto rr = model_of("rr", k);
  Rng rng;
  try {
    if (which == "all" || which == "samples") {
      const auto path = dir / "samples.txt";
      write_file(path, lines, [&](std::string& b) {
        const std::uint64_t x = rng.next() % k;
        b += std::to_string(x);
        b += ',';
        b += std::to_string(rr_output(rng, x, k));
      });
      time_reader("samples", path, lines, [&](std::istream& in, const std::string& source) {
        return uldp::estimate::tally_samples(in, source, rr, {}).n;
      });
      std::filesystem::remove(path);
    }
    if (which == "all" || which == "reports") {
      const auto path = dir / "reports.txt";
      write_file(path, lines,
                 [&](std::string& b) { b += std::to_string(rr_output(rng, rng.next() % k, k)); });
      time_reader("reports", path, lines, [&](std::istream& in, const std::string& source) {
        return uldp::estimate::read_reports(in, source, k, false).n;
      });
      std::filesystem::remove(path);
    }
    if (which == "all" || which == "bits") {
      const auto path = dir / "bits.txt";
      write_file(path, bit_lines, [&](std::string& b) {
        const std::uint64_t x = rng.next() % bits_k;
        for (std::uint64_t j = 0; j < bits_k; ++j) {
          const double on = j == x ? 0.634 : 0.366;  // RAPPOR at e^eps = 3: sqrt(3) / (1 + sqrt(3))
          b += rng.uniform() < on ? '1' : '0';
        }
      });
      time_reader("bits", path, bit_lines, [&](std::istream& in, const std::string& source) {
        return uldp::estimate::read_reports(in, source, bits_k, true).bit_reports.size();
      });
      std::filesystem::remove(path);
    }
  } catch (const std::exception& e) {
    std::filesystem::remove_all(dir);
    std::cerr << "line_readers_bench: " << e.what() << "\n";
    return 1;
  }
  std::filesystem::remove_all(dir);
  return 0;
}
