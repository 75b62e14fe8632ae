// One exact form per mechanism kind; a kind missing here does not compile.
#include "uldp/mechanisms/exact_form.h"

#include <string>

#include "uldp/error.h"

namespace uldp {
namespace {

void require_dense_symbols(std::size_t k) {
  if (k > kMaxDenseSymbols) {
    throw InvalidArgument("k: " + std::to_string(k) + " symbols make a dense " + std::to_string(k) +
                          " x " + std::to_string(k) +
                          " matrix; the dense form needs k <= " + std::to_string(kMaxDenseSymbols));
  }
}

void require_dense_bits(std::size_t k) {
  if (k > BitProductMechanism::kMaxDenseBits) {
    throw InvalidArgument("k: " + std::to_string(k) + " bits make 2^" + std::to_string(k) +
                          " outputs; a dense matrix needs k <= " +
                          std::to_string(BitProductMechanism::kMaxDenseBits));
  }
}

// The bit-product form, expanded to its 2^k columns when asked; Y_P = outputs with `zero_bits` all
// 0.
ExactForm bit_product(BitProductMechanism q, const IndexSet& zero_bits, FormChoice choice) {
  if (choice == FormChoice::kStructured)
    return BitProductForm{std::move(q), ZeroMaskOutputs{zero_bits}};
  require_dense_bits(q.k());
  std::size_t mask = 0;
  for (std::size_t j : zero_bits.indices()) mask |= std::size_t{1} << j;
  DenseMechanism dense = q.to_dense();
  std::vector<std::size_t> outputs;
  for (std::size_t y = 0; y < dense.num_outputs(); ++y) {
    if ((y & mask) == 0) outputs.push_back(y);
  }
  IndexSet protected_outputs =
      IndexSet::from_indices(std::move(outputs), dense.num_outputs(), "protected");
  return DenseForm{std::move(dense), std::move(protected_outputs)};
}

}  // namespace

ExactForm exact_form(const MechanismSpec& spec, FormChoice choice) {
  const std::size_t k = spec.k;
  return std::visit(
      Overloaded{
          [&](const NoneSpec&) -> ExactForm {
            require_dense_symbols(k);
            return DenseForm{non_private(k),
                             spec.sensitive};  // Y_P = X_S: a sensitive x is never hidden
          },
          [&](const RrSpec& p) -> ExactForm {
            // One input class: the class form serves X_S = X; another X_S is checked densely.
            if (choice == FormChoice::kStructured && spec.sensitive.size() == k) {
              return ClassForm{randomized_response_classes(k, p.budget), IndexSet::all(k)};
            }
            require_dense_symbols(k);
            return DenseForm{randomized_response(k, p.budget), IndexSet::all(k)};
          },
          [&](const UrrSpec& p) -> ExactForm {
            if (choice == FormChoice::kStructured) {
              return ClassForm{utility_optimized_rr_classes(spec.sensitive, p.budget),
                               spec.sensitive};
            }
            require_dense_symbols(k);
            return DenseForm{utility_optimized_rr(spec.sensitive, p.budget), spec.sensitive};
          },
          [&](const RapporSpec& p) -> ExactForm {
            return bit_product(generalized_rappor(k, p.theta, p.budget),
                               IndexSet::from_indices({}, k, "zero bits"), choice);
          },
          [&](const UrapSpec& p) -> ExactForm {
            // Definition 4: Y_P = the vectors whose non-sensitive bits are all 0.
            return bit_product(utility_optimized_rappor(spec.sensitive, p.theta, p.budget),
                               spec.sensitive.complement(), choice);
          },
          [&](const UbdSpec& p) -> ExactForm {
            ClassStructuredMechanism q = ubd_classes(spec.sensitive, p.block, p.budget);
            if (choice == FormChoice::kStructured) return ClassForm{std::move(q), std::nullopt};
            DenseExpansion dense = q.to_dense();  // refuses more than kMaxDenseSize outputs
            return DenseForm{std::move(dense.matrix), std::move(dense.protected_outputs)};
          },
          [&](const UbdOptSpec& p) -> ExactForm {
            ClassStructuredMechanism q = ubd_opt_classes(spec.sensitive, p.weights, p.budget);
            if (choice == FormChoice::kStructured) return ClassForm{std::move(q), std::nullopt};
            DenseExpansion dense = q.to_dense();  // refuses more than kMaxDenseSize outputs
            return DenseForm{std::move(dense.matrix), std::move(dense.protected_outputs)};
          },
          [&](const UhrSpec& p) -> ExactForm {
            ClassStructuredMechanism q = uhr_classes(spec.sensitive, p.budget);
            if (choice == FormChoice::kStructured) return ClassForm{std::move(q), std::nullopt};
            DenseExpansion dense = q.to_dense();  // refuses more than kMaxDenseSize outputs
            return DenseForm{std::move(dense.matrix), std::move(dense.protected_outputs)};
          },
          [&](const UssSpec& p) -> ExactForm {
            ClassStructuredMechanism q = uss_classes(spec.sensitive, p.block, p.budget);
            if (choice == FormChoice::kStructured) return ClassForm{std::move(q), std::nullopt};
            DenseExpansion dense = q.to_dense();  // refuses more than kMaxDenseSize outputs
            return DenseForm{std::move(dense.matrix), std::move(dense.protected_outputs)};
          },
          [&](const MangatSpec& p) -> ExactForm {
            return DenseForm{mangat(p.p), IndexSet::from_indices({1}, 2, "protected")};
          },
      },
      spec.kind);
}

std::size_t num_inputs(const ExactForm& form) {
  return std::visit(Overloaded{[](const DenseForm& f) { return f.q.num_inputs(); },
                               [](const BitProductForm& f) { return f.q.k(); },
                               [](const ClassForm& f) { return f.q.num_inputs(); }},
                    form);
}

}  // namespace uldp
