#include "uldp/mechanisms/pooled_form.h"

#include <map>
#include <memory>
#include <utility>

#include "uldp/mechanisms/ubd/ubd.h"
#include "uldp/mechanisms/ubd_opt/ubd_opt.h"
#include "uldp/mechanisms/uss/uss.h"

namespace uldp {
namespace {

// One block size of the family: its weight (1 but for ubd-opt's mixture) and uBD's constants.
struct Component {
  std::size_t block;
  Rational weight;
  UbdConstants c;
};

// What an X_N input reports besides blocks: itself alone, and (uSS, K >= 2) S ∪ {itself}.
struct OpenReports {
  Rational alone;
  std::optional<std::size_t> with_block_size;  ///< uSS: K of the sets S ∪ {o}
  Rational with_block;                         ///< Q(S ∪ {o} | o) for each K-subset S
};

struct CellIndex {
  std::map<std::pair<std::size_t, std::size_t>, std::size_t> block;  ///< (K, rank of min) -> cell
  std::map<std::size_t, std::size_t> alone;                          ///< o -> cell
  std::map<std::size_t, std::size_t> with_block;                     ///< (rank of min) -> cell base
  std::vector<std::size_t> rank;                                     ///< rank in X_S, or k for X_N
  std::size_t with_block_size = 0;
};

// Appended piece by piece: GCC 12 warns falsely on "{" + std::string.
std::string block_label(std::size_t smallest, std::size_t block) {
  std::string label = "{";
  label += std::to_string(smallest);
  if (block == 1) return label + "}";
  label += ",…} (K = ";
  label += std::to_string(block);
  label += ")";
  return label;
}

PooledForm pool(const IndexSet& sensitive, const std::vector<Component>& components,
                const OpenReports& open) {
  const std::size_t k = sensitive.universe();
  const std::vector<std::size_t> xs = sensitive.indices();
  const std::vector<std::size_t> xn = sensitive.complement().indices();
  const std::size_t v = xs.size();
  auto index = std::make_shared<CellIndex>();
  index->rank.assign(k, k);
  for (std::size_t r = 0; r < v; ++r) index->rank[xs[r]] = r;
  PooledForm f;
  f.k = k;
  std::vector<std::size_t> protected_cells;
  // Cells in order: blocks by K then smallest member; X_N alone; uSS's S ∪ {o} by o, then min.
  struct Cell {
    std::size_t block = 0, rank = 0;  // blocks and S ∪ {o}
    std::size_t open = 0;             // X_N symbol (alone, S ∪ {o})
    int kind = 0;                     // 0 block, 1 alone, 2 S ∪ {o}
    Rational weight;
    const UbdConstants* c = nullptr;
  };
  std::vector<Cell> cells;
  for (const Component& comp : components) {
    for (std::size_t r = 0; r + comp.block <= v; ++r) {
      index->block[{comp.block, r}] = cells.size();
      protected_cells.push_back(cells.size());
      f.labels.push_back(block_label(xs[r], comp.block));
      cells.push_back({comp.block, r, 0, 0, comp.weight, &comp.c});
    }
  }
  for (std::size_t o : xn) {
    index->alone[o] = cells.size();
    f.labels.push_back(std::to_string(o));
    cells.push_back({0, 0, o, 1, Rational(1), nullptr});
  }
  if (open.with_block_size) {
    const std::size_t kk = *open.with_block_size;
    index->with_block_size = kk;
    for (std::size_t o : xn) {
      for (std::size_t r = 0; r + kk <= v; ++r) {
        if (r == 0) index->with_block[o] = cells.size();
        std::string label = block_label(xs[r], kk);
        label += "+";
        label += std::to_string(o);
        f.labels.push_back(std::move(label));
        cells.push_back({kk, r, o, 2, Rational(1), nullptr});
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
      // Subsets of size K of X_S whose smallest member has rank r: total, and how many hold x.
      const Integer total = binomial(v - cell.rank - 1, cell.block - 1);
      if (cell.kind == 2) {
        if (x == cell.open) entry = open.with_block * total;
        continue;
      }
      if (rx == k) {
        entry = cell.weight * cell.c->from_open * total;
        continue;
      }
      Integer holding = 0;
      if (rx == cell.rank) {
        holding = total;
      } else if (rx > cell.rank && cell.block >= 2) {
        holding = binomial(v - cell.rank - 2, cell.block - 2);
      }
      entry = cell.weight *
              (cell.c->in_block * holding + cell.c->off_block * Rational(total - holding));
    }
  }
  f.cell_of = [index,
               sensitive](std::span<const std::uint32_t> members) -> std::optional<std::size_t> {
    if (members.empty()) return std::nullopt;
    std::size_t outside = 0, open = 0;
    for (const std::uint32_t m : members) {
      if (m >= index->rank.size()) return std::nullopt;
      if (!sensitive.contains(m)) {
        ++outside;
        open = m;
      }
    }
    if (outside == 0) {
      const auto found = index->block.find({members.size(), index->rank[members.front()]});
      if (found == index->block.end()) return std::nullopt;
      return found->second;
    }
    if (outside > 1) return std::nullopt;
    if (members.size() == 1) return index->alone.at(open);
    // S ∪ {o}: K sensitive members and o.
    if (members.size() != index->with_block_size + 1 || !index->with_block.contains(open)) {
      return std::nullopt;
    }
    std::size_t smallest = index->rank.size();
    for (const std::uint32_t m : members) {
      if (m != open) smallest = std::min(smallest, index->rank[m]);
    }
    return index->with_block.at(open) + smallest;
  };
  return f;
}

}  // namespace

std::optional<PooledForm> pooled_form(const MechanismSpec& spec) {
  const IndexSet& xs = spec.sensitive;
  const std::size_t v = xs.size();
  return std::visit(
      Overloaded{[&](const UbdSpec& p) -> std::optional<PooledForm> {
                   const UbdConstants c = ubd_constants(v, p.block, p.budget.exp_eps());
                   return pool(xs, {{p.block, Rational(1), c}}, {c.reports_self, std::nullopt, 0});
                 },
                 [&](const UbdOptSpec& p) -> std::optional<PooledForm> {
                   std::vector<Component> components;
                   Rational alone = 0;
                   for (const BlockWeight& w : p.weights) {
                     components.push_back(
                         {w.block, w.weight, ubd_constants(v, w.block, p.budget.exp_eps())});
                     alone += w.weight * components.back().c.reports_self;
                   }
                   return pool(xs, components, {alone, std::nullopt, 0});
                 },
                 [&](const UssSpec& p) -> std::optional<PooledForm> {
                   const UssConstants c = uss_constants(v, p.block, p.budget.exp_eps());
                   OpenReports open{c.alone, std::nullopt, c.with_block};
                   if (c.with_block != 0) open.with_block_size = p.block;
                   return pool(xs, {{p.block, Rational(1), c.blocks}}, open);
                 },
                 [&](const auto&) -> std::optional<PooledForm> { return std::nullopt; }},
      spec.kind);
}

}  // namespace uldp
