#include "uldp/verify/claims.h"

#include <chrono>
#include <functional>

#include "internal/claim_builders.h"
#include "uldp/error.h"

namespace uldp::verify {
namespace {

using internal::Reading;
using Runner = std::function<std::vector<QueryResult>(unsigned)>;

struct CatalogEntry {
  ClaimInfo info;
  Runner run;
};

constexpr const char* kAllSizes = "every t >= 1, |X_S| >= 1, |X_N| >= 0 (entry classes)";

const std::vector<CatalogEntry>& catalog() {
  static const std::vector<CatalogEntry> entries = [] {
    const auto P = ProofStatus::kProved;
    const auto R = ProofStatus::kRefuted;
    std::vector<CatalogEntry> e;
    // ---- the paper's claims (expected: proved) ----
    e.push_back(
        {{"urr_uldp", "Proposition 2",
          "uRR is a mechanism, gives (X_S, X_S, eps)-ULDP with tight ratio exactly t (|X| >= 2); "
          "condition 1 holds literally for t > 1 and in the reachable reading for t >= 1",
          kAllSizes, P},
         internal::urr_queries});
    e.push_back({{"urap_uldp", "Proposition 3",
                  "uRAP's bits are probabilities, (X_S, Y_P, eps)-ULDP ratio <= t with t attained "
                  "(|X| >= 2); "
                  "condition 1 in the reachable reading, literally when t > 1 and |X_N| <= 1",
                  "every theta in (0,1), t >= 1, |X_S| >= 1, |X_N| >= 0 (bit-pair classes)", P},
                 internal::urap_queries});
    e.push_back({{"ubd_uldp", "arXiv 2509.24173 (uBD)",
                  "uBD with one block size K is a mechanism, gives (X_S, blocks, eps)-ULDP with "
                  "tight ratio t (K < |X_S| or |X_N| >= 1); condition 1 literally for t > 1 and "
                  "in the reachable reading for t >= 1",
                  "every t >= 1, |X_S| >= 1, 1 <= K <= |X_S|, |X_N| >= 0 (entry classes)", P},
                 internal::ubd_queries});
    e.push_back({{"rr_ldp", "eq. (2)",
                  "eps-RR is a mechanism and gives eps-LDP, tight ratio t for |X| >= 2",
                  "every t >= 1, |X| >= 1 (entry classes)", P},
                 internal::rr_queries});
    e.push_back({{"rappor_ldp", "Section 2.4",
                  "(theta, eps)-generalized RAPPOR gives eps-LDP for theta in [0,1], tight for "
                  "theta in (0,1)",
                  "every t >= 1, theta in [0,1], |X| >= 1 (bit-pair classes)", P},
                 internal::rappor_queries});
    e.push_back({{"mangat_uldp", "Definition 2",
                  "Mangat's RR gives (X_S, Y_P, ln 1/p)-ULDP, tight, and no eps-LDP for any eps",
                  "every p in (0,1)", P},
                 internal::mangat_queries});
    e.push_back({{"composition", "Proposition 1",
                  "adaptive sequential composition of ULDP mechanisms is (X_S, (Y0 x Y1)_P, eps0 + "
                  "eps1)-ULDP "
                  "(condition 1 in the reachable reading)",
                  "|X| = 3, |Y0| = |Y1| = 2, Q1 depends on y0; all X_S, Y0P, Y1P", P},
                 [](unsigned ms) {
                   return internal::composition_queries(ms, Reading::kReachable, false);
                 }});
    e.push_back({{"post_processing", "Proposition 11",
                  "a data-type-preserving post-processor keeps (X_S, Z_P, eps)-ULDP",
                  "|X| = 3, |Y| = 3, |Z| = 2; all X_S, Y_P, Z_P", P},
                 [](unsigned ms) { return internal::post_processing_queries(ms, 0); }});
    e.push_back(
        {{"ldp_compatibility", "Proposition 12",
          "(Q_A, Q_B)(y_A, y_B | x) <= e^(eps_A + eps_B) (Q_A, Q_B)(y_A, y_B | x') for y_A in Y_P",
          "|X| = 3, |Y_A| = |Y_B| = 2; all X_S, Y_P", P},
         [](unsigned ms) { return internal::data_integration_queries(ms, false); }});
    e.push_back({{"uldp_implies_osldp", "Proposition 13",
                  "(X_S, Y_P, eps)-ULDP (either reading) implies (X_S, eps)-OSLDP",
                  "|X| = 3, |Y| = 3; all X_S, Y_P", P},
                 internal::uldp_osldp_queries});
    e.push_back({{"pum_uldp", "Proposition 9",
                  "the PUM Q_cmn o f_pre gives (X_S u X_S^(i), Y_P, eps)-ULDP (reachable reading)",
                  "|X| = 3, kappa = 2 (|Z| = 5), |Y| = 3; all X_S, Y_P, tag sets", P},
                 [](unsigned ms) { return internal::pum_uldp_queries(ms, Reading::kReachable); }});
    e.push_back({{"pum_users_indistinguishable", "Proposition 10",
                  "Q^(i)(y|x) <= e^eps Q^(j)(y|x) for any users i, j, any x, any y in Y_P",
                  "|X| = 3, kappa = 2, |Y| = 3; all X_S, Y_P, both users' tag sets", P},
                 [](unsigned ms) { return internal::pum_dp_queries(ms, false); }});
    // ---- hypothesis dropped or paper erratum (expected: refuted, Z3 prints the model) ----
    e.push_back({{"urr_literal_at_eps0", "Proposition 2",
                  "erratum: at eps = 0 (t = 1) c3 = 0, so y in X_N is unreachable and literal "
                  "condition 1 fails",
                  kAllSizes, R},
                 internal::urr_literal_at_eps0_queries});
    e.push_back(
        {{"urr_tight_single_input", "Proposition 2",
          "dropping |X| >= 2: with one input the ratio t > 1 is never attained", kAllSizes, R},
         internal::urr_tight_single_input_queries});
    e.push_back({{"ubd_tight_single_block", "arXiv 2509.24173 (uBD)",
                  "dropping 'K < |X_S| or |X_N| >= 1': with K = |X_S| and X_N empty the only "
                  "output is X_S itself and the ratio t > 1 is never attained",
                  "every t >= 1, |X_S| = K >= 1, |X_N| = 0 (entry classes)", R},
                 internal::ubd_single_block_queries});
    e.push_back(
        {{"urap_literal_two_nonsensitive_bits", "Proposition 3",
          "erratum: y in Y_I with two non-sensitive bits set is produced by no input, so literal "
          "condition 1 fails when |X_N| >= 2 (the proof's 'only one of them is 1' is false)",
          "every theta in (0,1), t > 1, |X_S| >= 1, |X_N| >= 0", R},
         internal::urap_literal_queries});
    e.push_back({{"urap_not_ldp", "Proposition 3",
                  "dropping y in Y_P: uRAP's ratio is unbounded on Y_I (it is not eps-LDP)",
                  "every theta in (0,1), t >= 1, |X_S| >= 1, |X_N| >= 0", R},
                 internal::urap_all_outputs_queries});
    e.push_back(
        {{"mangat_p_one", "Definition 2",
          "dropping p < 1: p = 1 is the constant mechanism, which is 0-LDP", "every p in (0,1]", R},
         internal::mangat_p_one_queries});
    e.push_back(
        {{"composition_literal", "Proposition 1",
          "erratum: in the literal reading condition 1 fails: (y0, y1) with y0, y1 invertible to "
          "different inputs is produced by no input",
          "|X| = 3, |Y0| = |Y1| = 2", R},
         [](unsigned ms) { return internal::composition_queries(ms, Reading::kLiteral, false); }});
    e.push_back(
        {{"composition_q1_not_invertible", "Proposition 1",
          "dropping Q1's condition 1: Q1 may map sensitive data outside Y1P, and (y0, y1) is not "
          "invertible",
          "|X| = 3, |Y0| = |Y1| = 2", R},
         [](unsigned ms) { return internal::composition_queries(ms, Reading::kReachable, true); }});
    e.push_back(
        {{"post_processing_reaches_protected", "Proposition 11",
          "dropping Definition 5 bullet 1: invertible data mapped into Z_P breaks the ratio",
          "|X| = 3, |Y| = 3, |Z| = 2", R},
         [](unsigned ms) { return internal::post_processing_queries(ms, 1); }});
    e.push_back({{"post_processing_not_invertible", "Proposition 11",
                  "dropping Definition 5 bullet 2: a post-processor that merges data types breaks "
                  "condition 1",
                  "|X| = 3, |Y| = 3, |Z| = 2", R},
                 [](unsigned ms) { return internal::post_processing_queries(ms, 2); }});
    e.push_back({{"ldp_compatibility_unprotected_output", "Proposition 12",
                  "dropping y_A in Y_P: an invertible y_A breaks the combined bound",
                  "|X| = 3, |Y_A| = |Y_B| = 2", R},
                 [](unsigned ms) { return internal::data_integration_queries(ms, true); }});
    e.push_back({{"osldp_not_uldp", "Proposition 13",
                  "the converse: an (X_S, eps)-OSLDP mechanism need not be (X_S, Y_P, eps)-ULDP "
                  "for any Y_P",
                  "|X| = 3, |Y| = 3, all 8 subsets Y_P", R},
                 internal::osldp_uldp_queries});
    e.push_back({{"pum_uldp_literal", "Proposition 9",
                  "erratum: in the literal reading condition 1 fails: an invertible output of a "
                  "tagged x is "
                  "produced by no input of the PUM",
                  "|X| = 3, kappa = 2, |Y| = 3", R},
                 [](unsigned ms) { return internal::pum_uldp_queries(ms, Reading::kLiteral); }});
    e.push_back(
        {{"pum_users_unprotected_output", "Proposition 10",
          "dropping y in Y_P: an invertible output tells users with different tag sets apart",
          "|X| = 3, kappa = 2, |Y| = 3", R},
         [](unsigned ms) { return internal::pum_dp_queries(ms, true); }});
    return e;
  }();
  return entries;
}

const CatalogEntry* find_entry(std::string_view name) {
  for (const auto& entry : catalog()) {
    if (entry.info.name == name) return &entry;
  }
  return nullptr;
}

}  // namespace

std::string ClaimResult::counterexample() const {
  for (const auto& q : queries) {
    if (q.status == ProofStatus::kRefuted) return q.model;
  }
  return "";
}

const std::vector<ClaimInfo>& claim_catalog() {
  static const std::vector<ClaimInfo> infos = [] {
    std::vector<ClaimInfo> out;
    for (const auto& entry : catalog()) out.push_back(entry.info);
    return out;
  }();
  return infos;
}

std::optional<ClaimInfo> find_claim(std::string_view name) {
  const CatalogEntry* entry = find_entry(name);
  if (entry == nullptr) return std::nullopt;
  return entry->info;
}

std::string claim_names() {
  std::string names;
  for (const auto& entry : catalog()) {
    if (!names.empty()) names += ", ";
    names += entry.info.name;
  }
  return names;
}

ClaimResult run_claim(std::string_view name, const ProofOptions& options) {
  const CatalogEntry* entry = find_entry(name);
  if (entry == nullptr) {
    throw InvalidArgument("unknown claim '" + std::string(name) +
                          "'; valid claims: " + claim_names());
  }
  ClaimResult result;
  result.info = entry->info;
  const auto start = std::chrono::steady_clock::now();
  result.queries = entry->run(options.timeout_ms);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  bool all_proved = !result.queries.empty();
  bool any_refuted = false;
  for (const auto& q : result.queries) {
    all_proved = all_proved && q.status == ProofStatus::kProved;
    any_refuted = any_refuted || q.status == ProofStatus::kRefuted;
  }
  result.status = any_refuted  ? ProofStatus::kRefuted
                  : all_proved ? ProofStatus::kProved
                               : ProofStatus::kUnknown;
  return result;
}

std::vector<ClaimResult> run_all_claims(const ProofOptions& options) {
  std::vector<ClaimResult> results;
  for (const auto& entry : catalog()) results.push_back(run_claim(entry.info.name, options));
  return results;
}

}  // namespace uldp::verify
