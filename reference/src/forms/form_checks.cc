#include "uldp/forms/form_checks.h"

#include <string>
#include <type_traits>

#include "uldp/error.h"
#include "uldp/forms/bit_product_privacy_check.h"
#include "uldp/forms/class_privacy_check.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/forms/stochasticity.h"

namespace uldp {

std::string_view property_name(Property property) {
  switch (property) {
    case Property::kLdp:
      return "ldp";
    case Property::kUldp:
      return "uldp";
    case Property::kUldpStrict:
      return "uldp-strict";
    case Property::kOsldp:
      return "osldp";
  }
  return "?";
}

Property parse_property(std::string_view name, std::string_view what) {
  for (Property p : {Property::kLdp, Property::kUldp, Property::kUldpStrict, Property::kOsldp}) {
    if (property_name(p) == name) return p;
  }
  throw InvalidArgument(std::string(what) + ": unknown property '" + std::string(name) +
                        "' (expected ldp, uldp, uldp-strict or osldp)");
}

const Verdict& PropertyVerdicts::operator[](Property property) const {
  switch (property) {
    case Property::kLdp:
      return ldp;
    case Property::kUldp:
      return uldp;
    case Property::kUldpStrict:
      return uldp_strict;
    case Property::kOsldp:
      return osldp;
  }
  throw InvalidArgument("property: out of range");
}

Verdict check_property(const ExactForm& form, Property property, const IndexSet& sensitive,
                       const std::optional<PrivacyBudget>& budget) {
  // Each form's own checker; Y_P is an argument of the dense and bit-product ones and part of
  // the class-structured mechanism itself.
  auto uldp = [&](const auto& f, UldpReading reading) {
    if constexpr (std::is_same_v<std::decay_t<decltype(f)>, ClassForm>) {
      return check_uldp(f.q, sensitive, budget, reading);
    } else {
      return check_uldp(f.q, sensitive, f.protected_outputs, budget, reading);
    }
  };
  return std::visit(
      [&](const auto& f) -> Verdict {
        switch (property) {
          case Property::kLdp:
            return check_ldp(f.q, budget);
          case Property::kUldp:
            return uldp(f, UldpReading::kReachable);
          case Property::kUldpStrict:
            return uldp(f, UldpReading::kLiteral);
          case Property::kOsldp:
            return check_osldp(f.q, sensitive, budget);
        }
        throw InvalidArgument("property: out of range");
      },
      form);
}

bool is_stochastic(const ExactForm& form) {
  return std::visit(Overloaded{[](const DenseForm& f) { return check_stochastic(f.q).stochastic; },
                               [](const BitProductForm&) { return true; },
                               [](const ClassForm&) { return true; },   // validated rows sum to 1
                               [](const BloomForm&) { return true; }},  // validated channel
                    form);
}

PropertyVerdicts check_all_properties(const ExactForm& form, const IndexSet& sensitive,
                                      const std::optional<PrivacyBudget>& budget) {
  return {check_property(form, Property::kLdp, sensitive, budget),
          check_property(form, Property::kUldp, sensitive, budget),
          check_property(form, Property::kUldpStrict, sensitive, budget),
          check_property(form, Property::kOsldp, sensitive, budget)};
}

}  // namespace uldp
