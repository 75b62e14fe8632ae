#include "uldp/api/table_output.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <sstream>

#include <nlohmann/json.hpp>

#include "uldp/api/render.h"
#include "uldp/api/run_length.h"
#include "uldp/error.h"

namespace uldp::api {

namespace {

// Decimals true as printed (render.h): correctly rounded, or cut and marked where a certified
// interval is too wide to know the rounding.
std::string decimal(const Rational& a, int digits) {
  return decimal_text(RealBracket::exact(a), digits);
}
std::string decimal(const Interval& a, int digits) {
  return decimal_text(RealBracket{a.lower, a.upper}, digits);
}

std::string parameters_text(const TableRow& row, std::optional<int> digits) {
  std::string s;
  for (const auto& p : row.parameters) {
    s += (s.empty() ? "" : "; ") + p.name + "=" +
         (digits ? decimal(p.value, *digits) : to_string(p.value));
  }
  return s.empty() ? "-" : s;
}

std::string argmax_text(const TableRow& row, std::optional<int> digits) {
  if (!row.l2_worst) return "-";
  std::vector<std::string> values;
  for (const auto& v : row.l2_worst->argmax) {
    values.push_back(digits ? decimal(v, *digits) : to_string(v));
  }
  return run_length(values);
}

// One column: how a paper shows it (header, a decimal or text cell) and, for values, the exact
// form programs get. `exact` empty: the column is text (the same in every format).
struct Column {
  std::string key;
  std::string header;  ///< Markdown / LaTeX header (plain text)
  std::function<std::string(const TableRow&, int digits)> shown;
  std::function<std::optional<std::string>(const TableRow&)> exact;  ///< nullptr: text only
};

std::vector<Column> columns(bool vs_limit) {
  const auto interval_or_dash = [](const std::optional<Interval>& i, int digits) {
    return i ? decimal(*i, digits) : std::string("-");
  };
  std::vector<Column> c = {
      {"mechanism", "mechanism", [](const TableRow& r, int) { return r.mechanism; }, nullptr},
      {"k", "k", [](const TableRow& r, int) { return std::to_string(r.k); }, nullptr},
      {"sensitive_count", "|X_S|",
       [](const TableRow& r, int) { return std::to_string(r.sensitive_count); }, nullptr},
      {"eps_used", "eps (used)",
       [=](const TableRow& r, int d) { return interval_or_dash(r.eps_used, d); },
       [](const TableRow& r) {
         return r.exp_eps ? std::optional("ln(" + to_string(*r.exp_eps) + ")") : std::nullopt;
       }},
      {"parameters", "parameters", [](const TableRow& r, int d) { return parameters_text(r, d); },
       [](const TableRow& r) { return std::optional(parameters_text(r, std::nullopt)); }},
      {"tight_eps", "tight eps",
       [](const TableRow& r, int d) {
         return r.tight_eps ? decimal(*r.tight_eps, d)
                            : (r.tight_exp_eps ? std::string("inf") : std::string("-"));
       },
       [](const TableRow& r) {
         return r.tight_exp_eps ? std::optional("ln(" + r.tight_exp_eps->to_string() + ")")
                                : std::nullopt;
       }},
      {"l2_uniform", "E[l2^2] uniform",
       [](const TableRow& r, int d) {
         return r.l2_uniform ? decimal(*r.l2_uniform, d) : std::string("-");
       },
       [](const TableRow& r) {
         return r.l2_uniform ? std::optional(to_string(*r.l2_uniform)) : std::nullopt;
       }},
      {"l2_worst", "worst E[l2^2]",
       [](const TableRow& r, int d) {
         return r.l2_worst ? decimal(r.l2_worst->value, d) : std::string("-");
       },
       [](const TableRow& r) {
         return r.l2_worst ? std::optional(to_string(r.l2_worst->value)) : std::nullopt;
       }},
      {"l2_worst_argmax", "worst p (l2)",
       [](const TableRow& r, int d) { return argmax_text(r, d); },
       [](const TableRow& r) {
         return r.l2_worst ? std::optional(argmax_text(r, std::nullopt)) : std::nullopt;
       }},
      {"l1_worst", "worst asympt. E[l1]",
       [=](const TableRow& r, int d) {
         return interval_or_dash(r.l1_worst ? std::optional(r.l1_worst->value) : std::nullopt, d);
       },
       [](const TableRow& r) {
         return r.l1_worst ? std::optional("[" + to_string(r.l1_worst->value.lower) + ", " +
                                           to_string(r.l1_worst->value.upper) + "]")
                           : std::nullopt;
       }}};
  if (vs_limit) {
    c.push_back({"limit", "limit (worst E[l2^2])",
                 [=](const TableRow& r, int d) { return interval_or_dash(r.limit, d); },
                 [](const TableRow& r) {
                   return r.limit ? std::optional("[" + to_string(r.limit->lower) + ", " +
                                                  to_string(r.limit->upper) + "]")
                                  : std::nullopt;
                 }});
    c.push_back({"limit_ratio", "worst / limit",
                 [=](const TableRow& r, int d) { return interval_or_dash(r.limit_ratio, d); },
                 [](const TableRow& r) {
                   return r.limit_ratio
                              ? std::optional("[" + to_string(r.limit_ratio->lower) + ", " +
                                              to_string(r.limit_ratio->upper) + "]")
                              : std::nullopt;
                 }});
  }
  c.push_back({"status", "status", [](const TableRow& r, int) { return r.status(); }, nullptr});
  return c;
}

std::vector<Column> chosen(const TableLayout& layout) {
  std::vector<Column> all = columns(layout.vs_limit);
  if (layout.columns.empty()) return all;
  std::vector<Column> out;
  for (const std::string& key : layout.columns) {
    out.push_back(
        *std::find_if(all.begin(), all.end(), [&](const Column& c) { return c.key == key; }));
  }
  return out;
}

// What the columns mean, printed under a table for readers (Markdown and LaTeX).
std::vector<std::string> footnotes(const TableLayout& layout) {
  std::ostringstream digits;
  digits << layout.digits;
  return {"n = " + std::to_string(layout.n) + " users, theta = " + layout.theta +
              "; X_S = the first |X_S| symbols (0 .. |X_S|-1); RR and RAPPOR protect every "
              "symbol; Mangat has X = {0,1}, X_S = {1}.",
          "Decimals are correctly rounded to " + digits.str() +
              " significant digits, or cut and marked '...' where a certified interval is too "
              "wide to know the rounding. `uldp table --format csv|json` gives every exact value.",
          "eps (used): ln t for the rational t <= e^eps the mechanism is built from. tight eps: "
          "ln of the largest ratio Q(y|x)/Q(y|x') over the outputs the claim covers, decided "
          "exactly. worst p (l2): the input distribution attaining the worst E[l2^2] (v xN: N "
          "symbols at v). status: the checks that ran and passed.",
          "'-': not defined for the row (no budget, an estimator that is not coordinate-wise for "
          "l1, or one biased over a finite hash family for every loss: local hashing, count-mean "
          "sketch)."};
}

// Markdown: '|' inside a cell would end it.
std::string markdown_cell(const std::string& text) {
  std::string out;
  for (const char ch : text) out += ch == '|' ? std::string("\\|") : std::string(1, ch);
  return out;
}

std::string latex_cell(const std::string& text) {
  std::string out;
  for (const char ch : text) {
    switch (ch) {
      case '\\':
        out += "\\textbackslash{}";
        break;
      case '&':
      case '%':
      case '$':
      case '#':
      case '_':
      case '{':
      case '}':
        out += '\\';
        out += ch;
        break;
      case '|':
        out += "\\textbar{}";
        break;
      case '<':
        out += "\\textless{}";
        break;
      case '>':
        out += "\\textgreater{}";
        break;
      case '^':
        out += "\\^{}";
        break;
      case '~':
        out += "\\~{}";
        break;
      default:
        out += ch;
    }
  }
  return out;
}

void write_markdown(std::ostream& out, const std::vector<TableRow>& rows,
                    const TableLayout& layout) {
  const std::vector<Column> cs = chosen(layout);
  out << "|";
  for (const Column& c : cs) out << " " << markdown_cell(c.header) << " |";
  out << "\n|";
  for (std::size_t i = 0; i < cs.size(); ++i) out << "---|";
  out << "\n";
  for (const TableRow& r : rows) {
    out << "|";
    for (const Column& c : cs) out << " " << markdown_cell(c.shown(r, layout.digits)) << " |";
    out << "\n";
  }
  out << "\n";
  for (const std::string& note : footnotes(layout)) out << "- " << note << "\n";
}

void write_latex(std::ostream& out, const std::vector<TableRow>& rows, const TableLayout& layout) {
  const std::vector<Column> cs = chosen(layout);
  out << "% uldp table: every row re-verified before it was printed\n"
      << "\\begin{table}\n\\centering\n\\begin{tabular}{" << std::string(cs.size(), 'l')
      << "}\n\\hline\n";
  for (std::size_t i = 0; i < cs.size(); ++i) out << (i ? " & " : "") << latex_cell(cs[i].header);
  out << " \\\\\n\\hline\n";
  for (const TableRow& r : rows) {
    for (std::size_t i = 0; i < cs.size(); ++i) {
      out << (i ? " & " : "") << latex_cell(cs[i].shown(r, layout.digits));
    }
    out << " \\\\\n";
  }
  out << "\\hline\n\\end{tabular}\n\\caption{";
  const std::vector<std::string> notes = footnotes(layout);
  for (std::size_t i = 0; i < notes.size(); ++i) out << (i ? " " : "") << latex_cell(notes[i]);
  out << "}\n\\end{table}\n";
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"") == std::string::npos) return s;
  std::string quoted = "\"";
  for (char ch : s) quoted += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return quoted + "\"";
}

nlohmann::json interval_json(const Interval& a) { return {to_string(a.lower), to_string(a.upper)}; }

// The exact fields of a row (the stable JSON contract of docs/utility.md).
nlohmann::json exact_row_json(const TableRow& r) {
  nlohmann::json j;
  j["mechanism"] = r.mechanism;
  j["k"] = r.k;
  j["sensitive_count"] = r.sensitive_count;
  j["exp_eps"] = r.exp_eps ? nlohmann::json(to_string(*r.exp_eps)) : nlohmann::json(nullptr);
  j["eps_asked"] = r.eps_asked ? nlohmann::json(to_string(*r.eps_asked)) : nlohmann::json(nullptr);
  j["eps_used"] = r.eps_used ? interval_json(*r.eps_used) : nlohmann::json(nullptr);
  nlohmann::json params = nlohmann::json::object();
  for (const auto& p : r.parameters) params[p.name] = to_string(p.value);
  j["parameters"] = std::move(params);
  j["property"] = r.property;
  j["tight_exp_eps"] =
      r.tight_exp_eps ? nlohmann::json(r.tight_exp_eps->to_string()) : nlohmann::json(nullptr);
  j["tight_eps"] = r.tight_eps ? interval_json(*r.tight_eps) : nlohmann::json(nullptr);
  j["l2_uniform"] = r.l2_uniform ? nlohmann::json(to_string(*r.l2_uniform)) : nlohmann::json();
  j["l2_worst"] = r.l2_worst ? nlohmann::json(to_string(r.l2_worst->value)) : nlohmann::json();
  j["l2_worst_argmax"] =
      r.l2_worst ? nlohmann::json(argmax_text(r, std::nullopt)) : nlohmann::json();
  if (!r.loss_note.empty()) j["loss_note"] = r.loss_note;
  j["l1_worst"] = r.l1_worst ? interval_json(r.l1_worst->value) : nlohmann::json(nullptr);
  if (r.limit) {
    j["limit"] = interval_json(*r.limit);
    j["limit_ratio"] = interval_json(*r.limit_ratio);
  }
  j["status"] = r.status();
  j["verified"] = r.verified();
  return j;
}

// The columns that hold a value, as decimals with the digits asked for (CSV and JSON add them
// beside the exact fields).
std::vector<Column> decimal_columns(const TableLayout& layout) {
  std::vector<Column> out;
  for (Column& c : columns(layout.vs_limit)) {
    if (c.exact) out.push_back(std::move(c));
  }
  return out;
}

void write_csv(std::ostream& out, const std::vector<TableRow>& rows, const TableLayout& layout) {
  const std::vector<Column> decimals = decimal_columns(layout);
  out << "mechanism,k,sensitive_count,exp_eps,eps_asked,eps_used_lower,eps_used_upper,parameters,"
         "property,tight_exp_eps,l2_uniform,l2_worst,l2_worst_argmax,l1_worst_lower,"
         "l1_worst_upper,status"
      << (layout.vs_limit ? ",limit_lower,limit_upper,limit_ratio_lower,limit_ratio_upper" : "");
  for (const Column& c : decimals) out << "," << c.key << "_decimal";
  out << "\n";
  for (const auto& r : rows) {
    std::vector<std::string> fields = {r.mechanism,
                                       std::to_string(r.k),
                                       std::to_string(r.sensitive_count),
                                       r.exp_eps ? to_string(*r.exp_eps) : "",
                                       r.eps_asked ? to_string(*r.eps_asked) : "",
                                       r.eps_used ? to_string(r.eps_used->lower) : "",
                                       r.eps_used ? to_string(r.eps_used->upper) : "",
                                       parameters_text(r, std::nullopt),
                                       r.property,
                                       r.tight_exp_eps ? r.tight_exp_eps->to_string() : "",
                                       r.l2_uniform ? to_string(*r.l2_uniform) : "",
                                       r.l2_worst ? to_string(r.l2_worst->value) : "",
                                       r.l2_worst ? argmax_text(r, std::nullopt) : "",
                                       r.l1_worst ? to_string(r.l1_worst->value.lower) : "",
                                       r.l1_worst ? to_string(r.l1_worst->value.upper) : "",
                                       r.status()};
    if (layout.vs_limit) {
      for (const std::optional<Interval>& i : {r.limit, r.limit_ratio}) {
        fields.push_back(i ? to_string(i->lower) : "");
        fields.push_back(i ? to_string(i->upper) : "");
      }
    }
    for (const Column& c : decimals) fields.push_back(c.shown(r, layout.digits));
    for (std::size_t i = 0; i < fields.size(); ++i) out << (i ? "," : "") << csv_field(fields[i]);
    out << "\n";
  }
}

void write_json(std::ostream& out, const std::vector<TableRow>& rows, const TableLayout& layout) {
  nlohmann::json j;
  j["n"] = layout.n;
  j["theta"] = layout.theta;
  j["sensitive_rule"] = "X_S = the first |X_S| symbols";
  j["digits"] = layout.digits;
  j["notes"] = footnotes(layout);
  j["rows"] = nlohmann::json::array();
  for (const TableRow& r : rows) {
    nlohmann::json row = exact_row_json(r);
    nlohmann::json decimals = nlohmann::json::object();
    for (const Column& c : decimal_columns(layout)) decimals[c.key] = c.shown(r, layout.digits);
    row["decimal"] = std::move(decimals);
    j["rows"].push_back(std::move(row));
  }
  out << versioned(j).dump(1) << "\n";
}

}  // namespace

std::vector<std::string> table_column_keys(bool vs_limit) {
  std::vector<std::string> keys;
  for (const Column& c : columns(vs_limit)) keys.push_back(c.key);
  return keys;
}

void validate_layout(const TableLayout& layout) {
  static const std::vector<std::string> formats = {"md", "markdown", "latex", "csv", "json"};
  if (std::find(formats.begin(), formats.end(), layout.format) == formats.end()) {
    throw InvalidArgument("format: '" + message_excerpt(layout.format) +
                          "' is not md, latex, csv or json");
  }
  if (layout.digits < 1 || layout.digits > 17) {
    throw InvalidArgument("digits: " + std::to_string(layout.digits) + " is not in [1, 17]");
  }
  const std::vector<std::string> keys = table_column_keys(layout.vs_limit);
  for (const std::string& key : layout.columns) {
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
      std::string names;
      for (const std::string& k : keys) names += (names.empty() ? "" : ", ") + k;
      throw InvalidArgument("columns: '" + message_excerpt(key) + "' is not a column (" + names +
                            ")");
    }
  }
  if (!layout.columns.empty() && (layout.format == "csv" || layout.format == "json")) {
    throw InvalidArgument(
        "columns: chooses what a paper shows (md, latex); csv and json carry "
        "every column");
  }
}

void write_table(std::ostream& out, const std::vector<TableRow>& rows, const TableLayout& layout) {
  if (layout.format == "json") {
    write_json(out, rows, layout);
  } else if (layout.format == "csv") {
    write_csv(out, rows, layout);
  } else if (layout.format == "latex") {
    write_latex(out, rows, layout);
  } else {
    write_markdown(out, rows, layout);
  }
}

}  // namespace uldp::api
