// uldp.CheckReport, uldp.Verdict, uldp.Witness and uldp.StatedBound: api::check's result.
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "python_values.h"
#include "results.h"
#include "uldp/api/headline.h"
#include "uldp/api/pair_loss.h"
#include "uldp/api/render.h"
#include "uldp/error.h"
#include "uldp/forms/form_checks.h"

namespace uldp::python {
namespace {

using Report = std::shared_ptr<api::CheckResult>;

constexpr Property kProperties[] = {Property::kLdp, Property::kUldp, Property::kUldpStrict,
                                    Property::kOsldp};

// One property's verdict inside its report, which words its headline.
struct VerdictOf {
  std::shared_ptr<const api::CheckResult> report;
  Property property;
  const api::PropertyResult& result() const { return (*report)[property]; }
};

// "uldp_strict" (Python's attribute) or "uldp-strict" (the command's word).
Property property_named(std::string name) {
  for (char& c : name) {
    if (c == '_') c = '-';
  }
  return parse_property(name, "property");
}

py::object witness_or_none(const std::optional<Witness>& w) {
  return w ? py::cast(*w) : py::none();
}

py::object optional_fraction(const std::optional<Rational>& value) {
  return value ? fraction(*value) : py::none();
}

bool same_witness(const Witness& a, const Witness& b) {
  return a.x == b.x && a.x_prime == b.x_prime && a.y == b.y && a.y_label == b.y_label &&
         a.q_x == b.q_x && a.q_x_prime == b.q_x_prime;
}

std::size_t witness_hash(const Witness& w) {
  return std::hash<std::string>{}(std::to_string(w.x) + ',' + std::to_string(w.x_prime) + ',' +
                                  w.y_label + ',' + (w.q_x ? to_string(*w.q_x) : "") + ',' +
                                  (w.q_x_prime ? to_string(*w.q_x_prime) : ""));
}

std::optional<std::string> optional_text(const std::optional<Rational>& value) {
  if (!value) return std::nullopt;
  return to_string(*value);
}

std::optional<Rational> optional_rational(const std::optional<std::string>& text) {
  if (!text) return std::nullopt;
  return parse_rational(*text, "pickle");
}

ExtendedRational extended_rational(const std::string& text) {
  return text == "inf" ? ExtendedRational::infinity()
                       : ExtendedRational(parse_rational(text, "pickle"));
}

using WitnessState = std::tuple<std::size_t, std::size_t, std::optional<std::size_t>, std::string,
                                std::optional<std::string>, std::optional<std::string>>;
using BoundState = std::tuple<std::string, std::string, std::string, std::string, std::string>;

std::string witness_repr(const Witness& w) {
  return "Witness(x=" + std::to_string(w.x) + ", x_prime=" + std::to_string(w.x_prime) +
         ", y=" + (w.y ? std::to_string(*w.y) : std::string("None")) + ", y_label='" + w.y_label +
         "')";
}

}  // namespace

py::object check_report(api::CheckResult result) {
  if (result.stochastic_problem)
    throw InvalidArgument(api::stochastic_error(result, "tolerance=T"));
  return py::cast(std::make_shared<api::CheckResult>(std::move(result)));
}

void bind_check_report(py::module_& m) {
  py::class_<Witness>(m, "Witness",
                      "A triple (x, x', y): for a ratio, Q(y|x) > e^eps Q(y|x') (or one that "
                      "attains the tight ratio). q_x and q_x_prime are exact (Fraction).")
      .def_readonly("x", &Witness::x)
      .def_readonly("x_prime", &Witness::x_prime)
      .def_readonly("y", &Witness::y, "the output's column, None where outputs are not listed")
      .def_readonly("y_label", &Witness::y_label)
      .def_property_readonly("q_x", [](const Witness& w) { return optional_fraction(w.q_x); })
      .def_property_readonly("q_x_prime",
                             [](const Witness& w) { return optional_fraction(w.q_x_prime); })
      .def("__eq__", &same_witness, py::is_operator())
      .def("__hash__", &witness_hash)
      .def(py::pickle(
          [](const Witness& w) {
            return WitnessState{
                w.x, w.x_prime, w.y, w.y_label, optional_text(w.q_x), optional_text(w.q_x_prime)};
          },
          [](const WitnessState& s) {
            return Witness{std::get<0>(s),
                           std::get<1>(s),
                           std::get<2>(s),
                           std::get<3>(s),
                           optional_rational(std::get<4>(s)),
                           optional_rational(std::get<5>(s))};
          }))
      .def("__repr__", &witness_repr);

  py::class_<VerdictOf> verdict(
      m, "Verdict",
      "One property's verdict, decided exactly: whether it holds, the tight "
      "e^eps (Fraction, or math.inf), why it fails. str() is its headline.");
  verdict
      .def_property_readonly("holds", [](const VerdictOf& v) { return v.result().verdict.holds; })
      .def_property_readonly(
          "tight_exp_eps",
          [](const VerdictOf& v) { return fraction_or_infinity(v.result().verdict.tight_exp_eps); })
      .def_property_readonly(
          "violated",
          [](const VerdictOf& v) -> py::object {
            const std::optional<Condition>& c = v.result().verdict.violated;
            return c ? py::object(py::str(condition_name(*c))) : py::object(py::none());
          },
          "\"ratio\" or \"invertibility\" when it fails, else None")
      .def_property_readonly(
          "witness", [](const VerdictOf& v) { return witness_or_none(v.result().verdict.witness); },
          "a triple that really violates the property, when it fails")
      .def_property_readonly(
          "tight_attained_by",
          [](const VerdictOf& v) { return witness_or_none(v.result().verdict.tight_attained_by); })
      .def_property_readonly(
          "holds_within_tolerance",
          [](const VerdictOf& v) -> py::object {
            if (!v.report->tolerance) return py::none();
            return py::bool_(v.result().accepted());
          },
          "with a tolerance: holds exactly, or the tight ratio is within e^eps (1 + T); else None")
      .def(
          "__eq__",
          [](const VerdictOf& a, const VerdictOf& b) {
            const Verdict &x = a.result().verdict, &y = b.result().verdict;
            const auto same = [](const std::optional<Witness>& u, const std::optional<Witness>& w) {
              return u.has_value() == w.has_value() && (!u || same_witness(*u, *w));
            };
            return x.holds == y.holds && x.tight_exp_eps == y.tight_exp_eps &&
                   x.violated == y.violated && same(x.witness, y.witness) &&
                   same(x.tight_attained_by, y.tight_attained_by) &&
                   a.report->tolerance.has_value() == b.report->tolerance.has_value() &&
                   a.result().accepted() == b.result().accepted();
          },
          py::is_operator())
      .def("__hash__",
           [](const VerdictOf& v) {
             const Verdict& x = v.result().verdict;
             return std::hash<std::string>{}(std::string(x.holds ? "holds " : "fails ") +
                                             x.tight_exp_eps.to_string());
           })
      .def("__str__", [](const VerdictOf& v) { return api::check_headline(*v.report, v.property); })
      .def("__repr__", [](const VerdictOf& v) {
        return "<Verdict " + api::check_headline(*v.report, v.property) + ">";
      });
  refuse_pickling(verdict, "a view of its report; send the report's .json, or values read from it");

  py::class_<StatedBound>(m, "StatedBound",
                          "A bound a registry mechanism states besides its claim, decided "
                          "exactly (rappor-bloom's long run): the instance's tight e^eps beside "
                          "the published formula's at the same parameters.")
      .def_readonly("name", &StatedBound::name)
      .def_readonly("basis", &StatedBound::basis)
      .def_property_readonly(
          "tight_exp_eps",
          [](const StatedBound& b) { return fraction_or_infinity(b.tight_exp_eps); })
      .def_readonly("formula", &StatedBound::formula)
      .def_property_readonly(
          "formula_exp_eps",
          [](const StatedBound& b) { return fraction_or_infinity(b.formula_exp_eps); })
      .def(
          "__eq__",
          [](const StatedBound& a, const StatedBound& b) {
            return a.name == b.name && a.basis == b.basis && a.tight_exp_eps == b.tight_exp_eps &&
                   a.formula == b.formula && a.formula_exp_eps == b.formula_exp_eps;
          },
          py::is_operator())
      .def("__hash__",
           [](const StatedBound& b) {
             return std::hash<std::string>{}(b.name + ',' + b.tight_exp_eps.to_string());
           })
      .def(py::pickle(
          [](const StatedBound& b) {
            return BoundState{b.name, b.basis, b.tight_exp_eps.to_string(), b.formula,
                              b.formula_exp_eps.to_string()};
          },
          [](const BoundState& s) {
            return StatedBound{std::get<0>(s), std::get<1>(s), extended_rational(std::get<2>(s)),
                               extended_rational(std::get<4>(s)), std::get<3>(s)};
          }))
      .def("__repr__", [](const StatedBound& b) {
        return "StatedBound(name='" + b.name + "', tight_exp_eps=" + b.tight_exp_eps.to_string() +
               ", formula_exp_eps=" + b.formula_exp_eps.to_string() + ")";
      });

  with_former_text<api::CheckResult>(with_json_and_text<api::CheckResult>(
      py::class_<api::CheckResult, Report>(
          m, "CheckReport",
          "The verdicts of uldp check, decided exactly: eps-LDP, ULDP (reachable outputs), ULDP "
          "read "
          "literally, and OSLDP, with the X_S, Y_P and e^eps they were decided for. With a "
          "tolerance, "
          "each verdict also says whether it holds within it. `passes`: every required property "
          "holds (exactly or within the tolerance) and every per-pair notion decided holds; str() "
          "is "
          "`uldp check`'s report, .json its --json.")
          .def_property_readonly("ldp",
                                 [](const Report& r) {
                                   return VerdictOf{r, Property::kLdp};
                                 })
          .def_property_readonly("uldp",
                                 [](const Report& r) {
                                   return VerdictOf{r, Property::kUldp};
                                 })
          .def_property_readonly("uldp_strict",
                                 [](const Report& r) {
                                   return VerdictOf{r, Property::kUldpStrict};
                                 })
          .def_property_readonly("osldp",
                                 [](const Report& r) {
                                   return VerdictOf{r, Property::kOsldp};
                                 })
          .def_property_readonly(
              "sensitive",
              [](const api::CheckResult& r) { return py::tuple(py::cast(r.sensitive.indices())); },
              "X_S as input indices")
          .def_property_readonly(
              "protected",
              [](const api::CheckResult& r) {
                return py::tuple(py::cast(r.protected_json.is_array()
                                              ? r.protected_json.get<std::vector<std::size_t>>()
                                              : std::vector<std::size_t>{}));
              },
              "Y_P as output indices (empty where the outputs are not listed)")
          .def_property_readonly(
              "exp_eps",
              [](const api::CheckResult& r) {
                return r.budget ? fraction(r.budget->exp_eps()) : py::none();
              },
              "the budget decided for, exact; None: each verdict's tight e^eps alone")
          .def_property_readonly(
              "tolerance", [](const api::CheckResult& r) { return optional_fraction(r.tolerance); })
          .def_property_readonly("required",
                                 [](const api::CheckResult& r) {
                                   py::list names;
                                   for (const Property p : r.required)
                                     names.append(std::string(property_name(p)));
                                   return py::tuple(names);
                                 })
          .def_property_readonly("passes", &api::CheckResult::passes)
          .def_property_readonly(
              "pair_losses",
              [](const api::CheckResult& r) -> py::object {
                if (!r.pairs) return py::none();
                const PairLossMatrix& losses = r.pairs->losses;
                py::list rows;
                for (std::size_t x = 0; x < losses.inputs(); ++x) {
                  py::list row;
                  for (std::size_t x_prime = 0; x_prime < losses.inputs(); ++x_prime) {
                    const PairLoss& loss = losses.at(x, x_prime);
                    row.append(loss.output ? fraction_or_infinity(loss.ratio) : py::none());
                  }
                  rows.append(row);
                }
                return rows;
              },
              "With pairs=True: L(x, x') = max_y Q(y|x) / Q(y|x') as pair_losses[x][x'], exact "
              "(Fraction, or math.inf; None where x gives no output of the set)")
          .def_property_readonly(
              "pairs_json",
              [](const api::CheckResult& r) -> py::object {
                if (!r.pairs) return py::none();
                return to_python(api::to_json(*r.pairs));
              },
              "the per-pair losses and notions as `uldp check --pairs --json` writes them")
          .def_property_readonly(
              "stated_bounds",
              [](const api::CheckResult& r) { return py::tuple(py::cast(r.stated_bounds)); })
          .def(
              "headline",
              [](const api::CheckResult& r, const std::string& property) {
                return api::check_headline(r, property_named(property));
              },
              py::arg("property"),
              "The verdict of `property` (\"ldp\", \"uldp\", \"uldp_strict\", \"osldp\") in one "
              "line, as EXPECT_PRIVATE and assert_private state it.")
          .def_property_readonly(
              "headlines",
              [](const api::CheckResult& r) {
                warn_former_name("CheckReport.headlines is now CheckReport.headline(property)");
                py::dict lines;
                for (const Property p : kProperties) {
                  lines[py::str(std::string(property_name(p)))] = api::check_headline(r, p);
                }
                return lines;
              })
          .def("__repr__", [](const api::CheckResult& r) {
            std::string text = "<CheckReport " + r.subject + ":";
            for (const Property p : kProperties) {
              text += ' ';
              text += property_name(p);
              text += r[p].verdict.holds ? " holds" : " fails";
              if (p != Property::kOsldp) text += ',';
            }
            return text + ">";
          })));
}

}  // namespace uldp::python
