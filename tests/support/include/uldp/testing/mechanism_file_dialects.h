// Random files a mechanism is built from (rappor-bloom --bloom-map, local hashing's
// --hash-family): a random table of filters or hash values written in an accepted layout (line
// order shuffled for a Bloom map, blanks, comments and blank lines, LF or CRLF, a byte order
// mark), read back as exactly that table; and the same kind of file with one thing made invalid
// (a bit that is no bit, a filter one bit short or long, a line given twice or missing, an input,
// cohort or hash value out of range, a value missing or no number) that must be refused. Driven
// by ByteChoices, so the fuzz target mechanism_files_meaning and the property suite share it.
// Header-only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "uldp/mechanisms/olh/olh_family_file.h"
#include "uldp/mechanisms/rappor_bloom/rappor_bloom_map_file.h"
#include "uldp/testing/line_dialects.h"

namespace uldp::testing {

struct WrittenBloomMap {
  BloomMapShape shape;
  BloomTable table;
  std::string text;
};

/// A map of 1..6 inputs, 1..3 cohorts and 1..12 bits.
inline WrittenBloomMap write_random_bloom_map(ByteChoices& c, bool corrupt) {
  WrittenBloomMap w;
  w.shape = {1 + c.below(6), static_cast<std::uint32_t>(1 + c.below(3)),
             static_cast<std::uint32_t>(1 + c.below(12))};
  w.table.assign(w.shape.cohorts, std::vector<BloomBits>(w.shape.inputs));
  std::vector<std::pair<std::size_t, std::string>> lines;  // (cohort * k + x, line)
  for (std::uint32_t cohort = 0; cohort < w.shape.cohorts; ++cohort) {
    for (std::size_t x = 0; x < w.shape.inputs; ++x) {
      std::string bits(w.shape.bits, '0');
      for (std::uint32_t j = 0; j < w.shape.bits; ++j) {
        if (c.below(4) == 0) {
          bits[j] = '1';
          w.table[cohort][x].push_back(j);
        }
      }
      lines.emplace_back(cohort * w.shape.inputs + x,
                         spell_unsigned(c, x) + "," + spell_unsigned(c, cohort) + ":" + bits);
    }
  }
  for (std::size_t i = lines.size(); i > 1; --i) std::swap(lines[i - 1], lines[c.below(i)]);
  if (corrupt) {
    std::string& line = lines[c.below(lines.size())].second;
    const std::size_t colon = line.find(':');
    switch (c.below(7)) {
      case 0:  // a bit that is no bit
        line[colon + 1 + c.below(w.shape.bits)] = "2x -"[c.below(4)];
        break;
      case 1:  // one bit short
        line.pop_back();
        break;
      case 2:  // one bit long
        line.push_back(c.coin() ? '1' : '0');
        break;
      case 3:  // a line given twice
        lines.push_back(lines[c.below(lines.size())]);
        break;
      case 4:  // a line missing
        lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(c.below(lines.size())));
        break;
      case 5:  // an input out of range
        line = std::to_string(w.shape.inputs + c.below(3)) + line.substr(line.find(','));
        break;
      default:  // a cohort out of range, or no colon
        line = c.coin() ? line.substr(0, line.find(',') + 1) +
                              std::to_string(w.shape.cohorts + c.below(3)) + line.substr(colon)
                        : line.substr(0, colon) + line.substr(colon + 1);
    }
  }
  std::vector<std::string> texts;
  for (auto& [key, line] : lines) texts.push_back(std::move(line));
  w.text = write_lines(c, random_line_style(c), texts);
  return w;
}

struct WrittenHashFamily {
  std::size_t inputs = 0;
  std::uint64_t range = 2;
  HashTable table;
  std::string text;
};

/// A family of 1..5 hash functions over 1..6 inputs into 2..9 values.
inline WrittenHashFamily write_random_hash_family(ByteChoices& c, bool corrupt) {
  WrittenHashFamily w;
  w.inputs = 1 + c.below(6);
  w.range = 2 + c.below(8);
  std::vector<std::string> lines;
  const std::size_t seeds = 1 + c.below(5);
  for (std::size_t s = 0; s < seeds; ++s) {
    std::vector<std::uint32_t> hashes;
    std::string line;
    for (std::size_t x = 0; x < w.inputs; ++x) {
      hashes.push_back(static_cast<std::uint32_t>(c.below(w.range)));
      line += (x ? "," + random_blanks(c) : std::string()) + spell_unsigned(c, hashes.back());
    }
    w.table.push_back(std::move(hashes));
    lines.push_back(std::move(line));
  }
  if (corrupt) {
    std::string& line = lines[c.below(lines.size())];
    switch (c.below(4)) {
      case 0:  // a value out of range
        line += "," + std::to_string(w.range + c.below(5));
        line = line.substr(line.find(',') + 1);
        break;
      case 1:  // a value missing (a line of one value loses it: nothing but a comma is left)
        line = w.inputs == 1 ? "," : line.substr(line.find(',') + 1);
        break;
      case 2:  // a value too many
        line += ",0";
        break;
      default:  // no number
        line = (c.coin() ? "a" : "-1") + line.substr(std::min(line.find(','), line.size()));
    }
  }
  w.text = write_lines(c, random_line_style(c), lines);
  return w;
}

}  // namespace uldp::testing
