// The truncated geometric grid mechanism for Euclidean geo-indistinguishability: the mechanism of
// geometric.h at t' per unit of Manhattan distance, t' a certified rational lower bound of
// e^{ε/√2}. On a grid d1 <= √2 d2 (Manhattan against Euclidean distance, (|a| + |b|)² <= 2(a² +
// b²)), so every pair's tight loss t'^{d1} <= e^{ε d1/√2} <= e^{ε d2}: metric LDP with ε per unit
// of Euclidean distance, the diagonal neighbours (d1 = 2, d2 = √2) within the rounding of their
// bound. Its entries are exact rationals; only t' is rounded, downwards, so it is never weaker than
// asked.
#pragma once

#include <string_view>

#include "uldp/mechanisms/geometric/geometric.h"

namespace uldp {

/// The geometric mechanism for Euclidean distance as a registered one (`geometric-euclidean`):
/// GeometricSpec's grid and t' (per_unit, what it is built from; every derivation is
/// GeometricSpec's), and the ε per unit of Euclidean distance it claims.
struct GeometricEuclideanSpec : GeometricSpec {
  static constexpr std::string_view kName = "geometric-euclidean";
  PrivacyBudget euclidean_per_unit;
};

/// t' <= e^{ε/√2} for ε >= 0, certified: e^r rounded down for a rational r <= ε/√2 (ε times a
/// rational lower bound of √(1/2)).
PrivacyBudget euclidean_step(const Rational& epsilon);

// Its registry entry and family claims (mechanisms/derivations.h); every other derivation is
// GeometricSpec's.
const MechanismEntry& registry_entry(std::type_identity<GeometricEuclideanSpec>);
std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<GeometricEuclideanSpec>);

}  // namespace uldp
