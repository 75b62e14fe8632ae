#include "uldp/api/construct.h"

#include <sstream>
#include <stdexcept>

#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/error.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/io/json_text.h"
#include "uldp/io/matrix_writer.h"

namespace uldp::api {
namespace {

std::string summary(const UldpFromLdpResult& r) {
  const UldpFromLdp& c = r.construction;
  std::ostringstream out;
  out << "uldp-from-ldp of " << r.source
      << " (non-sensitive rows: " << non_sensitive_row_name(r.row)
      << "): k = " << c.sensitive.universe() << ", X_S = {" << c.sensitive.to_string()
      << "}, Y_P = {" << c.protected_outputs.to_string()
      << "} (the outputs of M); each non-sensitive input puts " << to_string(c.own_output)
      << " on its own output\n";
  if (c.ldp_ratio.is_infinite()) {
    out << "checked: M is eps-LDP for no finite eps (some output of M is given by one sensitive "
           "input and not another), and so the result is (X_S, Y_P, eps)-ULDP for none either "
           "(its tight ratio over Y_P is inf, as M's)\n";
    return out.str();
  }
  out << "checked: (X_S, Y_P, eps)-ULDP (literal reading) " << (r.uldp.holds ? "holds" : "FAILS")
      << " at e^eps = " << c.ldp_ratio.to_string()
      << ", the tight ratio of M (tight: " << r.uldp.tight_exp_eps.to_string() << ")\n";
  return out.str();
}

}  // namespace

UldpFromLdpResult construct_uldp_from_ldp(const UldpFromLdpRequest& request) {
  if (request.k == 0) throw InvalidArgument("k: must be at least 1");
  const IndexSet sensitive = request.sensitive.resolve(request.k);
  UldpFromLdpResult result{request.source, request.row,
                           uldp_from_ldp(request.ldp, sensitive, request.row), Verdict{}};
  const UldpFromLdp& c = result.construction;
  // The result is checked by the exact checker before it is returned: at M's tight ratio when it
  // is finite, else for its tight ratio alone (which must then be infinite too).
  std::optional<PrivacyBudget> budget;
  if (!c.ldp_ratio.is_infinite()) budget = PrivacyBudget::from_exp_eps(c.ldp_ratio.value());
  result.uldp = check_uldp(c.q, c.sensitive, c.protected_outputs, budget, UldpReading::kLiteral);
  if (!(result.uldp.tight_exp_eps == c.ldp_ratio) || (budget && !result.uldp.holds)) {
    throw std::logic_error("uldp-from-ldp: the construction failed its own check: " +
                           summary(result));
  }
  return result;
}

std::string render(const UldpFromLdpResult& r, MechanismFormat format) {
  const UldpFromLdp& c = r.construction;
  const DenseMechanism& q = c.q;
  if (format == MechanismFormat::kCsv) {
    return matrix_csv(
        q, "uldp-from-ldp of " + r.source + ": check with --sensitive " + c.sensitive.to_string() +
               " --protected " + c.protected_outputs.to_string() +
               (c.ldp_ratio.is_infinite() ? " (M is eps-LDP for no finite eps, and so is this)"
                                          : " --exp-eps " + c.ldp_ratio.to_string()));
  }
  if (format == MechanismFormat::kJson) {
    return json_text(nlohmann::json{
               {"construction", "uldp-from-ldp"},
               {"source", r.source},
               {"non_sensitive_rows", non_sensitive_row_name(r.row)},
               {"k", q.num_inputs()},
               {"sensitive", c.sensitive.indices()},
               {"protected", c.protected_outputs.indices()},
               {"outputs", q.output_labels()},
               {"Q", matrix_rows_json(q)},
               {"own_output", to_string(c.own_output)},
               {"exp_eps", c.ldp_ratio.to_string()},
               {"uldp",
                {{"holds", r.uldp.holds}, {"tight_exp_eps", r.uldp.tight_exp_eps.to_string()}}}}) +
           "\n";
  }
  return summary(r) + "\n" + matrix_markdown(q);
}

}  // namespace uldp::api
