// uldp._core: the exact core for Python, through pybind11. Exact values come in as strings ("3/7",
// "inf") the Python layer makes exact; floats become their exact binary64 values (in Python, or
// here for a float64 array), so no double decides a verdict here either. The workflows' results
// go out as the api's results themselves, bound as classes (results.h) whose exact values are
// fractions.Fraction. Errors are uldp's one-line messages as ValueError; long computations
// release the GIL, and Ctrl-C stops them (uldp/cancellation.h) as KeyboardInterrupt.
//
// Besides mechanism() and check(), the Python functions that mirror a command (conform, estimate,
// loss, golden) call the command's workflows (uldp::api) directly, so their answers and messages
// are the command's own. Their reference is built from the keywords by the library functions
// that build it from the command's flags (uldp/api/reference_arguments.h): no command line, no
// temporary file.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "uldp/cancellation.h"

#include "python_values.h"
#include "results.h"
#include "uldp/api/audit.h"
#include "uldp/api/check.h"
#include "uldp/api/conform.h"
#include "uldp/api/construct.h"
#include "uldp/api/estimate.h"
#include "uldp/api/estimates_comparison.h"
#include "uldp/api/false_alarm.h"
#include "uldp/api/golden.h"
#include "uldp/api/headline.h"
#include "uldp/api/loss.h"
#include "uldp/api/mechanism.h"
#include "uldp/api/pair_loss.h"
#include "uldp/api/prove.h"
#include "uldp/api/reference_arguments.h"
#include "uldp/api/render.h"
#include "uldp/api/simulate.h"
#include "uldp/api/table_arguments.h"
#include "uldp/api/table_output.h"
#include "uldp/api/workflow_options.h"
#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/probability.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/error.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/forms/form_checks.h"
#include "uldp/forms/stochasticity.h"
#include "uldp/forms/tolerance.h"
#include "uldp/io/input_text.h"
#include "uldp/io/matrix_reader.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/registry.h"

namespace py = pybind11;

namespace uldp::python {
namespace {

std::optional<PrivacyBudget> budget_of(const std::optional<std::string>& eps,
                                       const std::optional<std::string>& exp_eps) {
  return api::parse_budget(eps, exp_eps, api::ReferenceNames::keywords());
}

// Ctrl-C while uldp computes: Python's handler only notes the signal, so long loops poll it here
// (at most every 50 ms) and stop with the KeyboardInterrupt it raises.
bool python_signal_poll() {
  using Clock = std::chrono::steady_clock;
  thread_local Clock::time_point last_poll = Clock::now();
  const Clock::time_point now = Clock::now();
  if (now - last_poll < std::chrono::milliseconds(50)) return false;
  last_poll = now;
  py::gil_scoped_acquire gil;
  return PyErr_CheckSignals() != 0;  // nonzero: the handler raised (KeyboardInterrupt)
}

// Raises the Python error that made a computation stop (the poll's KeyboardInterrupt, or an
// exception of the user's client), with the GIL held.
[[noreturn]] void raise_stop(std::exception_ptr client_error = nullptr) {
  if (client_error) std::rethrow_exception(client_error);
  if (PyErr_Occurred() == nullptr) PyErr_SetNone(PyExc_KeyboardInterrupt);
  throw py::error_already_set();
}

// Runs f without the GIL; a cancellation (Ctrl-C) ends it as KeyboardInterrupt.
template <class F>
auto without_gil(F&& f) {
  try {
    py::gil_scoped_release release;
    return f();
  } catch (const Cancelled&) {
    raise_stop();
  }
}

// The parameter table (mechanisms/parameter_table.h): what Python's keywords are and how each is
// read, for uldp's own keyword checks and the generated uldp/_keywords.py.
py::list parameters() {
  static constexpr const char* kGrammarNames[] = {
      "count",      "index_set",        "budget", "budget_list", "probability",
      "theta_rule", "probability_list", "grid",   "word",        "path"};
  py::list out;
  for (const ParameterDeclaration* p : declared_parameters()) {
    py::dict d;
    d["name"] = std::string(p->name);
    py::list keywords;
    for (std::string_view keyword : keywords_of(*p)) keywords.append(std::string(keyword));
    d["keywords"] = keywords;
    d["grammar"] = kGrammarNames[static_cast<int>(p->grammar)];
    d["help"] = std::string(p->help);
    out.append(d);
  }
  return out;
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

// Each declared parameter's keyword given in `d` (not None), as the text its flag takes: an int
// as its digits, a list of ints (X_S) comma-separated, a str as it is (Python made numbers exact
// text already).
std::map<std::string, std::string, std::less<>> parameter_texts(const py::dict& d) {
  std::map<std::string, std::string, std::less<>> given;
  for (const ParameterDeclaration* p : declared_parameters()) {
    for (std::string_view keyword : keywords_of(*p)) {
      const std::string key(keyword);
      if (!d.contains(key) || d[key.c_str()].is_none()) continue;
      const py::handle value = d[key.c_str()];
      if (py::isinstance<py::str>(value)) {
        given[key] = value.cast<std::string>();
      } else if (py::isinstance<py::int_>(value)) {
        given[key] = std::to_string(value.cast<std::uint64_t>());
      } else {
        std::string text;
        for (const std::size_t index : value.cast<std::vector<std::size_t>>()) {
          if (!text.empty()) text += ',';
          text += std::to_string(index);
        }
        given[key] = text;
      }
    }
  }
  return given;
}

py::dict mechanism(const std::string& name, const py::dict& keywords) {
  // The command's own reading of the parameters and its workflow (api/reference_arguments.h,
  // api/mechanism.h): one check of k, X_S, the budget and theta, one dense form.
  api::MechanismParameters parameters;
  parameters.name = name;
  parameters.given = parameter_texts(keywords);
  const MechanismEntry& entry = find_mechanism(name, "mechanism");
  const MechanismArguments a =
      api::mechanism_arguments(entry, parameters, api::ReferenceNames::keywords());
  // Built once: the Mechanism holds it, and check(M) decides it without building it again.
  const MechanismSpec spec = without_gil([&] { return make_mechanism(entry, a); });
  const api::MechanismDescription description =
      without_gil([&] { return api::describe_mechanism(api::MechanismRequest(spec)); });
  const DenseForm& form = std::get<DenseForm>(description.form);
  std::vector<std::vector<std::string>> rows(form.q.num_inputs());
  without_gil([&] {
    for (std::size_t x = 0; x < rows.size(); ++x) {
      check_cancelled();
      for (std::size_t y = 0; y < form.q.num_outputs(); ++y)
        rows[x].push_back(to_string(form.q(x, y)));
    }
    return 0;
  });
  py::dict d;
  d["name"] = std::string(entry.name);
  d["claim"] = std::string(claim_name(entry.claim));
  d["Q"] = rows;
  d["outputs"] = form.q.output_labels();
  d["protected"] = form.protected_outputs.indices();
  d["sensitive"] = description.spec.sensitive.indices();  // X_S as the command prints it
  // The budget the mechanism was built for, as the command prints it: Mangat's from its p too.
  const std::optional<PrivacyBudget> budget = budget_of(description.spec);
  d["exp_eps"] = budget ? py::cast(to_string(budget->exp_eps())) : py::none();
  d["spec"] = py::cast(spec);
  return d;
}

std::string entry_name(std::size_t x, std::size_t y, const std::string& matrix = "Q") {
  std::string name = matrix + "[";
  name += std::to_string(x);
  name += "][";
  name += std::to_string(y);
  name += ']';
  return name;
}

// check(pairs=True, id_exp_eps=, metric=, ...): the per-pair losses and the per-pair notions, each
// as the text its flag takes; distances, pair_budgets and safe_regions are file text made by the
// Python layer (or, for metric, the path of a file).
struct PairsRequest {
  bool pairs = false;
  std::map<std::string, std::string> notions;
  bool over_protected = false;  // restrict the pairs to Y_P: protected= was given
  api::PairNotionArguments arguments() const {
    api::PairNotionArguments a;
    for (const auto& [key, value] : notions) {
      if (key == "id_exp_eps")
        a.id_exp_eps = value;
      else if (key == "id_eps")
        a.id_eps = value;
      else if (key == "id_combine")
        a.id_combine = value;
      else if (key == "metric")
        a.metric = value;
      else if (key == "grid")
        a.grid = value;
      else if (key == "eps_per_unit")
        a.eps_per_unit = value;
      else if (key == "exp_eps_per_unit")
        a.exp_eps_per_unit = value;
      else if (key == "distances")
        a.distances = api::NotionFile{"metric", value};
      else if (key == "pair_budgets")
        a.pair_budgets = api::NotionFile{key, value};
      else if (key == "pair_budgets_path")
        a.pair_budgets = api::NotionFile{value, std::nullopt};
      else if (key == "safe_regions")
        a.safe_regions = api::NotionFile{key, value};
      else if (key == "safe_regions_path")
        a.safe_regions = api::NotionFile{value, std::nullopt};
      else
        throw InvalidArgument("check: no per-pair notion '" + message_excerpt(key) + "'");
    }
    return a;
  }
  // The request's pairs and notions: the pairs over Y_P when protected= was given; a registry
  // mechanism's own grid, budget per unit and per-input budgets serve the notions where the
  // caller gives them none (api::share_notion_parameters).
  void apply_to(api::CheckRequest& request,
                const api::MechanismParameters* mechanism = nullptr) const {
    request.pairs = pairs;
    if (over_protected) request.pair_outputs = request.protected_outputs;
    api::PairNotionArguments read = arguments();
    if (mechanism) api::share_notion_parameters(*mechanism, read);
    request.notions = read.notions();
  }
};

// Q as exact strings ("3/7", "0.1", the Python layer's exact binary64 fractions), each entry a
// probability; errors name "Q[x][y]".
DenseMechanism exact_matrix(const std::vector<std::vector<std::string>>& rows,
                            const std::string& what = "Q") {
  if (rows.empty() || rows.front().empty()) throw InvalidArgument(what + ": the matrix is empty");
  const std::size_t outputs = rows.front().size();
  std::vector<Rational> entries;
  for (std::size_t x = 0; x < rows.size(); ++x) {
    if (rows[x].size() != outputs) {
      throw InvalidArgument(what + ": row " + std::to_string(x) + " has " +
                            std::to_string(rows[x].size()) + " entries, row 0 has " +
                            std::to_string(outputs));
    }
    for (std::size_t y = 0; y < outputs; ++y) {
      entries.push_back(parse_rational(rows[x][y], entry_name(x, y, what)));
    }
  }
  return DenseMechanism::from_probabilities(rows.size(), outputs, std::move(entries), what);
}

// `uldp construct uldp-from-ldp` on M given as exact strings: the command's JSON, as a dict.
py::object construct_uldp_from_ldp(const std::vector<std::vector<std::string>>& rows,
                                   const std::vector<std::size_t>& sensitive, std::size_t k,
                                   const std::string& non_sensitive_rows) {
  api::UldpFromLdpRequest request{
      exact_matrix(rows, "M"), "M", api::IndexSelection{sensitive, "sensitive"}, k,
      parse_non_sensitive_row(non_sensitive_rows, "non_sensitive_rows")};
  const api::UldpFromLdpResult r =
      without_gil([&] { return api::construct_uldp_from_ldp(request); });
  return to_python(nlohmann::json::parse(api::render(r, api::MechanismFormat::kJson)));
}

// api::check, once: the verdicts, and the per-pair losses with their notions when asked for or
// when the subject claims a per-pair notion of itself, as the command runs it.
py::object run_check(const api::CheckRequest& request) {
  // Without the GIL: on a large matrix even the row sums take a while.
  return check_report(without_gil([&] { return api::check(request); }));
}

// The check of `uldp check --matrix` (api::check) on an exact matrix made in memory.
py::object check_matrix(DenseMechanism q, const std::optional<std::vector<std::size_t>>& sensitive,
                        const std::optional<std::vector<std::size_t>>& protected_outputs,
                        const std::optional<std::string>& eps,
                        const std::optional<std::string>& exp_eps,
                        const std::optional<std::string>& tolerance, const PairsRequest& pairs) {
  api::MatrixSubject subject{MatrixFile{std::move(q), "Q", {}, std::nullopt}, "Q", std::nullopt,
                             std::nullopt};
  if (sensitive) subject.sensitive = api::IndexSelection{*sensitive, "sensitive"};
  api::CheckRequest request(std::move(subject));
  if (protected_outputs)
    request.protected_outputs = api::IndexSelection{*protected_outputs, "protected"};
  request.budget = budget_of(eps, exp_eps);
  if (tolerance) {
    request.tolerance = parse_tolerance(*tolerance, "tolerance");
    request.tolerance_text = *tolerance;
  }
  pairs.apply_to(request);
  return run_check(request);
}

// Q as exact strings ("3/7", "0.1", the Python layer's exact binary64 fractions).
py::object check(const std::vector<std::vector<std::string>>& rows,
                 const std::optional<std::vector<std::size_t>>& sensitive,
                 const std::optional<std::vector<std::size_t>>& protected_outputs,
                 const std::optional<std::string>& eps, const std::optional<std::string>& exp_eps,
                 const std::optional<std::string>& tolerance, bool pairs,
                 const std::map<std::string, std::string>& notions, bool pairs_over_protected) {
  return check_matrix(exact_matrix(rows), sensitive, protected_outputs, eps, exp_eps, tolerance,
                      PairsRequest{pairs, notions, pairs_over_protected});
}

// Q as a float64 array: each entry its exact binary64 value, read here without a detour through
// Python objects (a 625 x 625 matrix is 390,625 of them).
py::object check_binary64(const py::array_t<double, py::array::c_style | py::array::forcecast>& q,
                          const std::optional<std::vector<std::size_t>>& sensitive,
                          const std::optional<std::vector<std::size_t>>& protected_outputs,
                          const std::optional<std::string>& eps,
                          const std::optional<std::string>& exp_eps,
                          const std::optional<std::string>& tolerance, bool pairs,
                          const std::map<std::string, std::string>& notions,
                          bool pairs_over_protected) {
  if (q.ndim() != 2) {
    throw InvalidArgument("Q: a " + std::to_string(q.ndim()) + "-dimensional array, not a matrix");
  }
  const auto rows = static_cast<std::size_t>(q.shape(0));
  const auto outputs = static_cast<std::size_t>(q.shape(1));
  if (rows == 0 || outputs == 0) throw InvalidArgument("Q: the matrix is empty");
  // Kept as binary64 patterns (exact values, compared as integers by the checks).
  DenseMechanism matrix = without_gil([&] {
    return DenseMechanism::from_doubles(rows, outputs,
                                        std::span<const double>(q.data(), rows * outputs));
  });
  return check_matrix(std::move(matrix), sensitive, protected_outputs, eps, exp_eps, tolerance,
                      PairsRequest{pairs, notions, pairs_over_protected});
}

void append_number(std::string& text, std::int64_t value) {
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
  text.append(digits, end);
}

using IntArray = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>;

// "x,y" lines of samples: outputs a 1-D integer array (output indices) or a 2-D 0/1 array (bit
// vectors, bit j as character j). Formatting 10^6 samples in Python would cost more than testing
// them.
std::string samples_text(const IntArray& x, const IntArray& y) {
  if (x.ndim() != 1) throw InvalidArgument("inputs: a 1-dimensional array of input indices");
  const auto n = static_cast<std::size_t>(x.shape(0));
  if (y.ndim() < 1 || y.ndim() > 2 || static_cast<std::size_t>(y.shape(0)) != n) {
    throw InvalidArgument("outputs: " + std::to_string(n) +
                          " outputs expected (one per input), as a 1-D array of output indices or "
                          "a 2-D 0/1 array of bit vectors");
  }
  const std::size_t bits = y.ndim() == 2 ? static_cast<std::size_t>(y.shape(1)) : 0;
  if (y.ndim() == 2 && bits == 0)
    throw InvalidArgument("outputs: a bit vector needs at least one bit");
  const std::int64_t* xs = x.data();
  const std::int64_t* ys = y.data();
  std::string text;
  text.reserve(n * (bits ? bits + 8 : 12));
  for (std::size_t i = 0; i < n; ++i) {
    if (xs[i] < 0) {
      throw InvalidArgument("inputs[" + std::to_string(i) + "] = " + std::to_string(xs[i]) +
                            " is not an input index");
    }
    append_number(text, xs[i]);
    text += ',';
    if (bits == 0) {
      if (ys[i] < 0) {
        throw InvalidArgument("outputs[" + std::to_string(i) + "] = " + std::to_string(ys[i]) +
                              " is not an output index");
      }
      append_number(text, ys[i]);
    } else {
      for (std::size_t j = 0; j < bits; ++j) {
        const std::int64_t bit = ys[i * bits + j];
        if (bit != 0 && bit != 1) {
          throw InvalidArgument("outputs[" + std::to_string(i) + "][" + std::to_string(j) +
                                "] = " + std::to_string(bit) + " is not a bit (0 or 1)");
        }
        text += static_cast<char>('0' + bit);
      }
    }
    text += '\n';
  }
  return text;
}

// The same lines written to a file (bench/python_bindings.py's samples for the C++ side).
void write_samples(const std::string& path, const IntArray& x, const IntArray& y) {
  const std::string text = samples_text(x, y);
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr) throw InputError(path, "cannot write the file");
  const bool written = std::fwrite(text.data(), 1, text.size(), file) == text.size();
  if (std::fclose(file) != 0 || !written) throw InputError(path, "cannot write the file");
}

using Binary64Array = py::array_t<double, py::array::c_style | py::array::forcecast>;

template <typename T>
std::optional<T> optional_item(const py::dict& d, const char* key) {
  if (!d.contains(key) || d[key].is_none()) return std::nullopt;
  return d[key].cast<T>();
}

// A registry mechanism's (or the PUM's) parameters as Python's keywords give them (uldp.reference()
// and uldp.mechanism()), each as the text its flag takes.
api::MechanismParameters mechanism_parameters_of(const py::dict& d) {
  api::MechanismParameters m;
  m.name = optional_item<std::string>(d, "mech").value_or("");
  m.given = parameter_texts(d);
  m.common = optional_item<std::string>(d, "common");
  m.tags = optional_item<std::string>(d, "tags");
  if (auto users = optional_item<std::string>(d, "users")) {
    require_input_size(users->size(), "users");
    m.users = api::PumUsersInput{PumUsersLayout::kOneUserPerLine, "users", std::move(*users)};
  }
  return m;
}

// uldp.check(M) of a Mechanism made by uldp.mechanism(): `uldp check --mech NAME` with M's own
// parameters (its claim, its budget, its per-pair claim), so that Python and the command answer
// alike. The notions are given apart from the mechanism here: the mechanism's own grid, budget
// per unit and per-input budgets serve them where the caller gives the notion none
// (api::share_notion_parameters).
py::object check_mechanism(const MechanismSpec& spec, const py::dict& parameters,
                           const std::optional<std::vector<std::size_t>>& protected_outputs,
                           const std::optional<std::string>& eps,
                           const std::optional<std::string>& exp_eps,
                           const std::optional<std::string>& tolerance, bool pairs,
                           const std::map<std::string, std::string>& notions,
                           bool pairs_over_protected) {
  const api::MechanismParameters mechanism = mechanism_parameters_of(parameters);
  const PairsRequest asked{pairs, notions, pairs_over_protected};
  api::CheckRequest request(api::MechanismSubject{spec, FormChoice::kStructured});
  if (protected_outputs)
    request.protected_outputs = api::IndexSelection{*protected_outputs, "protected"};
  request.budget = budget_of(eps, exp_eps);  // none: the budget it was built for
  if (tolerance) {
    request.tolerance = parse_tolerance(*tolerance, "tolerance");
    request.tolerance_text = *tolerance;
  }
  asked.apply_to(request, &mechanism);
  return run_check(request);
}

// A reference from the Python layer's keywords (uldp.Reference's fields, checked and made exact
// there: indices as lists, numbers as exact text, users as lines, a matrix as a float64 array or
// as exact comma-separated rows), read with the GIL held; request() builds the api's request
// without it, as the command builds it from its flags (uldp/api/reference_arguments.h), naming
// the keywords in messages ("k: ...", "matrix:2:3: ...", "users:2:5: ...").
class PythonReference {
 public:
  explicit PythonReference(const py::dict& d) {
    arguments_.mechanism = mechanism_parameters_of(d);
    if (auto protected_outputs = optional_item<std::vector<std::size_t>>(d, "protected"))
      arguments_.protected_outputs = std::move(*protected_outputs);
    arguments_.row_sum_tolerance = optional_item<std::string>(d, "row_sum_tolerance");
    if (d.contains("matrix") && !d["matrix"].is_none()) read_matrix(d["matrix"]);
  }
  PythonReference(const PythonReference&) = delete;
  PythonReference& operator=(const PythonReference&) = delete;

  /// The request; call it without the GIL (the matrix is read here).
  api::ReferenceRequest request() const {
    return api::reference_request(arguments_, api::ReferenceNames::keywords());
  }

 private:
  // Exact rows as text ("3/4,1/4\n..."), read by the matrix reader (errors matrix:ROW:COLUMN,
  // 1-based); a float64 array as its binary64 values, read here without a detour through text.
  void read_matrix(const py::handle& matrix) {
    arguments_.matrix_source = "matrix";
    if (py::isinstance<py::str>(matrix)) {
      matrix_text_ = matrix.cast<std::string>();
      require_input_size(matrix_text_.size(), "matrix");
      arguments_.matrix_reading = "exact values (a float as its binary64 value)";
      arguments_.matrix = [this]() -> MechanismFile {
        MatrixReadOptions options;
        options.header = HeaderChoice::kNo;
        options.delimiter = Delimiter::kComma;
        return parse_matrix_csv(matrix_text_, "matrix", options);
      };
      return;
    }
    binary64_ = matrix.cast<Binary64Array>();
    if (binary64_.ndim() != 2) {
      throw InvalidArgument("matrix: a " + std::to_string(binary64_.ndim()) +
                            "-dimensional array, not a matrix");
    }
    arguments_.matrix_reading = "a float64 array, each entry its exact binary64 value";
    const auto rows = static_cast<std::size_t>(binary64_.shape(0));
    const auto outputs = static_cast<std::size_t>(binary64_.shape(1));
    const double* data = binary64_.data();
    arguments_.matrix = [rows, outputs, data]() -> MechanismFile {
      if (rows == 0 || outputs == 0) throw InvalidArgument("matrix: the matrix is empty");
      // Kept as binary64 patterns (exact values, compared as integers by the checks).
      return MatrixFile{DenseMechanism::from_doubles(
                            rows, outputs, std::span<const double>(data, rows * outputs), "matrix"),
                        "matrix",
                        {},
                        std::nullopt};
    };
  }

  api::ReferenceArguments arguments_;
  std::string matrix_text_;
  Binary64Array binary64_;  // owns the entries request() reads
};

// `prove` through api::prove: every claim, every step of the utility proofs, or one by name.
py::object prove(const std::optional<std::string>& claim, bool steps,
                 const std::optional<std::string>& solver) {
  return proof_report(without_gil([&] {
    if (claim && steps)
      throw InvalidArgument("claim / steps: give a claim or steps=True, not both");
    std::variant<api::EveryClaim, api::EveryStep, api::NamedClaim> which = api::EveryClaim{};
    if (claim) which = api::NamedClaim{*claim};
    if (steps) which = api::EveryStep{};
    api::ProveRequest request(which);
    if (solver) {
      request.solver = verify::parse_solver_choice(*solver);
      if (!request.solver) {
        throw InvalidArgument("solver: expected z3, cvc5 or both, got '" +
                              message_excerpt(*solver) + "'");
      }
    }
    return api::prove(request);
  }));
}

// `audit` through api::audit: the paper's mechanisms at the paper's settings, exactly.
py::object audit() {
  return audit_report(without_gil([] { return api::audit(); }));
}

// The workflow options (uldp/api/workflow_options.h), whence Python's functions take their
// defaults and the former names they still read: [{"name", "help", "needs", "count", "choices",
// "uses": {workflow: {"default", "former_name"}}}] (a choice's default is its word).
py::object workflow_options() {
  nlohmann::json options = nlohmann::json::array();
  for (const api::WorkflowOption* option : api::workflow_options()) {
    const bool count = option->range == api::OptionRange::kCount;
    const bool choice = option->range == api::OptionRange::kChoice;
    nlohmann::json uses = nlohmann::json::object();
    for (const api::OptionUse& use : option->uses) {
      uses[std::string(use.workflow)] = {
          {"default", choice  ? nlohmann::json(std::string(use.default_choice))
                      : count ? nlohmann::json(static_cast<std::uint64_t>(use.default_value))
                              : nlohmann::json(use.default_value)},
          {"former_name", std::string(use.former_name)}};
    }
    nlohmann::json choices = nlohmann::json::array();
    for (const std::string_view word : option->choices) choices.push_back(std::string(word));
    options.push_back({{"name", std::string(option->name)},
                       {"help", std::string(option->help)},
                       {"needs", std::string(option->needs)},
                       {"count", count},
                       {"choices", std::move(choices)},
                       {"uses", std::move(uses)}});
  }
  return to_python(options);
}

// `conform plan` through api::plan_conformance_run.
py::object conform_plan(const py::dict& reference, double false_alarm, double power,
                        double resolution, double excess) {
  const PythonReference chosen(reference);
  api::ConformPlanResult plan = without_gil([&] {
    api::ConformPlanRequest request(chosen.request());
    request.false_alarm = false_alarm;
    request.power = power;
    request.resolution = resolution;
    request.excess = excess;
    return api::plan_conformance_run(request);
  });
  return conformance_plan(std::move(plan));
}

// What a conformance run must show, its resolution named as the keyword.
estimate::EvidenceDemand python_demand(double power, double resolution) {
  return {power, resolution, "resolution="};
}

// `conform samples` through api::conform_samples on samples held in memory: "x,y" lines made
// from arrays in C++, or by Python for labels.
py::object conform_sample_text(const PythonReference& chosen, const std::string& text,
                               double false_alarm, double power, double resolution,
                               bool output_index) {
  api::ConformResult result = without_gil([&] {
    api::ConformSamplesRequest request(
        chosen.request(), [&text] { return std::make_unique<std::istringstream>(text); },
        "samples");
    request.false_alarm = false_alarm;
    request.demand = python_demand(power, resolution);
    request.output_index = output_index;
    return api::conform_samples(request);
  });
  return conformance_report(std::move(result));
}

py::object conform_samples(const py::dict& reference, const std::string& text, double false_alarm,
                           double power, double resolution, bool output_index) {
  return conform_sample_text(PythonReference(reference), text, false_alarm, power, resolution,
                             output_index);
}

// `conform counts` through api::conform_counts: each shard a file (by its path) or "x,y,count"
// lines Python made from a DataFrame or triples, named `source`.
py::object conform_counts(const py::dict& reference,
                          const std::vector<std::tuple<std::string, std::string, bool>>& shards,
                          double false_alarm, double power, double resolution, bool output_index) {
  const PythonReference chosen(reference);
  api::ConformResult result = without_gil([&] {
    std::vector<api::CountsShard> files;
    for (const auto& [source, content, is_path] : shards) {
      api::SampleSource open;
      if (is_path) {
        open = [path = content]() -> std::unique_ptr<std::istream> {
          auto file = std::make_unique<std::ifstream>(path, std::ios::binary);
          if (!*file) throw InputError(path, "cannot open the file");
          return file;
        };
      } else {
        require_input_size(content.size(), source);
        open = [&text = content] { return std::make_unique<std::istringstream>(text); };
      }
      files.push_back({source, std::move(open), is_path ? content : std::string()});
    }
    api::ConformCountsRequest request(chosen.request(), std::move(files));
    request.false_alarm = false_alarm;
    request.demand = python_demand(power, resolution);
    request.output_index = output_index;
    return api::conform_counts(request);
  });
  return conformance_report(std::move(result));
}

// Integer outputs are tallied from the arrays themselves; the "x,y" lines are made only when
// needed: bit vectors, a diagnosis, or a sample whose error names its line.
py::object conform_sample_arrays(const py::dict& reference, const IntArray& x, const IntArray& y,
                                 double false_alarm, double power, double resolution,
                                 bool output_index) {
  const PythonReference chosen(reference);
  if (y.ndim() != 1) {
    const std::string text = samples_text(x, y);
    return conform_sample_text(chosen, text, false_alarm, power, resolution, output_index);
  }
  api::ConformResult result = without_gil([&] {
    std::optional<std::string> text;
    api::ConformSamplesRequest request(
        chosen.request(),
        [&] {
          if (!text) text = samples_text(x, y);
          return std::make_unique<std::istringstream>(*text);
        },
        "samples");
    request.false_alarm = false_alarm;
    request.demand = python_demand(power, resolution);
    request.output_index = output_index;
    if (x.ndim() == 1 && x.shape(0) == y.shape(0)) {
      const auto n = static_cast<std::size_t>(x.shape(0));
      request.columns = api::SampleColumns{{x.data(), n}, {y.data(), n}};
    }
    return api::conform_samples(request);
  });
  return conformance_report(std::move(result));
}

// `conform client` through api::SequentialConformance, driving a Python batch function (a list
// of inputs in, a list of output labels out); the GIL is released while uldp tallies and tests.
// The client's own exceptions, and Ctrl-C, end the run as themselves.
py::object conform_client(const py::dict& reference, const py::function& client, double false_alarm,
                          double power, double resolution, std::uint64_t max_samples,
                          std::uint64_t first_look, std::uint64_t violation_search,
                          const std::string& spending, bool output_index,
                          const std::string& reading_hint, std::optional<double> excess) {
  const PythonReference chosen(reference);
  std::optional<api::SequentialConformance> test;
  without_gil([&] {
    api::ConformClientRequest request(chosen.request(), "client");
    request.false_alarm = false_alarm;
    request.demand = python_demand(power, resolution);
    request.max_samples = max_samples;
    request.first_look = first_look;
    request.violation_search = violation_search;
    request.spending = api::parse_alpha_spending(spending, "spending");
    request.output_index = output_index;
    request.reading_hint = reading_hint;
    if (excess) request.excess = *excess;  // not given: the request's default
    test.emplace(request);
    return 0;
  });
  while (!test->decided()) {
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    const std::vector<std::uint32_t> inputs = test->next_inputs();
    py::list xs(inputs.size());
    for (std::size_t i = 0; i < inputs.size(); ++i) xs[i] = py::int_(inputs[i]);
    const std::vector<std::string> outputs = client(xs).cast<std::vector<std::string>>();
    without_gil([&] {
      test->add_outputs(outputs);
      return 0;
    });
  }
  api::ConformResult result = without_gil([&] { return test->result(); });
  return conformance_report(std::move(result));
}

// A Python value (dict, list, str, int, float, bool, None) as JSON, without a text round trip.
nlohmann::json from_python(const py::handle& o) {
  if (o.is_none()) return nullptr;
  if (py::isinstance<py::bool_>(o)) return o.cast<bool>();
  if (py::isinstance<py::int_>(o)) {
    const auto value = o.cast<py::int_>();
    if (py::int_(0) <= value) return o.cast<std::uint64_t>();
    return o.cast<std::int64_t>();
  }
  if (py::isinstance<py::float_>(o)) return o.cast<double>();
  if (py::isinstance<py::str>(o)) return o.cast<std::string>();
  if (py::isinstance<py::dict>(o)) {
    nlohmann::json j = nlohmann::json::object();
    for (const auto& [key, value] : o.cast<py::dict>()) {
      j[py::str(key).cast<std::string>()] = from_python(value);
    }
    return j;
  }
  if (py::isinstance<py::list>(o) || py::isinstance<py::tuple>(o)) {
    nlohmann::json j = nlohmann::json::array();
    for (const py::handle& item : o) j.push_back(from_python(item));
    return j;
  }
  throw InvalidArgument("vectors: " + py::repr(o).cast<std::string>() +
                        " is not a JSON value (dict, list, str, number, bool or None)");
}

// `golden` through api::golden_vectors: drawn cases, or counts given as text (a JSON array).
py::object golden(const py::dict& reference, std::optional<std::uint64_t> cases, std::uint64_t seed,
                  std::optional<std::uint64_t> n, const std::optional<std::string>& counts,
                  double significance, const std::optional<std::string>& post,
                  const std::optional<std::string>& em_distance,
                  const std::optional<std::string>& em_gap, double em_stop, bool with_reports) {
  const PythonReference chosen(reference);
  return golden_vectors(without_gil([&] {
    if (cases.has_value() == counts.has_value()) {
      throw InvalidArgument("cases / from_counts: give exactly one of them");
    }
    if (counts) require_input_size(counts->size(), "from_counts");
    std::variant<api::DrawnCases, api::GivenCounts> source =
        cases ? std::variant<api::DrawnCases, api::GivenCounts>(api::DrawnCases{*cases, seed, n})
              : api::GivenCounts{*counts, "from_counts"};
    api::GoldenRequest request(chosen.request(), std::move(source));
    request.significance = significance;
    request.em_stop = em_stop;
    if (em_gap) request.em_gap = parse_tolerance(*em_gap, "em_gap");
    if (em_distance) request.em_distance = to_double(parse_tolerance(*em_distance, "em_distance"));
    if (post) request.post = estimate::parse_post_processing(*post, "post");
    request.with_reports = with_reports;
    return api::golden_vectors(request);
  }));
}

// `simulate` through api::simulate: per-user reports as arrays (symbol columns with their
// labels, or an n x k 0/1 array of bit vectors), or the aggregated counts.
py::dict simulate(const py::dict& mechanism, std::optional<std::uint64_t> n, const std::string& p,
                  std::uint64_t seed, bool counts) {
  const PythonReference chosen(mechanism);
  const estimate::SimulatedReports reports = without_gil([&] {
    api::SimulateRequest request(chosen.request(), seed);
    request.n = n;
    request.p = p;
    request.counts = counts;
    return api::simulate(request);
  });
  py::dict d;
  std::visit(Overloaded{[&](const estimate::SymbolReports& r) {
                          d["columns"] = py::array_t<std::int64_t>(
                              static_cast<py::ssize_t>(r.columns.size()),
                              std::vector<std::int64_t>(r.columns.begin(), r.columns.end()).data());
                          d["n"] = r.columns.size();
                        },
                        [&](const estimate::BitReports& r) {
                          py::array_t<std::uint8_t> bits({static_cast<py::ssize_t>(r.size()),
                                                          static_cast<py::ssize_t>(r.k())});
                          auto view = bits.mutable_unchecked<2>();
                          for (py::ssize_t i = 0; i < view.shape(0); ++i) {
                            for (py::ssize_t j = 0; j < view.shape(1); ++j) view(i, j) = 0;
                            for (const std::uint32_t j : r.report(static_cast<std::size_t>(i)))
                              view(i, j) = 1;
                          }
                          d["bits"] = bits;
                          d["n"] = r.size();
                        },
                        [&](const estimate::SymbolCounts& c) {
                          d["counts"] = c.counts;
                          std::uint64_t total = 0;
                          for (const std::uint64_t count : c.counts) total += count;
                          d["n"] = total;
                        },
                        [&](const estimate::BitCounts& c) {
                          d["ones"] = c.ones;
                          d["n"] = c.n;
                        },
                        [&](const estimate::UnlistedDraws& r) {  // as the report file's lines
                          std::vector<std::string> lines(r.reports.size());
                          for (std::size_t i = 0; i < lines.size(); ++i)
                            r.write(r.reports.report(i), lines[i]);
                          d["reports"] = lines;
                          d["n"] = lines.size();
                        }},
             reports.data);
  d["labels"] = reports.labels;
  return d;
}

// `table` through api::table_rows: the command's JSON (every exact value) with its Markdown
// table under "text" and the exit code's verdict under "all_verified".
py::object table(const api::TableArguments& arguments) {
  const nlohmann::json j = without_gil([&] {
    const api::TableRequest request = api::table_request(arguments, api::TableNames::keywords());
    const std::vector<api::TableRow> rows = api::table_rows(request);
    api::TableLayout layout;
    layout.n = request.n;
    layout.theta = request.theta;
    layout.vs_limit = request.vs_limit;
    layout.format = "json";
    std::ostringstream json_text;
    api::write_table(json_text, rows, layout);
    nlohmann::json result = nlohmann::json::parse(json_text.str());
    layout.format = "md";
    std::ostringstream markdown;
    api::write_table(markdown, rows, layout);
    result["text"] = markdown.str();
    result["all_verified"] = api::all_verified(rows);
    return result;
  });
  return to_python(j);
}

// `loss` through api::loss: p as `--p` text.
py::object loss(const py::dict& mechanism, std::uint64_t n, const std::string& p, bool exact_l1,
                bool vs_limit) {
  const PythonReference chosen(mechanism);
  const nlohmann::json j = without_gil([&] {
    const api::ReferenceRequest reference = chosen.request();
    const auto* registry = std::get_if<api::RegistryReference>(&reference);
    if (registry == nullptr) throw InvalidArgument("mech: loss takes a registry mechanism");
    api::LossRequest request(*registry, n);
    request.p = api::parse_input_distribution(p, registry->arguments.k);
    request.exact_l1 = exact_l1;
    request.vs_limit = vs_limit;
    return api::versioned(api::to_json(api::loss(request)));
  });
  return to_python(j);
}

// `estimate` through api::estimate_distribution: the reports as report-file text.
py::object estimate(const py::dict& mechanism, const std::string& reports,
                    const std::optional<std::string>& method, std::optional<double> significance,
                    std::optional<std::size_t> max_iterations,
                    const std::optional<std::string>& em_stop,
                    const std::optional<std::string>& accelerator) {
  const PythonReference chosen(mechanism);
  return estimate_report(without_gil([&] {
    api::EstimateRequest request(
        chosen.request(), [&reports] { return std::make_unique<std::istringstream>(reports); },
        "reports");
    // Not given: the request's own defaults, as the command's.
    if (method) request.method = api::choice_of<api::EstimateMethod>(api::kMethodOption, *method);
    if (significance) request.significance = *significance;
    if (max_iterations) request.max_iterations = *max_iterations;
    if (em_stop) request.em_stop = to_double(parse_tolerance(*em_stop, "em_stop"));
    if (accelerator) {
      request.accelerator =
          api::choice_of<estimate::EmAccelerator>(api::kAcceleratorOption, *accelerator);
    }
    return api::estimate_distribution(request);
  }));
}

using TheirValues = std::map<std::string, std::map<std::string, std::vector<double>>>;

// `conform estimates` through api::compare_estimates: the vectors as golden() returned them, their
// JSON dict, or the path of a file; their estimates by case id and estimator.
py::object conform_estimates(const py::object& vectors, const std::string& vectors_source,
                             const TheirValues& theirs, const std::optional<std::string>& scale,
                             const std::string& tolerance,
                             const std::optional<std::string>& em_tolerance) {
  const api::GoldenVectors* held = held_golden_vectors(vectors);
  const bool is_path = py::isinstance<py::str>(vectors);
  const nlohmann::json vectors_json =
      held != nullptr || is_path ? nlohmann::json() : from_python(vectors);
  const std::string path = is_path ? vectors.cast<std::string>() : "";
  return estimates_report(without_gil([&] {
    const api::GoldenVectors golden =
        held != nullptr ? *held
        : is_path       ? api::read_golden_vectors(path)
                        : api::golden_vectors_from_json(vectors_json, vectors_source);
    api::TheirEstimates their;
    for (const auto& [id, values] : theirs) {
      their[id] = EstimatesCase{values, "theirs: case \"" + message_excerpt(id) + "\""};
    }
    if (their.empty()) throw InvalidArgument("theirs: no cases");
    api::EstimatesComparisonRequest request;
    if (scale) request.scale = api::choice_of<api::EstimatesScale>(api::kScaleOption, *scale);
    request.tolerance = to_double(parse_tolerance(tolerance, "tolerance"));
    if (em_tolerance) {
      request.em_tolerance = to_double(parse_tolerance(*em_tolerance, "em_tolerance"));
    }
    request.golden_source = is_path ? path : vectors_source;
    return api::compare_estimates(golden, their, request);
  }));
}

}  // namespace
}  // namespace uldp::python

PYBIND11_MODULE(_core, m) {
  // A registry mechanism as built (uldp.mechanism() keeps it in its Mechanism): opaque, passed
  // back to the library as it is.
  py::class_<uldp::MechanismSpec>(m, "MechanismSpec")
      .def_property_readonly(
          "name", [](const uldp::MechanismSpec& s) { return std::string(uldp::entry_of(s).name); })
      .def_property_readonly("k", [](const uldp::MechanismSpec& s) { return s.k; })
      .def("__repr__", [](const uldp::MechanismSpec& s) {
        return "<uldp MechanismSpec " + std::string(uldp::entry_of(s).name) +
               ", k = " + std::to_string(s.k) + ">";
      });
  m.doc() = "uldp's exact core (use the uldp package, not this module)";
  // The CMake project version, compiled into uldp::api: uldp.__version__ and the wheel's metadata
  // (setup.py reads the same project() line) cannot disagree.
  m.attr("__version__") = uldp::api::uldp_version();
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
  uldp::set_cancellation_poll(&uldp::python::python_signal_poll);
  uldp::python::bind_check_report(m);
  uldp::python::bind_conformance_report(m);
  uldp::python::bind_estimation_reports(m);
  uldp::python::bind_proof_reports(m);
  m.def("mechanisms", &uldp::python::mechanisms);
  m.def("parameters", &uldp::python::parameters);
  m.def("mechanism", &uldp::python::mechanism, py::arg("name"), py::arg("parameters"));
  m.def("check", &uldp::python::check, py::arg("rows"), py::arg("sensitive"), py::arg("protected"),
        py::arg("eps"), py::arg("exp_eps"), py::arg("tolerance"), py::arg("pairs"),
        py::arg("notions"), py::arg("pairs_over_protected"));
  m.def("check_mechanism", &uldp::python::check_mechanism, py::arg("spec"), py::arg("parameters"),
        py::arg("protected"), py::arg("eps"), py::arg("exp_eps"), py::arg("tolerance"),
        py::arg("pairs"), py::arg("notions"), py::arg("pairs_over_protected"));
  m.def("check_binary64", &uldp::python::check_binary64, py::arg("q"), py::arg("sensitive"),
        py::arg("protected"), py::arg("eps"), py::arg("exp_eps"), py::arg("tolerance"),
        py::arg("pairs"), py::arg("notions"), py::arg("pairs_over_protected"));
  m.def("construct_uldp_from_ldp", &uldp::python::construct_uldp_from_ldp, py::arg("rows"),
        py::arg("sensitive"), py::arg("k"), py::arg("non_sensitive_rows"));
  m.def("write_samples", &uldp::python::write_samples, py::arg("path"), py::arg("inputs"),
        py::arg("outputs"));
  m.def("conform_counts", &uldp::python::conform_counts, py::arg("reference"), py::arg("shards"),
        py::arg("false_alarm"), py::arg("power"), py::arg("resolution"), py::arg("output_index"));
  m.def("conform_samples", &uldp::python::conform_samples, py::arg("reference"), py::arg("text"),
        py::arg("false_alarm"), py::arg("power"), py::arg("resolution"), py::arg("output_index"));
  m.def("conform_sample_arrays", &uldp::python::conform_sample_arrays, py::arg("reference"),
        py::arg("inputs"), py::arg("outputs"), py::arg("false_alarm"), py::arg("power"),
        py::arg("resolution"), py::arg("output_index"));
  m.def("golden", &uldp::python::golden, py::arg("reference"), py::arg("cases"), py::arg("seed"),
        py::arg("n"), py::arg("counts"), py::arg("significance"), py::arg("post"),
        py::arg("em_distance"), py::arg("em_gap"), py::arg("em_stop"), py::arg("with_reports"));
  m.def("prove", &uldp::python::prove, py::arg("claim"), py::arg("steps"), py::arg("solver"));
  m.def("audit", &uldp::python::audit);
  m.def("simulate", &uldp::python::simulate, py::arg("mechanism"), py::arg("n"), py::arg("p"),
        py::arg("seed"), py::arg("counts"));
  m.def(
      "table",
      [](std::vector<std::string> mech, std::vector<std::string> k,
         std::vector<std::string> sensitive_count, std::vector<std::string> eps,
         std::vector<std::string> exp_eps, std::string theta, std::optional<std::string> n,
         bool vs_limit, std::map<std::string, std::string> parameters) {
        uldp::api::TableArguments arguments;
        arguments.mechanisms = std::move(mech);
        arguments.ks = std::move(k);
        arguments.sensitive_counts = std::move(sensitive_count);
        arguments.eps = std::move(eps);
        arguments.exp_eps = std::move(exp_eps);
        arguments.theta = std::move(theta);
        arguments.n = std::move(n);
        arguments.vs_limit = vs_limit;
        arguments.parameters.insert(parameters.begin(), parameters.end());
        return uldp::python::table(arguments);
      },
      py::arg("mech"), py::arg("k"), py::arg("sensitive_count"), py::arg("eps"), py::arg("exp_eps"),
      py::arg("theta"), py::arg("n"), py::arg("vs_limit"), py::arg("parameters"));
  // The suite's false-alarm level, decided once for C++ and Python (uldp/api/false_alarm.h).
  m.def("parse_false_alarm_level", &uldp::api::parse_false_alarm_level, py::arg("text"),
        py::arg("source"));
  m.def("suite_false_alarm_level", &uldp::api::suite_false_alarm_level);
  m.def("workflow_options", &uldp::python::workflow_options);
  m.attr("SUITE_FALSE_ALARM_LEVEL") = uldp::api::kSuiteFalseAlarmLevel;
  m.def("conform_plan", &uldp::python::conform_plan, py::arg("reference"), py::arg("false_alarm"),
        py::arg("power"), py::arg("resolution"), py::arg("excess"));
  m.def("estimate", &uldp::python::estimate, py::arg("mechanism"), py::arg("reports"),
        py::arg("method"), py::arg("significance"), py::arg("max_iterations"), py::arg("em_stop"),
        py::arg("accelerator"));
  m.def("loss", &uldp::python::loss, py::arg("mechanism"), py::arg("n"), py::arg("p"),
        py::arg("exact_l1"), py::arg("vs_limit"));
  m.def("conform_estimates", &uldp::python::conform_estimates, py::arg("vectors"),
        py::arg("vectors_source"), py::arg("theirs"), py::arg("scale"), py::arg("tolerance"),
        py::arg("em_tolerance"));
  m.def("conform_client", &uldp::python::conform_client, py::arg("reference"), py::arg("client"),
        py::arg("false_alarm"), py::arg("power"), py::arg("resolution"), py::arg("max_samples"),
        py::arg("first_look"), py::arg("violation_search"), py::arg("spending"),
        py::arg("output_index"), py::arg("reading_hint"), py::arg("excess"));
}
