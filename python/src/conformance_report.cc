// uldp.ConformanceReport and uldp.Resolution, a conformance run's result, and uldp.ConformancePlan,
// how many samples a run needs (api/conform.h).
#include <pybind11/stl.h>

#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "python_values.h"
#include "results.h"
#include "uldp/api/headline.h"
#include "uldp/api/render.h"

namespace uldp::python {
namespace {

using Report = std::shared_ptr<api::ConformResult>;

// What the run could see, inside its report.
struct ResolutionOf {
  std::shared_ptr<const api::ConformResult> report;
  const estimate::Resolution& resolution() const { return report->report.resolution; }
};

// What a Resolution says, its == and hash() compare.
py::tuple state(const ResolutionOf& r) {
  const estimate::Resolution& s = r.resolution();
  return py::make_tuple(s.power, s.fewest_samples, s.cell_deviation, r.report->demand.resolution,
                        s.eps_excess, s.event);
}

// The member `key` of the result's JSON (its writer computes it: the diagnosis, the targeted
// test), or None.
py::object json_member(const api::ConformResult& r, const char* key) {
  return to_python(api::to_json(r).at(key));
}

}  // namespace

py::object conformance_report(api::ConformResult result) {
  return py::cast(std::make_shared<api::ConformResult>(std::move(result)));
}

py::object conformance_plan(api::ConformPlanResult result) {
  return py::cast(std::make_shared<api::ConformPlanResult>(std::move(result)));
}

void bind_conformance_report(py::module_& m) {
  with_json_and_text<api::ConformPlanResult>(
      py::class_<api::ConformPlanResult, std::shared_ptr<api::ConformPlanResult>>(
          m, "ConformancePlan",
          "`uldp conform plan`: the samples per input a conformance run needs to detect a cell "
          "deviation of `resolution` (and a client `excess` over its claimed e^eps) with `power` "
          "at `false_alarm`; str() is the command's report, .json its --json.")
          .def_property_readonly(
              "mechanism", [](const api::ConformPlanResult& p) { return p.reference.name; },
              "the reference's registry name, or its matrix's")
          .def_property_readonly(
              "false_alarm", [](const api::ConformPlanResult& p) { return p.request.false_alarm; })
          .def_property_readonly("power",
                                 [](const api::ConformPlanResult& p) { return p.request.power; })
          .def_property_readonly(
              "resolution", [](const api::ConformPlanResult& p) { return p.request.resolution; })
          .def_property_readonly("excess",
                                 [](const api::ConformPlanResult& p) { return p.request.excess; })
          .def_property_readonly(
              "per_input_for_resolution",
              [](const api::ConformPlanResult& p) { return p.plan.per_input_for_delta; },
              "samples per input that detect the resolution with the power")
          .def_property_readonly(
              "per_input_for_excess",
              [](const api::ConformPlanResult& p) { return p.plan.per_input_for_excess; },
              "samples per input that show a client `excess` over the claim to violate it, on the "
              "reference's tightest event; None when the claim has no finite ratio event")
          .def_property_readonly("event",
                                 [](const api::ConformPlanResult& p) { return p.plan.event; })
          .def_property_readonly("p_x", [](const api::ConformPlanResult& p) { return p.plan.p_x; })
          .def_property_readonly("p_x_prime",
                                 [](const api::ConformPlanResult& p) { return p.plan.p_x_prime; })
          .def_property_readonly("fit_tests",
                                 [](const api::ConformPlanResult& p) { return p.plan.fit_tests; })
          .def_property_readonly(
              "pooling", [](const api::ConformPlanResult& p) { return p.reference.pooling; })
          .def("__repr__", [](const api::ConformPlanResult& p) {
            return "<ConformancePlan " + p.reference.title() + ": " +
                   std::to_string(p.plan.per_input_for_delta) + " samples per input>";
          }));

  py::class_<ResolutionOf> resolution(
      m, "Resolution",
      "What the run could see: a deviation of `cell_deviation` in any cell's probability (or an "
      "e^eps `eps_excess` above the claim) is detected with `power` at `fewest_samples` per "
      "input; a conforming run needs cell_deviation <= required_cell_deviation.");
  resolution
      .def_property_readonly("power", [](const ResolutionOf& r) { return r.resolution().power; })
      .def_property_readonly("fewest_samples",
                             [](const ResolutionOf& r) { return r.resolution().fewest_samples; })
      .def_property_readonly("cell_deviation",
                             [](const ResolutionOf& r) { return r.resolution().cell_deviation; })
      .def_property_readonly(
          "required_cell_deviation",
          [](const ResolutionOf& r) { return r.report->demand.resolution; },
          "the resolution the run was asked for (resolution=)")
      .def_property_readonly("eps_excess",
                             [](const ResolutionOf& r) { return r.resolution().eps_excess; })
      .def_property_readonly("event", [](const ResolutionOf& r) { return r.resolution().event; })
      .def(
          "__eq__",
          [](const ResolutionOf& a, const ResolutionOf& b) { return state(a).equal(state(b)); },
          py::is_operator())
      .def("__hash__",
           [](const ResolutionOf& r) { return std::hash<std::string>{}(py::repr(state(r))); })
      .def("__repr__", [](const ResolutionOf& r) {
        return "<Resolution cell_deviation " + api::double_text(r.resolution().cell_deviation) +
               " at " + std::to_string(r.resolution().fewest_samples) + " samples per input>";
      });
  refuse_pickling(resolution,
                  "a view of its report; send the report's .json, or values read "
                  "from it");

  with_former_text<api::ConformResult>(with_json_and_text<api::ConformResult>(
      py::class_<api::ConformResult, Report>(
          m, "ConformanceReport",
          "The report of a conformance run (uldp conform samples|counts|client). verdict: "
          "\"conforms\" (at the stated resolution), \"deviates\", \"violates\" or "
          "\"insufficient\"; "
          "str() is the command's report, .json its --json.")
          .def_property_readonly("verdict",
                                 [](const api::ConformResult& r) {
                                   return std::string(estimate::conformance_name(r.report.verdict));
                                 })
          .def_property_readonly("conforms", &api::ConformResult::conforms)
          .def_property_readonly(
              "reference", [](const api::ConformResult& r) { return r.reference.name; },
              "the reference's registry name, or its matrix's")
          .def_property_readonly(
              "claim", [](const api::ConformResult& r) { return r.reference.claim; },
              "\"eps-LDP at exp_eps 3\", \"ULDP ...\", or \"none\"")
          .def_property_readonly(
              "samples", [](const api::ConformResult& r) { return r.tallies.n; },
              "the samples tallied")
          .def_property_readonly("samples_per_input",
                                 [](const api::ConformResult& r) {
                                   return numpy_vector<std::int64_t>(r.report.samples_per_input);
                                 })
          .def_property_readonly("samples_drawn", &api::ConformResult::samples_drawn,
                                 "every sample the run drew (a client's break search included)")
          .def_property_readonly(
              "eps_lower_bound",
              [](const api::ConformResult& r) { return std::log(r.report.exp_eps_lower_bound); })
          .def_property_readonly(
              "exp_eps_lower_bound",
              [](const api::ConformResult& r) { return r.report.exp_eps_lower_bound; },
              "certified with confidence 1 - false_alarm/2")
          .def_property_readonly("claimed_exp_eps",
                                 [](const api::ConformResult& r) -> std::optional<double> {
                                   const estimate::RatioScope& scope = r.reference.scope;
                                   if (!scope.claimed) return std::nullopt;
                                   return scope.claimed_exp_eps;
                                 })
          .def_property_readonly("resolution", [](const Report& r) { return ResolutionOf{r}; })
          .def_property_readonly(
              "impossible", [](const api::ConformResult& r) { return r.tallies.impossible; },
              "samples whose output the reference never produces from their input")
          .def_property_readonly(
              "first_impossible",
              [](const api::ConformResult& r) { return r.tallies.first_impossible; })
          .def_property_readonly("fit_rejected",
                                 [](const api::ConformResult& r) { return r.report.fit_rejected; })
          .def_property_readonly("worst_fit",
                                 [](const api::ConformResult& r) { return r.report.worst_test; })
          .def_property_readonly(
              "diagnosis", [](const api::ConformResult& r) { return json_member(r, "diagnosis"); },
              "the readings people get wrong, tried when the verdict is a finding (the --json's "
              "\"diagnosis\"), else None")
          .def_property_readonly("insufficient_because",
                                 [](const api::ConformResult& r) -> std::optional<std::string> {
                                   if (r.report.verdict != estimate::Conformance::kInsufficient)
                                     return std::nullopt;
                                   return r.report.insufficient_because;
                                 })
          .def_property_readonly(
              "looks",
              [](const api::ConformResult& r) -> std::optional<std::vector<std::uint64_t>> {
                if (!r.sequential) return std::nullopt;
                return r.sequential->looks;
              },
              "a client run's samples per input at each look, else None")
          .def_property_readonly(
              "breaks_own_claim",
              [](const api::ConformResult& r) { return r.reference.breaks_own_claim; },
              "why the reference itself breaks its claim, decided exactly; None when it keeps it. "
              "A "
              "client that matches such a reference breaks the claim too.")
          .def_property_readonly(
              "targeted", [](const api::ConformResult& r) { return json_member(r, "targeted"); },
              "a client run's targeted test (the --json's \"targeted\": its witness, \"outcome\", "
              "\"samples_used\" beside \"information_bound_pairs\", ...), else None")
          .def_property_readonly(
              "headline",
              [](const api::ConformResult& r) { return api::conformance_headline(r, r.source); },
              "the verdict in one line, as assert_conforms and EXPECT_CONFORMS fail with it first")
          .def("__repr__", [](const api::ConformResult& r) {
            return "<ConformanceReport " + api::conformance_headline(r, r.source) + ">";
          })));
}

}  // namespace uldp::python
