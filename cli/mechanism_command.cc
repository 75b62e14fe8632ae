// `uldp mechanism NAME --k K ...`: prints a registered mechanism's exact matrix (or its
// structured form); `uldp mechanism --list` prints the registry.
#include <iostream>
#include <memory>

#include "commands.h"
#include "mechanism_flags.h"
#include "uldp/error.h"
#include "uldp/io/matrix_writer.h"
#include "uldp/mechanisms/exact_form.h"

namespace uldp::cli {
namespace {

struct MechanismCommand {
  MechanismFlags flags;
  std::string format = "md";
  bool structured = false;
  bool list = false;
};

std::string takes_text(const MechanismEntry& e) {
  std::string s =
      e.fixed_k ? "k = " + std::to_string(*e.fixed_k) : "--k <= " + std::to_string(e.max_k);
  auto add = [&](Takes t, const char* flag) {
    if (t == Takes::kRequired) s += std::string(", ") + flag;
    if (t == Takes::kOptional) s += std::string(", [") + flag + "]";
  };
  add(e.sensitive, "--sensitive");
  add(e.budget, "--eps|--exp-eps");
  add(e.theta, "--theta");
  add(e.mangat_p, "--mangat-p");
  add(e.block, "--block");
  return s;
}

void print_list(const std::string& format) {
  if (format == "json") {
    nlohmann::json list = nlohmann::json::array();
    for (const MechanismEntry& e : mechanism_registry()) {
      list.push_back({{"name", e.name},
                      {"title", e.title},
                      {"reference", e.reference},
                      {"claim", claim_name(e.claim)},
                      {"protected_outputs", e.protected_outputs},
                      {"parameters", takes_text(e)},
                      {"max_k", e.max_k},
                      {"proof", e.family_claim},
                      {"example", e.example}});
    }
    std::cout << nlohmann::json{{"mechanisms", list}}.dump(1) << "\n";
    return;
  }
  std::cout << "| name | mechanism | paper | claim | Y_P | parameters | Z3 proof | example |\n"
               "|---|---|---|---|---|---|---|---|\n";
  for (const MechanismEntry& e : mechanism_registry()) {
    std::cout << "| " << e.name << " | " << e.title << " | " << e.reference << " | "
              << claim_name(e.claim) << " | " << e.protected_outputs << " | " << takes_text(e)
              << " | " << (e.family_claim.empty() ? "-" : std::string(e.family_claim))
              << " | uldp mechanism " << e.name << " " << e.example << " |\n";
  }
}

// `pum`: with --mech pum, the tags and their bots (null otherwise).
nlohmann::json common_json(const MechanismSpec& spec, const nlohmann::json& pum) {
  nlohmann::json j;
  if (!pum.is_null()) j["pum"] = pum;
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
  if (const auto* ubd = std::get_if<UbdSpec>(&spec.kind)) j["block"] = ubd->block;
  if (const auto* mix = std::get_if<UbdOptSpec>(&spec.kind)) {
    j["alpha"] = to_string(mix->alpha);
    for (const BlockWeight& bw : mix->weights)
      j["block_weights"].push_back({{"block", bw.block}, {"weight", to_string(bw.weight)}});
  }
  if (const auto* uss = std::get_if<UssSpec>(&spec.kind)) j["block"] = uss->block;
  return j;
}

void print_structured(const MechanismSpec& spec, const BitProductForm& form,
                      const nlohmann::json& pum) {
  nlohmann::json j = common_json(spec, pum);
  j["structure"] = "bit_product";
  j["protected_zero_bits"] = form.protected_outputs.zero_bits.indices();
  nlohmann::json bits = nlohmann::json::array();
  for (const BitChannel& b : form.q.bits()) {
    bits.push_back(
        {{"one_if_on", to_string(b.one_if_on)}, {"one_if_off", to_string(b.one_if_off)}});
  }
  j["bits"] = std::move(bits);
  std::cout << j.dump(1) << "\n";
}

void print_classes(const MechanismSpec& spec, const ClassForm& form, const nlohmann::json& pum) {
  nlohmann::json j = common_json(spec, pum);
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
  std::cout << j.dump(1) << "\n";
}

void print_dense(const MechanismSpec& spec, const DenseForm& form, const std::string& format,
                 const nlohmann::json& pum) {
  const DenseMechanism& q = form.q;
  const auto& labels = q.output_labels();
  if (format == "json") {
    nlohmann::json j = common_json(spec, pum);
    j["outputs"] = labels;
    j["protected"] = form.protected_outputs.indices();
    nlohmann::json rows = nlohmann::json::array();
    for (std::size_t x = 0; x < q.num_inputs(); ++x) {
      nlohmann::json row = nlohmann::json::array();
      for (std::size_t y = 0; y < q.num_outputs(); ++y) row.push_back(to_string(q(x, y)));
      rows.push_back(std::move(row));
    }
    j["Q"] = std::move(rows);
    std::cout << j.dump() << "\n";
  } else if (format == "csv") {
    // "# header: yes" tells `uldp check` that the first row is labels: "0,1" or "0110" could
    // be data (or an exporter's bug), and the reader never guesses.
    std::cout << matrix_csv(q);
  } else {  // md
    const auto budget = budget_of(spec);
    std::cout << "Mechanism " << entry_of(spec).name << ", k = " << spec.k << ", "
              << (budget ? budget->describe() : "no privacy") << "\n";
    std::cout << "X_S = {" << spec.sensitive.to_string() << "}, Y_P = {"
              << form.protected_outputs.to_string() << "}\n\n";
    std::cout << "| x \\ y |";
    for (const auto& l : labels) std::cout << ' ' << l << " |";
    std::cout << "\n|---|";
    for (std::size_t y = 0; y < labels.size(); ++y) std::cout << "---|";
    std::cout << "\n";
    for (std::size_t x = 0; x < q.num_inputs(); ++x) {
      std::cout << "| " << x << " |";
      for (std::size_t y = 0; y < q.num_outputs(); ++y)
        std::cout << ' ' << to_string(q(x, y)) << " |";
      std::cout << "\n";
    }
  }
}

void run(const MechanismCommand& c) {
  if (c.list) {
    if (!c.flags.name.empty())
      throw InvalidArgument("--list: prints every mechanism; drop the name");
    print_list(c.format);
    return;
  }
  if (c.flags.name.empty())
    throw InvalidArgument("mechanism: give a NAME (" + mechanism_names() + ") or --list");
  std::optional<PumSetup> pum;
  nlohmann::json pum_note;
  if (c.flags.personalized()) {
    if (!c.flags.users.empty() || !c.flags.user_groups.empty()) {
      throw InvalidArgument(
          "--users: mechanism pum prints the common mechanism; check --mech pum takes the users");
    }
    pum = c.flags.build_pum(false);
  }
  const MechanismSpec spec = pum ? pum->common : c.flags.build();
  if (pum) {
    // What the data collector knows: Q_cmn over Z = X ∪ bots (each user's f_pre stays secret).
    nlohmann::json bots = nlohmann::json::array();
    for (std::size_t t = 0; t < pum->tags.size(); ++t)
      bots.push_back({{"tag", pum->tags[t]}, {"z", pum->k() + t}});
    pum_note = {
        {"x_size", pum->k()}, {"sensitive_x", pum->common_sensitive.indices()}, {"bots", bots}};
    if (c.format == "md" && !c.structured) {
      std::cout << "PUM common mechanism Q_cmn over Z = X u {bots}: inputs 0.." << pum->k() - 1
                << " are X";
      for (const nlohmann::json& b : bots)
        std::cout << ", " << b["z"].get<std::size_t>() << " = bot " << b["tag"].get<std::string>();
      std::cout << "\n";
    }
  }
  if (c.structured) {
    const ExactForm form = exact_form(spec, FormChoice::kStructured);
    if (const auto* bits = std::get_if<BitProductForm>(&form)) {
      print_structured(spec, *bits, pum_note);
    } else if (const auto* classes = std::get_if<ClassForm>(&form)) {
      print_classes(spec, *classes, pum_note);
    } else {
      throw InvalidArgument(
          "--structured: mechanism " + c.flags.name +
          " has only a dense form (rappor and urap are per-bit, rr and urr class-structured)");
    }
    return;
  }
  print_dense(spec, std::get<DenseForm>(exact_form(spec, FormChoice::kDense)), c.format, pum_note);
}

}  // namespace

void add_mechanism_command(CLI::App& app, int& exit_code) {
  auto state = std::make_shared<MechanismCommand>();
  auto* cmd = app.add_subcommand(
      "mechanism", "print the exact matrix Q[x][y] of a registered mechanism, or --list them");
  cmd->add_option("name", state->flags.name, mech_option_help());
  state->flags.add_to(*cmd);
  state->flags.add_pum_options(*cmd);
  cmd->add_option("--format", state->format, "json, csv or md (default md)")
      ->check(CLI::IsMember({"json", "csv", "md"}));
  cmd->add_flag(
      "--structured", state->structured,
      "print the structured form (JSON): per-bit channels (rappor, urap) or classes (rr, urr)");
  cmd->add_flag("--list", state->list, "print the registry of mechanisms (md or --format json)");
  cmd->callback([state, &exit_code] {
    run(*state);
    exit_code = 0;
  });
}

}  // namespace uldp::cli
