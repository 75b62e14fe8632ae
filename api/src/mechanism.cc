#include "uldp/api/mechanism.h"

#include <sstream>

#include <nlohmann/json.hpp>

#include "uldp/error.h"
#include "uldp/io/json_text.h"
#include "uldp/io/matrix_writer.h"
#include "uldp/mechanisms/registry.h"

namespace uldp::api {
namespace {

// K, for the kinds whose parameters hold one block size (ubd, uss).
std::optional<std::size_t> block_of(const MechanismSpec& spec) {
  return std::visit(
      [](const auto& params) -> std::optional<std::size_t> {
        if constexpr (requires { params.block; }) {
          return params.block;
        } else {
          return std::nullopt;
        }
      },
      spec.kind);
}

struct BlockMixture {
  Rational sensitive_mass;
  std::vector<BlockWeight> weights;
};

// α and the weights of K, for the kinds whose parameters are a mixture of block sizes (ubd-opt).
std::optional<BlockMixture> block_mixture_of(const MechanismSpec& spec) {
  return std::visit(
      [](const auto& params) -> std::optional<BlockMixture> {
        if constexpr (requires { params.weights; }) {
          return BlockMixture{params.sensitive_mass, params.weights};
        } else {
          return std::nullopt;
        }
      },
      spec.kind);
}

nlohmann::json pum_json(const std::optional<PumCommonNote>& pum) {
  if (!pum) return nullptr;
  const std::size_t x_size = pum->sensitive_x.universe();
  nlohmann::json bots = nlohmann::json::array();
  for (std::size_t t = 0; t < pum->tags.size(); ++t)
    bots.push_back({{"tag", pum->tags[t]}, {"z", x_size + t}});
  return {{"x_size", x_size}, {"sensitive_x", pum->sensitive_x.indices()}, {"bots", bots}};
}

// What every JSON form starts with: the PUM note, the mechanism and its parameters.
nlohmann::json common_json(const MechanismDescription& d) {
  const MechanismSpec& spec = d.spec;
  nlohmann::json j;
  if (d.pum) j["pum"] = pum_json(d.pum);
  j["mechanism"] = entry_of(spec).name;
  j["k"] = spec.k;
  if (const auto budget = budget_of(spec)) {
    j["exp_eps"] = to_string(budget->exp_eps());
    if (budget->epsilon()) {
      j["eps"] = to_string(*budget->epsilon());
      j["exp_eps_rounding_error_bound"] = to_decimal(budget->rounding_error_bound(), 6);
    }
  }
  j["sensitive"] = spec.sensitive.indices();
  if (const auto theta = theta_of(spec)) j["theta"] = to_string(*theta);
  if (const auto block = block_of(spec)) j["block"] = *block;
  if (const auto mixture = block_mixture_of(spec)) {
    j["sensitive_mass"] = to_string(mixture->sensitive_mass);
    j["alpha"] = j["sensitive_mass"];  // the former key, written beside it (docs/cli.md)
    for (const BlockWeight& bw : mixture->weights)
      j["block_weights"].push_back({{"block", bw.block}, {"weight", to_string(bw.weight)}});
  }
  return j;
}

std::string bit_product_json(const MechanismDescription& d, const BitProductForm& form) {
  nlohmann::json j = common_json(d);
  j["structure"] = "bit_product";
  j["protected_zero_bits"] = form.protected_outputs.zero_bits.indices();
  nlohmann::json bits = nlohmann::json::array();
  for (const BitChannel& b : form.q.bits()) {
    bits.push_back(
        {{"one_if_on", to_string(b.one_if_on)}, {"one_if_off", to_string(b.one_if_off)}});
  }
  j["bits"] = std::move(bits);
  return json_text(j, 1) + "\n";
}

std::string bloom_json(const MechanismDescription& d, const BloomForm& form) {
  nlohmann::json j = common_json(d);
  j["structure"] = "bloom_filter";
  j["bits"] = form.q.bits();
  j["cohorts"] = form.q.cohorts();
  j["one_if_on"] = to_string(form.q.channel().one_if_on);
  j["one_if_off"] = to_string(form.q.channel().one_if_off);
  nlohmann::json filters = nlohmann::json::array();  // [cohort][input]: the Bloom bits
  for (std::size_t c = 0; c < form.q.cohorts(); ++c) {
    nlohmann::json row = nlohmann::json::array();
    for (std::size_t x = 0; x < form.q.num_inputs(); ++x) row.push_back(form.q.bloom_bits(c, x));
    filters.push_back(std::move(row));
  }
  j["bloom_bits"] = std::move(filters);
  return json_text(j, 1) + "\n";
}

std::string classes_json(const MechanismDescription& d, const ClassForm& form) {
  nlohmann::json j = common_json(d);
  j["structure"] = "classes";
  nlohmann::json inputs = nlohmann::json::array();
  for (const InputClass& c : form.q.input_classes()) {
    inputs.push_back({{"name", c.name}, {"members", c.members.to_string()}});
  }
  nlohmann::json outputs = nlohmann::json::array();
  for (const OutputClass& o : form.q.output_classes()) {
    nlohmann::json cells = nlohmann::json::array();
    for (const ColumnCell& cell : o.cells) {
      cells.push_back({{"input_class", form.q.input_classes()[cell.input_class].name},
                       {"members_per_column", cell.members},
                       {"probability", to_string(cell.probability)}});
    }
    outputs.push_back({{"name", o.name},
                       {"count", o.count.str()},
                       {"protected", o.is_protected},
                       {"cells", cells}});
  }
  j["input_classes"] = std::move(inputs);
  j["output_classes"] = std::move(outputs);
  return json_text(j, 1) + "\n";
}

std::string dense_text(const MechanismDescription& d, const DenseForm& form,
                       MechanismFormat format) {
  const DenseMechanism& q = form.q;
  const auto& labels = q.output_labels();
  if (format == MechanismFormat::kJson) {
    nlohmann::json j = common_json(d);
    j["outputs"] = labels;
    j["protected"] = form.protected_outputs.indices();
    j["Q"] = matrix_rows_json(q);
    return json_text(j) + "\n";
  }
  // "# header: yes" tells `uldp check` that the first row is labels: "0,1" or "0110" could be
  // data (or an exporter's bug), and the reader never guesses.
  if (format == MechanismFormat::kCsv) return matrix_csv(q);
  std::ostringstream out;
  if (d.pum) {
    const std::size_t x_size = d.pum->sensitive_x.universe();
    out << "PUM common mechanism Q_cmn over Z = X u {bots}: inputs 0.." << x_size - 1 << " are X";
    for (std::size_t t = 0; t < d.pum->tags.size(); ++t)
      out << ", " << x_size + t << " = bot " << d.pum->tags[t];
    out << "\n";
  }
  out << "Mechanism " << entry_of(d.spec).name << ", k = " << d.spec.k << ", "
      << budget_description(d.spec) << "\n";
  out << "X_S = {" << d.spec.sensitive.to_string() << "}, Y_P = {"
      << form.protected_outputs.to_string() << "}\n\n";
  out << matrix_markdown(q);
  return out.str();
}

}  // namespace

std::string matrix_markdown(const DenseMechanism& q) {
  std::ostringstream out;
  out << "| x \\ y |";
  for (const auto& l : q.output_labels()) out << ' ' << l << " |";
  out << "\n|---|";
  for (std::size_t y = 0; y < q.num_outputs(); ++y) out << "---|";
  out << "\n";
  for (std::size_t x = 0; x < q.num_inputs(); ++x) {
    out << "| " << x << " |";
    for (std::size_t y = 0; y < q.num_outputs(); ++y) out << ' ' << to_string(q(x, y)) << " |";
    out << "\n";
  }
  return out.str();
}

nlohmann::json matrix_rows_json(const DenseMechanism& q) {
  nlohmann::json rows = nlohmann::json::array();
  for (std::size_t x = 0; x < q.num_inputs(); ++x) {
    nlohmann::json row = nlohmann::json::array();
    for (std::size_t y = 0; y < q.num_outputs(); ++y) row.push_back(to_string(q(x, y)));
    rows.push_back(std::move(row));
  }
  return rows;
}

MechanismFormat mechanism_format(std::string_view text, const std::string& what) {
  if (text == "md") return MechanismFormat::kMarkdown;
  if (text == "csv") return MechanismFormat::kCsv;
  if (text == "json") return MechanismFormat::kJson;
  throw InvalidArgument(what + ": '" + message_excerpt(text) + "' is not md, csv or json");
}

MechanismDescription describe_mechanism(const MechanismRequest& request) {
  ExactForm form = exact_form(request.spec, request.form);
  if (request.form == FormChoice::kStructured && std::holds_alternative<DenseForm>(form)) {
    throw InvalidArgument(
        "structured: mechanism " + std::string(entry_of(request.spec).name) +
        " has only a dense form (rappor and urap are per-bit, rr and urr class-structured)");
  }
  return MechanismDescription{request.spec, request.pum, std::move(form)};
}

std::string render(const MechanismDescription& description, MechanismFormat format) {
  return std::visit(Overloaded{
                        [&](const DenseForm& f) { return dense_text(description, f, format); },
                        [&](const BitProductForm& f) { return bit_product_json(description, f); },
                        [&](const ClassForm& f) { return classes_json(description, f); },
                        [&](const BloomForm& f) { return bloom_json(description, f); },
                    },
                    description.form);
}

std::string render_registry(MechanismFormat format) {
  if (format == MechanismFormat::kJson) {
    nlohmann::json list = nlohmann::json::array();
    for (const MechanismEntry& e : mechanism_registry()) {
      list.push_back({{"name", e.name},
                      {"title", e.title},
                      {"reference", e.reference},
                      {"claim", claim_name(e.claim)},
                      {"protected_outputs", e.protected_outputs},
                      {"parameters", parameter_list(e, true)},
                      {"max_k", e.max_k},
                      {"proof", e.family_claim},
                      {"example", e.example}});
    }
    return json_text(nlohmann::json{{"mechanisms", list}}, 1) + "\n";
  }
  std::ostringstream out;
  out << "| name | mechanism | paper | claim | Y_P | parameters | Z3 proof | example |\n"
         "|---|---|---|---|---|---|---|---|\n";
  for (const MechanismEntry& e : mechanism_registry()) {
    out << "| " << e.name << " | " << e.title << " | " << e.reference << " | "
        << claim_name(e.claim) << " | " << e.protected_outputs << " | " << parameter_list(e, true)
        << " | " << (e.family_claim.empty() ? "-" : std::string(e.family_claim))
        << " | uldp mechanism " << e.name << " " << e.example << " |\n";
  }
  return out.str();
}

}  // namespace uldp::api
