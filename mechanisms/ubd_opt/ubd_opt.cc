// The uBD mixture: its class-structured form, built from the single-K forms with every column
// scaled by its λ_K, and a dense expansion computed as Σ_K λ_K times the single-K dense matrices
// (the definition), so that the structured and the dense paths are derived independently.
#include "uldp/mechanisms/ubd_opt/ubd_opt.h"

#include <memory>
#include <string>
#include <utility>

#include "uldp/error.h"
#include "uldp/mechanisms/ubd/ubd.h"

namespace uldp {
namespace {

// The single-K dense expansions, when the mixture's dense form fits; shared by the formulas.
struct DenseParts {
  std::vector<DenseExpansion> components;  // one per K of the support
  std::vector<std::size_t> offsets;        // first dense index of each component's blocks
  std::size_t blocks = 0;                  // all blocks of all components
  std::vector<Rational> weights;
};

DenseFormulas mixture_formulas(const IndexSet& sensitive, const std::vector<BlockWeight>& weights,
                               const PrivacyBudget& budget) {
  auto parts = std::make_shared<DenseParts>();
  Integer blocks = 0;
  for (const BlockWeight& bw : weights) blocks += binomial(sensitive.size(), bw.block);
  const std::size_t open = sensitive.complement().size();
  if (blocks + open <= ClassStructuredMechanism::kMaxDenseSize &&
      sensitive.universe() <= ClassStructuredMechanism::kMaxDenseSize) {
    for (const BlockWeight& bw : weights) {
      parts->offsets.push_back(parts->blocks);
      parts->components.push_back(ubd_classes(sensitive, bw.block, budget).to_dense());
      parts->blocks += binomial(sensitive.size(), bw.block).convert_to<std::size_t>();
      parts->weights.push_back(bw.weight);
    }
  }
  // Component i's own column index of mixture column y (its blocks, or its X_N columns).
  auto locate = [parts](std::size_t y, std::size_t i) -> std::optional<std::size_t> {
    const std::size_t own_blocks = parts->components[i].protected_outputs.size();
    if (y >= parts->blocks) return own_blocks + (y - parts->blocks);
    if (y >= parts->offsets[i] && y < parts->offsets[i] + own_blocks) return y - parts->offsets[i];
    return std::nullopt;
  };
  return DenseFormulas{[parts, locate](std::size_t x, std::size_t y) -> Rational {
                         Rational q = 0;
                         for (std::size_t i = 0; i < parts->components.size(); ++i) {
                           if (const auto own = locate(y, i))
                             q += parts->weights[i] * parts->components[i].matrix(x, *own);
                         }
                         return q;
                       },
                       [parts, locate](std::size_t y) -> std::string {
                         for (std::size_t i = 0; i < parts->components.size(); ++i) {
                           if (const auto own = locate(y, i))
                             return parts->components[i].matrix.output_labels()[*own];
                         }
                         return "?";
                       },
                       [parts](std::size_t y) { return y < parts->blocks; }};
}

}  // namespace

void validate_block_weights(const std::vector<BlockWeight>& weights, std::size_t v) {
  if (weights.empty()) throw InvalidArgument("block weights: at least one block size");
  Rational total = 0;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    const BlockWeight& bw = weights[i];
    if (bw.block < 1 || bw.block > v) {
      throw InvalidArgument("block weights: K = " + std::to_string(bw.block) +
                            " is not in [1, |X_S|] = [1, " + std::to_string(v) + "]");
    }
    if (i > 0 && bw.block <= weights[i - 1].block)
      throw InvalidArgument("block weights: block sizes must be ascending and distinct");
    if (bw.weight <= 0) throw InvalidArgument("block weights: must be positive");
    total += bw.weight;
  }
  if (total != 1) throw InvalidArgument("block weights: must sum to exactly 1");
}

UbdOptSpec optimal_ubd_mixture(const IndexSet& sensitive, const PrivacyBudget& budget) {
  const FundamentalLimit limit =
      fundamental_limit({sensitive.universe(), sensitive.size(), budget.exp_eps()});
  validate_block_weights(limit.weights, sensitive.size());
  return {budget, limit.weights, limit.sensitive_mass};
}

ClassStructuredMechanism ubd_opt_classes(const IndexSet& sensitive,
                                         const std::vector<BlockWeight>& weights,
                                         const PrivacyBudget& budget) {
  validate_block_weights(weights, sensitive.size());
  const std::size_t v = sensitive.size();
  std::vector<InputClass> inputs;
  std::vector<OutputClass> outputs;
  std::optional<OutputClass> open;  // X_N: the single-K class with the self cell mixed
  Rational reports_self = 0;
  Integer offset = 0;
  for (const BlockWeight& bw : weights) {
    ClassStructuredMechanism single = ubd_classes(sensitive, bw.block, budget);
    if (inputs.empty()) inputs = single.input_classes();
    reports_self += bw.weight * ubd_constants(v, bw.block, budget.exp_eps()).reports_self;
    for (const OutputClass& o : single.output_classes()) {
      if (!o.is_protected) {
        if (!open) open = o;
        continue;
      }
      OutputClass scaled = o;  // the same cells, every probability times λ_K
      scaled.name = "blocks K=" + std::to_string(bw.block);
      for (ColumnCell& cell : scaled.cells) cell.probability *= bw.weight;
      scaled.first.rank = offset;
      offset += o.count;
      outputs.push_back(std::move(scaled));
    }
  }
  if (open) {
    open->first.rank = offset;
    for (ColumnCell& cell : open->cells) {
      if (cell.probability != 0) cell.probability = reports_self;
    }
    outputs.push_back(std::move(*open));
  }
  return ClassStructuredMechanism(sensitive.universe(), std::move(inputs), std::move(outputs),
                                  mixture_formulas(sensitive, weights, budget), "uBD mixture",
                                  RowEvenness::kPerCell, ColumnSymmetry::kWithinInputClasses);
}

}  // namespace uldp
