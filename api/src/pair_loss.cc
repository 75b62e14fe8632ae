// The per-pair loss workflow: the subject's exact form, its per-pair losses, their rendering.
#include "uldp/api/pair_loss.h"

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <tuple>
#include <utility>
#include <vector>

#include "uldp/api/render.h"
#include "uldp/error.h"
#include "uldp/forms/tolerance.h"
#include "uldp/input_limits.h"
#include "uldp/io/distance_matrix_reader.h"
#include "uldp/io/input_text.h"
#include "uldp/io/pair_budgets_reader.h"
#include "uldp/io/safe_regions_reader.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/registry.h"

namespace uldp::api {
namespace {

struct Subject {
  std::string name;
  ExactForm form;
  std::optional<MechanismSpec> spec;  ///< a built-in's, to expand a class form that must be
};

Subject subject_of(const CheckSubject& subject) {
  return std::visit(
      Overloaded{[](const MatrixSubject& s) -> Subject {
                   return std::visit(
                       Overloaded{[&](const MatrixFile& m) -> Subject {
                                    return {s.source, DenseForm{m.matrix, {}}, std::nullopt};
                                  },
                                  [&](const BitProductFile& f) -> Subject {
                                    return {s.source, BitProductForm{f.q, {}}, std::nullopt};
                                  }},
                       s.file);
                 },
                 [](const MechanismSubject& s) -> Subject {
                   return {"built-in " + std::string(entry_of(s.spec).name),
                           exact_form(s.spec, s.form), s.spec};
                 }},
      subject);
}

// The limits of one run (measured: 1e6 pairs of a per-bit rappor at k = 1000 took 0.7 GB and 4 s;
// the dense rr at k = 200, 8e6 ratio comparisons, 1.7 s): at most 2^20 pairs (k <= 1024), and for
// a dense form at most 2^28 comparisons (about a minute).
constexpr std::size_t kMaxPairs = std::size_t{1} << 20;
constexpr std::size_t kMaxPairComparisons = std::size_t{1} << 28;

void require_affordable(std::size_t inputs, std::size_t outputs) {
  if (inputs > kMaxPairInputs || inputs * inputs > kMaxPairs) {
    throw InvalidArgument("pairs: " + std::to_string(inputs) + " inputs give " +
                          std::to_string(inputs * inputs) + " pairs, more than the limit of " +
                          std::to_string(kMaxPairs) + " (k <= 1024)");
  }
  if (inputs * inputs * outputs > kMaxPairComparisons) {
    throw InvalidArgument(
        "pairs: " + std::to_string(inputs) + "^2 pairs x " + std::to_string(outputs) +
        " outputs = " + std::to_string(inputs * inputs * outputs) +
        " exact comparisons, more than the limit of " + std::to_string(kMaxPairComparisons));
  }
}

// Whether the exact rule bracketed L / bound - 1 (a finite loss against a finite bound).
bool has_excess_bracket(const PairAgainstBudget& p) {
  return p.excess_lower != 0 || p.excess_upper != 0;
}

nlohmann::json pair_json(const PairAgainstBudget& p) {
  nlohmann::json j = {
      {"x", p.x},
      {"x_prime", p.x_prime},
      {"loss", p.loss.ratio.to_string()},
      {"output", p.loss.output ? nlohmann::json(*p.loss.output) : nlohmann::json(nullptr)},
      {"bound", p.bound},
      {"loss_share", p.loss_share},
      {"exceeds", p.exceeds}};
  if (has_excess_bracket(p)) {
    // L / bound - 1 between two exact rationals (certified), and rounded to 3 digits unless the
    // bounds meet 0 (a loss at its bound, to 2^-1100).
    j["loss_share_excess_bounds"] = {to_string(p.excess_lower), to_string(p.excess_upper)};
    if (p.excess_lower > 0 || p.excess_upper < 0) {
      const std::string excess = scientific(RealBracket{p.excess_lower, p.excess_upper});
      j["loss_share_excess"] = p.exceeds ? "+" + excess : excess;
    }
  }
  return j;
}

// The share of its bound a pair uses: "66.7 % of it", "149 % of it" (rounded; a margin gets
// as many digits as keep it from reading 100 %), or for a pair over its bound by less than 0.5 %
// the excess, which no rounding hides: "exceeds it by a factor 1 + 5.95e-10".
std::string share_text(const PairAgainstBudget& p) {
  if (!has_excess_bracket(p)) {  // an unbounded pair (0 %) or an infinite loss
    return p.exceeds ? "exceeds it" : decimal_text(100 * p.loss_share, 3) + " % of it";
  }
  const RealBracket percent{100 * (1 + p.excess_lower), 100 * (1 + p.excess_upper)};
  if (p.exceeds) {  // "149 % of it", but never a rounded "100 %"
    const std::string share = decimal_text(percent, 3);
    if (share != "100") return share + " % of it";
    return "exceeds it by a factor 1 + " + scientific(RealBracket{p.excess_lower, p.excess_upper});
  }
  std::string share;
  for (int digits = 3; digits <= 17; ++digits) {
    share = decimal_text(percent, digits);
    if (share != "100") break;
  }
  return share + " % of it";
}

std::string pair_text(const PairAgainstBudget& p) {
  std::ostringstream out;
  out << "L(" << p.x << ", " << p.x_prime << ") = " << readable(p.loss.ratio);
  if (p.loss.output) out << " at y = " << *p.loss.output;
  out << " against " << p.bound << " (" << share_text(p) << ")";
  return out.str();
}

struct NotionText {
  std::string text;
  std::string source;       ///< how errors name it
  TextPositions positions;  ///< a file's lines and columns, or the indices of a list in memory
};

NotionText read_notion_file(const NotionFile& file, const std::string& what) {
  if (file.text) {
    require_input_size(file.text->size(), file.path);
    return {*file.text, file.path, TextPositions::kIndices};
  }
  return {read_input_text(file.path, what), file.path == "-" ? "<stdin>" : file.path,
          TextPositions::kLineColumn};
}

}  // namespace

std::vector<PrivacyBudget> parse_budget_list(const std::string& text, BudgetUnit unit,
                                             const std::string& name) {
  std::vector<PrivacyBudget> budgets;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string entry =
        text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const std::string where = name + "[" + std::to_string(budgets.size()) + "]";
    const Rational value = parse_rational(entry, where);
    budgets.push_back(unit == BudgetUnit::kExpEps
                          ? PrivacyBudget::from_exp_eps(value, where.c_str())
                          : PrivacyBudget::from_epsilon(value, 64, where.c_str()));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return budgets;
}

std::pair<std::size_t, std::size_t> parse_grid(const std::string& text, const std::string& name) {
  const std::size_t x = text.find('x');
  const auto whole = [&](const std::string& part) -> std::size_t {
    if (part.empty() || part.size() > 6 ||
        part.find_first_not_of("0123456789") != std::string::npos)
      throw InvalidArgument(name + ": '" + message_excerpt(text) +
                            "' is not WIDTHxHEIGHT (e.g. 4x3, each at most 999999)");
    return std::stoul(part);
  };
  if (x == std::string::npos) whole("");
  return {whole(text.substr(0, x)), whole(text.substr(x + 1))};
}

std::optional<MetricBudget> claimed_metric(const CheckSubject& subject) {
  const auto* mechanism = std::get_if<MechanismSubject>(&subject);
  if (!mechanism) return std::nullopt;
  if (const auto* euclidean = std::get_if<GeometricEuclideanSpec>(&mechanism->spec.kind)) {
    return MetricBudget{GridDistance{euclidean->width, euclidean->height, GridMetric::kEuclidean},
                        euclidean->euclidean_per_unit};
  }
  const auto* geometric = std::get_if<GeometricSpec>(&mechanism->spec.kind);
  if (!geometric) return std::nullopt;
  return MetricBudget{GridDistance{geometric->width, geometric->height, GridMetric::kManhattan},
                      geometric->per_unit};
}

std::optional<InputBudgets> claimed_input_budgets(const CheckSubject& subject) {
  const auto* mechanism = std::get_if<MechanismSubject>(&subject);
  if (!mechanism) return std::nullopt;
  const auto* idue = std::get_if<IdueSpec>(&mechanism->spec.kind);
  if (!idue) return std::nullopt;
  return InputBudgets{idue->input_budgets, IdCombine::kMin};
}

bool claims_pair_notion(const CheckSubject& subject) {
  return claimed_metric(subject) || claimed_input_budgets(subject);
}

namespace {

// The registry entry a mechanism's parameters name; none for the PUM or no mechanism.
const MechanismEntry* entry_named(const MechanismParameters& mechanism) {
  return !mechanism.name.empty() && !mechanism.personalized()
             ? &find_mechanism(mechanism.name, "mechanism")
             : nullptr;
}

}  // namespace

void share_notion_parameters(const MechanismParameters& mechanism, PairNotionArguments& notions) {
  const MechanismEntry* entry = entry_named(mechanism);
  if (!entry) return;
  const auto text = [&](std::string_view keyword) -> std::optional<std::string> {
    const std::string* given = mechanism.text(keyword);
    return given ? std::optional<std::string>(*given) : std::nullopt;
  };
  // What the notion was given stays its own; what it lacks is the mechanism's.
  if (entry->takes(kGridParameter.declaration) != Takes::kNo && notions.metric) {
    // the mechanism's grid (for a grid metric) and budget per unit are the notion's
    if (!notions.grid && (*notions.metric == "manhattan" || *notions.metric == "euclidean"))
      notions.grid = text("grid");
    if (!notions.eps_per_unit && !notions.exp_eps_per_unit) {
      notions.eps_per_unit = text("eps_per_unit");
      notions.exp_eps_per_unit = text("exp_eps_per_unit");
    }
  }
  if (entry->takes(kInputBudgetsParameter.declaration) != Takes::kNo && notions.id_combine &&
      !notions.id_eps && !notions.id_exp_eps) {
    // ID-LDP combined as asked, at the mechanism's budgets
    notions.id_eps = text("id_eps");
    notions.id_exp_eps = text("id_exp_eps");
  }
}

void route_notion_parameters(MechanismParameters& mechanism, PairNotionArguments& notions) {
  const MechanismEntry* entry = entry_named(mechanism);
  const auto take = [&](std::string_view keyword) -> std::optional<std::string> {
    const auto it = mechanism.given.find(keyword);
    if (it == mechanism.given.end()) return std::nullopt;
    std::string text = std::move(it->second);
    mechanism.given.erase(it);
    return text;
  };
  if (!entry || entry->takes(kGridParameter.declaration) == Takes::kNo) {
    notions.grid = take("grid");
    notions.eps_per_unit = take("eps_per_unit");
    notions.exp_eps_per_unit = take("exp_eps_per_unit");
  }
  if (!entry || entry->takes(kInputBudgetsParameter.declaration) == Takes::kNo) {
    notions.id_eps = take("id_eps");
    notions.id_exp_eps = take("id_exp_eps");
  }
  share_notion_parameters(mechanism, notions);
}

void PairNotionArguments::apply_to(PairLossRequest& request) const {
  const auto name = [&](std::string keyword) {
    if (!flags) return keyword;
    for (char& c : keyword) c = c == '_' ? '-' : c;
    return "--" + keyword;
  };
  if (id_exp_eps && id_eps) {
    throw InvalidArgument(name("id_eps") + ": give the budgets as " + name("id_exp_eps") +
                          " or as " + name("id_eps") + ", not both");
  }
  if (id_combine && !id_exp_eps && !id_eps) {
    throw InvalidArgument(name("id_combine") + ": goes with " + name("id_exp_eps") + " or " +
                          name("id_eps"));
  }
  const bool grid_metric = metric && (*metric == "manhattan" || *metric == "euclidean");
  const bool any_metric = metric || distances;
  if (!any_metric && (grid || eps_per_unit || exp_eps_per_unit)) {
    throw InvalidArgument(name(grid           ? "grid"
                               : eps_per_unit ? "eps_per_unit"
                                              : "exp_eps_per_unit") +
                          ": goes with " + name("metric"));
  }
  if (any_metric && eps_per_unit.has_value() == exp_eps_per_unit.has_value()) {
    throw InvalidArgument(name("metric") + ": needs one of " + name("eps_per_unit") + " or " +
                          name("exp_eps_per_unit"));
  }
  if (grid_metric && !grid) {
    throw InvalidArgument(name("metric") + ": " + *metric + " needs " + name("grid") + " (WxH)");
  }
  if (metric && !grid_metric && grid) {
    std::error_code error;
    if (std::filesystem::is_regular_file(*metric, error)) {  // a distance file with a grid
      throw InvalidArgument(name("grid") +
                            ": goes with manhattan or euclidean; a distance matrix has its own "
                            "inputs");
    }
    parse_grid_metric(*metric, name("metric"));  // else a grid needs a grid metric: name it
  }
  if (distances && grid) {
    throw InvalidArgument(name("grid") +
                          ": goes with manhattan or euclidean; a distance matrix has its own "
                          "inputs");
  }
  if (id_exp_eps || id_eps) {
    const std::string list = name(id_exp_eps ? "id_exp_eps" : "id_eps");
    InputBudgets budgets;
    budgets.per_input =
        parse_budget_list(id_exp_eps ? *id_exp_eps : *id_eps,
                          id_exp_eps ? BudgetUnit::kExpEps : BudgetUnit::kEps, list);
    if (id_combine) budgets.combine = parse_id_combine(*id_combine, name("id_combine"));
    request.input_budgets = std::move(budgets);
    request.input_budgets_name = list;
  }
  if (any_metric) {
    MetricBudget m;
    if (grid_metric) {
      GridDistance g;
      std::tie(g.width, g.height) = parse_grid(*grid, name("grid"));
      g.metric = parse_grid_metric(*metric, name("metric"));
      m.distance = g;
    } else {
      NotionText file;
      try {
        file =
            read_notion_file(distances ? *distances : NotionFile{*metric, {}}, "a distance matrix");
      } catch (const InputError& e) {  // a misspelt metric reads as a file that is not there
        if (distances) throw;
        throw InvalidArgument(
            name("metric") + ": '" + message_excerpt(*metric) +
            "' is not manhattan or euclidean, and as a distance file: " + e.what());
      }
      m.distance = parse_distance_matrix(file.text, file.source, file.positions);
      request.metric_name = distances ? "the given distances" : "the distances in " + file.source;
    }
    m.per_unit = *parse_budget_pair(eps_per_unit, exp_eps_per_unit, name("eps_per_unit"),
                                    name("exp_eps_per_unit"));  // exactly one: checked above
    request.metric = std::move(m);
  }
  if (!request.input_budgets) {
    request.input_budgets = claimed_input_budgets(request.subject);
    if (request.input_budgets) {
      request.input_budgets_name =
          name(request.input_budgets->per_input.front().epsilon() ? "id_eps" : "id_exp_eps");
      if (request.outputs) {
        throw InvalidArgument(name("protected") +
                              ": IDUE's claim, MinID-LDP, bounds every output; check it without "
                              "protected outputs");
      }
    }
  }
  if (!request.metric) {
    request.metric = claimed_metric(request.subject);
    if (request.metric && request.outputs) {
      throw InvalidArgument(name("protected") +
                            ": the geometric mechanism's claim, metric LDP, bounds every output; "
                            "check it without protected outputs");
    }
  }
  if (pair_budgets) {
    const NotionText file = read_notion_file(*pair_budgets, "a pair budgets file");
    request.pair_budgets = parse_pair_budgets(file.text, file.source, file.positions);
    request.pair_budgets_name =
        pair_budgets->text ? file.source : name("pair_budgets") + ": " + file.source;
  }
  if (safe_regions) {
    const NotionText file = read_notion_file(*safe_regions, "a safe regions file");
    request.safe_regions = parse_safe_regions(file.text, file.source, file.positions);
  }
}

PairLossResult pair_losses(const PairLossRequest& request) {
  Subject subject = subject_of(request.subject);
  PairLossResult result;
  result.subject = subject.name;
  if (request.tolerance) {
    result.tolerance =
        validate_tolerance(*request.tolerance, to_string(*request.tolerance), "tolerance");
    result.tolerance_text = request.tolerance_text.empty()
                                ? to_string(*request.tolerance)
                                : message_excerpt(request.tolerance_text);
  }
  result.outputs = "every output";
  // A class-structured form whose columns are symmetric within input classes is read class by
  // class over every output; any other (uHR), or one restricted to chosen outputs, on its dense
  // expansion (within the dense limits: uRR lists k outputs, uHR its columns and X_N).
  if (const auto* f = std::get_if<ClassForm>(&subject.form)) {
    if (request.outputs || f->q.symmetry() != ColumnSymmetry::kWithinInputClasses) {
      subject.form = exact_form(*subject.spec, FormChoice::kDense);
    }
  }
  // The geometric mechanisms over every output: axis by axis (Q = G_H ⊗ G_W), the same losses and
  // outputs as the dense reading without its k^3 comparisons.
  const GeometricSpec* geometric = nullptr;
  if (subject.spec && !request.outputs) {
    geometric = std::visit(
        [](const auto& p) -> const GeometricSpec* {
          if constexpr (std::is_base_of_v<GeometricSpec, std::decay_t<decltype(p)>>) {
            return &p;
          } else {
            return nullptr;
          }
        },
        subject.spec->kind);
  }
  std::visit(Overloaded{[&](const DenseForm& f) {
                          if (geometric) {
                            result.form = "dense, read axis by axis (Q = G_H x G_W)";
                            result.losses = geometric_pair_losses(
                                geometric->width, geometric->height, geometric->per_unit.exp_eps());
                            return;
                          }
                          std::optional<IndexSet> outputs;
                          if (request.outputs) {
                            outputs = request.outputs->resolve(f.q.num_outputs());
                            result.outputs = "Y_P = {" + outputs->to_string() + "}";
                          }
                          result.form = "dense";
                          require_affordable(f.q.num_inputs(), f.q.num_outputs());
                          result.losses = uldp::pair_losses(f.q, outputs);
                        },
                        [&](const BitProductForm& f) {
                          std::optional<IndexSet> zero;
                          if (request.outputs) {
                            zero = request.outputs->resolve(f.q.k());
                            result.outputs =
                                "Y_P = {y : y_j = 0 for j in {" + zero->to_string() + "}}";
                          }
                          result.form = "per-bit product";
                          require_affordable(f.q.k(), 1);
                          result.losses = uldp::pair_losses(f.q, zero);
                        },
                        [&](const ClassForm& f) {
                          result.form = "class-structured (symmetric within input classes)";
                          require_affordable(f.q.num_inputs(), 1);
                          result.losses = uldp::pair_losses(f.q, false);
                        }},
             subject.form);
  const std::size_t k = result.losses.inputs();
  if (request.input_budgets) {
    if (request.outputs) {
      throw InvalidArgument("id budgets: ID-LDP bounds every output; not with protected outputs");
    }
    if (request.input_budgets->per_input.size() != k) {
      throw InvalidArgument(request.input_budgets_name + ": " +
                            std::to_string(request.input_budgets->per_input.size()) +
                            " budgets for " + std::to_string(k) + " inputs");
    }
    result.input_discriminative =
        check_input_discriminative(result.losses, *request.input_budgets, result.tolerance);
    result.combine = request.input_budgets->combine;
  }
  if (request.pair_budgets) {
    if (request.outputs) {
      throw InvalidArgument(
          "pair budgets: context-aware LDP bounds every output; not with "
          "protected outputs");
    }
    const PairBudgetMatrix& b = *request.pair_budgets;
    bool square = b.size() == k;
    for (const auto& row : b) square = square && row.size() == k;
    if (!square) {
      throw InvalidArgument(request.pair_budgets_name + ": a " + std::to_string(b.size()) + " x " +
                            std::to_string(b.empty() ? 0 : b.front().size()) + " matrix for " +
                            std::to_string(k) + " inputs (it must be k x k)");
    }
    result.context_verdict = check_context_aware(result.losses, b, result.tolerance);
  }
  if (request.metric) {
    if (request.outputs) {
      throw InvalidArgument("metric: metric LDP bounds every output; not with protected outputs");
    }
    result.metric_verdict = check_metric_privacy(result.losses, *request.metric, result.tolerance);
    result.metric = describe(*request.metric, request.metric_name);
  }
  if (request.safe_regions) {
    if (request.outputs) {
      throw InvalidArgument(
          "safe regions: personalized LDP bounds every output; not with protected outputs");
    }
    result.personalized_verdict =
        check_personalized(result.losses, *request.safe_regions, result.tolerance);
    result.safe_regions = request.safe_regions->size();
  }
  for (std::size_t x = 0; x < k; ++x) {
    for (std::size_t x_prime = 0; x_prime < k; ++x_prime) {
      if (x == x_prime) continue;
      if (!result.largest || result.losses.at(result.largest->first, result.largest->second).ratio <
                                 result.losses.at(x, x_prime).ratio) {
        result.largest = {x, x_prime};
      }
    }
  }
  return result;
}

nlohmann::json to_json(const PairLossResult& result) {
  const std::size_t k = result.losses.inputs();
  nlohmann::json ratios = nlohmann::json::array(), attained = nlohmann::json::array();
  for (std::size_t x = 0; x < k; ++x) {
    nlohmann::json row = nlohmann::json::array(), outputs = nlohmann::json::array();
    for (std::size_t x_prime = 0; x_prime < k; ++x_prime) {
      const PairLoss& loss = result.losses.at(x, x_prime);
      row.push_back(loss.output ? nlohmann::json(loss.ratio.to_string()) : nlohmann::json(nullptr));
      outputs.push_back(loss.output ? nlohmann::json(*loss.output) : nlohmann::json(nullptr));
    }
    ratios.push_back(std::move(row));
    attained.push_back(std::move(outputs));
  }
  nlohmann::json largest = nullptr;
  if (result.largest) {
    const PairLoss& loss = result.losses.at(result.largest->first, result.largest->second);
    largest = {{"x", result.largest->first},
               {"x_prime", result.largest->second},
               {"exp_eps", loss.ratio.to_string()},
               {"output", loss.output ? nlohmann::json(*loss.output) : nlohmann::json(nullptr)}};
  }
  // A notion's verdict, with what names its setting first (null when not asked).
  const auto verdict = [](const std::optional<PairBoundVerdict>& v, const char* key,
                          nlohmann::json setting) -> nlohmann::json {
    if (!v) return nullptr;
    nlohmann::json j = {
        {"holds", v->holds},
        {"violation", v->violation ? pair_json(*v->violation) : nlohmann::json(nullptr)},
        {"tightest", v->tightest ? pair_json(*v->tightest) : nlohmann::json(nullptr)}};
    if (key) j[key] = std::move(setting);
    if (v->tolerance) {
      j["tolerance"] = to_string(*v->tolerance);
      j["holds_within_tolerance"] = v->accepted();
      j["pairs_within_tolerance"] = v->within_tolerance;
      j["beyond_tolerance"] =
          v->beyond_tolerance ? pair_json(*v->beyond_tolerance) : nlohmann::json(nullptr);
    }
    return j;
  };
  const nlohmann::json id =
      verdict(result.input_discriminative, "combine", id_combine_name(result.combine));
  const nlohmann::json metric = verdict(result.metric_verdict, "metric", result.metric);
  const nlohmann::json context = verdict(result.context_verdict, nullptr, nullptr);
  const nlohmann::json personalized =
      verdict(result.personalized_verdict, "safe_regions", result.safe_regions);
  return {{"subject", result.subject}, {"outputs", result.outputs},
          {"form", result.form},       {"inputs", k},
          {"ratios", ratios},          {"attained_at", attained},
          {"largest", largest},        {"id_ldp", id},
          {"metric_ldp", metric},      {"context_ldp", context},
          {"pldp", personalized}};
}

std::string to_text(const PairLossResult& result) {
  const std::size_t k = result.losses.inputs();
  std::ostringstream out;
  out << "per-pair loss L(x, x') = max_y Q(y|x) / Q(y|x') of " << result.subject << " ("
      << result.form << "), over " << result.outputs << "; row x, column x' ('-': x gives no "
      << "output of the set)\n";
  std::vector<std::vector<std::string>> cells(k, std::vector<std::string>(k));
  std::size_t width = std::to_string(k).size();
  for (std::size_t x = 0; x < k; ++x) {
    for (std::size_t x_prime = 0; x_prime < k; ++x_prime) {
      const PairLoss& loss = result.losses.at(x, x_prime);
      cells[x][x_prime] = loss.output ? readable(loss.ratio) : "-";
      width = std::max(width, cells[x][x_prime].size());
    }
  }
  auto cell = [&](const std::string& text) {
    return std::string(width + 2 - text.size(), ' ') + text;
  };
  out << std::string(std::to_string(k).size() + 2, ' ');
  for (std::size_t x_prime = 0; x_prime < k; ++x_prime) out << cell(std::to_string(x_prime));
  out << "\n";
  for (std::size_t x = 0; x < k; ++x) {
    const std::string label = std::to_string(x);
    out << "  " << std::string(std::to_string(k).size() - label.size(), ' ') << label;
    for (std::size_t x_prime = 0; x_prime < k; ++x_prime) out << cell(cells[x][x_prime]);
    out << "\n";
  }
  if (result.largest) {
    const PairLoss& loss = result.losses.at(result.largest->first, result.largest->second);
    out << "  largest: L(" << result.largest->first << ", " << result.largest->second
        << ") = " << readable(loss.ratio);
    if (loss.output) out << " at y = " << *loss.output;
    out << "\n";
  }
  const auto verdict = [&](const std::optional<PairBoundVerdict>& v, const std::string& notion) {
    if (!v) return;
    out << notion << ": ";
    if (v->holds) {
      out << "holds";
    } else if (v->accepted()) {  // every failing pair within its bound times 1 + T
      out << "holds within tolerance " << result.tolerance_text << " (exactly: FAILS, "
          << v->within_tolerance << " pair" << (v->within_tolerance == 1 ? "" : "s")
          << " over the bound by at most a factor 1 + " << result.tolerance_text << ")";
    } else {
      out << "FAILS";
      if (v->beyond_tolerance) {
        out << " beyond tolerance " << result.tolerance_text << " at "
            << pair_text(*v->beyond_tolerance);
      }
    }
    if (v->violation) out << "; first violated by " << pair_text(*v->violation);
    if (v->tightest) out << "; tightest pair " << pair_text(*v->tightest);
    out << "\n";
  };
  verdict(result.input_discriminative,
          "ID-LDP, r = " + std::string(id_combine_name(result.combine)) + " of the pair's budgets");
  verdict(result.context_verdict, "context-aware LDP, the given pair budgets");
  verdict(result.metric_verdict, "metric LDP, " + result.metric);
  verdict(result.personalized_verdict, "personalized LDP, " + std::to_string(result.safe_regions) +
                                           " safe region" + (result.safe_regions == 1 ? "" : "s"));
  return out.str();
}

}  // namespace uldp::api
