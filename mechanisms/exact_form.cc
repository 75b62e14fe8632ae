// The exact form of any mechanism: its folder's overload for the kind, and the shapes the
// folders build theirs from.
#include "uldp/mechanisms/exact_form.h"

#include <string>
#include <utility>
#include <vector>

#include "uldp/error.h"

namespace uldp {
namespace {

void require_dense_bits(std::size_t k) {
  if (k > BitProductMechanism::kMaxDenseBits) {
    throw InvalidArgument("k: " + std::to_string(k) + " bits make 2^" + std::to_string(k) +
                          " outputs; a dense matrix needs k <= " +
                          std::to_string(BitProductMechanism::kMaxDenseBits));
  }
}

// "4.6 GB": bytes in gigabytes with one decimal.
std::string gigabytes(std::size_t bytes) {
  const std::size_t tenths = (bytes + 50'000'000) / 100'000'000;
  return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10) + " GB";
}

}  // namespace

ExactForm exact_form(const MechanismSpec& spec, FormChoice choice) {
  return std::visit([&](const auto& params) { return exact_form(spec, params, choice); },
                    spec.kind);
}

void require_dense_symbols(std::size_t k) {
  if (k > kMaxDenseSymbols) {
    throw InvalidArgument("k: " + std::to_string(k) + " symbols make a dense " + std::to_string(k) +
                          " x " + std::to_string(k) +
                          " matrix; the dense form needs k <= " + std::to_string(kMaxDenseSymbols));
  }
}

void require_dense_symbols(std::size_t k, const PrivacyBudget& budget) {
  require_dense_symbols(k);
  const Rational& t = budget.exp_eps();
  const std::size_t bits = msb(numerator(t)) + msb(denominator(t)) + 2;
  const std::size_t per_entry = 64 + bits / 8;
  if (k * k * per_entry <= kMaxDenseBytes) return;
  std::size_t largest = k;
  while (largest * largest * per_entry > kMaxDenseBytes) --largest;
  throw InvalidArgument("k: a dense " + std::to_string(k) + " x " + std::to_string(k) +
                        " matrix of entries built from t = e^eps of " + std::to_string(bits) +
                        " bits takes about " + gigabytes(k * k * per_entry) + "; the limit is " +
                        gigabytes(kMaxDenseBytes) + ": k <= " + std::to_string(largest) +
                        " at this budget, or the structured form");
}

ExactForm bloom_filter_form(BloomFilterMechanism q, FormChoice choice) {
  if (choice == FormChoice::kStructured) return BloomForm{std::move(q), {}};
  DenseMechanism dense = q.to_dense();  // refuses more than kMaxDenseOutputs outputs
  const std::size_t outputs = dense.num_outputs();
  return DenseForm{std::move(dense), IndexSet::all(outputs)};
}

ExactForm bit_product_form(BitProductMechanism q, const IndexSet& zero_bits, FormChoice choice) {
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

ExactForm class_family_form(ClassStructuredMechanism q, FormChoice choice) {
  if (choice == FormChoice::kStructured) return ClassForm{std::move(q), std::nullopt};
  DenseExpansion dense = q.to_dense();  // refuses more than kMaxDenseSize outputs
  return DenseForm{std::move(dense.matrix), std::move(dense.protected_outputs)};
}

std::size_t num_inputs(const ExactForm& form) {
  return std::visit(Overloaded{[](const DenseForm& f) { return f.q.num_inputs(); },
                               [](const BitProductForm& f) { return f.q.k(); },
                               [](const ClassForm& f) { return f.q.num_inputs(); },
                               [](const BloomForm& f) { return f.q.num_inputs(); }},
                    form);
}

}  // namespace uldp
