// Reading another implementation's estimates (`uldp conform estimates --theirs`), JSON or CSV.
#include "uldp/io/estimates_file.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "uldp/error.h"
#include "uldp/io/input_text.h"
#include "uldp/io/json_document.h"
#include "uldp/io/text_lines.h"

namespace uldp {
namespace {

const char* const kEstimators[] = {"emp", "thr", "em"};

// The literals NaN, Infinity and -Infinity that Python's json.dump (and others) write for
// non-finite doubles. They are not JSON, but they are estimates: read as those doubles, they are a
// mismatch (as the CSV "nan" is), not a file that does not read. Outside strings each is replaced
// by a string no writer produces (a NUL, then the literal), which json_values turns back.
constexpr char kNonFiniteMarker = '\0';
const char* const kNonFiniteLiterals[] = {"-Infinity", "Infinity", "NaN"};

std::string with_non_finite_literals_marked(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      out += c;
      if (c == '\\' && i + 1 < text.size()) {
        out += text[++i];
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') in_string = true;
    bool marked = false;
    for (const char* literal : kNonFiniteLiterals) {
      if (text.substr(i).starts_with(literal)) {
        out.append("\"\\u0000").append(literal).append(1, '"');
        i += std::strlen(literal) - 1;
        marked = true;
        break;
      }
    }
    if (!marked) out += c;
  }
  return out;
}

std::vector<double> json_values(const nlohmann::json& v, const std::string& path,
                                const std::string& at) {
  if (!v.is_array()) throw InputError(path, at + ": expected an array of numbers");
  std::vector<double> out;
  for (const nlohmann::json& e : v) {
    if (e.is_string() && !e.get_ref<const std::string&>().empty() &&
        e.get_ref<const std::string&>().front() == kNonFiniteMarker) {
      const std::string literal = e.get<std::string>().substr(1);
      out.push_back(literal == "NaN"        ? std::numeric_limits<double>::quiet_NaN()
                    : literal == "Infinity" ? std::numeric_limits<double>::infinity()
                                            : -std::numeric_limits<double>::infinity());
      continue;
    }
    if (!e.is_number()) throw InputError(path, at + ": expected an array of numbers");
    out.push_back(e.get<double>());
  }
  return out;
}

std::string case_id(const nlohmann::json& c, const std::string& path, const std::string& at) {
  if (!c.is_object() || !c.contains("id")) throw InputError(path, at + ": a case needs an \"id\"");
  return c["id"].is_string() ? c["id"].get<std::string>() : c["id"].dump();
}

}  // namespace

std::map<std::string, EstimatesCase> parse_estimates_json(std::string_view text,
                                                          const std::string& path) {
  nlohmann::json j;
  try {
    j = parse_json_document(text, path);
  } catch (const InputError&) {
    // NaN or Infinity written bare: read them as the doubles they stand for; any other fault is
    // named as it is in the file as written.
    const std::string marked = with_non_finite_literals_marked(text);
    if (marked.size() == text.size()) throw;
    try {
      j = parse_json_document(marked, path);
    } catch (const InputError&) {
      parse_json_document(text, path);  // the error at its byte in the file as written
      throw;
    }
  }
  if (!j.is_object() || !j.contains("cases") || !j["cases"].is_array()) {
    throw InputError(path, "expected {\"cases\": [...]}");
  }
  std::map<std::string, EstimatesCase> out;
  for (std::size_t i = 0; i < j["cases"].size(); ++i) {
    const std::string at = "cases[" + std::to_string(i) + "]";
    const nlohmann::json& c = j["cases"][i];
    EstimatesCase t{{}, path + ": " + at};
    const std::string id = case_id(c, path, at);
    for (const auto& [key, value] : c.items()) {
      if (key == "id") continue;
      if (std::find(std::begin(kEstimators), std::end(kEstimators), key) == std::end(kEstimators)) {
        throw InputError(path, at + ": unknown member \"" + message_excerpt(key) +
                                   "\" (a case has \"id\" and any of \"emp\", \"thr\", \"em\")");
      }
      t.values[key] = json_values(value, path, at + "." + key);
    }
    if (t.values.empty()) throw InputError(path, at + ": none of \"emp\", \"thr\", \"em\"");
    if (const auto earlier = out.find(id); earlier != out.end()) {
      throw InputError(path, at + ": case id \"" + message_excerpt(id) + "\" appears twice (" +
                                 earlier->second.where.substr(path.size() + 2) + " too)");
    }
    out[id] = std::move(t);
  }
  // As in the CSV form: comparing nothing must not pass as a match.
  if (out.empty()) throw InputError(path, "no cases");
  return out;
}

std::map<std::string, EstimatesCase> parse_estimates_csv(std::string_view text,
                                                         const std::string& path,
                                                         const std::string& default_estimator) {
  std::istringstream in{std::string(text)};
  std::map<std::string, EstimatesCase> out;
  std::string raw;
  for (std::size_t line = 1; read_line(in, raw, path, line); ++line) {
    if (!raw.empty() && raw.back() == '\r') raw.pop_back();
    if (raw.find_first_not_of(" \t") == std::string::npos || raw.starts_with("#")) continue;
    std::vector<std::string> fields;
    std::stringstream s(raw);
    for (std::string f; std::getline(s, f, ',');) fields.push_back(f);
    if (fields.empty() || (line == 1 && fields[0] == "id")) continue;
    std::size_t first_value = 1;
    std::string estimator = default_estimator;
    if (fields.size() > 1 && (fields[1] == "emp" || fields[1] == "thr" || fields[1] == "em")) {
      estimator = fields[1];
      first_value = 2;
    }
    EstimatesCase& t = out[fields[0]];
    if (t.values.contains(estimator)) {
      throw InputError(path, line, 1,
                       "case id \"" + message_excerpt(fields[0]) + "\" has " + estimator +
                           " values on an earlier line too");
    }
    t.where = path + ":" + std::to_string(line);
    std::vector<double>& values = t.values[estimator];
    std::size_t column = fields[0].size() + 2 + (first_value == 2 ? estimator.size() + 1 : 0);
    for (std::size_t i = first_value; i < fields.size(); ++i) {
      try {
        std::size_t used = 0;
        values.push_back(std::stod(fields[i], &used));
        if (used != fields[i].size()) throw std::invalid_argument("trailing text");
      } catch (const std::exception&) {
        throw InputError(path, line, column,
                         "'" + message_excerpt(fields[i]) + "' is not a number");
      }
      column += fields[i].size() + 1;
    }
  }
  if (out.empty()) throw InputError(path, "no cases");
  return out;
}

std::map<std::string, EstimatesCase> read_estimates_file(const std::string& path,
                                                         const std::string& default_estimator) {
  const std::string text = read_input_text(path, "an estimates file");
  const std::size_t first = text.find_first_not_of(" \t\r\n\f\v");
  const bool is_json =
      path.ends_with(".json") || (first != std::string::npos && text[first] == '{');
  return is_json ? parse_estimates_json(text, path)
                 : parse_estimates_csv(text, path, default_estimator);
}

}  // namespace uldp
