#include "uldp/mechanisms/pooled_form.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>

#include "uldp/error.h"

namespace uldp {
namespace {

// A cell of K-subsets of X_S by the ranks (in X_S) of their smallest member `low` and, when the
// pooling keeps spans, their largest `high` (else high = v: any).
struct SubsetCell {
  std::size_t block = 1, low = 0, high = 0;
};

// How many subsets the cell holds, and how many of them hold the sensitive symbol of rank q.
std::pair<Integer, Integer> subset_counts(const SubsetCell& c, std::size_t v, std::size_t q) {
  if (c.high == v) {  // by smallest member only
    const Integer total = binomial(v - c.low - 1, c.block - 1);
    if (q == c.low) return {total, total};
    if (q > c.low && q < v && c.block >= 2) return {total, binomial(v - c.low - 2, c.block - 2)};
    return {total, Integer(0)};
  }
  if (c.block == 1) return {Integer(1), Integer(q == c.low ? 1 : 0)};
  const Integer total = binomial(c.high - c.low - 1, c.block - 2);
  if (q == c.low || q == c.high) return {total, total};
  if (q > c.low && q < c.high && c.block >= 3) {
    return {total, binomial(c.high - c.low - 2, c.block - 3)};
  }
  return {total, Integer(0)};
}

// The cells of K-subsets: by (smallest, largest) member when `spans`, else by smallest.
std::vector<SubsetCell> subset_cells(std::size_t block, std::size_t v, bool spans) {
  std::vector<SubsetCell> cells;
  for (std::size_t low = 0; low + block <= v; ++low) {
    if (!spans) {
      cells.push_back({block, low, v});
      continue;
    }
    for (std::size_t high = low + block - 1; high < v && (block > 1 || high == low); ++high) {
      cells.push_back({block, low, high});
    }
  }
  return cells;
}

// a * b, or the largest size_t when it would not fit (counts compared with a limit).
std::size_t saturating_product(std::size_t a, std::size_t b) {
  return a != 0 && b > std::numeric_limits<std::size_t>::max() / a
             ? std::numeric_limits<std::size_t>::max()
             : a * b;
}

// How many cells subset_cells(block, v, spans) lists, without listing them (v may be 10^7).
std::size_t subset_cell_count(std::size_t block, std::size_t v, bool spans) {
  if (block == 0 || block > v) return 0;
  const std::size_t lows = v - block + 1;
  if (!spans || block == 1) return lows;
  return lows * (lows + 1) / 2;  // low has v - low - block + 1 highs
}

// "{2}", "{2,5}", "{2,…,9} (K = 4)" with spans; "{2,…} (K = 4)" without (appended piece by piece:
// GCC 12 warns falsely on "{" + std::string).
std::string subset_label(const SubsetCell& c, const std::vector<std::size_t>& xs) {
  std::string label = "{";
  label += std::to_string(xs[c.low]);
  if (c.block == 1) return label + "}";
  if (c.high == xs.size()) {
    label += ",…} (K = ";
  } else {
    label += c.block == 2 ? "," : ",…,";
    label += std::to_string(xs[c.high]);
    if (c.block == 2) return label + "}";
    label += "} (K = ";
  }
  label += std::to_string(c.block);
  label += ")";
  return label;
}

struct CellIndex {
  bool spans = false;
  std::size_t v = 0;
  std::map<std::tuple<std::size_t, std::size_t, std::size_t>, std::size_t> block;  ///< (K, lo, hi)
  std::map<std::size_t, std::size_t> alone;                                        ///< o -> cell
  std::map<std::tuple<std::size_t, std::size_t, std::size_t>, std::size_t>
      with_block;                 ///< (o, lo, hi)
  std::vector<std::size_t> rank;  ///< rank in X_S, or k for X_N
  std::size_t with_block_size = 0;
};

// Of the C(v, K) blocks, C(v-1, K-1) hold a given member a; of those, C(v-2, K-2) also hold the
// sensitive x != a and C(v-2, K-1) do not; C(v-1, K) do not hold x.
std::vector<BlockMembership> block_membership(const std::vector<PooledComponent>& components,
                                              std::size_t v) {
  std::map<std::size_t, BlockMembership> by_block;  // one entry per K, components summed
  for (const PooledComponent& comp : components) {
    const std::size_t K = comp.block;
    const Integer holding = binomial(v - 1, K - 1);
    const Integer holding_both = v >= 2 && K >= 2 ? binomial(v - 2, K - 2) : Integer(0);
    const Integer holding_a_only = v >= 2 ? binomial(v - 2, K - 1) : Integer(0);
    const Integer without_x = binomial(v - 1, K);
    BlockMembership& m = by_block[K];
    m.block = K;
    m.own += comp.weight * comp.c.in_block * holding;
    m.other += comp.weight * (comp.c.in_block * holding_both + comp.c.off_block * holding_a_only);
    m.open += comp.weight * comp.c.from_open * holding;
    m.sized += comp.weight * (comp.c.in_block * holding + comp.c.off_block * without_x);
  }
  std::vector<BlockMembership> out;
  for (auto& entry : by_block) out.push_back(std::move(entry.second));
  return out;
}

}  // namespace

PooledForm pool_block_family(const IndexSet& sensitive,
                             const std::vector<PooledComponent>& components,
                             const PooledOpenReports& open, std::size_t max_entries) {
  const std::size_t k = sensitive.universe();
  const std::vector<std::size_t> xs = sensitive.indices();
  const std::vector<std::size_t> xn = sensitive.complement().indices();
  const std::size_t v = xs.size();
  auto index = std::make_shared<CellIndex>();
  index->v = v;
  index->rank.assign(k, k);
  for (std::size_t r = 0; r < v; ++r) index->rank[xs[r]] = r;
  // Spans when the finer cells fit: blocks by (K, smallest, largest).
  std::size_t span_cells = xn.size();
  for (const PooledComponent& comp : components)
    span_cells += subset_cell_count(comp.block, v, true);
  if (open.with_block_size) {
    span_cells =
        std::min(span_cells + saturating_product(xn.size(),
                                                 subset_cell_count(*open.with_block_size, v, true)),
                 std::numeric_limits<std::size_t>::max() / 2);
  }
  index->spans = span_cells <= max_entries / std::max<std::size_t>(k, 1);
  if (!index->spans) {  // refused before a cell, a label or a binomial is built
    std::size_t cells = xn.size();
    for (const PooledComponent& comp : components) cells += subset_cell_count(comp.block, v, false);
    if (open.with_block_size)
      cells += std::min(
          saturating_product(xn.size(), subset_cell_count(*open.with_block_size, v, false)),
          std::numeric_limits<std::size_t>::max() / 2);
    if (cells > kMaxPooledEntries / std::max<std::size_t>(k, 1)) {
      throw InvalidArgument("k: " + std::to_string(k) + " inputs x " + std::to_string(cells) +
                            " pooled cells exceed the limit of " +
                            std::to_string(kMaxPooledEntries) + " entries");
    }
  }
  PooledForm f;
  f.k = k;
  f.spans = index->spans;
  std::vector<std::size_t> protected_cells;
  struct Cell {
    SubsetCell subsets;
    std::size_t open = 0;  // X_N symbol (alone, S ∪ {o})
    int kind = 0;          // 0 block, 1 alone, 2 S ∪ {o}
    Rational weight;
    const UbdConstants* c = nullptr;
  };
  std::vector<Cell> cells;
  for (const PooledComponent& comp : components) {
    for (const SubsetCell& sc : subset_cells(comp.block, v, index->spans)) {
      index->block[{sc.block, sc.low, sc.high}] = cells.size();
      protected_cells.push_back(cells.size());
      f.labels.push_back(subset_label(sc, xs));
      cells.push_back({sc, 0, 0, comp.weight, &comp.c});
    }
  }
  for (std::size_t o : xn) {
    index->alone[o] = cells.size();
    f.labels.push_back(std::to_string(o));
    cells.push_back({{}, o, 1, Rational(1), nullptr});
  }
  if (open.with_block_size) {
    index->with_block_size = *open.with_block_size;
    for (std::size_t o : xn) {
      for (const SubsetCell& sc : subset_cells(index->with_block_size, v, index->spans)) {
        index->with_block[{o, sc.low, sc.high}] = cells.size();
        std::string label = subset_label(sc, xs);
        label += "+";
        label += std::to_string(o);
        f.labels.push_back(std::move(label));
        cells.push_back({sc, o, 2, Rational(1), nullptr});
      }
    }
  }
  f.protected_cells = IndexSet::from_indices(protected_cells, cells.size(), "protected cells");
  // Q(cell | x).
  f.q.assign(k * cells.size(), Rational(0));
  for (std::size_t x = 0; x < k; ++x) {
    const std::size_t rx = index->rank[x];
    for (std::size_t j = 0; j < cells.size(); ++j) {
      const Cell& cell = cells[j];
      Rational& entry = f.q[x * cells.size() + j];
      if (cell.kind == 1) {
        if (x == cell.open) entry = open.alone;
        continue;
      }
      const auto [total, holding] = subset_counts(cell.subsets, v, rx == k ? v : rx);
      if (cell.kind == 2) {
        if (x == cell.open) entry = open.with_block * total;
        continue;
      }
      entry = rx == k ? Rational(cell.weight * cell.c->from_open * total)
                      : Rational(cell.weight * (cell.c->in_block * holding +
                                                cell.c->off_block * Rational(total - holding)));
    }
  }
  f.membership = block_membership(components, v);
  f.output_cells = CellsBySet{
      [index, sensitive](std::span<const std::uint32_t> members) -> std::optional<std::size_t> {
        if (members.empty()) return std::nullopt;
        std::size_t outside = 0, open = 0;
        std::size_t low = index->v, high = 0;
        for (const std::uint32_t m : members) {
          if (m >= index->rank.size()) return std::nullopt;
          if (!sensitive.contains(m)) {
            ++outside;
            open = m;
            continue;
          }
          low = std::min(low, index->rank[m]);
          high = std::max(high, index->rank[m]);
        }
        if (!index->spans) high = index->v;
        const std::size_t inside = members.size() - outside;
        if (outside == 0) {
          const auto found = index->block.find({inside, low, high});
          if (found == index->block.end()) return std::nullopt;
          return found->second;
        }
        if (outside > 1) return std::nullopt;
        if (inside == 0) return index->alone.at(open);
        // S ∪ {o}: K sensitive members and o.
        if (inside != index->with_block_size) return std::nullopt;
        const auto found = index->with_block.find({open, low, high});
        if (found == index->with_block.end()) return std::nullopt;
        return found->second;
      }};
  return f;
}

std::uint64_t report_field(std::string_view text, std::uint64_t limit, const char* what) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() ||
      (text.size() > 1 && text[0] == '0') || value >= limit) {
    throw InvalidArgument(std::string(what) + " '" + std::string(text.substr(0, 24)) +
                          "' is not in 0.." + std::to_string(limit - 1));
  }
  return value;
}

void require_pooled_entries(std::size_t k, std::size_t cells) {
  if (cells > kMaxPooledEntries / std::max<std::size_t>(k, 1)) {
    throw InvalidArgument("k: " + std::to_string(k) + " inputs x " + std::to_string(cells) +
                          " pooled cells exceed the limit of " + std::to_string(kMaxPooledEntries) +
                          " entries");
  }
}

PooledForm pool_bloom_filter(const BloomFilterMechanism& q, const std::string& prefix) {
  const std::size_t per_input = q.cohorts() * q.bits();
  if (per_input > kMaxBloomTallies / q.num_inputs()) {
    throw InvalidArgument("k: conform keeps a count per input, " + prefix + " and bit, k x " +
                          std::to_string(q.cohorts()) + " x " + std::to_string(q.bits()) + " = " +
                          std::to_string(q.num_inputs()) + " x " + std::to_string(per_input) +
                          ", more than " + std::to_string(kMaxBloomTallies) +
                          " (fewer inputs fit)");
  }
  PooledForm f;
  f.k = q.num_inputs();
  for (std::size_t c = 0; c < q.cohorts(); ++c)
    f.labels.push_back(prefix + " " + std::to_string(c));
  f.protected_cells = IndexSet::all(q.cohorts());  // Y_P = Y
  f.q.assign(f.k * q.cohorts(), Rational(1, static_cast<long>(q.cohorts())));
  f.output_cells = CellsByCohort{q.cohorts(), q.bits(), prefix};
  BloomBitMarginals bits{{}, q.channel().one_if_on, q.channel().one_if_off};
  for (std::size_t c = 0; c < q.cohorts(); ++c) {
    bits.filters.emplace_back();
    for (std::size_t x = 0; x < f.k; ++x) bits.filters.back().push_back(q.bloom_bits(c, x));
  }
  f.bloom_bits = std::move(bits);
  return f;
}

std::optional<PooledForm> pooled_form(const MechanismSpec& spec, std::size_t max_entries) {
  return std::visit([&](const auto& params) { return pooled_form(spec, params, max_entries); },
                    spec.kind);
}

}  // namespace uldp
