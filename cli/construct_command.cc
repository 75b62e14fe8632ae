// `uldp construct uldp-from-ldp --matrix M --sensitive L --k K`: an eps-LDP mechanism on X_S made
// into an (X_S, Y_P, eps)-ULDP mechanism on k inputs (uldp::api::construct_uldp_from_ldp), printed
// as md, csv or json.
#include <iostream>
#include <memory>
#include <optional>

#include "cli_support.h"
#include "commands.h"
#include "matrix_file_flags.h"
#include "uldp/api/construct.h"
#include "uldp/error.h"

namespace uldp::cli {
namespace {

struct UldpFromLdpCommand {
  MatrixFileFlags file;
  std::optional<std::string> sensitive;
  std::optional<std::uint64_t> k;
  std::string row = "min";
  std::string format = "md";
};

void run(const UldpFromLdpCommand& c) {
  if (!c.file.given()) throw InvalidArgument("--matrix: give M, the LDP mechanism on X_S");
  if (!c.sensitive) throw InvalidArgument("--sensitive: give X_S, one input per row of M");
  if (!c.k) throw InvalidArgument("--k: give k, the number of inputs of the result");
  const api::MechanismFormat format = api::mechanism_format(c.format, "--format");
  const MechanismFile read = read_mechanism_file(c.file.path, c.file.read_options());
  const auto* dense = std::get_if<MatrixFile>(&read);
  if (!dense) {
    throw InvalidArgument("--matrix: " + c.file.path +
                          " is a per-bit file; give M as a dense matrix");
  }
  api::UldpFromLdpRequest request{dense->matrix, c.file.path == "-" ? "<stdin>" : c.file.path,
                                  api::IndexSelection{*c.sensitive, "--sensitive"},
                                  static_cast<std::size_t>(*c.k),
                                  parse_non_sensitive_row(c.row, "--non-sensitive-rows")};
  std::cout << api::render(api::construct_uldp_from_ldp(request), format);
}

}  // namespace

void add_construct_command(CLI::App& app, int& exit_code) {
  auto* group = app.add_subcommand("construct", "build a mechanism from another, exactly");
  group->require_subcommand(1);
  auto c = std::make_shared<UldpFromLdpCommand>();
  auto* cmd = group->add_subcommand(
      "uldp-from-ldp",
      "an eps-LDP mechanism M on X_S made (X_S, Y_P, eps)-ULDP on k inputs: sensitive rows kept, "
      "each non-sensitive input gives M's outputs their smallest probability under X_S and the "
      "rest to its own output (checked exactly before it is printed)");
  c->file.add_to(*cmd, "M ('-': standard input): one row per input of --sensitive, in order");
  add_text_option(*cmd, "--sensitive", c->sensitive, "X_S, e.g. 0-14 (one per row of M)");
  add_unsigned_option(*cmd, "--k", c->k, "|X|, the number of inputs of the result", 1,
                      std::uint64_t{1} << 24);
  cmd->add_option("--non-sensitive-rows", c->row,
                  "min (the smallest probability any sensitive input gives; default) or lowest "
                  "(the largest divided by M's tight e^eps: the most mass on the invertible "
                  "outputs the ratio allows)");
  cmd->add_option("--format", c->format, "json, csv or md (default md)");
  cmd->callback([c, &exit_code] {
    run(*c);
    exit_code = 0;
  });
}

}  // namespace uldp::cli
