// `uldp mechanism NAME --k K ...`: prints a built-in mechanism's exact matrix.
#include <iostream>
#include <memory>

#include "builtin_mechanisms.h"
#include "commands.h"
#include "uldp/error.h"

namespace uldp::cli {
namespace {

struct MechanismCommand {
  MechanismFlags flags;
  std::string format = "md";
  bool structured = false;
};

nlohmann::json common_json(const BuiltMechanism& m) {
  nlohmann::json j;
  j["mechanism"] = m.name;
  j["k"] = m.k;
  j["exp_eps"] = to_string(m.budget->exp_eps());
  if (m.budget->epsilon()) {
    j["eps"] = to_string(*m.budget->epsilon());
    j["exp_eps_rounding_error_bound"] = to_decimal(m.budget->rounding_error_bound(), 6);
  }
  j["sensitive"] = m.sensitive.indices();
  if (m.theta) j["theta"] = to_string(*m.theta);
  return j;
}

void print_structured(const BuiltMechanism& m) {
  nlohmann::json j = common_json(m);
  j["structure"] = "unary";
  j["protected_zero_bits"] = m.protected_zero->zero_bits.indices();
  nlohmann::json bits = nlohmann::json::array();
  for (const BitChannel& b : m.unary->bits()) {
    bits.push_back({{"one_if_on", to_string(b.one_if_on)}, {"one_if_off", to_string(b.one_if_off)}});
  }
  j["bits"] = std::move(bits);
  std::cout << j.dump(1) << "\n";
}

void print_dense(const BuiltMechanism& m, const std::string& format) {
  const DenseMechanism& q = *m.dense;
  const auto& labels = q.output_labels();
  if (format == "json") {
    nlohmann::json j = common_json(m);
    j["outputs"] = labels;
    j["protected"] = m.protected_outputs->indices();
    nlohmann::json rows = nlohmann::json::array();
    for (std::size_t x = 0; x < q.num_inputs(); ++x) {
      nlohmann::json row = nlohmann::json::array();
      for (std::size_t y = 0; y < q.num_outputs(); ++y) row.push_back(to_string(q(x, y)));
      rows.push_back(std::move(row));
    }
    j["Q"] = std::move(rows);
    std::cout << j.dump() << "\n";
  } else if (format == "csv") {
    // Quoted labels: `uldp check` reads a quoted first row as the header.
    for (std::size_t y = 0; y < labels.size(); ++y) std::cout << (y ? "," : "") << '"' << labels[y] << '"';
    std::cout << "\n";
    for (std::size_t x = 0; x < q.num_inputs(); ++x) {
      for (std::size_t y = 0; y < q.num_outputs(); ++y) std::cout << (y ? "," : "") << to_string(q(x, y));
      std::cout << "\n";
    }
  } else {  // md
    std::cout << "Mechanism " << m.name << ", k = " << m.k << ", " << m.budget->describe() << "\n";
    std::cout << "X_S = {" << m.sensitive.to_string() << "}, Y_P = {"
              << m.protected_outputs->to_string() << "}\n\n";
    std::cout << "| x \\ y |";
    for (const auto& l : labels) std::cout << ' ' << l << " |";
    std::cout << "\n|---|";
    for (std::size_t y = 0; y < labels.size(); ++y) std::cout << "---|";
    std::cout << "\n";
    for (std::size_t x = 0; x < q.num_inputs(); ++x) {
      std::cout << "| " << x << " |";
      for (std::size_t y = 0; y < q.num_outputs(); ++y) std::cout << ' ' << to_string(q(x, y)) << " |";
      std::cout << "\n";
    }
  }
}

}  // namespace

void add_mechanism_command(CLI::App& app, int& exit_code) {
  auto state = std::make_shared<MechanismCommand>();
  auto* cmd = app.add_subcommand("mechanism", "print the exact matrix Q[x][y] of a built-in mechanism");
  cmd->add_option("name", state->flags.name, std::string("mechanism: ") + mechanism_names())->required();
  state->flags.add_to(*cmd);
  cmd->add_option("--format", state->format, "json, csv or md (default md)")
      ->check(CLI::IsMember({"json", "csv", "md"}));
  cmd->add_flag("--structured", state->structured,
                "rappor/urap: print the per-bit channels (JSON) instead of the 2^k-column matrix");
  cmd->callback([state, &exit_code] {
    const bool unary = state->flags.name == "rappor" || state->flags.name == "urap";
    if (state->structured && !unary) throw InvalidArgument("--structured: only rappor and urap are structured");
    if (unary && !state->structured && state->flags.k > static_cast<long long>(UnaryMechanism::kMaxDenseBits)) {
      throw InvalidArgument("--k: " + std::to_string(state->flags.k) + " bits make 2^" +
                            std::to_string(state->flags.k) + " outputs; a dense matrix needs k <= " +
                            std::to_string(UnaryMechanism::kMaxDenseBits) + " (use --structured)");
    }
    const BuiltMechanism m = build_mechanism(state->flags, unary && !state->structured);
    if (state->structured) {
      print_structured(m);
    } else {
      print_dense(m, state->format);
    }
    exit_code = 0;
  });
}

}  // namespace uldp::cli
