// The four privacy properties uldp decides, checked on any exact form (dense, bit-product) with
// the form's own checker; the properties by name for commands and reports.
#pragma once

#include <optional>
#include <string_view>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/forms/verdict.h"
#include "uldp/mechanisms/exact_form.h"

namespace uldp {

/// A property a mechanism can be checked for.
enum class Property {
  kLdp,         ///< ε-LDP (Definition 1)
  kUldp,        ///< (X_S, Y_P, ε)-ULDP, condition 1 over reachable outputs
  kUldpStrict,  ///< (X_S, Y_P, ε)-ULDP read literally (Definition 2)
  kOsldp,       ///< (X_S, ε)-OSLDP (Definition 6)
};
/// "ldp", "uldp", "uldp-strict", "osldp".
std::string_view property_name(Property property);
/// The property named `name`; throws InvalidArgument naming `what` otherwise.
Property parse_property(std::string_view name, std::string_view what);

/// The verdicts of all four properties.
struct PropertyVerdicts {
  Verdict ldp, uldp, uldp_strict, osldp;
  const Verdict& operator[](Property property) const;
};

/// Checks one property of `form` (Y_P from the form) with X_S = `sensitive`.
Verdict check_property(const ExactForm& form, Property property, const IndexSet& sensitive,
                       const std::optional<PrivacyBudget>& budget);
/// Whether every row sums to exactly 1 with entries in [0,1] (a bit-product form always does:
/// its channels are validated probabilities).
bool is_stochastic(const ExactForm& form);
/// Checks all four.
PropertyVerdicts check_all_properties(const ExactForm& form, const IndexSet& sensitive,
                                      const std::optional<PrivacyBudget>& budget);

}  // namespace uldp
