#include "conform_reference_flags.h"

#include "uldp/error.h"

namespace uldp::cli {
void ConformReferenceFlags::add_to(CLI::App& command) {
  mech.add_with_mech_option(command);
  mech.add_pum_options(command);
  file.add_to(command,
              "the reference as an exact mechanism file instead of --mech (the formats of `uldp "
              "check --matrix`); a budget makes its claim eps-LDP, --sensitive (and "
              "--protected) ULDP");
  add_text_option(command, "--protected", protected_list,
                  "with --matrix and --sensitive: the protected outputs Y_P (dense: output "
                  "indices; structured: bits that are 0); default: the smallest valid Y_P");
  add_text_option(command, "--row-sum-tolerance", row_sum_tolerance,
                  "with --matrix: accept rows with |sum - 1| <= T (an exact rational or decimal, "
                  "at most 1/10; default: rows sum to exactly 1)");
}

api::ReferenceRequest ConformReferenceFlags::request() const {
  api::ReferenceArguments a;
  a.mechanism = mech.parameters();
  if (file.given()) {
    a.matrix = [this] { return read_mechanism_file(file.path, file.read_options()); };
    a.matrix_source = file.path == "-" ? "<stdin>" : file.path;
  } else if (!mech.name.empty()) {
    file.refuse_without_matrix();
  }
  a.protected_outputs = protected_list;
  a.row_sum_tolerance = row_sum_tolerance;
  return api::reference_request(a, api::ReferenceNames::flags());
}

}  // namespace uldp::cli
