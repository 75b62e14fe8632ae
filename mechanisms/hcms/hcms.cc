// The Hadamard count-mean sketch: the Hadamard sign, the labels and the column classes.
#include "uldp/mechanisms/hcms/hcms.h"

#include <algorithm>
#include <bit>
#include <map>
#include <utility>
#include <vector>

#include "uldp/error.h"

namespace uldp {
namespace {

// A column group: how many columns n inputs match, and the first of them in rank order.
struct ColumnGroup {
  Integer count{0};
  std::uint64_t rank = 0;
};

std::uint64_t rank_of(std::uint64_t j, std::uint64_t l, bool plus, std::uint64_t width) {
  return (j * width + l) * 2 + (plus ? 1 : 0);
}

}  // namespace

bool hadamard_plus(std::uint32_t l, std::uint32_t b) { return std::popcount(l & b) % 2 == 0; }

std::string hcms_label(std::uint64_t j, std::uint64_t l, bool plus) {
  std::string label = std::to_string(j);
  label += ',';
  label += std::to_string(l);
  label += plus ? ",1" : ",-1";
  return label;
}

ClassStructuredMechanism hcms_classes(std::size_t k, const HcmsSpec& spec) {
  validate_sketch(spec.hashes, spec.width, true);
  const std::uint64_t hashes = spec.hashes, width = spec.width;
  if (hashes * width > kMaxHadamardCells / k) {
    throw InvalidArgument("sketch_hashes: J m |X| = " + std::to_string(hashes) + " x " +
                          std::to_string(width) + " x " + std::to_string(k) + " signs exceed the " +
                          std::to_string(kMaxHadamardCells) + " uldp enumerates for an exact form");
  }
  const Rational t = spec.budget.exp_eps();
  const Rational cells(Integer(hashes * width));
  const Rational keep = t / ((1 + t) * cells), other = 1 / ((1 + t) * cells);
  const SketchFamily family = spec.family();
  std::vector<std::vector<std::uint32_t>> buckets(hashes, std::vector<std::uint32_t>(k));
  for (std::uint64_t j = 0; j < hashes; ++j) {
    for (std::size_t x = 0; x < k; ++x) buckets[j][x] = family(x, j);
  }
  std::map<std::size_t, ColumnGroup> groups;  // n -> columns n inputs match
  for (std::uint64_t j = 0; j < hashes; ++j) {
    for (std::uint64_t l = 0; l < width; ++l) {
      std::size_t plus = 0;
      for (std::size_t x = 0; x < k; ++x)
        plus += hadamard_plus(static_cast<std::uint32_t>(l), buckets[j][x]) ? 1 : 0;
      for (bool w : {false, true}) {
        const std::size_t n = w ? plus : k - plus;
        auto it = groups.try_emplace(n, ColumnGroup{Integer(0), rank_of(j, l, w, width)}).first;
        ++it->second.count;
      }
    }
  }
  const IndexSet all = IndexSet::all(k);
  // The smallest min(2, .) inputs that do (match) or do not match column `rank`.
  auto first_two = [&](std::uint64_t rank, bool match) {
    const std::uint64_t j = rank / 2 / width, l = rank / 2 % width;
    const bool w = rank % 2 == 1;
    std::vector<std::size_t> first;
    for (std::size_t x = 0; x < k && first.size() < 2; ++x) {
      if ((hadamard_plus(static_cast<std::uint32_t>(l), buckets[j][x]) == w) == match)
        first.push_back(x);
    }
    return first;
  };
  std::vector<std::pair<std::uint64_t, std::size_t>> order;  // (first rank, n)
  for (const auto& [n, g] : groups) order.emplace_back(g.rank, n);
  std::sort(order.begin(), order.end());
  std::vector<OutputClass> outputs;
  for (const auto& [rank, n] : order) {
    const std::uint64_t j = rank / 2 / width, l = rank / 2 % width;
    OutputClass o{"columns " + std::to_string(n) + " inputs match",
                  groups.at(n).count,
                  true,
                  {},
                  {Integer(rank), hcms_label(j, l, rank % 2 == 1)}};
    if (n > 0) o.cells.push_back({0, n, keep, first_two(rank, true)});
    if (n < k) o.cells.push_back({0, k - n, other, first_two(rank, false)});
    outputs.push_back(std::move(o));
  }
  DenseFormulas dense{
      [=](std::size_t x, std::size_t y) -> Rational {
        const std::uint64_t jj = y / 2 / width, ll = y / 2 % width;
        const bool w = y % 2 == 1;
        const std::uint32_t b = family(x, jj);
        return hadamard_plus(static_cast<std::uint32_t>(ll), b) == w ? keep : other;
      },
      [=](std::size_t y) { return hcms_label(y / 2 / width, y / 2 % width, y % 2); },
      [](std::size_t) { return true; }};
  return ClassStructuredMechanism(k, {{"every input", all}}, std::move(outputs), std::move(dense),
                                  "hcms", RowEvenness::kPerProbability);
}

}  // namespace uldp
