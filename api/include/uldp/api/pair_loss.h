// The per-pair privacy loss workflow: L(x, x') = max_y Q(y|x) / Q(y|x') for every ordered pair of
// inputs of a matrix or a registry mechanism, over every output or over Y_P, exactly, with the
// output attaining each (uldp/forms/pair_loss.h), and the per-pair notions decided on them. What
// api::check calls for `uldp check --pairs` and the notions; one JSON writer and one text renderer.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "uldp/api/check_subject.h"
#include "uldp/api/index_selection.h"
#include "uldp/api/reference_arguments.h"
#include "uldp/forms/input_discriminative.h"
#include "uldp/forms/metric_privacy.h"
#include "uldp/forms/pair_loss.h"
#include "uldp/forms/personalized_ldp.h"

namespace uldp::api {

/// The per-pair notions decided on the losses, each over every output.
struct PairNotions {
  /// ID-LDP with one budget per input.
  std::optional<InputBudgets> input_budgets;
  std::string input_budgets_name = "id_exp_eps";  ///< how errors name the budgets
  /// Metric LDP, on a grid or with a distance matrix.
  std::optional<MetricBudget> metric;
  std::string metric_name = "the given distances";  ///< how the text names a distance matrix
  /// Context-aware LDP with a k x k matrix of e^ε bounds.
  std::optional<PairBudgetMatrix> pair_budgets;
  std::string pair_budgets_name = "pair_budgets";  ///< how errors name the matrix
  /// Personalized LDP with these safe regions.
  std::optional<std::vector<SafeRegion>> safe_regions;
  bool any() const { return input_budgets || metric || pair_budgets || safe_regions; }
};

struct PairLossRequest {
  explicit PairLossRequest(CheckSubject checked) : subject(std::move(checked)) {}

  CheckSubject subject;
  /// Restrict to Y_P: output indices (dense) or the bits that are 0 (per-bit); none: every output
  /// (which every notion needs).
  std::optional<IndexSelection> outputs;
  PairNotions notions;
  /// Accept, in every notion, a pair whose loss is within its bound times 1 + T (the rounding of a
  /// floating-point matrix, as check's tolerance accepts ULDP ratios up to e^ε (1 + T)); the
  /// exact verdicts stay beside. An exact rational in [0, 1/10] (validate_tolerance).
  std::optional<Rational> tolerance;
  /// How the caller wrote the tolerance ("1e-8"); empty: its exact value.
  std::string tolerance_text;
};

/// "4x3" (width x height) as a grid; throws InvalidArgument "NAME: ..." otherwise.
std::pair<std::size_t, std::size_t> parse_grid(const std::string& text, const std::string& name);

/// A file a per-pair notion reads: a path ("-": standard input) or, when `text` is given, text held
/// in memory (Python's matrices and lists) that errors name by `path`.
struct NotionFile {
  std::string path;
  std::optional<std::string> text;
};

/// The per-pair notions as a caller writes them (text as typed), read in one place for the command
/// line and Python: which go together, the budgets, the grid, the files. Errors name each argument
/// by its keyword ("id_exp_eps[1]: ..."), or by its flag ("--id-exp-eps[1]: ...") when `flags`;
/// errors in a file name the file, line and column.
struct PairNotionArguments {
  std::optional<std::string> id_exp_eps, id_eps, id_combine;
  /// manhattan or euclidean (with grid), or the path of a distance matrix file.
  std::optional<std::string> metric;
  std::optional<std::string> grid, eps_per_unit, exp_eps_per_unit;
  /// A distance matrix in memory, in place of a metric (Python's metric=[[...]]).
  std::optional<NotionFile> distances;
  std::optional<NotionFile> pair_budgets, safe_regions;
  bool flags = false;
  /// The notions, read; throws InvalidArgument for arguments that do not go together or do not
  /// read, InputError for a file that does not read.
  PairNotions notions() const;
};

/// The per-pair notion a registry mechanism claims of itself, decided beside any asked for: the
/// geometric mechanisms' metric LDP (on their grid, at their budget per unit); none for every other
/// subject. add_claimed_notions sets it when no metric is asked for.
std::optional<MetricBudget> claimed_metric(const CheckSubject& subject);

/// The per-input budgets a registry mechanism claims MinID-LDP at: IDUE's; none for every other
/// subject. add_claimed_notions sets them when no input budgets are asked for.
std::optional<InputBudgets> claimed_input_budgets(const CheckSubject& subject);
/// Whether the subject claims a per-pair notion of itself (claimed_metric, claimed_input_budgets):
/// `check` then reads the pair losses to decide it.
bool claims_pair_notion(const CheckSubject& subject);
/// Adds the subject's own per-pair claim to `notions` where no notion of its kind is asked for;
/// throws InvalidArgument naming `outputs` (--protected) when the losses are restricted to them,
/// since the claim bounds every output.
void add_claimed_notions(const CheckSubject& subject, const std::optional<IndexSelection>& outputs,
                         PairNotions& notions);

/// `check`'s mechanism flags that also parametrise a notion: the grid and budget per unit name a
/// mechanism's own parameters when its entry takes them (the geometric mechanism), and then the
/// metric notion's too when a metric is asked for; the per-input budgets name IDUE's, and
/// ID-LDP's too when a combination is asked for. For any other subject they are the notion's alone
/// (moved from `mechanism` to `notions`).
void route_notion_parameters(MechanismParameters& mechanism, PairNotionArguments& notions);
/// The sharing half of route_notion_parameters, also for a caller whose notion arguments are given
/// apart from the mechanism's (Python's check of a registry Mechanism): the mechanism's own grid
/// and budget per unit become the metric notion's when a metric is asked for, its per-input
/// budgets ID-LDP's when a combination is asked for, each only where the notion has none.
void share_notion_parameters(const MechanismParameters& mechanism, PairNotionArguments& notions);

/// What a list of per-input budgets holds: t = e^ε or ε.
enum class BudgetUnit { kExpEps, kEps };
/// "3,2,5/2" (exact rationals or decimals, comma-separated) as budgets; throws InvalidArgument
/// "NAME[i]: ..." naming the entry that is no budget.
std::vector<PrivacyBudget> parse_budget_list(const std::string& text, BudgetUnit unit,
                                             const std::string& name);

struct PairLossResult {
  std::string subject;  ///< "built-in urr", "m.csv"
  std::string outputs;  ///< "every output", "Y_P = {0-3}", "Y_P = {y : y_j = 0 for j in {...}}"
  std::string form;     ///< "dense", "per-bit product" (never lists the 2^k outputs)
  PairLossMatrix losses{0};
  /// The largest loss over pairs x != x' and a pair attaining it (none with one input).
  std::optional<std::pair<std::size_t, std::size_t>> largest;
  /// With input budgets: the ID-LDP verdict and how the pair budgets combine.
  std::optional<PairBoundVerdict> input_discriminative;
  IdCombine combine = IdCombine::kMin;
  /// With a metric: the metric LDP verdict, and the metric as asked ("manhattan on 2x2,
  /// eps = 0.7 per unit", "the distances in d.csv, t = 2 per unit").
  std::optional<PairBoundVerdict> metric_verdict;
  std::string metric;
  /// With a pair budget matrix: the context-aware LDP verdict.
  std::optional<PairBoundVerdict> context_verdict;
  /// With safe regions: the personalized LDP verdict, and how many regions.
  std::optional<PairBoundVerdict> personalized_verdict;
  std::size_t safe_regions = 0;
  /// The tolerance every notion was decided with, as the caller wrote it (none: exact).
  std::optional<Rational> tolerance;
  std::string tolerance_text;
  /// Every notion asked for holds, exactly or within the tolerance (none asked: true).
  bool holds() const {
    for (const auto* v :
         {&input_discriminative, &metric_verdict, &context_verdict, &personalized_verdict}) {
      if (*v && !(*v)->accepted()) return false;
    }
    return true;
  }
};

/// A class-structured form is read on its dense expansion (refused beyond the dense limits);
/// throws InvalidArgument for output indices outside the form, budgets that are not one per
/// input, and budgets with an output set.
PairLossResult pair_losses(const PairLossRequest& request);

/// {"subject", "outputs", "form", "inputs", "ratios": [[exact text or "inf"; null where x gives
/// no output of the set]], "attained_at": [[output label or null]], "largest": {"x", "x_prime",
/// "exp_eps", "output"} or null, "id_ldp": {"combine", "holds", "violation", "tightest"} or null,
/// "metric_ldp": {"metric", "holds", "violation", "tightest"} or null, "context_ldp": {"holds",
/// "violation", "tightest"} or null, "pldp": {"safe_regions", "holds", "violation", "tightest"}
/// or null,
/// each pair {"x", "x_prime", "loss", "output", "bound", "loss_share" (double, above 1 exactly when
/// "exceeds"), "exceeds", "loss_share_excess_bounds" ([lower, upper] exact: L / bound - 1),
/// "loss_share_excess" ("+5.95e-10", "-3.33e-1"; absent when the bounds meet 0)}}; with a tolerance
/// each verdict also has "tolerance" (exact), "holds_within_tolerance", "pairs_within_tolerance"
/// and "beyond_tolerance" (the first pair over its bound times 1 + T, or null).
nlohmann::json to_json(const PairLossResult& result);
/// The matrix, row x and column x', readable numbers (exact with --exact), then the largest pair,
/// then notion_verdict_lines one a line.
std::string to_text(const PairLossResult& result);

/// One decided notion's verdict for people: whether it holds (exactly or within the tolerance)
/// and its line, "metric LDP, manhattan on 3x2, t = 2 per unit: FAILS; first violated by ...".
struct NotionVerdictLine {
  bool accepted = true;
  std::string text;
};
/// The decided notions' lines, in to_text's order: ID-LDP, context-aware, metric, personalized.
std::vector<NotionVerdictLine> notion_verdict_lines(const PairLossResult& result);

}  // namespace uldp::api
