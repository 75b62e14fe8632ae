// The workflows' results as Python classes with read-only properties (uldp.CheckReport,
// uldp.ConformanceReport, ...): each holds the api's result itself, its properties read the
// result's members, `.json` is the result's one JSON writer (what the command's --json writes,
// for saving) and str() its one text renderer. Python builds none of them from JSON.
#pragma once

#include <pybind11/pybind11.h>

#include "uldp/api/audit.h"
#include "uldp/api/check.h"
#include "uldp/api/conform.h"
#include "uldp/api/estimate.h"
#include "uldp/api/estimates_comparison.h"
#include "uldp/api/golden.h"
#include "uldp/api/prove.h"
#include "uldp/api/render.h"

#include "python_values.h"

namespace uldp::python {

namespace py = pybind11;

/// Each result as its Python object (a matrix whose rows are off 1 is a ValueError, as the
/// command exits 2 on it).
py::object check_report(api::CheckResult result);
py::object conformance_report(api::ConformResult result);
py::object conformance_plan(api::ConformPlanResult result);
py::object estimate_report(api::EstimateResult result);
py::object golden_vectors(api::GoldenVectors vectors);
py::object estimates_report(api::EstimatesComparison comparison);
py::object proof_report(api::ProveResult result);
py::object audit_report(api::AuditResult result);

/// The vectors a GoldenVectors object holds, or nullptr when `o` is none.
const api::GoldenVectors* held_golden_vectors(const py::handle& o);

/// Gives a bound result class `.json` (the result's JSON writer, as the command's --json writes
/// it), `==` and hash() (the same JSON, timings aside) and str() (its text renderer, as the
/// command prints). No JSON reader restores such a result, so pickling it is refused, naming
/// `.json` as what to send to another process.
template <class Result, class Class>
Class with_json_and_text(Class cls) {
  cls.def_property_readonly(
         "json", [](const Result& r) { return to_python(api::versioned(api::to_json(r))); },
         "what the command's --json writes (for saving)")
      .def(
          "__eq__",
          [](const Result& a, const Result& b) {
            return same_json(api::to_json(a), api::to_json(b));
          },
          py::is_operator(), "the same verdicts and figures (timings aside)")
      .def("__hash__", [](const Result& r) { return json_hash(api::to_json(r)); })
      .def("__str__", [](const Result& r) { return as_str(api::to_text(r)); });
  refuse_pickling(cls, "send or save its .json (the command's --json) instead");
  return cls;
}

/// The former `.text` of a report that had one, read with a DeprecationWarning: str(report).
template <class Result, class Class>
Class with_former_text(Class cls) {
  const std::string name(py::str(cls.attr("__name__")));
  cls.def_property_readonly("text", [name](const Result& r) {
    warn_former_name(name + ".text is now str(report)");
    return api::to_text(r);
  });
  return cls;
}

/// Registers the classes (check_report.cc, conformance_report.cc, estimation_reports.cc,
/// proof_reports.cc).
void bind_check_report(py::module_& m);
void bind_conformance_report(py::module_& m);
void bind_estimation_reports(py::module_& m);
void bind_proof_reports(py::module_& m);

}  // namespace uldp::python
