// `uldp mechanism` as a workflow: a registered mechanism (or the PUM's common mechanism) in one of
// its exact forms, rendered as the command prints it, and the registry itself.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "uldp/mechanisms/exact_form.h"

namespace uldp::api {

/// What the data collector knows of a PUM: its common mechanism Q_cmn over Z = X ∪ bots (each
/// user's pre-processor stays secret); bot t is input x_size + t.
struct PumCommonNote {
  IndexSet sensitive_x;           ///< X_S over X (universe |X|)
  std::vector<std::string> tags;  ///< one bot per tag
};

enum class MechanismFormat { kMarkdown, kCsv, kJson };

/// "md", "csv", "json"; throws InvalidArgument naming `what` otherwise.
MechanismFormat mechanism_format(std::string_view text, const std::string& what = "format");

struct MechanismRequest {
  explicit MechanismRequest(MechanismSpec of) : spec(std::move(of)) {}

  MechanismSpec spec;
  std::optional<PumCommonNote> pum;  ///< set when spec is a PUM's common mechanism
  /// kStructured: the per-bit or class form (refused for a mechanism that has only a dense one);
  /// kDense: the matrix.
  FormChoice form = FormChoice::kDense;
};

struct MechanismDescription {
  MechanismSpec spec;
  std::optional<PumCommonNote> pum;
  ExactForm form;  ///< DenseForm for kDense; BitProductForm or ClassForm for kStructured
};

/// Builds the form; throws InvalidArgument ("structured: ...") when a structured form is asked of
/// a mechanism that has only a dense one, or naming k when the dense form is too large.
MechanismDescription describe_mechanism(const MechanismRequest& request);

/// The description as the command prints it: md (a table of Q; a structured form is JSON in every
/// format), csv (`uldp check --matrix` reads it back) or json.
std::string render(const MechanismDescription& description, MechanismFormat format);

/// Q as a markdown table (row x, column y labelled), exact entries.
std::string matrix_markdown(const DenseMechanism& q);
/// Q's rows as JSON arrays of exact text ("3/7").
nlohmann::json matrix_rows_json(const DenseMechanism& q);

/// The registry (`uldp mechanism --list`): a markdown table, or JSON {"mechanisms": [...]}.
std::string render_registry(MechanismFormat format);

}  // namespace uldp::api
