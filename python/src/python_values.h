// Values as Python takes them: the api's JSON as dicts and lists, exact rationals as
// fractions.Fraction (infinity as math.inf), vectors as numpy arrays.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "uldp/arithmetic/extended_rational.h"
#include "uldp/arithmetic/rational.h"

namespace uldp::python {

namespace py = pybind11;

/// A JSON value as Python objects, without a text round trip (a non-finite number as None, as
/// the command writes null, so a result saved with json.dump is a valid file).
py::object to_python(const nlohmann::json& j);

/// The exact value as a fractions.Fraction.
py::object fraction(const Rational& value);
/// A Fraction, or math.inf.
py::object fraction_or_infinity(const ExtendedRational& value);

/// A one-dimensional numpy array holding a copy of `values`.
template <class T, class V>
py::array_t<T> numpy_vector(const std::vector<V>& values) {
  py::array_t<T> out(static_cast<py::ssize_t>(values.size()));
  T* data = out.mutable_data();
  for (std::size_t i = 0; i < values.size(); ++i) data[i] = static_cast<T>(values[i]);
  return out;
}

/// Whether two results say the same: their JSON, each "seconds" (a timing) aside.
bool same_json(nlohmann::json a, nlohmann::json b);
/// A hash that agrees with same_json.
std::size_t json_hash(nlohmann::json j);

/// A DeprecationWarning naming the former name and the present one ("CheckReport.text is now
/// str(report)"); raised as an exception when warnings are errors.
void warn_former_name(const std::string& message);

/// Makes `cls` refuse pickling with a message saying what to send instead (a result read from
/// its parent, or one no JSON reader restores).
template <class Class>
void refuse_pickling(Class& cls, const char* instead) {
  cls.def("__reduce__",
          [name = std::string(py::str(cls.attr("__name__"))),
           instead](const py::object&) -> py::object {
            throw py::type_error("cannot pickle uldp." + name + ": " + instead);
          });
}

/// A report's text as str() gives it: the renderer's, without its final newline.
std::string as_str(std::string text);

}  // namespace uldp::python
