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

/// A report's text as str() gives it: the renderer's, without its final newline.
std::string as_str(std::string text);

}  // namespace uldp::python
