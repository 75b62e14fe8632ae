// Random files of the per-pair notions (uldp check --pair-budgets, --metric FILE, --safe-regions):
// k x k pair budget and distance matrices (entries spelled as exporters write them, commas or
// runs of blanks, comment and blank lines, LF or CRLF, a byte order mark or none; a distance
// symmetric, each side spelled its own way) and safe region files. The round trip requires exactly
// the values written; the corruption makes one thing invalid (an entry that is no number or below
// the floor, a ragged row, a missing row, an asymmetric distance or a nonzero diagonal, a budget
// that does not read, a region without a budget or with a field too many) and requires a refusal.
// Driven by ByteChoices, so the fuzz target pair_files_meaning and the property suite share it.
// Header-only.
#pragma once

#include <cstddef>
#include <iterator>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "uldp/arithmetic/rational.h"
#include "uldp/io/distance_matrix_reader.h"
#include "uldp/io/pair_budgets_reader.h"
#include "uldp/io/safe_regions_reader.h"
#include "uldp/testing/line_dialects.h"

namespace uldp::testing {

enum class PairFileKind { kBudgets, kDistances };

struct WrittenPairMatrix {
  PairFileKind kind = PairFileKind::kBudgets;
  std::string text;
  std::vector<std::vector<std::optional<Rational>>> entries;  ///< none: inf
  bool corrupted = false;
};

namespace internal {

// A value >= `floor` (0 or 1) and one of its spellings: whole, a/b, a decimal, e-notation, inf.
inline std::pair<std::optional<Rational>, std::string> random_pair_value(ByteChoices& c,
                                                                         long floor) {
  switch (c.below(6)) {
    case 0: {
      const long n = floor + static_cast<long>(c.below(20));
      return {Rational(n), std::to_string(n)};
    }
    case 1: {  // a/b >= floor
      const long b = 1 + static_cast<long>(c.below(50));
      const long a = floor * b + static_cast<long>(c.below(200));
      return {Rational(a, b), std::to_string(a) + "/" + std::to_string(b)};
    }
    case 2: {  // floor + d/100 as a decimal
      const long d = static_cast<long>(c.below(1000));
      std::string fraction = std::to_string(d % 100);
      if (fraction.size() < 2) fraction = "0" + fraction;
      return {Rational(floor * 100 + d, 100), std::to_string(floor + d / 100) + "." + fraction};
    }
    case 3: {  // e-notation
      const long d = floor * 1000 + static_cast<long>(c.below(5000));
      return {Rational(d, 1000), std::to_string(d) + "e-3"};
    }
    case 4:
      return {std::nullopt, "inf"};
    default:
      return {Rational(floor), floor == 0 ? "0.0" : "1"};
  }
}

// Another spelling of the same value, for the mirror of a distance.
inline std::string respell(ByteChoices& c, const std::optional<Rational>& value,
                           const std::string& text) {
  if (!value || c.coin()) return text;
  const Integer two(2);
  const Integer n = numerator(*value) * two, d = denominator(*value) * two;
  return n.str() + "/" + d.str();  // 3/2 as "6/4"
}

// Text no reader may take for the entry: no number, or below the floor.
inline std::string invalid_pair_entry(ByteChoices& c, PairFileKind kind) {
  static const char* const kNoNumber[] = {"abc", "nan",     "-inf",     "1/0",         "0.5.5",
                                          "+",   "0x1.gp0", "Infinity", "\xef\xbc\x91"};
  if (c.coin()) return kNoNumber[c.below(std::size(kNoNumber))];
  return kind == PairFileKind::kBudgets ? (c.coin() ? "1/2" : "0.999") : (c.coin() ? "-1" : "-1/3");
}

}  // namespace internal

/// k in 1..6; with `corrupt`, one thing made invalid.
inline WrittenPairMatrix write_random_pair_matrix(ByteChoices& c, PairFileKind kind, bool corrupt) {
  using namespace internal;
  WrittenPairMatrix w;
  w.kind = kind;
  w.corrupted = corrupt;
  const std::size_t k = 1 + c.below(6);
  const long floor = kind == PairFileKind::kBudgets ? 1 : 0;
  std::vector<std::vector<std::string>> cells(k, std::vector<std::string>(k));
  w.entries.assign(k, std::vector<std::optional<Rational>>(k));
  for (std::size_t x = 0; x < k; ++x) {
    for (std::size_t y = 0; y < k; ++y) {
      if (kind == PairFileKind::kDistances && y < x) continue;  // the mirror, below
      if (kind == PairFileKind::kDistances && y == x) {
        w.entries[x][y] = Rational(0);
        cells[x][y] = c.coin() ? "0" : "0/7";
        continue;
      }
      auto [value, text] = random_pair_value(c, floor);
      w.entries[x][y] = value;
      cells[x][y] = text;
      if (kind == PairFileKind::kDistances) {
        w.entries[y][x] = value;
        cells[y][x] = respell(c, value, text);
      }
    }
  }
  if (corrupt) {
    const std::size_t x = c.below(k), y = c.below(k);
    switch (c.below(kind == PairFileKind::kDistances ? 5 : 3)) {
      case 0:
        cells[x][y] = invalid_pair_entry(c, kind);
        break;
      case 1:  // a ragged row: one entry fewer
        cells[x].pop_back();
        if (cells[x].empty()) cells[x].push_back("1 1");  // k = 1: two entries instead
        break;
      case 2:  // a row too many or one too few
        if (c.coin() || k == 1) {
          cells.push_back(cells.back());
        } else {
          cells.pop_back();
        }
        break;
      case 3:  // a nonzero diagonal
        cells[x][x] = c.coin() ? "1" : "inf";
        break;
      default:  // an asymmetric distance (k = 1 has none: a nonzero diagonal instead)
        if (k == 1) {
          cells[0][0] = "1/3";
        } else {
          const std::size_t other = (x + 1) % k;
          const std::optional<Rational>& d = w.entries[x][other];
          cells[x][other] = d ? to_string(*d + 1) : "0";
        }
    }
  }
  const bool commas = c.coin();
  std::vector<std::string> lines;
  for (const auto& row : cells) {
    std::string line;
    for (std::size_t y = 0; y < row.size(); ++y) {
      if (y) line += commas ? random_blanks(c) + "," + random_blanks(c) : (c.coin() ? " " : "\t ");
      line += row[y];
    }
    lines.push_back(line);
  }
  w.text = write_lines(c, random_line_style(c), lines);
  return w;
}

/// Whether the matrix read is exactly the one written.
inline bool reads_back(const std::vector<std::vector<std::optional<Rational>>>& read,
                       const WrittenPairMatrix& w) {
  return read == w.entries;
}

struct WrittenRegions {
  std::string text;
  std::vector<std::string> inputs;
  std::vector<std::pair<bool, Rational>> budgets;  ///< (as eps, value)
  bool corrupted = false;
};

/// 1-4 regions; with `corrupt`, one line made invalid.
inline WrittenRegions write_random_regions(ByteChoices& c, bool corrupt) {
  WrittenRegions w;
  w.corrupted = corrupt;
  const std::size_t count = 1 + c.below(4);
  std::vector<std::string> lines;
  for (std::size_t r = 0; r < count; ++r) {
    std::string inputs = std::to_string(c.below(5));
    if (c.coin()) inputs += "-" + std::to_string(5 + c.below(5));
    if (c.coin()) inputs += "," + std::to_string(10 + c.below(5));
    const bool as_eps = c.coin();
    auto [value, text] = internal::random_pair_value(c, as_eps ? 0 : 1);
    if (!value) {  // a region's budget is finite
      value = Rational(2);
      text = "2";
    }
    w.inputs.push_back(inputs);
    w.budgets.emplace_back(as_eps, *value);
    lines.push_back(inputs + (c.coin() ? " " : "\t") + (as_eps ? "eps=" : "exp_eps=") + text);
  }
  if (corrupt) {
    static const char* const kBad[] = {"t=3",   "exp_eps=",  "exp_eps=1/2", "eps=-1", "eps=x",
                                       "eps:1", "EXP_EPS=2", "exp_eps=inf", "=3"};
    std::string& line = lines[c.below(count)];
    const std::size_t blank = line.find_first_of(" \t");
    switch (c.below(3)) {
      case 0:
        line = line.substr(0, blank) + " " + kBad[c.below(std::size(kBad))];
        break;
      case 1:  // no budget
        line = line.substr(0, blank);
        break;
      default:  // a field too many
        line += " extra";
    }
  }
  w.text = write_lines(c, random_line_style(c), lines);
  return w;
}

inline bool reads_back(const std::vector<SafeRegion>& read, const WrittenRegions& w) {
  if (read.size() != w.inputs.size()) return false;
  for (std::size_t r = 0; r < read.size(); ++r) {
    if (read[r].inputs != w.inputs[r]) return false;
    const auto& [as_eps, value] = w.budgets[r];
    if (as_eps ? read[r].budget.epsilon() != value : read[r].budget.epsilon().has_value()) {
      return false;
    }
    if (!as_eps && read[r].budget.exp_eps() != value) return false;
  }
  return true;
}

}  // namespace uldp::testing
