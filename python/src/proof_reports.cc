// uldp.ProofReport and uldp.AuditReport: the results of prove and audit.
#include <memory>
#include <string>
#include <utility>

#include "python_values.h"
#include "results.h"
#include "uldp/api/render.h"

namespace uldp::python {

py::object proof_report(api::ProveResult result) {
  return py::cast(std::make_shared<api::ProveResult>(std::move(result)));
}

py::object audit_report(api::AuditResult result) {
  return py::cast(std::make_shared<api::AuditResult>(std::move(result)));
}

void bind_proof_reports(py::module_& m) {
  with_former_text<api::ProveResult>(with_json_and_text<api::ProveResult>(
      py::class_<api::ProveResult, std::shared_ptr<api::ProveResult>>(
          m, "ProofReport",
          "`uldp prove`: one row per claim (or step) in `.json[\"claims\"]` with each solver's "
          "answer; `all_as_expected` is the command's exit code 0 (every claim proved or, for the "
          "expected refutations, refuted). str() is the command's table.")
          .def_property_readonly("all_as_expected", &api::ProveResult::all_as_expected)
          .def("__repr__", [](const api::ProveResult& r) {
            return "<ProofReport " + std::to_string(r.results.size()) + " claim(s), " +
                   (r.all_as_expected() ? "all as expected" : "NOT all as expected") + ">";
          })));

  with_former_text<api::AuditResult>(with_json_and_text<api::AuditResult>(
      py::class_<api::AuditResult, std::shared_ptr<api::AuditResult>>(
          m, "AuditReport",
          "`uldp audit`: the paper's mechanisms at the paper's settings, each verdict exact "
          "(`.json`); str() is the command's table.")
          .def_property_readonly(
              "holds", &api::AuditResult::all_claims_hold,
              "whether every mechanism's claim holds exactly (the command's exit "
              "code 0)")
          .def("__repr__", [](const api::AuditResult& r) {
            return "<AuditReport " + std::to_string(r.rows.size()) + " setting(s), " +
                   (r.all_claims_hold() ? "every claim holds" : "a claim FAILS") + ">";
          })));
}

}  // namespace uldp::python
