// uldp.Estimate, uldp.GoldenVectors, uldp.GoldenCase and uldp.EstimatesReport: the results of
// estimate, golden and conform estimates.
#include <pybind11/stl.h>

#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "python_values.h"
#include "results.h"
#include "uldp/api/headline.h"
#include "uldp/api/render.h"
#include "uldp/error.h"

namespace uldp::python {
namespace {

// Golden vectors with their JSON, written once: what the command writes, which the cases'
// `counts` and `reports` read as a server under test is given them.
struct HeldGolden {
  api::GoldenVectors vectors;
  nlohmann::json json;
};
using Golden = std::shared_ptr<HeldGolden>;

struct GoldenCaseOf {
  std::shared_ptr<const HeldGolden> golden;
  std::size_t index;
  const api::GoldenCase& golden_case() const { return golden->vectors.cases[index]; }
  const nlohmann::json& json() const { return golden->json.at("cases").at(index); }
  // The first of `keys` the case's JSON has, or None.
  py::object first_of(std::initializer_list<const char*> keys) const {
    for (const char* key : keys) {
      if (json().contains(key)) return to_python(json().at(key));
    }
    return py::none();
  }
};

using Comparison = std::shared_ptr<api::EstimatesComparison>;

}  // namespace

py::object estimate_report(api::EstimateResult result) {
  return py::cast(std::make_shared<api::EstimateResult>(std::move(result)));
}

py::object golden_vectors(api::GoldenVectors vectors) {
  nlohmann::json json = api::versioned(api::to_json(vectors));
  return py::cast(std::make_shared<HeldGolden>(HeldGolden{std::move(vectors), std::move(json)}));
}

const api::GoldenVectors* held_golden_vectors(const py::handle& o) {
  if (!py::isinstance<HeldGolden>(o)) return nullptr;
  return &o.cast<const HeldGolden&>().vectors;
}

py::object estimates_report(api::EstimatesComparison comparison) {
  return py::cast(std::make_shared<api::EstimatesComparison>(std::move(comparison)));
}

void bind_estimation_reports(py::module_& m) {
  with_json_and_text<api::EstimateResult>(
      py::class_<api::EstimateResult, std::shared_ptr<api::EstimateResult>>(
          m, "Estimate",
          "`uldp estimate`'s answer: the estimated input distribution and how it was found; str() "
          "is the command's report, .json its --json.")
          .def_property_readonly(
              "frequencies", [](const api::EstimateResult& r) { return numpy_vector<double>(r.p); },
              "the estimate over X, a float64 array")
          .def_property_readonly("method",
                                 [](const api::EstimateResult& r) {
                                   return std::string(api::estimate_method_name(r.method));
                                 })
          .def_property_readonly(
              "n", [](const api::EstimateResult& r) { return r.n; }, "the reports read")
          .def_property_readonly(
              "converged",
              [](const api::EstimateResult& r) -> std::optional<bool> {
                if (!r.em) return std::nullopt;
                return r.em->converged;
              },
              "em: whether EM met its stopping rule; None for emp and thr")
          .def_property_readonly(
              "iterations",
              [](const api::EstimateResult& r) -> std::optional<std::size_t> {
                if (!r.em) return std::nullopt;
                return r.em->iterations;
              },
              "em: the iterations run; None for emp and thr")
          .def("__repr__", [](const api::EstimateResult& r) {
            return "<Estimate " + std::string(api::estimate_method_name(r.method)) + " of " +
                   r.mechanism + " from " + std::to_string(r.n) + " reports>";
          }));

  py::class_<GoldenCaseOf> golden_case(
      m, "GoldenCase",
      "One case of golden vectors: the reports (`counts`: the output histogram, or for bit "
      "vectors the number of reports with bit j set; `reports`: every report as a label or a 0/1 "
      "string, as estimate() takes them, for ubd-opt always and with golden(with_reports=True) "
      "for every mechanism) and the estimates a correct server computes from them.");
  golden_case.def_property_readonly("id", [](const GoldenCaseOf& c) { return c.golden_case().id; })
      .def_property_readonly("n", [](const GoldenCaseOf& c) { return c.golden_case().reports.n; })
      .def_property_readonly("counts",
                             [](const GoldenCaseOf& c) -> py::object {
                               const py::object counts = c.first_of({"counts", "ones"});
                               if (counts.is_none()) return counts;
                               return py::module_::import("numpy").attr("array")(
                                   counts, py::arg("dtype") = "int64");
                             })
      .def_property_readonly("reports",
                             [](const GoldenCaseOf& c) {
                               return c.first_of({"reports", "report_list"});
                             })
      .def_property_readonly(
          "emp", [](const GoldenCaseOf& c) { return numpy_vector<double>(c.golden_case().emp); },
          "the exact empirical estimate (after the post-processing, if any), each value the "
          "double nearest to it")
      .def_property_readonly(
          "thr", [](const GoldenCaseOf& c) { return numpy_vector<double>(c.golden_case().thr); })
      .def_property_readonly("em",
                             [](const GoldenCaseOf& c) -> py::object {
                               const std::optional<api::GoldenEm>& em = c.golden_case().em;
                               if (!em) return py::none();
                               return numpy_vector<double>(em->p);
                             })
      .def_property_readonly("json", [](const GoldenCaseOf& c) { return to_python(c.json()); })
      .def(
          "__eq__",
          [](const GoldenCaseOf& a, const GoldenCaseOf& b) { return a.json() == b.json(); },
          py::is_operator())
      .def("__hash__", [](const GoldenCaseOf& c) { return json_hash(c.json()); })
      .def("__repr__", [](const GoldenCaseOf& c) {
        return "<GoldenCase " + c.golden_case().id +
               ", n = " + std::to_string(c.golden_case().reports.n) + ">";
      });
  refuse_pickling(golden_case,
                  "a view of its vectors; pickle the GoldenVectors, or send its .json");

  py::class_<HeldGolden, Golden>(
      m, "GoldenVectors",
      "`uldp golden`'s vectors: `.cases`, and `.json` as the command writes it (what "
      "`conform_estimates` and `uldp conform estimates --vectors` read).")
      .def_property_readonly("cases",
                             [](const Golden& g) {
                               py::list cases;
                               for (std::size_t i = 0; i < g->vectors.cases.size(); ++i)
                                 cases.append(GoldenCaseOf{g, i});
                               return cases;
                             })
      .def_property_readonly("json", [](const HeldGolden& g) { return to_python(g.json); })
      .def(
          "__eq__", [](const HeldGolden& a, const HeldGolden& b) { return a.json == b.json; },
          py::is_operator())
      .def("__hash__", [](const HeldGolden& g) { return json_hash(g.json); })
      // Pickled as the file `uldp golden` writes, read back by the vectors' own reader.
      .def(py::pickle(
          [](const HeldGolden& g) { return g.json.dump(); },
          [](const std::string& text) {
            api::GoldenVectors vectors =
                api::golden_vectors_from_json(nlohmann::json::parse(text), "pickle");
            nlohmann::json json = api::versioned(api::to_json(vectors));
            return std::make_shared<HeldGolden>(HeldGolden{std::move(vectors), std::move(json)});
          }))
      .def(
          "save",
          [](const HeldGolden& g, const py::object& path) {
            const std::string name = py::str(py::module_::import("os").attr("fsdecode")(path));
            std::ofstream file(name, std::ios::binary);
            file << g.json.dump(1) << "\n";
            file.close();
            if (!file) throw InputError(name, "cannot write the file");
          },
          py::arg("path"), "Writes the vectors as `uldp golden` writes them.")
      .def("__repr__", [](const HeldGolden& g) {
        return "<GoldenVectors of " + g.vectors.mechanism + ", " +
               std::to_string(g.vectors.cases.size()) + " case(s)>";
      });

  with_former_text<api::EstimatesComparison>(with_json_and_text<api::EstimatesComparison>(
      py::class_<api::EstimatesComparison, Comparison>(
          m, "EstimatesReport",
          "`uldp conform estimates`: verdict \"matches\", \"mismatch\" (every differing estimate "
          "in "
          "`.json[\"mismatches\"]`, the first at the top, with the likely cause when one is "
          "recognised) or \"incomplete\" (golden cases left unanswered). str() is the command's "
          "report.")
          .def_property_readonly("verdict",
                                 [](const api::EstimatesComparison& c) {
                                   return api::to_json(c).at("verdict").get<std::string>();
                                 })
          .def_property_readonly("matches", &api::EstimatesComparison::matches)
          .def_property_readonly(
              "headline",
              [](const api::EstimatesComparison& c) {
                return api::estimates_headline(c, "server");
              },
              "the verdict in one line (the server as \"server\"): what assert_estimates_match and "
              "EXPECT_ESTIMATES_MATCH fail with first")
          .def("__repr__", [](const api::EstimatesComparison& c) {
            return "<EstimatesReport " + api::estimates_headline(c, "server") + ">";
          })));
}

}  // namespace uldp::python
