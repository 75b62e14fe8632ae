// Post-processing (Proposition 11) and the hypothesis it needs, preservation of data
// types (Definition 5): a randomized algorithm Q1 from Y = Y_P ∪ Y_I to
// Z = Z_P ∪ Z_I preserves data types when
//   (a) Q1(z|y) = 0 for every z in Z_P and y in Y_I, and
//   (b) every z in Z_I has a y in Y_I with Q1(z|y) > 0 and Q1(z|y') = 0 for all y' != y.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/forms/dense_mechanism.h"

namespace uldp {

/// Q1 ∘ Q0: the mechanism followed by the post-processor (any randomized algorithm).
DenseMechanism post_process(const DenseMechanism& mechanism, const DenseMechanism& post_processor);

/// Which clause of Definition 5 an entry breaks.
enum class TypeRule {
  kInvertibleToProtected,    ///< (a): Q1(z|y) > 0 with y in Y_I, z in Z_P
  kInvertibleUnreached,      ///< (b): z in Z_I is produced by no y at all
  kInvertibleFromProtected,  ///< (b): z in Z_I is produced by a y in Y_P
  kInvertibleShared,         ///< (b): z in Z_I is produced by two different y
};
/// "invertible-to-protected", ...: stable names for messages and JSON.
const char* type_rule_name(TypeRule rule);

/// The offending entry Q1(z|y) (for kInvertibleShared, y_other is the first producer of z).
struct TypeViolation {
  TypeRule rule;
  std::size_t y = 0;
  std::size_t z = 0;
  Rational probability;  ///< Q1(z|y); 0 for kInvertibleUnreached
  std::optional<std::size_t> y_other;
  /// "Q1(z=3|y=1) = 1/2 > 0 with y in Y_I and z in Z_P (rule a)".
  std::string describe() const;
};

/// Whether `post_processor` preserves data types; the first offending entry otherwise
/// (z in ascending order, rule (a) before (b) for the same z).
struct TypePreservation {
  bool preserves = true;
  std::optional<TypeViolation> violation;
};
TypePreservation check_preserves_data_types(const DenseMechanism& post_processor,
                                            const IndexSet& protected_inputs,
                                            const IndexSet& protected_outputs);

}  // namespace uldp
