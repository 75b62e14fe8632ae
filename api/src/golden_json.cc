// The golden vectors file: its one writer and its one reader.
#include <cmath>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>

#include "golden_exact_estimate.h"
#include "uldp/api/golden.h"
#include "uldp/error.h"
#include "uldp/io/input_text.h"
#include "uldp/io/json_document.h"

namespace uldp::api {
namespace {

using estimate::ReportData;
using nlohmann::json;

constexpr const char* kFormat = "uldp golden vectors 1";
// Beyond what golden_vectors writes (4096 bits), with room for other generators.
constexpr std::uint64_t kMaxItems = 1'000'000;

// A decimal when it is exact ("0.000001"), else the fraction ("1/3"): read back, the same value.
std::string exact_text(const Rational& value) {
  const std::string decimal = to_decimal(value);
  return parse_rational(decimal) == value ? decimal : to_string(value);
}

json pum_json(const GoldenPum& pum) {
  return {{"common", pum.common},
          {"tags", pum.tags},
          {"z", pum.z},
          {"estimate",
           "reports are Q_cmn's over Z (X, then one bot per tag); every vector is over X: "
           "p(x) = r(x) + sum_k r(bot_k) pi_k(x) (eq. (21)) with the paper's fallback pi_k "
           "proportional to max(r, 0) on X_N (no background knowledge); "
           "intermediate_emp_exact is r over Z"}};
}

json em_settings_json(const GoldenEmSettings& em) {
  return {{"stop", em.stop},
          {"stopping",
           "relative log-likelihood gain <= stop, then smaller stops and more iterations until "
           "both certificates meet their targets"},
          {"gap_target_per_report", exact_text(em.gap_target_per_report)},
          {"distance_target", em.distance_target},
          {"gap",
           "em_likelihood_gap: an upper bound on max L - L(em) (L the log-likelihood, concave: the "
           "Frank-Wolfe gap, computed exactly with quotients rounded up)"},
          {"distance",
           "em_distance: an upper bound on the l2 distance (so on every coordinate) from em to the "
           "maximum-likelihood estimate, from the gap, the gradient at em and the log-likelihood's "
           "curvature (uldp/estimate/likelihood_distance.h; computed in double with margins)"},
          {"certified",
           "em_certified: the gap is at most n times its target and the distance at most its "
           "target"},
          {"start", "thresholded estimate mixed with uniform at 1e-6"}};
}

// A case's reports as the server under test takes them.
void write_reports(const ReportData& data, json& out) {
  // Reports of outputs too many to count are in report_list, as the clients write them (read back,
  // such a case holds no counts).
  if (data.unlisted_reports.size() > 0) return;
  if (!data.per_report && !data.bit_vectors && data.symbol_counts.empty()) return;
  if (data.per_report) {
    std::vector<std::string> lines;
    for (std::size_t i = 0; i < data.bit_reports.size(); ++i) {
      std::string line(data.bit_reports.k(), '0');
      for (const std::uint32_t j : data.bit_reports.report(i)) line[j] = '1';
      lines.push_back(std::move(line));
    }
    out["reports"] = lines;
  } else if (data.bit_vectors) {
    out["ones"] = data.bit_counts.ones;
  } else {
    out["counts"] = data.symbol_counts;
  }
}

json case_json(const GoldenCase& g, bool pum) {
  json out;
  out["id"] = g.id;
  out["input"] = g.input;
  out["n"] = g.reports.n;
  if (!g.input_counts.empty()) out[pum ? "intermediate_counts" : "input_counts"] = g.input_counts;
  write_reports(g.reports, out);
  if (!g.report_list.empty()) out["report_list"] = g.report_list;
  if (g.intermediate_emp_exact) {
    out["intermediate_emp_exact"] = *g.intermediate_emp_exact;
  }
  out["emp"] = g.emp;
  out["emp_exact"] = g.emp_exact;
  out["thr"] = g.thr;
  out["thr_significant"] = g.thr_significant;
  if (g.em) {
    out["em"] = g.em->p;
    out["em_log_likelihood"] = g.em->log_likelihood;
    out["em_iterations"] = g.em->iterations;
    out["em_likelihood_gap"] = g.em->likelihood_gap ? json(*g.em->likelihood_gap) : json("inf");
    out["em_distance"] = g.em->distance ? json(*g.em->distance) : json("inf");
    out["em_certified"] = g.em->certified;
  }
  return out;
}

// Reading: every member the comparison or a server uses is checked; the descriptions are not.
class Reader {
 public:
  explicit Reader(std::string source) : source_(std::move(source)) {}

  [[noreturn]] void fail(const std::string& at, const std::string& what) const {
    throw InputError(source_, at + ": " + what);
  }

  const json& member(const json& object, const char* key, const std::string& at) const {
    if (!object.contains(key)) fail(at, std::string("missing \"") + key + "\"");
    return object.at(key);
  }

  std::uint64_t whole(const json& v, const std::string& at) const {
    // JSON text reads a non-negative integer as unsigned; a document built in code may hold it
    // signed.
    if (!v.is_number_integer() || (!v.is_number_unsigned() && v.get<std::int64_t>() < 0)) {
      fail(at, "expected a non-negative integer");
    }
    return v.get<std::uint64_t>();
  }

  double number(const json& v, const std::string& at) const {
    if (!v.is_number()) fail(at, "expected a number");
    return v.get<double>();
  }

  std::string text(const json& v, const std::string& at) const {
    if (!v.is_string()) fail(at, "expected a string");
    return v.get<std::string>();
  }

  std::vector<double> numbers(const json& v, const std::string& at, std::size_t size) const {
    if (!v.is_array()) fail(at, "expected an array of numbers");
    if (v.size() != size) {
      fail(at, std::to_string(v.size()) + " values, expected " + std::to_string(size));
    }
    std::vector<double> out;
    out.reserve(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) {
      out.push_back(number(v[i], at + "[" + std::to_string(i) + "]"));
    }
    return out;
  }

  std::vector<std::uint64_t> counts(const json& v, const std::string& at) const {
    if (!v.is_array()) fail(at, "expected an array of counts");
    std::vector<std::uint64_t> out;
    out.reserve(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) {
      out.push_back(whole(v[i], at + "[" + std::to_string(i) + "]"));
    }
    return out;
  }

  std::vector<Rational> rationals(const json& v, const std::string& at, std::size_t size) const {
    if (!v.is_array() || v.size() != size) {
      fail(at, "expected " + std::to_string(size) + " exact rationals");
    }
    std::vector<Rational> out;
    for (std::size_t i = 0; i < v.size(); ++i) {
      const std::string where = at + "[" + std::to_string(i) + "]";
      try {
        out.push_back(parse_rational(text(v[i], where), where));
      } catch (const InvalidArgument& e) {
        fail(where, e.what());
      }
    }
    return out;
  }

  // "report_list": every report as a report file's line (golden --with-reports), n of them.
  std::vector<std::string> report_list(const json& lines, const std::string& at,
                                       std::uint64_t n) const {
    if (!lines.is_array() || lines.size() != n) {
      fail(at + ".report_list", "expected n = " + std::to_string(n) + " reports");
    }
    std::vector<std::string> out;
    out.reserve(lines.size());
    for (std::size_t i = 0; i < lines.size(); ++i)
      out.push_back(text(lines[i], at + ".report_list[" + std::to_string(i) + "]"));
    return out;
  }

  // "reports" (one 0/1 string per user), "ones" (per-bit counts) or "counts" (a histogram).
  ReportData reports(const json& c, const std::string& at, std::uint64_t n) const {
    ReportData data;
    data.n = n;
    if (c.contains("reports")) {
      const json& lines = c.at("reports");
      if (!lines.is_array() || lines.empty()) fail(at + ".reports", "expected 0/1 strings");
      const std::size_t k = text(lines[0], at + ".reports[0]").size();
      data.bit_vectors = data.per_report = true;
      data.bit_reports = estimate::BitReports(k);
      std::vector<std::uint32_t> bits;
      for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string where = at + ".reports[" + std::to_string(i) + "]";
        const std::string line = text(lines[i], where);
        if (line.size() != k) fail(where, "expected " + std::to_string(k) + " characters 0/1");
        bits.clear();
        for (std::size_t j = 0; j < k; ++j) {
          if (line[j] != '0' && line[j] != '1') fail(where, "expected characters 0/1");
          if (line[j] == '1') bits.push_back(static_cast<std::uint32_t>(j));
        }
        data.bit_reports.add(bits);
      }
      if (lines.size() != n)
        fail(at + ".reports",
             "holds " + std::to_string(lines.size()) + " reports, n = " + std::to_string(n));
      data.bit_counts = estimate::bit_counts(data.bit_reports);
    } else if (c.contains("ones")) {
      data.bit_vectors = true;
      data.bit_counts.n = n;
      data.bit_counts.ones = counts(c.at("ones"), at + ".ones");
      for (const std::uint64_t ones : data.bit_counts.ones) {
        if (ones > n) fail(at + ".ones", "a bit is set in more than n reports");
      }
    } else if (c.contains("counts")) {
      data.symbol_counts = counts(c.at("counts"), at + ".counts");
      std::uint64_t total = 0;
      for (const std::uint64_t count : data.symbol_counts) {
        if (count > n - total) fail(at + ".counts", "the counts sum to more than n");
        total += count;
      }
      if (total != n)
        fail(at + ".counts",
             "the counts sum to " + std::to_string(total) + ", n = " + std::to_string(n));
    }
    return data;
  }

  GoldenCase golden_case(const json& c, const std::string& at, std::size_t k, bool pum) const {
    if (!c.is_object()) fail(at, "a case is an object");
    GoldenCase g;
    const json& id = member(c, "id", at);
    g.id = id.is_string() ? id.get<std::string>() : id.dump();
    const std::string where = at + " (\"" + message_excerpt(g.id) + "\")";
    if (c.contains("input")) g.input = text(c.at("input"), where + ".input");
    const std::uint64_t n = whole(member(c, "n", where), where + ".n");
    if (n == 0) fail(where + ".n", "must be positive");
    const char* inputs = pum ? "intermediate_counts" : "input_counts";
    if (c.contains(inputs)) g.input_counts = counts(c.at(inputs), where + "." + inputs);
    g.reports = reports(c, where, n);
    if (c.contains("report_list")) g.report_list = report_list(c.at("report_list"), where, n);
    if (c.contains("emp")) g.emp = numbers(c.at("emp"), where + ".emp", k);
    if (c.contains("emp_exact"))
      g.emp_exact = rational_texts(rationals(c.at("emp_exact"), where + ".emp_exact", k));
    if (c.contains("intermediate_emp_exact")) {
      const json& r = c.at("intermediate_emp_exact");
      g.intermediate_emp_exact = rational_texts(
          rationals(r, where + ".intermediate_emp_exact", r.is_array() ? r.size() : 0));
    }
    if (c.contains("thr")) g.thr = numbers(c.at("thr"), where + ".thr", k);
    if (c.contains("thr_significant")) {
      for (const std::uint64_t s : counts(c.at("thr_significant"), where + ".thr_significant")) {
        g.thr_significant.push_back(s ? 1 : 0);
      }
    }
    if (c.contains("em")) {
      GoldenEm em;
      em.p = numbers(c.at("em"), where + ".em", k);
      const json ll = c.value("em_log_likelihood", json(nullptr));
      em.log_likelihood = ll.is_number() ? ll.get<double>()  // null: written from -infinity
                                         : -std::numeric_limits<double>::infinity();
      if (c.contains("em_iterations")) {
        em.iterations = whole(c.at("em_iterations"), where + ".em_iterations");
      }
      if (c.contains("em_likelihood_gap")) {
        const std::string gap = text(c.at("em_likelihood_gap"), where + ".em_likelihood_gap");
        if (gap != "inf") em.likelihood_gap = gap;
      }
      if (c.contains("em_distance") && c.at("em_distance").is_number()) {
        em.distance = c.at("em_distance").get<double>();
        if (!(*em.distance >= 0)) fail(where + ".em_distance", "must be a non-negative number");
      }
      em.certified = c.value("em_certified", false);
      g.em = std::move(em);
    }
    return g;
  }

  GoldenVectors vectors(const json& j) const {
    if (!j.is_object() || !j.contains("cases") || !j.contains("k")) {
      throw InputError(source_, "not a golden vectors file (uldp golden): no \"k\" / \"cases\"");
    }
    if (j.contains("format") && j.at("format") != kFormat) {
      fail("format",
           "\"" + message_excerpt(j.at("format").dump()) + "\" is not \"" + kFormat + "\"");
    }
    GoldenVectors v;
    if (!j.at("k").is_number_unsigned() || j.at("k").get<std::uint64_t>() == 0 ||
        j.at("k").get<std::uint64_t>() > kMaxItems) {
      throw InputError(source_,
                       "\"k\" must be an integer in [1, " + std::to_string(kMaxItems) + "]");
    }
    v.k = j.at("k").get<std::size_t>();
    if (j.contains("mechanism")) v.mechanism = text(j.at("mechanism"), "mechanism");
    if (j.contains("sensitive")) {
      for (const std::uint64_t x : counts(j.at("sensitive"), "sensitive")) {
        if (x >= v.k) fail("sensitive", std::to_string(x) + " is not below k");
        v.sensitive.push_back(x);
      }
    }
    if (j.contains("pum")) {
      const json& p = j.at("pum");
      GoldenPum pum;
      pum.common = text(member(p, "common", "pum"), "pum.common");
      const json& tags = member(p, "tags", "pum");
      if (!tags.is_array()) fail("pum.tags", "expected an array of names");
      for (const json& t : tags) pum.tags.push_back(text(t, "pum.tags"));
      pum.z = whole(member(p, "z", "pum"), "pum.z");
      v.pum = std::move(pum);
    }
    if (j.contains("exp_eps")) {
      try {
        v.exp_eps = parse_rational(text(j.at("exp_eps"), "exp_eps"), "exp_eps");
      } catch (const InvalidArgument& e) {
        fail("exp_eps", e.what());
      }
    }
    if (j.contains("reports")) v.reports_form = text(j.at("reports"), "reports");
    if (j.contains("post") && !j.at("post").is_null()) {
      const std::string name = text(member(j.at("post"), "name", "post"), "post.name");
      try {
        v.post = estimate::parse_post_processing(name, "post.name");
      } catch (const InvalidArgument& e) {
        fail("post.name", e.what());
      }
    }
    if (j.contains("seed")) v.seed = whole(j.at("seed"), "seed");
    if (j.contains("thr")) v.thr_alpha = number(member(j.at("thr"), "alpha", "thr"), "thr.alpha");
    if (j.contains("thr") && j.at("thr").is_object() && j.at("thr").contains("rule"))
      v.thr_rule = text(j.at("thr").at("rule"), "thr.rule");
    if (j.contains("em") && j.at("em").is_object()) {
      const json& em = j.at("em");
      GoldenEmSettings s;
      s.stop = number(member(em, "stop", "em"), "em.stop");
      try {
        s.gap_target_per_report =
            parse_rational(text(member(em, "gap_target_per_report", "em"), "em.gap_target"),
                           "em.gap_target_per_report");
      } catch (const InvalidArgument& e) {
        fail("em.gap_target_per_report", e.what());
      }
      s.distance_target = number(member(em, "distance_target", "em"), "em.distance_target");
      v.em = s;
    } else {
      v.em = j.contains("em") ? text(j.at("em"), "em") : std::string("no EM vectors");
    }
    const json& cases = j.at("cases");
    if (!cases.is_array()) fail("cases", "expected an array");
    std::set<std::string> ids;
    for (std::size_t i = 0; i < cases.size(); ++i) {
      const std::string at = "cases[" + std::to_string(i) + "]";
      GoldenCase g = golden_case(cases[i], at, v.k, v.pum.has_value());
      if (!ids.insert(g.id).second) {
        fail(at, "case id \"" + message_excerpt(g.id) + "\" appears twice");
      }
      v.cases.push_back(std::move(g));
    }
    return v;
  }

 private:
  std::string source_;
};

}  // namespace

json to_json(const GoldenVectors& v) {
  json j;
  j["format"] = kFormat;
  j["mechanism"] = v.mechanism;
  j["k"] = v.k;
  j["sensitive"] = v.sensitive;
  if (v.pum) j["pum"] = pum_json(*v.pum);
  if (v.exp_eps) j["exp_eps"] = to_string(*v.exp_eps);
  j["reports"] = v.reports_form;
  j["scale"] = "frequencies (estimates of p; multiply by n for counts)";
  j["post"] = v.post ? json({{"name", estimate::post_processing_name(*v.post)},
                             {"applied_to", "emp, thr and em (emp_exact is before it)"}})
                     : json(nullptr);
  if (v.seed) j["seed"] = *v.seed;
  j["thr"] = {{"alpha", v.thr_alpha}, {"rule", v.thr_rule}};
  j["em"] = std::visit(Overloaded{[](const GoldenEmSettings& s) { return em_settings_json(s); },
                                  [](const std::string& why) { return json(why); }},
                       v.em);
  j["cases"] = json::array();
  for (const GoldenCase& g : v.cases) j["cases"].push_back(case_json(g, v.pum.has_value()));
  return j;
}

GoldenVectors golden_vectors_from_json(const json& j, const std::string& source) {
  try {
    return Reader(source).vectors(j);
  } catch (const json::exception& e) {
    // A member of the wrong type the reader did not anticipate.
    const std::string what = e.what();
    throw InputError(source, "not a golden vectors file (uldp golden): " +
                                 (what.size() > 80 ? what.substr(0, 80) + "..." : what));
  }
}

GoldenVectors read_golden_vectors(const std::string& path) {
  return golden_vectors_from_json(
      parse_json_document(read_input_text(path, "a golden vectors file"), path), path);
}

}  // namespace uldp::api
