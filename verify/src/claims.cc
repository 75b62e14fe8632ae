#include "uldp/verify/claims.h"
#include "uldp/progress.h"

#include <atomic>
#include <chrono>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <type_traits>
#include <utility>
#include <variant>

#include "internal/claim_builders.h"
#include "internal/claim_entry.h"
#include "internal/construction_coq.h"
#include "internal/proof_step_claims.h"
#include "internal/z3_query.h"
#include "uldp/error.h"
#include "uldp/mechanisms/mechanism_spec.h"

namespace uldp::verify {
namespace {

using internal::Reading;
using Runner = internal::ClaimRunner;
using CatalogEntry = internal::ClaimEntry;

// Every mechanism folder's family claims, in the registry's order (MechanismKind's).
template <std::size_t... I>
std::vector<CatalogEntry> family_claims_of(std::index_sequence<I...>) {
  std::vector<CatalogEntry> all;
  for (std::vector<CatalogEntry> claims :
       {family_claims(std::type_identity<std::variant_alternative_t<I, MechanismKind>>{})...}) {
    for (CatalogEntry& claim : claims) all.push_back(std::move(claim));
  }
  return all;
}

/// The all-sizes queries (named "all_sizes.*") followed by the fixed-shape ones, renamed
/// "fixed_shape.*": the fixed shape stays as a cross-check and as the measured reach when a
/// quantified query is not proved.
Runner both_scopes(Runner all_sizes, Runner fixed) {
  return [all_sizes, fixed](unsigned ms) {
    std::vector<QueryResult> out = all_sizes(ms);
    for (QueryResult& q : fixed(ms)) {
      q.name = "fixed_shape." + q.name;
      out.push_back(std::move(q));
    }
    return out;
  };
}

bool starts_with(const std::string& text, const std::string& prefix) {
  return text.rfind(prefix, 0) == 0;
}

/// "all sizes" when the all-sizes queries prove the claim, else the fixed shape. A refutation
/// by an all-sizes query is a kernel with entries in [0,1] whose rows need not sum to 1 (sums
/// over a sort are not encoded), so it is reported as such next to the fixed shape, whose model
/// is a stochastic counterexample.
std::string scope_of(const ClaimResult& r) {
  if (r.info.every_size) return "all sizes";
  if (r.info.step) return r.info.shape;
  bool any_all_sizes = false, all_sizes_proved = true, all_sizes_refuted = false,
       step_refuted = false, fixed_refuted = false;
  for (const auto& q : r.queries) {
    if (!starts_with(q.name, "all_sizes.")) {
      fixed_refuted = fixed_refuted || q.status == ProofStatus::kRefuted;
      continue;
    }
    any_all_sizes = true;
    all_sizes_proved = all_sizes_proved && q.status == ProofStatus::kProved;
    // Induction steps and conclusions drawn from an invariant: a model refutes the proof, but
    // is not by itself a counterexample to the proposition.
    const bool step = q.name.find("_step") != std::string::npos ||
                      q.name.find("_from_invariant") != std::string::npos;
    if (q.status == ProofStatus::kRefuted) (step ? step_refuted : all_sizes_refuted) = true;
  }
  if (r.status == ProofStatus::kProved)
    return any_all_sizes && all_sizes_proved ? "all sizes" : r.info.shape;
  if (r.status != ProofStatus::kRefuted) return r.info.shape;
  std::string scope = fixed_refuted ? r.info.shape + " (stochastic)" : "";
  const char* extra = all_sizes_refuted ? "all sizes (rows unnormalised)"
                      : step_refuted    ? "all sizes: an induction step fails"
                                        : "";
  if (*extra != '\0') scope += (scope.empty() ? "" : "; ") + std::string(extra);
  return scope;
}

const std::vector<CatalogEntry>& catalog() {
  static const std::vector<CatalogEntry> entries = [] {
    const auto P = ProofStatus::kProved;
    const auto R = ProofStatus::kRefuted;
    std::vector<CatalogEntry> e;
    const std::vector<CatalogEntry> families =
        family_claims_of(std::make_index_sequence<std::variant_size_v<MechanismKind>>{});
    // ---- the mechanisms' families and the paper's constructions (expected: proved) ----
    for (const CatalogEntry& family : families) {
      if (family.info.expected == P) e.push_back(family);
    }
    e.push_back({{"composition", "Proposition 1",
                  "adaptive sequential composition of ULDP mechanisms is (X_S, (Y0 x Y1)_P, eps0 + "
                  "eps1)-ULDP "
                  "(condition 1 in the reachable reading)",
                  "|X| = 3, |Y0| = |Y1| = 2, Q1 depends on y0; all X_S, Y0P, Y1P", P},
                 both_scopes(
                     [](unsigned ms) {
                       return internal::composition_all_sizes(ms, Reading::kReachable,
                                                              internal::CompositionVariant::kPaper);
                     },
                     [](unsigned ms) {
                       return internal::composition_queries(ms, Reading::kReachable, false);
                     })});
    e.push_back({{"post_processing", "Proposition 11",
                  "a data-type-preserving post-processor keeps (X_S, Z_P, eps)-ULDP",
                  "|X| = 3, |Y| = 3, |Z| = 2; all X_S, Y_P, Z_P", P},
                 both_scopes(
                     [](unsigned ms) {
                       return internal::post_processing_all_sizes(
                           ms, internal::PostProcessingVariant::kPaper);
                     },
                     [](unsigned ms) { return internal::post_processing_queries(ms, 0); })});
    e.push_back(
        {{"ldp_compatibility", "Proposition 12",
          "(Q_A, Q_B)(y_A, y_B | x) <= e^(eps_A + eps_B) (Q_A, Q_B)(y_A, y_B | x') for y_A in Y_P",
          "|X| = 3, |Y_A| = |Y_B| = 2; all X_S, Y_P", P},
         both_scopes(
             [](unsigned ms) {
               return internal::data_integration_all_sizes(
                   ms, internal::DataIntegrationVariant::kPaper);
             },
             [](unsigned ms) { return internal::data_integration_queries(ms, false); })});
    e.push_back({{"uldp_implies_osldp", "Proposition 13",
                  "(X_S, Y_P, eps)-ULDP (either reading) implies (X_S, eps)-OSLDP",
                  "|X| = 3, |Y| = 3; all X_S, Y_P", P},
                 both_scopes([](unsigned ms) { return internal::uldp_osldp_all_sizes(ms, false); },
                             internal::uldp_osldp_queries)});
    e.push_back(
        {{"pum_uldp", "Proposition 9",
          "the PUM Q_cmn o f_pre gives (X_S u X_S^(i), Y_P, eps)-ULDP (reachable reading)",
          "|X| = 3, kappa = 2 (|Z| = 5), |Y| = 3; all X_S, Y_P, tag sets", P},
         both_scopes(
             [](unsigned ms) {
               return internal::pum_uldp_all_sizes(ms, Reading::kReachable, false);
             },
             [](unsigned ms) { return internal::pum_uldp_queries(ms, Reading::kReachable); })});
    e.push_back({{"pum_users_indistinguishable", "Proposition 10",
                  "Q^(i)(y|x) <= e^eps Q^(j)(y|x) for any users i, j, any x, any y in Y_P",
                  "|X| = 3, kappa = 2, |Y| = 3; all X_S, Y_P, both users' tag sets", P},
                 both_scopes([](unsigned ms) { return internal::pum_dp_all_sizes(ms, false); },
                             [](unsigned ms) { return internal::pum_dp_queries(ms, false); })});
    e.push_back({{"uldp_from_ldp", "Definition 2",
                  "an eps-LDP mechanism on X_S, its sensitive rows kept and every non-sensitive "
                  "input giving each output its smallest probability under X_S (the rest on its "
                  "own output), is (X_S, Y_P, eps)-ULDP (uRR, Section 4.1, is its image of RR)",
                  "all |X_S| >= 1, |X_N|, |Y|; all t >= 1", P},
                 [](unsigned ms) {
                   return internal::uldp_from_ldp_all_sizes(ms,
                                                            internal::UldpFromLdpVariant::kMinimum);
                 }});
    e.push_back({{"uldp_from_ldp_lowest", "Definition 2",
                  "the same with each non-sensitive row at the largest probability under X_S "
                  "divided by e^eps (the least the ratio admits) is (X_S, Y_P, eps)-ULDP",
                  "all |X_S| >= 1, |X_N|, |Y|; all t >= 1", P},
                 [](unsigned ms) {
                   return internal::uldp_from_ldp_all_sizes(ms,
                                                            internal::UldpFromLdpVariant::kLowest);
                 }});
    // ---- hypothesis dropped or paper erratum (expected: refuted, Z3 prints the model) ----
    for (const CatalogEntry& family : families) {
      if (family.info.expected == R) e.push_back(family);
    }
    e.push_back(
        {{"composition_literal", "Proposition 1",
          "erratum: in the literal reading condition 1 fails: (y0, y1) with y0, y1 invertible to "
          "different inputs is produced by no input",
          "|X| = 3, |Y0| = |Y1| = 2", R},
         both_scopes(
             [](unsigned ms) {
               return internal::composition_all_sizes(ms, Reading::kLiteral,
                                                      internal::CompositionVariant::kPaper);
             },
             [](unsigned ms) {
               return internal::composition_queries(ms, Reading::kLiteral, false);
             })});
    e.push_back(
        {{"composition_q1_not_invertible", "Proposition 1",
          "dropping Q1's condition 1: Q1 may map sensitive data outside Y1P, and (y0, y1) is not "
          "invertible",
          "|X| = 3, |Y0| = |Y1| = 2", R},
         both_scopes(
             [](unsigned ms) {
               return internal::composition_all_sizes(
                   ms, Reading::kReachable, internal::CompositionVariant::kQ1NotInvertible);
             },
             [](unsigned ms) {
               return internal::composition_queries(ms, Reading::kReachable, true);
             })});
    e.push_back(
        {{"post_processing_reaches_protected", "Proposition 11",
          "dropping Definition 5 bullet 1: invertible data mapped into Z_P breaks the ratio",
          "|X| = 3, |Y| = 3, |Z| = 2", R},
         both_scopes(
             [](unsigned ms) {
               return internal::post_processing_all_sizes(
                   ms, internal::PostProcessingVariant::kDropBullet1);
             },
             [](unsigned ms) { return internal::post_processing_queries(ms, 1); })});
    e.push_back({{"post_processing_not_invertible", "Proposition 11",
                  "dropping Definition 5 bullet 2: a post-processor that merges data types breaks "
                  "condition 1",
                  "|X| = 3, |Y| = 3, |Z| = 2", R},
                 both_scopes(
                     [](unsigned ms) {
                       return internal::post_processing_all_sizes(
                           ms, internal::PostProcessingVariant::kDropBullet2);
                     },
                     [](unsigned ms) { return internal::post_processing_queries(ms, 2); })});
    e.push_back({{"ldp_compatibility_unprotected_output", "Proposition 12",
                  "dropping y_A in Y_P: an invertible y_A breaks the combined bound",
                  "|X| = 3, |Y_A| = |Y_B| = 2", R},
                 both_scopes(
                     [](unsigned ms) {
                       return internal::data_integration_all_sizes(
                           ms, internal::DataIntegrationVariant::kAnyOutput);
                     },
                     [](unsigned ms) { return internal::data_integration_queries(ms, true); })});
    e.push_back({{"osldp_not_uldp", "Proposition 13",
                  "the converse: an (X_S, eps)-OSLDP mechanism need not be (X_S, Y_P, eps)-ULDP "
                  "for any Y_P",
                  "|X| = 3, |Y| = 3, all 8 subsets Y_P", R},
                 both_scopes(internal::osldp_uldp_all_sizes, internal::osldp_uldp_queries)});
    e.push_back(
        {{"pum_uldp_literal", "Proposition 9",
          "erratum: in the literal reading condition 1 fails: an invertible output of a "
          "tagged x is "
          "produced by no input of the PUM",
          "|X| = 3, kappa = 2, |Y| = 3", R},
         both_scopes(
             [](unsigned ms) { return internal::pum_uldp_all_sizes(ms, Reading::kLiteral, false); },
             [](unsigned ms) { return internal::pum_uldp_queries(ms, Reading::kLiteral); })});
    e.push_back(
        {{"pum_users_unprotected_output", "Proposition 10",
          "dropping y in Y_P: an invertible output tells users with different tag sets apart",
          "|X| = 3, kappa = 2, |Y| = 3", R},
         both_scopes([](unsigned ms) { return internal::pum_dp_all_sizes(ms, true); },
                     [](unsigned ms) { return internal::pum_dp_queries(ms, true); })});
    // ---- mutants of the claims: broken constructions the encodings must reject ----
    e.push_back(
        {{"mutant_composition_budgets_added", "Proposition 1",
          "mutant: composition claimed at t0 + t1 (budgets e^eps added) instead of t0 t1", "", R},
         [](unsigned ms) {
           return internal::composition_all_sizes(ms, Reading::kReachable,
                                                  internal::CompositionVariant::kBudgetsAdded);
         }});
    e.push_back({{"mutant_post_processing_invertible_into_protected", "Proposition 11",
                  "mutant: a post-processor that maps one invertible output y* into Z_P", "", R},
                 [](unsigned ms) {
                   return internal::post_processing_all_sizes(
                       ms, internal::PostProcessingVariant::kOneInvertibleIntoProtected);
                 }});
    e.push_back(
        {{"mutant_ldp_compatibility_larger_budget", "Proposition 12",
          "mutant: the pair claimed at max(e^eps_A, e^eps_B) instead of the product", "", R},
         [](unsigned ms) {
           return internal::data_integration_all_sizes(
               ms, internal::DataIntegrationVariant::kLargerBudget);
         }});
    e.push_back({{"mutant_uldp_implies_ldp", "Proposition 13",
                  "mutant: ULDP claimed to imply eps-LDP (x not restricted to X_S)", "", R},
                 [](unsigned ms) { return internal::uldp_osldp_all_sizes(ms, true); }});
    e.push_back(
        {{"mutant_pum_tags_leak", "Proposition 9",
          "mutant: a PUM whose f_pre ignores the tags, so tagged inputs leak through Y_I", "", R},
         [](unsigned ms) { return internal::pum_uldp_all_sizes(ms, Reading::kReachable, true); }});
    e.push_back({{"mutant_uldp_from_ldp_largest", "Definition 2",
                  "mutant: non-sensitive rows at the largest probability under X_S, whose mass "
                  "can exceed 1",
                  "", R},
                 [](unsigned ms) {
                   return internal::uldp_from_ldp_all_sizes(ms,
                                                            internal::UldpFromLdpVariant::kLargest);
                 }});
    // ---- the steps of the utility proofs (`uldp prove --steps`) ----
    for (const internal::StepSpec& spec : internal::proof_steps()) {
      e.push_back({internal::step_claim_info(spec),
                   [&spec](unsigned ms) { return internal::step_queries(spec, ms); }});
    }
    // The constructions' Coq theorems (the families give theirs in their folders).
    for (CatalogEntry& entry : e) {
      if (!entry.info.coq) entry.info.coq = internal::construction_coq_theorem(entry.info.name);
    }
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

bool ClaimResult::as_expected() const {
  if (!info.step) return status == info.expected;
  if (!info.step->not_encoded.empty()) return queries.empty() && status == ProofStatus::kUnknown;
  if (queries.size() != 2) return false;
  return queries[0].status == info.step->expected_at_step &&
         queries[1].status == info.step->expected_at_top;
}

std::vector<std::string> ClaimResult::established_by() const {
  std::vector<std::string> by;
  if (!as_expected()) return by;
  for (const char* solver : {"z3", "cvc5"}) {
    bool every_query = !queries.empty(), some_refuted = false;
    for (const auto& q : queries) {
      bool answered = false;
      for (const auto& a : q.answers) {
        if (a.solver != solver) continue;
        answered = answered || a.status == ProofStatus::kProved;
        some_refuted = some_refuted || a.status == ProofStatus::kRefuted;
      }
      every_query = every_query && answered;
    }
    if (info.expected == ProofStatus::kProved ? every_query : some_refuted) by.push_back(solver);
  }
  if (coq && coq->status == CoqStatus::kChecked) by.push_back("coq");
  return by;
}

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

std::string encoding_summary(const ClaimInfo& info) {
  if (info.every_size) {
    return "Entry classes: a mechanism of any size is described by finitely many classes of\n"
           "(x, x', y) triples (output type, each input's relation to y; for bit vectors the two\n"
           "bits where the inputs differ), each with its entry value and its row count as\n"
           "symbolic expressions in t, |X_S|, |X_N| (and theta, p). A class exists iff its count\n"
           "is >= 1, so the negated claim over classes has a model iff some size, budget and\n"
           "triple violate the claim; the model gives the sizes and the budget. Entry values\n"
           "are fractions num/den with every den proved positive (denominators_positive), so\n"
           "a/b <= t c/d is asserted as a d <= t c b and a row sum over D as sum(num) = D.\n";
  }
  std::string text =
      "Sizes: the sets are uninterpreted sorts (or {0..n-1} with n symbolic), subsets are\n"
      "predicates, kernels are uninterpreted real functions with entries in [0,1], the\n"
      "hypotheses are universally quantified and the negated claim is ground over fresh\n"
      "constants: unsat = no counterexample of any size (queries all_sizes.*). Models have\n"
      "finite universes but rows that need not sum to 1.\n";
  if (!info.shape.empty()) {
    text += "Cross-check (queries fixed_shape.*): every entry of a fixed shape (" + info.shape +
            ") is a real variable, rows sum to 1, subsets are boolean variables; its models\n"
            "are stochastic counterexamples.\n";
  }
  return text;
}

std::string claim_names() {
  std::string names;
  for (const auto& entry : catalog()) {
    if (entry.info.step) continue;
    if (!names.empty()) names += ", ";
    names += entry.info.name;
  }
  return names + ", or a proof step (`uldp prove --steps` lists them)";
}

ClaimResult run_claim(std::string_view name, const ProofOptions& options) {
  const CatalogEntry* entry = find_entry(name);
  if (entry == nullptr) {
    throw InvalidArgument("unknown claim '" + std::string(name) +
                          "'; valid claims: " + claim_names());
  }
  ClaimResult result;
  result.info = entry->info;
  result.solvers = options.solvers;
  const internal::SolverScope scope(options.solvers, options.limits);
  const auto start = std::chrono::steady_clock::now();
  result.queries = entry->run(options.limits.z3_wall_clock_ms);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  bool all_proved = !result.queries.empty();
  bool any_refuted = false;
  bool any_disagreement = false;
  for (const auto& q : result.queries) {
    all_proved = all_proved && q.status == ProofStatus::kProved;
    any_refuted = any_refuted || q.status == ProofStatus::kRefuted;
    any_disagreement = any_disagreement || q.status == ProofStatus::kDisagreement;
  }
  result.status = any_disagreement ? ProofStatus::kDisagreement
                  : any_refuted    ? ProofStatus::kRefuted
                  : all_proved     ? ProofStatus::kProved
                                   : ProofStatus::kUnknown;
  result.scope = scope_of(result);
  result.coq = coq_check(result.info);
  return result;
}

std::vector<ClaimResult> run_all_claims(const ProofOptions& options) {
  std::size_t count = 0;
  for (const auto& entry : catalog()) count += entry.info.step ? 0 : 1;
  std::vector<ClaimResult> results;
  ProgressTask progress("proving claims", count);
  for (const auto& entry : catalog()) {
    if (entry.info.step) continue;
    results.push_back(run_claim(entry.info.name, options));
    progress.advance();
  }
  return results;
}

std::vector<ClaimResult> run_all_steps(const ProofOptions& options) {
  // The steps are independent: two threads (each its own Z3 contexts and cvc5 processes), the
  // results in catalog order whatever the schedule.
  std::vector<std::string> names;
  for (const auto& entry : catalog()) {
    if (entry.info.step) names.push_back(entry.info.name);
  }
  std::vector<ClaimResult> results(names.size());
  std::atomic<std::size_t> next{0}, done{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  ProgressTask progress("proving proof steps", names.size());
  // Both threads take the next step in turn; only the calling thread reports progress.
  const auto work = [&](bool reports_progress) {
    for (std::size_t i; (i = next++) < names.size();) {
      try {
        results[i] = run_claim(names[i], options);
      } catch (...) {
        const std::lock_guard<std::mutex> lock(failure_mutex);
        if (!failure) failure = std::current_exception();
        next = names.size();
      }
      ++done;
      if (reports_progress) progress.set_done(done);
    }
  };
  std::thread helper(work, false);
  work(true);
  helper.join();
  if (failure) std::rethrow_exception(failure);
  return results;
}

}  // namespace uldp::verify
