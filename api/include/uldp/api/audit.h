// The main job as a workflow: the paper's mechanisms (and those after it) built at the paper's
// settings, every privacy claim checked exactly, with the literal ULDP reading and ε-LDP beside
// it. What `uldp audit` prints; one JSON writer and one text renderer.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "uldp/forms/verdict.h"
#include "uldp/mechanisms/registry.h"

namespace uldp::api {

/// One setting: where in the paper, and the registry mechanism built there.
struct AuditCase {
  std::string setting;
  std::string mechanism;
  MechanismArguments arguments;
};

/// Foursquare (|X| = 625, |X_S| = 15), US Census (400, 76) and US Census with 9 attributes
/// (12800, 2432) at ε = 1, 6 and ln|X|, Mangat's example, and uBD, uHR, uSS at the last setting.
std::vector<AuditCase> paper_audit_cases();

struct AuditRow {
  std::string setting;
  MechanismSpec spec;
  PrivacyBudget budget;
  Verdict claim, ldp, uldp_strict;
  bool stochastic = true;
  double seconds = 0;
};

struct AuditResult {
  std::vector<AuditRow> rows;
  /// Every claim holds and every matrix is stochastic (the command's exit code 0).
  bool all_claims_hold() const;
};

/// Checks every case (paper_audit_cases() by default).
AuditResult audit(const std::vector<AuditCase>& cases = paper_audit_cases());

nlohmann::json to_json(const AuditResult& result);
std::string to_text(const AuditResult& result);

}  // namespace uldp::api
