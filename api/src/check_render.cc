// The one JSON writer and the one text renderer of a check result.
#include <sstream>

#include "uldp/api/check.h"
#include "uldp/api/render.h"
#include "uldp/error.h"

namespace uldp::api {
namespace {

nlohmann::json excess_digits_to_json(const ExcessDigits& d) {
  nlohmann::json j = {{"claimed_exp_eps", d.claimed_exp_eps},
                      {"tight_exp_eps", d.tight_exp_eps},
                      {"claimed_eps", d.claimed_eps},
                      {"tight_eps", d.tight_eps},
                      {"relative_excess", d.relative_excess}};
  if (d.exact_relative_excess) j["exact_relative_excess"] = to_string(*d.exact_relative_excess);
  return j;
}

nlohmann::json property_json(const CheckResult& r, Property p) {
  const PropertyResult& result = r[p];
  nlohmann::json j = verdict_to_json(result.verdict);
  if (r.tolerance) j["holds_within_tolerance"] = result.accepted();
  if (result.excess) j["excess"] = excess_digits_to_json(*result.excess);
  return j;
}

}  // namespace

std::string row_sum_text(const RowSumExcess& row) {
  return message_excerpt(to_string(row.excess + 1)) + " = 1 " + (row.excess < 0 ? "- " : "+ ") +
         scientific(row.magnitude());
}

nlohmann::json to_json(const CheckResult& r) {
  nlohmann::json j;
  j["subject"] = r.subject;
  if (r.entry_reading) j["entry_reading"] = *r.entry_reading;
  if (!r.file_reading_json.is_null()) j["file_reading"] = r.file_reading_json;
  if (r.tolerance) {
    j["tolerance"] = to_string(*r.tolerance);
    nlohmann::json rows = nlohmann::json::array();
    for (const ToleratedRow& row : r.tolerated_rows) {
      rows.push_back({{"row", row.excess.row},
                      {"location", row.location},
                      {"excess", to_string(row.excess.excess)},
                      {"excess_approx", scientific(row.excess.excess)}});
    }
    j["row_sum_excesses"] = rows;
  }
  j["inputs"] = r.inputs;
  j["stochastic"] = !r.stochastic_problem;
  j["stochastic_problem"] =
      r.stochastic_problem ? nlohmann::json(*r.stochastic_problem) : nlohmann::json(nullptr);
  j["sensitive"] = r.sensitive.indices();
  j["protected"] = r.protected_json;
  j["protected_inferred"] = r.protected_inferred;
  if (r.budget) {
    j["exp_eps"] = to_string(r.budget->exp_eps());
    if (r.budget->epsilon()) j["eps"] = to_string(*r.budget->epsilon());
  }
  nlohmann::json names = nlohmann::json::array();
  for (Property p : r.required) names.push_back(property_name(p));
  j["required"] = names;
  j["ldp"] = property_json(r, Property::kLdp);
  j["uldp"] = property_json(r, Property::kUldp);
  j["uldp_strict"] = property_json(r, Property::kUldpStrict);
  nlohmann::json bounds = nlohmann::json::array();
  for (const StatedBound& b : r.stated_bounds) {
    bounds.push_back({{"name", b.name},
                      {"basis", b.basis},
                      {"tight_exp_eps", b.tight_exp_eps.to_string()},
                      {"formula", b.formula},
                      {"formula_exp_eps", b.formula_exp_eps.to_string()}});
  }
  j["stated_bounds"] = std::move(bounds);
  j["osldp"] = property_json(r, Property::kOsldp);
  j["seconds"] = r.seconds;
  if (r.smt) {
    nlohmann::json smt;
    smt["z3"] = {{"queries", r.smt->certificate.expected_answers.size()},
                 {"seconds", r.smt->certificate.seconds}};
    if (r.smt->cvc5) {
      smt["cvc5"] = {{"answers", r.smt->cvc5->answers}, {"seconds", r.smt->cvc5->seconds}};
      if (r.smt->cvc5->answers == r.smt->certificate.expected_answers.size()) {
        smt["cvc5"]["unknown"] = r.smt->cvc5->unknown;
        smt["cvc5"]["agrees"] = r.smt->cvc5->agrees;
      }
    }
    j["smt"] = smt;
  }
  if (r.pairs) j["pair_losses"] = to_json(*r.pairs);
  return j;
}

std::string to_text(const CheckResult& r) {
  std::ostringstream out;
  out << "subject: " << r.subject << " (" << r.inputs << " inputs, " << r.outputs_description
      << ")\n";
  if (r.file_reading) out << "read as: " << *r.file_reading << "\n";
  if (r.entry_reading) out << "entries: " << *r.entry_reading << "\n";
  out << "stochastic: " << (r.stochastic_problem ? "NO: " + *r.stochastic_problem : "yes");
  if (!r.stochastic_problem && !r.tolerated_rows.empty()) {
    out << " within tolerance " << r.tolerance_text << " (" << r.tolerated_rows.size()
        << " rows do not sum to exactly 1)";
    constexpr std::size_t kRowsShown = 8;
    for (std::size_t i = 0; i < r.tolerated_rows.size() && i < kRowsShown; ++i) {
      const ToleratedRow& row = r.tolerated_rows[i];
      out << "\n  " << (row.location.empty() ? "" : row.location + ": ") << "row " << row.excess.row
          << " sums to " << row_sum_text(row.excess);
    }
    if (r.tolerated_rows.size() > kRowsShown)
      out << "\n  ... and " << r.tolerated_rows.size() - kRowsShown << " more (all in the JSON)";
  }
  out << "\n";
  out << "sensitive inputs X_S = {" << r.sensitive.to_string() << "}\n";
  out << "protected outputs Y_P = " << r.protected_description
      << (r.protected_inferred ? "  (inferred: the smallest Y_P condition 1 allows)" : "") << "\n";
  out << "budget: " << (r.budget ? r.budget->describe() : "none (tight values only)") << "\n";
  if (r.tolerance) out << "tolerance: " << r.tolerance_text << "\n";
  auto line = [&](Property p, const char* title) {
    const bool required = std::find(r.required.begin(), r.required.end(), p) != r.required.end();
    const PropertyResult& result = r[p];
    std::string text = verdict_to_text(result.verdict);
    if (result.within_tolerance)
      text = "holds within tolerance " + r.tolerance_text + " (exactly: FAILS)" + text.substr(5);
    out << "  " << title << (required ? " [required]" : "") << ": " << text << "\n";
    if (result.excess) {
      const ExcessDigits& e = *result.excess;
      out << "      claimed exp_eps = " << e.claimed_exp_eps << ", eps = " << e.claimed_eps << "\n"
          << "      tight   exp_eps = " << e.tight_exp_eps << ", eps = " << e.tight_eps << "\n"
          << "      relative excess of the ratio over exp_eps: " << e.relative_excess;
      if (e.exact_relative_excess)
        out << " (exactly " << message_excerpt(to_string(*e.exact_relative_excess)) << ")";
      out << "\n";
    }
  };
  line(Property::kLdp, "eps-LDP                        ");
  line(Property::kUldp, "ULDP (reachable outputs)       ");
  line(Property::kUldpStrict, "ULDP (Definition 2, literal)   ");
  line(Property::kOsldp, "OSLDP                          ");
  for (const StatedBound& b : r.stated_bounds) {
    out << "  " << b.name << ", " << b.basis << ": tight exp_eps = " << b.tight_exp_eps.to_string()
        << ", eps ~ " << approx_epsilon(b.tight_exp_eps) << "\n      (" << b.formula
        << " gives exp_eps = " << b.formula_exp_eps.to_string() << ", eps ~ "
        << approx_epsilon(b.formula_exp_eps) << ")\n";
  }
  out << "checked in " << duration_text(r.seconds) << "\n";
  if (r.pairs) out << to_text(*r.pairs);
  return out.str();
}

std::string stochastic_error(const CheckResult& r, const std::string& tolerance_option) {
  const std::string problem = r.stochastic_problem.value_or("");
  if (r.tolerance) return problem;
  return problem + " (rows must sum to exactly 1; " + tolerance_option +
         " accepts sums within T of 1)";
}

}  // namespace uldp::api
