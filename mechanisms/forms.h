// The exact forms a mechanism takes, each with its declared protected outputs Y_P: a dense
// matrix, a product of per-bit channels (RAPPOR family) that never enumerates 2^k outputs, a
// class-structured mechanism (RR, uRR, uBD, ubd-opt, uHR, uSS) whose checks cost a polynomial in
// its classes, or a Bloom filter per cohort (rappor-bloom) checked pair by pair. Each mechanism
// folder builds its own (exact_form.h dispatches).
#pragma once

#include <cstddef>
#include <optional>
#include <variant>

#include "uldp/arithmetic/index_set.h"
#include "uldp/forms/bit_product_mechanism.h"
#include "uldp/forms/bit_product_privacy_check.h"
#include "uldp/forms/bloom_filter_privacy_check.h"
#include "uldp/forms/class_structured_mechanism.h"
#include "uldp/forms/dense_mechanism.h"

namespace uldp {

/// An explicit matrix and Y_P as output indices.
struct DenseForm {
  DenseMechanism q;
  IndexSet protected_outputs;
};

/// A product-of-bits mechanism and Y_P as "these bits are 0".
struct BitProductForm {
  BitProductMechanism q;
  ZeroMaskOutputs protected_outputs;
};

/// A class-structured mechanism (Y_P declared by its output classes), and Y_P as output indices
/// when the family's outputs are symbols that can be listed (uRR: Y_P = X_S).
struct ClassForm {
  ClassStructuredMechanism q;
  std::optional<IndexSet> protected_outputs;
};

/// A Bloom-filter mechanism (rappor-bloom): C 2^m outputs, all of them protected (its claim is
/// ε-LDP), checked pair by pair without listing them.
struct BloomForm {
  BloomFilterMechanism q;
  EveryOutput protected_outputs;
};

using ExactForm = std::variant<DenseForm, BitProductForm, ClassForm, BloomForm>;

/// Which form to build: the mechanism's structured (cheapest exact) one, per-bit product or
/// classes (`uldp mechanism --structured`), or the dense expansion
/// (for comparing forms and for SMT re-checks; refused above kMaxDenseSymbols / 16 bits).
enum class FormChoice { kStructured, kDense };

/// Largest k for a dense symbol-valued matrix (k x k rationals).
inline constexpr std::size_t kMaxDenseSymbols = 4096;
/// The most memory a dense k x k matrix built from a budget t may take: its entries are rational
/// functions of t, each about 64 bytes plus the bits of t's numerator and denominator (measured
/// in bench/extremes.sh: 94 bytes an entry at e^eps ~ e, 266 at eps = 1000), so that a dense check
/// stays within 2 GB.
inline constexpr std::size_t kMaxDenseBytes = 1'800'000'000;

}  // namespace uldp
