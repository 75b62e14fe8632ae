// Reading and checking a k x k float matrix exported as CSV, as `uldp check --matrix FILE
// --binary64` does (issue 21: k = 4096 within 4 s and 1 GB). Writes a perturbed randomized
// response (e^eps = e, each entry times a factor in [0.95, 1.05], rows renormalised in double) as
// shortest round-trip decimals to a temporary file, then times the reading and the checks: row
// sums, the inferred Y_P and the four properties. Usage: binary64_csv_bench [k] (default 4096).
// Peak memory: run `uldp check` on the file under /usr/bin/time -v (docs/cli.md).
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "uldp/forms/dense_privacy_check.h"
#include "uldp/forms/stochasticity.h"
#include "uldp/io/matrix_reader.h"

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

void write_matrix(const std::filesystem::path& path, std::size_t k) {
  std::ofstream out(path, std::ios::binary);
  std::mt19937_64 random(21);
  std::uniform_real_distribution<double> factor(0.95, 1.05);
  const double t = std::exp(1.0);
  std::vector<double> row(k);
  std::string line;
  char buffer[32];
  for (std::size_t x = 0; x < k; ++x) {
    double total = 0;
    for (std::size_t y = 0; y < k; ++y) {
      row[y] = (x == y ? t : 1.0) / (t + static_cast<double>(k) - 1) * factor(random);
      total += row[y];
    }
    line.clear();
    for (std::size_t y = 0; y < k; ++y) {
      if (y) line += ',';
      const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, row[y] / total);
      line.append(buffer, end);
    }
    line += '\n';
    out << line;
  }
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t k = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 4096;
  const auto dir = std::filesystem::temp_directory_path() /
                   ("uldp_binary64_csv_bench_" + std::to_string(std::random_device()()));
  std::filesystem::create_directories(dir);
  const auto path = dir / "matrix.csv";
  auto start = Clock::now();
  write_matrix(path, k);
  std::cout << k << " x " << k << " matrix, " << std::filesystem::file_size(path) / 1000000
            << " MB of CSV, written in " << seconds_since(start) << " s\n";

  start = Clock::now();
  const uldp::MatrixFile file =
      uldp::read_matrix_file(path.string(), {.reading = uldp::EntryReading::kBinary64});
  const double read = seconds_since(start);
  const uldp::DenseMechanism& q = file.matrix;

  start = Clock::now();
  std::size_t off_one = 0;
  for (std::size_t x = 0; x < q.num_inputs(); ++x) off_one += uldp::row_sum(q, x) != 1;
  const uldp::IndexSet sensitive = uldp::IndexSet::all(q.num_inputs());
  const uldp::IndexSet protected_outputs = uldp::minimal_protected_outputs(q, sensitive);
  const auto budget = uldp::PrivacyBudget::from_epsilon(uldp::Rational(1));
  const uldp::Verdict ldp = uldp::check_ldp(q, budget);
  const uldp::Verdict uldp_reachable =
      uldp::check_uldp(q, sensitive, protected_outputs, budget, uldp::UldpReading::kReachable);
  const uldp::Verdict uldp_literal =
      uldp::check_uldp(q, sensitive, protected_outputs, budget, uldp::UldpReading::kLiteral);
  const uldp::Verdict osldp = uldp::check_osldp(q, sensitive, budget);
  const double check = seconds_since(start);

  std::cout << "read: " << read << " s (" << (q.is_binary64() ? "binary64 patterns" : "rationals")
            << ")\ncheck: " << check << " s (" << off_one << " rows off 1; tight e^eps "
            << ldp.tight_exp_eps.to_string().substr(0, 40) << ", holds " << ldp.holds
            << uldp_reachable.holds << uldp_literal.holds << osldp.holds
            << ")\nread + check: " << read + check << " s\n";
  std::filesystem::remove_all(dir);
}
