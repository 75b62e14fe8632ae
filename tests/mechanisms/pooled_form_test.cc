// The pooled form of the block families against their dense expansion: every listed output falls
// in exactly one cell, of the same protection, and each cell's probability is the exact sum of its
// outputs' (so pooling is the post-processing the conformance argument needs); sets that are not
// outputs have no cell. uHR's fold of X_N is exact row by row on the outputs each input can give.
#include "uldp/mechanisms/pooled_form.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "small_spec.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

std::vector<std::uint32_t> members_of(const std::string& label) {
  std::vector<std::uint32_t> members;
  std::string digits;
  for (const char c : label + ",") {
    if (c >= '0' && c <= '9') {
      digits += c;
    } else if (!digits.empty()) {
      members.push_back(static_cast<std::uint32_t>(std::stoul(digits)));
      digits.clear();
    }
  }
  return members;
}

std::optional<std::size_t> cell_of(const PooledForm& f, const std::vector<std::uint32_t>& members) {
  return std::get<CellsBySet>(f.output_cells).cell_of(members);
}

MechanismSpec spec(const std::string& name, const char* sensitive, std::size_t k,
                   std::optional<std::size_t> block, long exp_eps = 3) {
  return testing_support::small_spec(name, sensitive, k, block, exp_eps);
}

TEST(PooledForm, CellsAreExactSumsOfTheDenseOutputs) {
  // uSS at t = 1 too, where its sets S ∪ {o} have probability 0 but are outputs.
  const std::vector<MechanismSpec> specs = {
      spec("ubd", "0,2,3,5", 7, 2),    spec("ubd", "1-5", 7, 3),
      spec("ubd", "0,2,3,5", 6, 1),    spec("uss", "0,2,3,5", 7, 2),
      spec("uss", "0,2,3,5", 7, 2, 1), spec("uss", "0-3", 6, 1),
      spec("uss", "1-3", 5, 3),        spec("ubd-opt", "0,2,3,5", 8, {}),
      spec("ubd-opt", "0-5", 9, {})};
  for (const MechanismSpec& s : specs) {
    for (const std::size_t limit : {std::size_t{1} << 22, std::size_t{1}}) {  // spans, then not
      const std::string name = std::string(entry_of(s).name) + (limit == 1 ? " by smallest" : "");
      const std::optional<PooledForm> pooled = pooled_form(s, limit);
      ASSERT_TRUE(pooled) << name;
      const DenseForm dense = std::get<DenseForm>(exact_form(s, FormChoice::kDense));
      const std::size_t cells = pooled->cells();
      std::vector<Rational> sums(s.k * cells, Rational(0));
      for (std::size_t y = 0; y < dense.q.num_outputs(); ++y) {
        const std::string& label = dense.q.output_labels()[y];
        const std::optional<std::size_t> cell = cell_of(*pooled, members_of(label));
        ASSERT_TRUE(cell) << name << " " << label;
        EXPECT_EQ(pooled->protected_cells.contains(*cell), dense.protected_outputs.contains(y))
            << name << " " << label;
        for (std::size_t x = 0; x < s.k; ++x) sums[x * cells + *cell] += dense.q(x, y);
      }
      EXPECT_EQ(sums, pooled->q) << name;
      for (std::size_t x = 0; x < s.k; ++x) {
        Rational row = 0;
        for (std::size_t c = 0; c < cells; ++c) row += pooled->q[x * cells + c];
        EXPECT_EQ(row, 1) << name << " x = " << x;
      }
    }
  }
}

TEST(PooledForm, SetsThatAreNoOutputHaveNoCell) {
  const PooledForm ubd = *pooled_form(spec("ubd", "0,2,3,5", 7, 2));
  EXPECT_FALSE(cell_of(ubd, {0, 2, 3}));  // a block of the wrong size
  EXPECT_FALSE(cell_of(ubd, {0, 1}));     // a sensitive and an open one
  EXPECT_FALSE(cell_of(ubd, {}));
  EXPECT_FALSE(cell_of(ubd, {0, 9}));  // outside X
  EXPECT_EQ(ubd.labels[*cell_of(ubd, {2, 5})], "{2,5}");
  const PooledForm wide = *pooled_form(spec("ubd", "0-5", 7, 4));
  EXPECT_EQ(wide.labels[*cell_of(wide, {1, 2, 4, 5})], "{1,…,5} (K = 4)");
  const PooledForm coarse = *pooled_form(spec("ubd", "0-5", 7, 4), 1);
  EXPECT_EQ(coarse.labels[*cell_of(coarse, {1, 2, 4, 5})], "{1,…} (K = 4)");
  EXPECT_EQ(ubd.labels[*cell_of(ubd, {4})], "4");
  EXPECT_FALSE(pooled_form(spec("urr", "0,2", 4, {})));
}

// uHR folded: the V columns are the dense form's columns; for input x, the dense output x (x in
// X_N) is its own-symbol cell and every other X_N output, of probability 0 from x, is another's.
TEST(PooledForm, UhrFoldsXnByReportingInputExactly) {
  for (const MechanismSpec& s :
       {spec("uhr", "0,2,3", 6, {}), spec("uhr", "1-4", 9, {}), spec("uhr", "0-6", 8, {}, 1)}) {
    const PooledForm f = *pooled_form(s);
    const FoldedSymbols& fold = std::get<CellsByLabel>(f.output_cells).folded;
    const DenseForm dense = std::get<DenseForm>(exact_form(s, FormChoice::kDense));
    EXPECT_EQ(fold.symbols, s.sensitive.complement());
    const std::size_t cells = f.cells();
    ASSERT_EQ(fold.own_cell + 2, cells);
    ASSERT_EQ(fold.another_cell + 1, cells);
    for (std::size_t x = 0; x < s.k; ++x) {
      std::vector<Rational> sums(cells, Rational(0));
      for (std::size_t y = 0; y < dense.q.num_outputs(); ++y) {
        const std::string& label = dense.q.output_labels()[y];
        std::size_t cell = 0;
        if (label.starts_with('h')) {
          cell = static_cast<std::size_t>(std::stoul(label.substr(1)));
          EXPECT_EQ(f.labels[cell], label);
          EXPECT_TRUE(dense.protected_outputs.contains(y));
        } else {
          cell = std::stoul(label) == x ? fold.own_cell : fold.another_cell;
          EXPECT_FALSE(dense.protected_outputs.contains(y));
        }
        sums[cell] += dense.q(x, y);
      }
      EXPECT_EQ(sums,
                std::vector<Rational>(f.q.begin() + static_cast<std::ptrdiff_t>(x * cells),
                                      f.q.begin() + static_cast<std::ptrdiff_t>((x + 1) * cells)))
          << entry_of(s).name << " x = " << x;
      EXPECT_EQ(f.q[x * cells + fold.another_cell], 0);
    }
    EXPECT_EQ(f.protected_cells, IndexSet::first(cells - 2, cells));
  }
}

}  // namespace
}  // namespace uldp
