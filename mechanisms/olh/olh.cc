// Local hashing: the hash, the constants and the column classes of a finite family.
#include "uldp/mechanisms/olh/olh.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "uldp/error.h"

#define XXH_INLINE_ALL  // header-only: the consumer of uldp's library needs no libxxhash
#include <xxhash.h>

namespace uldp {
namespace {

// Per column class n (how many sensitive inputs hash to the column): how many columns, and the
// first in rank order (seed, value).
struct ColumnGroup {
  Integer count{0};
  std::uint64_t seed = 0;
  std::uint64_t value = 0;
};

std::map<std::size_t, ColumnGroup> column_groups(const std::vector<std::size_t>& xs,
                                                 const HashFamily& family) {
  const std::uint64_t range = family.range;
  std::map<std::size_t, ColumnGroup> groups;
  std::vector<std::uint32_t> hashes(xs.size());
  for (std::uint64_t s = 0; s < family.seeds; ++s) {
    for (std::size_t i = 0; i < xs.size(); ++i) hashes[i] = family(xs[i], s);
    std::sort(hashes.begin(), hashes.end());
    std::uint64_t hit_columns = 0, first_empty = 0;
    bool empty_seen = false;
    for (std::size_t i = 0; i < hashes.size();) {
      std::size_t j = i;
      while (j < hashes.size() && hashes[j] == hashes[i]) ++j;
      if (!empty_seen && hashes[i] > first_empty) empty_seen = true;  // a gap below this value
      if (!empty_seen) first_empty = hashes[i] + std::uint64_t{1};
      // Seeds ascend, and values within a seed: the first column met has the lowest rank.
      auto it = groups.try_emplace(j - i, ColumnGroup{Integer(0), s, hashes[i]}).first;
      ++it->second.count;
      ++hit_columns;
      i = j;
    }
    if (hit_columns < range) {  // columns no sensitive input hashes to
      auto it = groups.try_emplace(0, ColumnGroup{Integer(0), s, first_empty}).first;
      it->second.count += range - hit_columns;
    }
  }
  return groups;
}

// The smallest min(2, ·) sensitive inputs that do (hit) or do not hash to (seed, value).
std::vector<std::size_t> first_two(const std::vector<std::size_t>& xs, std::uint64_t seed,
                                   std::uint64_t value, const HashFamily& family, bool hit) {
  std::vector<std::size_t> first;
  for (std::size_t i = 0; i < xs.size() && first.size() < 2; ++i) {
    const bool hashes_there = family(xs[i], seed) == value;
    if (hashes_there == hit) first.push_back(xs[i]);
  }
  return first;
}

// Seeds 0..S'-1 of a family of S: pooling the rest into one output (post-processing) can only
// lower a pair's ratio, while every column's ratio is at most t (local_hashing_ldp), and a pair
// some listed seed hashes apart already reaches the largest ratio a column gives it (t on Y_P
// between two sensitive inputs). So the pooled form decides exactly what the whole family does
// when every pair of sensitive inputs is told apart by a listed seed; refused otherwise.
void require_every_pair_told_apart(const std::vector<std::size_t>& xs, const HashFamily& listed,
                                   std::uint64_t seeds) {
  // Partition refinement: inputs in one block hash alike under every seed seen so far.
  std::vector<std::size_t> block(xs.size(), 0);
  std::size_t blocks = 1;
  std::map<std::pair<std::size_t, std::uint32_t>, std::size_t> renumbered;
  for (std::uint64_t s = 0; s < listed.seeds && blocks < xs.size(); ++s) {
    renumbered.clear();
    for (std::size_t i = 0; i < xs.size(); ++i)
      block[i] =
          renumbered.try_emplace({block[i], listed(xs[i], s)}, renumbered.size()).first->second;
    blocks = renumbered.size();
  }
  if (blocks < xs.size()) {
    throw InvalidArgument("hash_seeds: S = " + std::to_string(seeds) +
                          " is decided from its first " + std::to_string(listed.seeds) +
                          " seeds (S |X_S| <= 2^24), which do not hash every pair of sensitive "
                          "inputs apart; a family of at most " +
                          std::to_string(listed.seeds) + " seeds is listed whole");
  }
}

std::vector<std::size_t> first_two_of(const std::vector<std::size_t>& members) {
  return {members.begin(),
          members.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(2, members.size()))};
}

DenseFormulas dense_formulas(const IndexSet& sensitive, const HashFamily& family,
                             const LocalHashingConstants& c) {
  const std::uint64_t range = family.range, seeds = family.seeds;
  const std::uint64_t columns = range * seeds;
  const std::vector<std::size_t> open = sensitive.complement().indices();
  const Rational keep = c.keep / Rational(Integer(seeds)),
                 other = c.other / Rational(Integer(seeds));
  return DenseFormulas{[=](std::size_t x, std::size_t y) -> Rational {
                         if (y >= columns) return open[y - columns] == x ? c.itself : Rational(0);
                         if (!sensitive.contains(x)) return other;
                         return family(x, y / range) == y % range ? keep : other;
                       },
                       [=](std::size_t y) {
                         return y < columns ? local_hashing_label(y / range, y % range)
                                            : std::to_string(open[y - columns]);
                       },
                       [=](std::size_t y) { return y < columns; }};
}

}  // namespace

std::uint32_t local_hash(std::size_t x, std::uint32_t seed, std::uint32_t range) {
  char text[24];
  const auto [end, error] = std::to_chars(text, text + sizeof text, x);
  static_cast<void>(error);  // 24 characters hold every 64-bit value
  return XXH32(text, static_cast<std::size_t>(end - text), seed) % range;
}

bool listed_in_doubles(std::size_t k, std::size_t open, const HashFamily& family) {
  const std::uint64_t columns = family.range * family.seeds;  // g < 2^32, S <= 2^32
  return columns <= kMaxListedDoubles && columns + open <= kMaxListedDoubles / k;
}

std::string local_hashing_label(std::uint64_t seed, std::uint64_t value) {
  std::string label = std::to_string(seed);
  label += ',';
  label += std::to_string(value);
  return label;
}

void validate_local_hashing_family(std::uint64_t range, std::uint64_t seeds) {
  if (range < 2 || range > kMaxSeeds - 1) {  // a 32-bit modulus: h_s(x) is xxh32 mod g
    throw InvalidArgument("hash_range: g = " + std::to_string(range) +
                          " is outside 2..2^32-1 (a hash to one value carries nothing; xxh32 has "
                          "32 bits)");
  }
  if (seeds < 1 || seeds > kMaxSeeds) {
    throw InvalidArgument("hash_seeds: S = " + std::to_string(seeds) +
                          " is outside 1..2^32 (xxh32's seeds are 32 bits)");
  }
}

std::uint64_t optimal_hash_range(const Rational& t) {
  const Rational shifted = t + Rational(1, 2);
  Integer rounded = numerator(shifted) / denominator(shifted);      // floor: t > 0
  if (denominator(shifted) == 1 && rounded % 2 != 0) rounded -= 1;  // a tie goes to the even one
  if (rounded + 1 > Integer(kMaxSeeds - 1)) {
    throw InvalidArgument(
        "hash_range: round(e^eps) + 1 exceeds 2^32-1; give a range of at most 2^32-1");
  }
  return static_cast<std::uint64_t>(rounded) + 1;
}

LocalHashingConstants local_hashing_constants(std::uint64_t range, const Rational& t) {
  const Rational denominator = t + Rational(Integer(range)) - 1;
  return {t / denominator, 1 / denominator, (t - 1) / denominator};
}

ClassStructuredMechanism local_hashing_classes(const IndexSet& sensitive, const HashFamily& family,
                                               const PrivacyBudget& budget) {
  const std::uint64_t range = family.range, seeds = family.seeds;
  validate_local_hashing_family(range, seeds);
  const std::vector<std::size_t>& xs = sensitive.indices();
  const std::vector<std::size_t> xn = sensitive.complement().indices();
  if (xs.empty()) throw InvalidArgument("sensitive: local hashing needs a non-empty X_S");
  // A family beyond the enumerated hashes is listed for its first seeds and pooled after them.
  HashFamily listed = family;
  listed.seeds = std::min(seeds, kMaxEnumeratedHashes / xs.size());
  if (listed.seeds < seeds) require_every_pair_told_apart(xs, listed, seeds);
  const LocalHashingConstants c = local_hashing_constants(range, budget.exp_eps());
  const Rational per_seed{Integer(seeds)};
  const Rational keep = c.keep / per_seed, other = c.other / per_seed;
  std::vector<InputClass> inputs{{"sensitive", sensitive}};
  const std::size_t s = 0, ns = 1;
  if (!xn.empty()) inputs.push_back({"non-sensitive", sensitive.complement()});
  auto add = [](std::vector<ColumnCell>& cells, std::size_t input_class, std::size_t members,
                const Rational& q, std::vector<std::size_t> first) {
    if (members > 0) cells.push_back({input_class, members, q, std::move(first)});
  };
  std::vector<std::pair<Integer, std::size_t>> order;  // (first rank, n)
  const auto groups = column_groups(xs, listed);
  for (const auto& [n, g] : groups) order.emplace_back(Integer(g.seed) * range + g.value, n);
  std::sort(order.begin(), order.end());
  std::vector<OutputClass> outputs;
  for (const auto& [rank, n] : order) {
    const ColumnGroup& g = groups.at(n);
    OutputClass o{"columns " + std::to_string(n) + " sensitive inputs hash to",
                  g.count,
                  true,
                  {},
                  {rank, local_hashing_label(g.seed, g.value)}};
    add(o.cells, s, n, keep, first_two(xs, g.seed, g.value, family, true));
    add(o.cells, s, xs.size() - n, other, first_two(xs, g.seed, g.value, family, false));
    add(o.cells, ns, xn.size(), other, first_two_of(xn));
    outputs.push_back(std::move(o));
  }
  if (listed.seeds < seeds) {
    // Seeds listed.seeds..S-1 as one output: each input's total mass there, (S - S') / S; ratio 1.
    const Rational rest = Rational(Integer(seeds - listed.seeds)) / per_seed;
    OutputClass o{"seeds " + std::to_string(listed.seeds) + ".." + std::to_string(seeds - 1) +
                      " pooled (every pair already meets its largest ratio in the seeds before)",
                  Integer(1),
                  true,
                  {},
                  {Integer(listed.seeds) * range, "seeds " + std::to_string(listed.seeds) + "+"}};
    add(o.cells, s, xs.size(), rest, first_two_of(xs));
    add(o.cells, ns, xn.size(), rest * Rational(Integer(range)) * c.other, first_two_of(xn));
    outputs.push_back(std::move(o));
  }
  if (!xn.empty()) {  // y in X_N: y itself reports it, nobody else
    OutputClass o{
        "non-sensitive",
        Integer(xn.size()),
        false,
        {},
        {Integer(listed.seeds) * range + (listed.seeds < seeds ? 1 : 0), std::to_string(xn[0])}};
    add(o.cells, s, xs.size(), Rational(0), first_two_of(xs));
    add(o.cells, ns, 1, c.itself, {xn[0]});
    add(o.cells, ns, xn.size() - 1, Rational(0),
        std::vector<std::size_t>(xn.begin() + 1, xn.begin() + std::min<std::size_t>(3, xn.size())));
    outputs.push_back(std::move(o));
  }
  // A sensitive x meets keep once per seed and other g - 1 times, whatever the family; single
  // column classes are uneven (which inputs collide is the family's).
  std::optional<DenseFormulas> dense;  // a pooled family has no dense form (and is too large)
  if (listed.seeds == seeds) dense = dense_formulas(sensitive, family, c);
  std::optional<Integer> mechanism_outputs;
  if (listed.seeds < seeds) mechanism_outputs = Integer(seeds) * range + xn.size();
  return ClassStructuredMechanism(sensitive.universe(), std::move(inputs), std::move(outputs),
                                  std::move(dense), "local hashing", RowEvenness::kPerProbability,
                                  ColumnSymmetry::kUnstated, std::move(mechanism_outputs));
}

}  // namespace uldp
