#include "python_values.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>

namespace uldp::python {

py::object to_python(const nlohmann::json& j) {
  switch (j.type()) {
    case nlohmann::json::value_t::null:
      return py::none();
    case nlohmann::json::value_t::boolean:
      return py::bool_(j.get<bool>());
    case nlohmann::json::value_t::number_integer:
      return py::int_(j.get<std::int64_t>());
    case nlohmann::json::value_t::number_unsigned:
      return py::int_(j.get<std::uint64_t>());
    case nlohmann::json::value_t::number_float:
      if (!std::isfinite(j.get<double>())) return py::none();
      return py::float_(j.get<double>());
    case nlohmann::json::value_t::string:
      return py::str(j.get_ref<const std::string&>());
    case nlohmann::json::value_t::array: {
      py::list list;
      for (const nlohmann::json& item : j) list.append(to_python(item));
      return list;
    }
    case nlohmann::json::value_t::object: {
      py::dict dict;
      for (const auto& [key, value] : j.items()) dict[py::str(key)] = to_python(value);
      return dict;
    }
    case nlohmann::json::value_t::binary:
    case nlohmann::json::value_t::discarded:
      break;
  }
  throw std::runtime_error("to_python: a JSON value of no JSON type");
}

py::object fraction(const Rational& value) {
  return py::module_::import("fractions").attr("Fraction")(to_string(value));
}

py::object fraction_or_infinity(const ExtendedRational& value) {
  if (value.is_infinite()) return py::float_(std::numeric_limits<double>::infinity());
  return fraction(value.value());
}

namespace {
void erase_timings(nlohmann::json& j) {
  if (j.is_object()) j.erase("seconds");
  if (j.is_object() || j.is_array()) {
    for (nlohmann::json& item : j) erase_timings(item);
  }
}
}  // namespace

bool same_json(nlohmann::json a, nlohmann::json b) {
  erase_timings(a);
  erase_timings(b);
  return a == b;
}

std::size_t json_hash(nlohmann::json j) {
  erase_timings(j);
  return std::hash<std::string>{}(j.dump());
}

void warn_former_name(const std::string& message) {
  if (PyErr_WarnEx(PyExc_DeprecationWarning, message.c_str(), 1) != 0) {
    throw py::error_already_set();
  }
}

std::string as_str(std::string text) {
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

}  // namespace uldp::python
