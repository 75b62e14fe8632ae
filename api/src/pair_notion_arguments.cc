// The per-pair notions as the command line and Python write them, read once into PairNotions.
#include <filesystem>
#include <tuple>
#include <utility>

#include "uldp/api/pair_loss.h"
#include "uldp/error.h"
#include "uldp/input_limits.h"
#include "uldp/io/distance_matrix_reader.h"
#include "uldp/io/input_text.h"
#include "uldp/io/pair_budgets_reader.h"
#include "uldp/io/safe_regions_reader.h"
#include "uldp/mechanisms/registry.h"

namespace uldp::api {
namespace {

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

PairNotions PairNotionArguments::notions() const {
  PairNotions read;
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
    read.input_budgets = std::move(budgets);
    read.input_budgets_name = list;
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
      read.metric_name = distances ? "the given distances" : "the distances in " + file.source;
    }
    m.per_unit = *parse_budget_pair(eps_per_unit, exp_eps_per_unit, name("eps_per_unit"),
                                    name("exp_eps_per_unit"));  // exactly one: checked above
    read.metric = std::move(m);
  }
  if (pair_budgets) {
    const NotionText file = read_notion_file(*pair_budgets, "a pair budgets file");
    read.pair_budgets = parse_pair_budgets(file.text, file.source, file.positions);
    read.pair_budgets_name =
        pair_budgets->text ? file.source : name("pair_budgets") + ": " + file.source;
  }
  if (safe_regions) {
    const NotionText file = read_notion_file(*safe_regions, "a safe regions file");
    read.safe_regions = parse_safe_regions(file.text, file.source, file.positions);
  }
  return read;
}

}  // namespace uldp::api
