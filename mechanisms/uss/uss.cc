// uSS: the constants (uBD's block columns plus the split of Y_I), the reference code's default
// K, the class-structured form and its dense formulas.
#include "uldp/mechanisms/uss/uss.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "internal/block_classes.h"
#include "internal/subsets.h"
#include "uldp/error.h"

namespace uldp {
namespace {

using internal::all_subsets;
using internal::BlockClasses;
using internal::set_label;

DenseFormulas dense_formulas(const IndexSet& sensitive, std::size_t block, const UssConstants& c) {
  const IndexSet open = sensitive.complement();
  const std::size_t n = open.size();
  const bool has_alone = n > 0 && (block < sensitive.size() || block == 1);  // alone > 0
  const bool has_pairs = block >= 2 && n > 0;
  auto subsets = std::make_shared<std::vector<std::vector<std::size_t>>>();
  const Integer total = c.blocks.blocks * (1 + (has_pairs ? n : 0)) + (has_alone ? n : 0);
  if (total <= ClassStructuredMechanism::kMaxDenseSize)
    *subsets = all_subsets(sensitive.indices(), block);
  const std::size_t count = subsets->size();
  const std::size_t pairs_from = count + (has_alone ? n : 0);
  return DenseFormulas{
      [=](std::size_t x, std::size_t y) -> Rational {
        if (y < count) {
          if (!sensitive.contains(x)) return c.blocks.from_open;
          const auto& b = (*subsets)[y];
          return std::binary_search(b.begin(), b.end(), x) ? c.blocks.in_block : c.blocks.off_block;
        }
        if (y < pairs_from) return open.indices()[y - count] == x ? c.alone : Rational(0);
        return open.indices()[(y - pairs_from) / count] == x ? c.with_block : Rational(0);
      },
      [=](std::size_t y) {
        if (y < count) return set_label((*subsets)[y]);
        if (y < pairs_from) return std::to_string(open.indices()[y - count]);
        std::vector<std::size_t> members = (*subsets)[(y - pairs_from) % count];
        members.push_back(open.indices()[(y - pairs_from) / count]);
        return set_label(std::move(members));
      },
      [=](std::size_t y) { return y < count; }};
}

}  // namespace

UssConstants uss_constants(std::size_t v, std::size_t block, const Rational& t) {
  UssConstants c;
  c.blocks = ubd_constants(v, block, t);           // validates v and K
  const Rational to_open = c.blocks.reports_self;  // (t-1)/D, split between {x} and S ∪ {x}
  if (block == 1) {
    c.alone = to_open;
    c.with_block = 0;
  } else {
    const Rational spread = Rational(Integer(block * (v - 1)));
    c.alone = to_open * Rational(Integer(v - block)) / spread;
    c.with_block =
        to_open * Rational(Integer(v * (block - 1))) / spread / Rational(c.blocks.blocks);
  }
  const Rational d = t + Rational(v, block) - 1;
  const Rational kv = Rational(Integer(block)) / Rational(Integer(v));
  c.own_sensitive_bit = t / d;
  // A non-sensitive input sets a sensitive bit when its report holds a block containing it.
  c.other_sensitive_bit =
      kv * (Rational(c.blocks.from_open + c.with_block) * Rational(c.blocks.blocks));
  c.own_open_bit = to_open;
  return c;
}

std::size_t uss_default_block(std::size_t v, const Rational& t) {
  if (v <= 1 || t <= 1) return 1;  // the code's loop is empty at v = 1 and divides by 0 at t = 1
  std::optional<Rational> best;
  std::size_t best_k = 1;
  const Rational s = Rational(Integer(v)), lift = t - 1;
  for (std::size_t kk = 1; kk < v; ++kk) {
    const Rational k = Rational(Integer(kk));
    const Rational a =
        s * ((k * t - t + s - k) * (k * t - k + s - 1)) / k / (s - k) / (lift * lift);
    const Rational b = (k * (1 - k) * lift + (s - 1) * (s - 2 * k)) / (k * (s - k) * lift);
    const Rational cc = s / k / lift;
    const Rational w = a + std::max(b, cc);
    if (!best || w < *best) {
      best = w;
      best_k = kk;
    }
  }
  return best_k;
}

ClassStructuredMechanism uss_classes(const IndexSet& sensitive, std::size_t block,
                                     const PrivacyBudget& budget) {
  const std::size_t k = sensitive.universe();
  const std::size_t v = sensitive.size();
  const UssConstants c = uss_constants(v, block, budget.exp_eps());
  BlockClasses classes(sensitive, block, c.blocks);
  const std::vector<std::size_t>& xn = classes.non_sensitive();
  // Y_I: {x} alone (K < v) and S ∪ {x} (K >= 2); only x itself reports them.
  if (!xn.empty() && (block < v || block == 1)) {  // alone = 0 exactly when 2 <= K = v
    classes.add_open_class("non-sensitive alone", Integer(xn.size()), c.alone,
                           std::to_string(xn[0]));
  }
  if (!xn.empty() && block >= 2) {
    std::vector<std::size_t> first_pair = classes.first_block();
    first_pair.push_back(xn[0]);
    classes.add_open_class("block with a non-sensitive", c.blocks.blocks * xn.size(), c.with_block,
                           set_label(first_pair));
  }
  return ClassStructuredMechanism(k, classes.take_inputs(), classes.take_outputs(),
                                  dense_formulas(sensitive, block, c), "uSS", RowEvenness::kPerCell,
                                  ColumnSymmetry::kWithinInputClasses);
}

}  // namespace uldp
