// uldp._core: the exact core for Python, through pybind11. Exact values cross the boundary as
// strings ("3/7", "inf"), which the Python layer turns into fractions.Fraction; the Python layer
// also turns floats into their exact binary64 values first, so no double decides a verdict here
// either. Errors are uldp's one-line messages as ValueError; long checks release the GIL.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/probability.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/error.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/forms/form_checks.h"
#include "uldp/forms/stochasticity.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/registry.h"

namespace py = pybind11;

namespace uldp::python {
namespace {

std::optional<PrivacyBudget> budget_of(const std::optional<std::string>& eps,
                                       const std::optional<std::string>& exp_eps) {
  if (eps && exp_eps) throw InvalidArgument("eps / exp_eps: give at most one of them");
  if (exp_eps) return PrivacyBudget::from_exp_eps(parse_rational(*exp_eps, "exp_eps"), "exp_eps");
  if (eps) return PrivacyBudget::from_epsilon(parse_rational(*eps, "eps"), 64, "eps");
  return std::nullopt;
}

IndexSet index_set(const std::vector<std::size_t>& indices, std::size_t universe,
                   const char* what) {
  return IndexSet::from_indices(indices, universe, what);
}

py::dict witness_dict(const Witness& w) {
  py::dict d;
  d["x"] = w.x;
  d["x_prime"] = w.x_prime;
  d["y"] = w.y ? py::cast(*w.y) : py::none();
  d["y_label"] = w.y_label;
  d["q_x"] = w.q_x ? py::cast(to_string(*w.q_x)) : py::none();
  d["q_x_prime"] = w.q_x_prime ? py::cast(to_string(*w.q_x_prime)) : py::none();
  return d;
}

py::dict verdict_dict(const Verdict& v) {
  py::dict d;
  d["holds"] = v.holds;
  d["tight_exp_eps"] = v.tight_exp_eps.to_string();
  d["violated"] = v.violated ? py::cast(std::string(condition_name(*v.violated))) : py::none();
  d["witness"] = v.witness ? py::object(witness_dict(*v.witness)) : py::none();
  d["tight_attained_by"] =
      v.tight_attained_by ? py::object(witness_dict(*v.tight_attained_by)) : py::none();
  return d;
}

py::list mechanisms() {
  py::list out;
  for (const MechanismEntry& e : mechanism_registry()) {
    py::dict d;
    d["name"] = std::string(e.name);
    d["title"] = std::string(e.title);
    d["reference"] = std::string(e.reference);
    d["example"] = std::string(e.example);
    out.append(d);
  }
  return out;
}

py::dict mechanism(const std::string& name, std::size_t k,
                   const std::optional<std::vector<std::size_t>>& sensitive,
                   const std::optional<std::string>& eps, const std::optional<std::string>& exp_eps,
                   const std::optional<std::string>& theta,
                   const std::optional<std::size_t>& block) {
  const MechanismEntry& entry = find_mechanism(name, "mechanism");
  MechanismArguments a;
  a.k = entry.fixed_k ? *entry.fixed_k : k;
  if (entry.fixed_k && k != *entry.fixed_k) {
    throw InvalidArgument("k: mechanism " + name + " has k = " + std::to_string(*entry.fixed_k));
  }
  if (sensitive) a.sensitive = index_set(*sensitive, a.k, "sensitive");
  a.budget = budget_of(eps, exp_eps);
  if (theta) a.theta = Probability::parse(*theta, "theta");
  a.block = block;
  DenseForm form = [&] {
    const MechanismSpec spec = make_mechanism(entry, a);
    py::gil_scoped_release release;
    return std::get<DenseForm>(exact_form(spec, FormChoice::kDense));
  }();
  std::vector<std::vector<std::string>> rows(form.q.num_inputs());
  for (std::size_t x = 0; x < rows.size(); ++x) {
    for (std::size_t y = 0; y < form.q.num_outputs(); ++y)
      rows[x].push_back(to_string(form.q(x, y)));
  }
  py::dict d;
  d["name"] = std::string(entry.name);
  d["claim"] = std::string(claim_name(entry.claim));
  d["Q"] = rows;
  d["outputs"] = form.q.output_labels();
  d["protected"] = form.protected_outputs.indices();
  d["sensitive"] = a.sensitive ? a.sensitive->indices() : std::vector<std::size_t>{};
  d["exp_eps"] = a.budget ? py::cast(to_string(a.budget->exp_eps())) : py::none();
  return d;
}

py::dict check(const std::vector<std::vector<std::string>>& rows,
               const std::optional<std::vector<std::size_t>>& sensitive,
               const std::optional<std::vector<std::size_t>>& protected_outputs,
               const std::optional<std::string>& eps, const std::optional<std::string>& exp_eps,
               const std::optional<std::string>& tolerance) {
  if (rows.empty() || rows.front().empty()) throw InvalidArgument("Q: the matrix is empty");
  const std::size_t outputs = rows.front().size();
  std::vector<Rational> entries;
  for (std::size_t x = 0; x < rows.size(); ++x) {
    if (rows[x].size() != outputs) {
      throw InvalidArgument("Q: row " + std::to_string(x) + " has " +
                            std::to_string(rows[x].size()) + " entries, row 0 has " +
                            std::to_string(outputs));
    }
    for (std::size_t y = 0; y < outputs; ++y) {
      entries.push_back(
          parse_rational(rows[x][y], "Q[" + std::to_string(x) + "][" + std::to_string(y) + "]"));
    }
  }
  std::vector<std::string> labels;
  for (std::size_t y = 0; y < outputs; ++y) labels.push_back(std::to_string(y));
  const DenseMechanism q(rows.size(), labels, std::move(entries));
  const std::optional<Rational> allowed =
      tolerance ? std::optional(parse_rational(*tolerance, "tolerance")) : std::nullopt;
  if (allowed && (*allowed < 0 || *allowed > Rational(1, 10))) {
    throw InvalidArgument("tolerance: must be in [0, 1/10]");
  }
  for (std::size_t x = 0; x < q.num_inputs(); ++x) {
    Rational sum = 0;
    for (std::size_t y = 0; y < outputs; ++y) {
      if (q(x, y) < 0 || q(x, y) > 1) {
        throw InvalidArgument("Q[" + std::to_string(x) + "][" + std::to_string(y) +
                              "] = " + message_excerpt(to_string(q(x, y))) + " is outside [0,1]");
      }
      sum += q(x, y);
    }
    const Rational off = sum > 1 ? Rational(sum - 1) : Rational(1 - sum);
    if (off != 0 && !(allowed && off <= *allowed)) {
      throw InvalidArgument("Q: row " + std::to_string(x) + " sums to " +
                            message_excerpt(to_string(sum)) + ", not 1" +
                            (allowed ? " (beyond tolerance)" : " (tolerance=T accepts rounding)"));
    }
  }
  // No X_S given: every input is sensitive, as `uldp check` without --sensitive.
  const IndexSet xs = sensitive
                          ? index_set(*sensitive, q.num_inputs(), "sensitive")
                          : IndexSet::from_indices({}, q.num_inputs(), "sensitive").complement();
  const IndexSet yp = protected_outputs ? index_set(*protected_outputs, outputs, "protected")
                                        : minimal_protected_outputs(q, xs);
  const std::optional<PrivacyBudget> budget = budget_of(eps, exp_eps);
  const PropertyVerdicts v = [&] {
    py::gil_scoped_release release;
    return check_all_properties(ExactForm(DenseForm{q, yp}), xs, budget);
  }();
  py::dict d;
  d["ldp"] = verdict_dict(v.ldp);
  d["uldp"] = verdict_dict(v.uldp);
  d["uldp_strict"] = verdict_dict(v.uldp_strict);
  d["osldp"] = verdict_dict(v.osldp);
  d["sensitive"] = xs.indices();
  d["protected"] = yp.indices();
  d["exp_eps"] = budget ? py::cast(to_string(budget->exp_eps())) : py::none();
  return d;
}

}  // namespace
}  // namespace uldp::python

PYBIND11_MODULE(_core, m) {
  m.doc() = "uldp's exact core (use the uldp package, not this module)";
  // uldp's errors are bad input: ValueError with the one-line message.
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const uldp::InvalidArgument& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const uldp::InputError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });
  m.def("mechanisms", &uldp::python::mechanisms);
  m.def("mechanism", &uldp::python::mechanism, py::arg("name"), py::arg("k"), py::arg("sensitive"),
        py::arg("eps"), py::arg("exp_eps"), py::arg("theta"), py::arg("block"));
  m.def("check", &uldp::python::check, py::arg("rows"), py::arg("sensitive"), py::arg("protected"),
        py::arg("eps"), py::arg("exp_eps"), py::arg("tolerance"));
}
