#include "uldp/constructions/pum_propositions.h"

#include <map>
#include <string>

#include "uldp/error.h"
#include "uldp/forms/form_checks.h"

namespace uldp {
namespace {

// A row of some user's Q^(i) restricted to Y_P, and the first group whose row it is.
struct ProtectedRow {
  std::size_t group = 0;
  std::vector<Rational> entries;
};

// Proposition 10 at input x over the distinct rows users give x (at most κ + 1 of them).
void cross_ratio_at(std::size_t x, const std::vector<ProtectedRow>& rows,
                    const IndexSet& protected_outputs, PumCrossRatio& best) {
  const std::vector<std::size_t>& ys = protected_outputs.indices();
  for (const ProtectedRow& a : rows) {
    for (const ProtectedRow& b : rows) {
      if (&a == &b) continue;
      for (std::size_t i = 0; i < ys.size(); ++i) {
        const Rational& num = a.entries[i];
        const Rational& den = b.entries[i];
        if (num == 0) continue;  // 0/0 and 0/c never exceed 1
        const ExtendedRational ratio =
            den == 0 ? ExtendedRational::infinity() : ExtendedRational(num / den);
        if (!(ratio > best.ratio)) continue;
        best.ratio = ratio;
        best.group_i = a.group;
        best.group_j = b.group;
        best.x = x;
        best.y = ys[i];
        best.q_i = num;
        best.q_j = den;
      }
    }
  }
}

}  // namespace

bool PumPropositions::holds() const {
  if (!common_uldp.holds || !users_indistinguishable.holds) return false;
  for (const PumGroupVerdicts& g : groups) {
    if (!g.uldp.holds) return false;
  }
  return true;
}

PumPropositions check_pum_propositions(const DenseMechanism& q_cmn,
                                       const IndexSet& protected_outputs,
                                       const PumPopulation& users, const PrivacyBudget& budget) {
  const std::size_t k = users.k();
  if (q_cmn.num_inputs() != k + users.num_tags()) {
    throw InvalidArgument("q_cmn: has " + std::to_string(q_cmn.num_inputs()) +
                          " inputs, but Z = X ∪ {bots} has " +
                          std::to_string(k + users.num_tags()));
  }
  PumPropositions result;
  const IndexSet z_s = pum_intermediate_sensitive(users.common_sensitive(), users.num_tags());
  result.common_uldp =
      check_property(DenseForm{q_cmn, protected_outputs}, Property::kUldp, z_s, budget);

  // One constructed Q^(i) per distinct pre-processor; per input x, the distinct rows seen.
  std::map<std::vector<std::optional<std::size_t>>, std::size_t> seen;  // tagging -> groups index
  std::vector<std::vector<ProtectedRow>> rows_at(k);
  std::vector<std::vector<std::size_t>> intermediate_at(k);
  for (std::size_t g = 0; g < users.groups().size(); ++g) {
    const PumUserGroup& group = users.groups()[g];
    const auto [it, fresh] = seen.emplace(group.tag_of, result.groups.size());
    if (!fresh) {
      result.groups[it->second].users += group.users;
      continue;
    }
    const PumPreprocessor f_pre = users.preprocessor(g);
    const PersonalizedMechanism q_i = personalized_mechanism(q_cmn, protected_outputs, f_pre);
    const DenseForm form{q_i.q, q_i.protected_outputs};
    result.groups.push_back({g, group.users, q_i.sensitive,
                             check_property(form, Property::kUldp, q_i.sensitive, budget),
                             check_property(form, Property::kUldpStrict, q_i.sensitive, budget)});
    for (std::size_t x = 0; x < k; ++x) {
      // Users whose f_pre agree on x have equal rows; keep the first of each.
      const std::size_t z = f_pre.intermediate(x);
      bool known = false;
      for (const auto& known_z : intermediate_at[x]) known = known || known_z == z;
      if (known) continue;
      intermediate_at[x].push_back(z);
      ProtectedRow row{g, {}};
      for (std::size_t y : protected_outputs.indices()) row.entries.push_back(q_i.q(x, y));
      rows_at[x].push_back(std::move(row));
    }
  }
  for (std::size_t x = 0; x < k; ++x)
    cross_ratio_at(x, rows_at[x], protected_outputs, result.users_indistinguishable);
  result.users_indistinguishable.holds = budget.admits(result.users_indistinguishable.ratio);
  return result;
}

}  // namespace uldp
