// Random sample files (`uldp conform samples --samples`, tally_samples in
// uldp/estimate/conformance.h): lines "x,y" (y a symbol index, or a string of k bits for bit-vector
// mechanisms) in a random accepted layout (line_dialects.h; blanks around x and y too) for one of
// a few reference mechanisms. The round trip requires exactly the tallies of the samples written;
// the corruption makes one x or y (the first line's half the time) invalid, or drops the comma,
// and requires a refusal. Header-only (the fuzz targets include it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "uldp/estimate/conformance.h"
#include "uldp/estimate/estimation_model.h"
#include "uldp/mechanisms/registry.h"
#include "uldp/testing/line_dialects.h"

namespace uldp::testing {

/// A reference mechanism of `uldp conform samples` and the scope it derives for it.
struct SampleReference {
  estimate::EstimationModel model;
  estimate::RatioScope scope;
  std::size_t k = 0;        // inputs (and bits)
  std::size_t outputs = 0;  // symbols: the output alphabet
  bool bit_vectors = false;
};

/// The registry's `name` with k symbols or bits, X_S = {0, 1} where it takes one, and e^eps = 3
/// where it takes a budget.
inline SampleReference sample_reference(const char* name, std::size_t k) {
  const MechanismEntry& entry = find_mechanism(name);
  MechanismArguments arguments;
  arguments.k = k;
  if (entry.takes(kSensitiveParameter.declaration) != Takes::kNo)
    arguments.sensitive = IndexSet::from_indices({0, 1}, k, "X_S");
  if (entry.takes(kBudgetParameter.declaration) != Takes::kNo)
    arguments.budget = PrivacyBudget::from_exp_eps(3);
  SampleReference r;
  r.model = estimate::estimation_model(make_mechanism(entry, arguments));
  r.k = estimate::num_symbols(r.model);
  r.bit_vectors = estimate::reports_are_bit_vectors(r.model);
  const auto* dense = std::get_if<estimate::DenseParams>(&r.model);
  r.outputs = dense != nullptr ? dense->outputs : r.k;
  if (entry.claim == Claim::kNone) return r;
  r.scope.claimed = true;
  r.scope.claimed_exp_eps = 3;
  if (entry.claim == Claim::kLdp) return r;
  std::vector<std::size_t> non_sensitive;
  for (std::size_t x = 2; x < k; ++x) non_sensitive.push_back(x);
  if (r.bit_vectors) {
    r.scope.protected_zero_bits = IndexSet::from_indices(non_sensitive, k, "zero bits");
  } else {
    r.scope.protected_symbols = IndexSet::from_indices({0, 1}, k, "Y_P");
  }
  return r;
}

/// What was written, to compare with what is read.
struct WrittenSamples {
  std::string text;
  const SampleReference* reference = nullptr;
  std::uint64_t n = 0;
  std::vector<std::uint64_t> per_input;
  std::vector<std::unordered_map<std::uint32_t, std::uint64_t>> symbol_counts;
  std::vector<std::uint64_t> ones, both_ones;  // as in SampleTallies
  bool corrupted = false;
};

/// The references the writer draws from: symbols and bits, LDP, ULDP and no claim.
inline const std::vector<SampleReference>& sample_references() {
  static const std::vector<SampleReference> all = {
      sample_reference("urr", 5),    sample_reference("rr", 3),    sample_reference("urap", 4),
      sample_reference("rappor", 3), sample_reference("none", 3),  sample_reference("urr", 12),
      sample_reference("urap", 9),   sample_reference("rappor", 2)};
  return all;
}

/// 1-12 samples for a random reference; with `corrupt`, one x or y made invalid.
inline WrittenSamples write_random_samples(ByteChoices& c, bool corrupt) {
  WrittenSamples w;
  const SampleReference& r = sample_references()[c.below(sample_references().size())];
  const std::size_t k = r.k;
  w.reference = &r;
  w.n = 1 + c.below(12);
  w.per_input.assign(k, 0);
  if (r.bit_vectors) {
    w.ones.assign(k * k, 0);
    if (k <= estimate::SampleTallies::kMaxPairBits) w.both_ones.assign(k * k * k, 0);
  } else {
    w.symbol_counts.resize(k);
  }
  std::vector<std::string> xs, ys;
  for (std::uint64_t i = 0; i < w.n; ++i) {
    const std::size_t x = c.below(k);
    ++w.per_input[x];
    xs.push_back(spell_unsigned(c, x));
    if (!r.bit_vectors) {
      const std::size_t y = c.below(r.outputs);
      ++w.symbol_counts[x][static_cast<std::uint32_t>(y)];
      ys.push_back(spell_unsigned(c, y));
      continue;
    }
    const std::string bits = random_bits(c, k);
    for (std::size_t i1 = 0; i1 < k; ++i1) {
      if (bits[i1] != '1') continue;
      ++w.ones[x * k + i1];
      if (w.both_ones.empty()) continue;
      for (std::size_t j = i1 + 1; j < k; ++j) w.both_ones[(x * k + i1) * k + j] += bits[j] == '1';
    }
    ys.push_back(bits);
  }
  bool no_comma = false;
  std::size_t bad = 0;
  if (corrupt) {
    w.corrupted = true;
    bad = line_to_corrupt(c, w.n);
    switch (c.below(5)) {
      case 0:  // x out of range
        xs[bad] = std::to_string(k + c.below(1000));
        break;
      case 1:
        xs[bad] = invalid_unsigned(c, true);
        break;
      case 2:  // y out of range or not k bits
        ys[bad] =
            r.bit_vectors ? invalid_bits(c, k, true) : std::to_string(r.outputs + c.below(1000));
        break;
      case 3:
        ys[bad] = r.bit_vectors ? invalid_bits(c, k, true) : invalid_unsigned(c, true);
        break;
      default:
        no_comma = true;
    }
  }
  std::vector<std::string> lines;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    const std::string comma = corrupt && no_comma && i == bad ? (c.coin() ? " " : ";") : ",";
    lines.push_back(std::string(xs[i])
                        .append(random_blanks(c))
                        .append(comma)
                        .append(random_blanks(c))
                        .append(ys[i]));
  }
  w.text = write_lines(c, random_line_style(c), lines);
  return w;
}

/// Whether `read` holds exactly the tallies of the samples written.
inline bool reads_back(const estimate::SampleTallies& read, const WrittenSamples& w) {
  return read.n == w.n && read.per_input == w.per_input && read.symbol_counts == w.symbol_counts &&
         read.ones == w.ones && read.both_ones == w.both_ones;
}

}  // namespace uldp::testing
