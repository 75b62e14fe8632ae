#include "conform_reference_flags.h"

#include "uldp/error.h"

namespace uldp::cli {
namespace {

api::MatrixReference matrix_reference(const ConformReferenceFlags& f) {
  const MechanismFlags& m = f.mech;
  if (!m.common.empty() || !m.tags.empty() || !m.users.empty() || !m.user_groups.empty()) {
    throw InvalidArgument("--matrix: --common, --tags and --users only go with --mech pum");
  }
  if (m.k || m.theta || m.mangat_p || m.block) {
    throw InvalidArgument("--matrix: --k, --theta, --mangat-p and --block only go with --mech");
  }
  std::optional<Rational> tolerance;
  if (f.row_sum_tolerance) tolerance = parse_tolerance(*f.row_sum_tolerance, "--row-sum-tolerance");
  api::MatrixReference r{read_mechanism_file(f.file.path, f.file.read_options()),
                         f.file.path == "-" ? "<stdin>" : f.file.path,
                         m.budget.parse(),
                         std::nullopt,
                         std::nullopt,
                         tolerance,
                         "--row-sum-tolerance"};
  if (m.sensitive_given) r.sensitive = api::IndexSelection{m.sensitive, "--sensitive"};
  if (f.protected_list) r.protected_outputs = api::IndexSelection{*f.protected_list, "--protected"};
  return r;
}

}  // namespace

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
  if (!file.given() && mech.name.empty()) {
    throw InvalidArgument("--mech: required (" + mechanism_names() + "), or --matrix FILE");
  }
  if (file.given() && !mech.name.empty()) {
    throw InvalidArgument("--matrix: give --mech NAME or --matrix FILE, not both");
  }
  if (file.given()) return matrix_reference(*this);
  file.refuse_without_matrix();
  if (protected_list) throw InvalidArgument("--protected: only with --matrix FILE");
  if (row_sum_tolerance) throw InvalidArgument("--row-sum-tolerance: only with --matrix FILE");
  if (mech.personalized()) {
    PumSetup pum = mech.build_pum(false);
    return api::PumReference{std::move(pum.common), std::move(pum.tags), std::move(pum.users),
                             "--users"};
  }
  return api::RegistryReference{mech.name, mech.arguments(), mech.theta};
}

}  // namespace uldp::cli
