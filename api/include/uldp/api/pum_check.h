// The PUM check workflow (Section 5): the hypothesis (Q_cmn is (Z_S, Y_P, ε)-ULDP), Proposition 9
// for every distinct pre-processor and Proposition 10 across users, decided exactly on the users'
// dense matrices. What `uldp check --mech pum` calls; one JSON writer and one text renderer.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/constructions/pum_population.h"
#include "uldp/constructions/pum_propositions.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/mechanism_spec.h"

namespace uldp::api {

struct PumCheckRequest {
  MechanismSpec common;       ///< Q_cmn over Z = X ∪ bots (pum_common_mechanism)
  IndexSet common_sensitive;  ///< X_S over X
  std::vector<std::string> tags;
  PumPopulation users;
  std::string common_name = "common";  ///< how errors name the common mechanism
};

struct PumCheckResult {
  std::string common_mechanism;  ///< its registry name
  std::size_t k = 0;             ///< |X|
  std::vector<std::string> tags;
  IndexSet common_sensitive;
  PumPopulation users;
  PrivacyBudget budget;
  DenseForm common;  ///< Q_cmn and its Y_P
  PumPropositions propositions;
  bool holds() const { return propositions.holds(); }
};

/// Builds Q_cmn and every user's Q^(i) exactly and decides the hypothesis and both propositions.
/// Throws InvalidArgument "NAME: the common mechanism has no budget".
PumCheckResult check_pum(const PumCheckRequest& request);

nlohmann::json to_json(const PumCheckResult& result);
std::string to_text(const PumCheckResult& result);

}  // namespace uldp::api
