#include "uldp/constructions/post_processing.h"

#include <string>

#include "uldp/constructions/matrix_composition.h"
#include "validation.h"

namespace uldp {

DenseMechanism post_process(const DenseMechanism& mechanism, const DenseMechanism& post_processor) {
  return compose(mechanism, post_processor, "mechanism", "post_processor");
}

const char* type_rule_name(TypeRule rule) {
  switch (rule) {
    case TypeRule::kInvertibleToProtected:
      return "invertible-to-protected";
    case TypeRule::kInvertibleUnreached:
      return "invertible-unreached";
    case TypeRule::kInvertibleFromProtected:
      return "invertible-from-protected";
    case TypeRule::kInvertibleShared:
      return "invertible-shared";
  }
  return "unknown";
}

std::string TypeViolation::describe() const {
  const std::string entry =
      "Q1(z=" + std::to_string(z) + "|y=" + std::to_string(y) + ") = " + to_string(probability);
  switch (rule) {
    case TypeRule::kInvertibleToProtected:
      return entry + " > 0 with y in Y_I and z in Z_P (Definition 5, first clause)";
    case TypeRule::kInvertibleUnreached:
      return "z=" + std::to_string(z) + " in Z_I is produced by no y (Definition 5, second clause)";
    case TypeRule::kInvertibleFromProtected:
      return entry + " > 0 with y in Y_P and z in Z_I (Definition 5, second clause)";
    case TypeRule::kInvertibleShared:
      return entry +
             " > 0, but z in Z_I is also produced by y=" + std::to_string(y_other.value_or(0)) +
             " (Definition 5, second clause)";
  }
  return entry;
}

TypePreservation check_preserves_data_types(const DenseMechanism& post_processor,
                                            const IndexSet& protected_inputs,
                                            const IndexSet& protected_outputs) {
  internal::require_stochastic(post_processor, "post_processor");
  internal::require_universe(protected_inputs, post_processor.num_inputs(), "protected_inputs",
                             "post_processor's input set");
  internal::require_universe(protected_outputs, post_processor.num_outputs(), "protected_outputs",
                             "post_processor's output set");
  const auto fail = [](TypeRule rule, std::size_t y, std::size_t z, const Rational& p,
                       std::optional<std::size_t> other = std::nullopt) {
    return TypePreservation{false, TypeViolation{rule, y, z, p, other}};
  };
  for (std::size_t z = 0; z < post_processor.num_outputs(); ++z) {
    if (protected_outputs.contains(z)) {
      for (std::size_t y = 0; y < post_processor.num_inputs(); ++y) {
        if (!protected_inputs.contains(y) && post_processor(y, z) > 0) {
          return fail(TypeRule::kInvertibleToProtected, y, z, post_processor(y, z));
        }
      }
      continue;
    }
    std::optional<std::size_t> producer;
    for (std::size_t y = 0; y < post_processor.num_inputs(); ++y) {
      if (post_processor(y, z) == 0) continue;
      if (protected_inputs.contains(y)) {
        return fail(TypeRule::kInvertibleFromProtected, y, z, post_processor(y, z));
      }
      if (producer) {
        return fail(TypeRule::kInvertibleShared, y, z, post_processor(y, z), producer);
      }
      producer = y;
    }
    if (!producer) return fail(TypeRule::kInvertibleUnreached, 0, z, Rational(0));
  }
  return TypePreservation{};
}

}  // namespace uldp
