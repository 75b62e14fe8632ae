// Estimators, sampler and report files of unlisted mechanisms (unlisted.h): every report goes
// through its folder's functions; nothing here knows a mechanism.
#include "uldp/estimate/unlisted.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <istream>
#include <limits>
#include <numeric>
#include <ostream>
#include <string>

#include "internal/em_drivers.h"
#include "uldp/counts_header.h"
#include "uldp/error.h"

namespace uldp::estimate {
namespace {

void require_reports(const UnlistedParams& params, const UnlistedReports& reports,
                     const char* what) {
  if (params.inputs == 0) throw InvalidArgument(std::string(what) + ": a mechanism of no input");
  if (reports.width() != params.width) {
    throw InvalidArgument(std::string(what) + ": reports of " + std::to_string(reports.width()) +
                          " words, the mechanism's have " + std::to_string(params.width));
  }
  if (reports.size() == 0) throw InvalidArgument(std::string(what) + ": no reports (n = 0)");
}

void require_estimator(const UnlistedParams& params) {
  if (params.not_estimable) throw InvalidArgument(*params.not_estimable);
}

// EM's map over the distinct reports' likelihood rows (report-major), with their counts.
struct UnlistedEmModel {
  std::size_t k;
  const std::vector<double>& rows;
  const std::vector<double>& counts;
  double n;
  double log_factor;  // Σ counts · log F(y): the part of L common to every p

  double operator()(const std::vector<double>& p, std::vector<double>& next) const {
    std::vector<double> gathered(k, 0.0);
    double log_likelihood = log_factor;
    for (std::size_t i = 0; i < counts.size(); ++i) {
      const double* row = rows.data() + i * k;
      double m = 0;
      for (std::size_t x = 0; x < k; ++x) m += p[x] * row[x];
      if (!(m > 0.0)) return -std::numeric_limits<double>::infinity();
      log_likelihood += counts[i] * std::log(m);
      const double weight = counts[i] / m;
      for (std::size_t x = 0; x < k; ++x) gathered[x] += row[x] * weight;
    }
    next.resize(k);
    for (std::size_t x = 0; x < k; ++x) next[x] = p[x] * gathered[x] / n;
    return log_likelihood;
  }
};

}  // namespace

std::string quoted_excerpt(std::string_view text) {
  std::string quoted(1, '\'');  // appended: GCC 12 warns falsely on "'" + std::string
  quoted += message_excerpt(text);
  quoted += '\'';
  return quoted;
}

std::optional<ReportSyntaxError> read_report_field(std::string_view text, std::uint64_t limit,
                                                   const char* what, std::size_t column,
                                                   std::uint64_t& value) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() ||
      (text.size() > 1 && text[0] == '0') || value >= limit) {
    return ReportSyntaxError{column, std::string(what) + " " + quoted_excerpt(text) +
                                         " is not in 0.." + std::to_string(limit - 1)};
  }
  return std::nullopt;
}

void UnlistedReports::append(const UnlistedReports& more) {
  if (more.width_ != width_) throw InvalidArgument("append: reports of another width");
  words_.insert(words_.end(), more.words_.begin(), more.words_.end());
}

std::vector<double> empirical_estimate_unlisted(const UnlistedParams& params,
                                                const UnlistedReports& reports) {
  require_reports(params, reports, "estimate");
  require_estimator(params);
  std::vector<double> p(params.inputs, 0.0);
  for (std::size_t i = 0; i < reports.size(); ++i) params.add_estimate(reports.report(i), p);
  const double n = static_cast<double>(reports.size());
  for (double& v : p) v /= n;
  return p;
}

ThresholdEstimate threshold_estimate_unlisted(const UnlistedParams& params,
                                              const UnlistedReports& reports, double alpha) {
  require_reports(params, reports, "estimate");
  require_estimator(params);
  const std::size_t k = params.inputs;
  // Welford's running mean and sum of squared deviations, per input.
  std::vector<double> mean(k, 0.0), squares(k, 0.0), row(k);
  for (std::size_t i = 0; i < reports.size(); ++i) {
    std::fill(row.begin(), row.end(), 0.0);
    params.add_estimate(reports.report(i), row);
    const double seen = static_cast<double>(i + 1);
    for (std::size_t x = 0; x < k; ++x) {
      const double delta = row[x] - mean[x];
      mean[x] += delta / seen;
      squares[x] += delta * (row[x] - mean[x]);
    }
  }
  const double n = static_cast<double>(reports.size());
  std::vector<double> sd(k);
  for (std::size_t x = 0; x < k; ++x) sd[x] = n > 1 ? std::sqrt(squares[x] / (n - 1) / n) : 0.0;
  return apply_significance_threshold(mean, sd, alpha);
}

EmResult em_estimate_unlisted(const UnlistedParams& params, const UnlistedReports& reports,
                              const EmOptions& options) {
  require_reports(params, reports, "EM");
  const std::size_t k = params.inputs;
  // Equal reports are one likelihood row with their count.
  std::vector<std::size_t> order(reports.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  const auto less = [&](std::size_t a, std::size_t b) {
    const auto ra = reports.report(a), rb = reports.report(b);
    return std::lexicographical_compare(ra.begin(), ra.end(), rb.begin(), rb.end());
  };
  std::sort(order.begin(), order.end(), less);
  std::vector<std::size_t> distinct;
  std::vector<double> counts;
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (i > 0 && !less(order[i - 1], order[i])) {
      counts.back() += 1;
      continue;
    }
    distinct.push_back(order[i]);
    counts.push_back(1);
  }
  if (distinct.size() > kMaxUnlistedEmEntries / k) {
    throw InvalidArgument(
        std::string("EM holds a likelihood per distinct report and input, here ") +
        std::to_string(distinct.size()) + " x " + std::to_string(k) + ", more than " +
        std::to_string(kMaxUnlistedEmEntries) + " (emp and thr take any number of reports)");
  }
  std::vector<double> rows(distinct.size() * k);
  double log_factor = 0;
  std::string text;
  for (std::size_t i = 0; i < distinct.size(); ++i) {
    const std::span<double> row(rows.data() + i * k, k);
    const auto report = reports.report(distinct[i]);
    log_factor += counts[i] * params.likelihood(report, row);
    if (std::all_of(row.begin(), row.end(), [](double v) { return !(v > 0.0); })) {
      text.clear();
      params.write(report, text);
      throw InvalidArgument("EM: no input produces the report " + quoted_excerpt(text));
    }
  }
  std::vector<double> start;
  if (!params.not_estimable)
    start = threshold_estimate_unlisted(params, reports, options.significance).p;
  if (start.empty()) start.assign(k, 1.0 / static_cast<double>(k));
  const UnlistedEmModel model{k, rows, counts, static_cast<double>(reports.size()), log_factor};
  return internal::run_mixed_start_em(std::cref(model), std::move(start), options);
}

UnlistedReports sample_reports(Xoshiro256& rng, const UnlistedParams& params,
                               std::span<const std::uint32_t> inputs) {
  UnlistedReports reports(params.width);
  reports.reserve(inputs.size());
  for (const std::uint32_t x : inputs) {
    if (x >= params.inputs) {
      throw InvalidArgument("sample_reports: input " + std::to_string(x) +
                            " >= k = " + std::to_string(params.inputs));
    }
    params.draw(rng, x, reports.append());
  }
  return reports;
}

UnlistedReports read_unlisted_reports(std::istream& in, const std::string& source,
                                      const UnlistedParams& params, std::size_t block,
                                      std::size_t max_words) {
  UnlistedReports reports(params.width);
  LineReader reader(in, source, block, kMaxTextLine);
  std::string_view raw;
  bool first_content = true;
  while (reader.next(raw)) {
    const std::size_t line = reader.line_number();
    std::size_t column = 1;
    const std::string_view text = line_content(raw, line, column);
    if (text.empty()) continue;
    if (text.front() == '#') {
      const CommentLine comment = classify_comment(text);
      if (comment.kind == CommentLine::Kind::kCountsHeader ||
          comment.kind == CommentLine::Kind::kNearMiss) {
        throw InputError(source, line, column,
                         first_content
                             ? "counts are not read here: its outputs are too many to list, so "
                               "the file holds one report per line (" +
                                   params.form + ")"
                             : quoted_excerpt(text) + " is a counts header inside reports");
      }
      continue;
    }
    first_content = false;
    // A report CSV-quoted, as a spreadsheet or Python's csv module writes "3,5": the quotes are
    // no part of it.
    const bool quoted = text.size() >= 2 && text.front() == '"' && text.back() == '"';
    const std::string_view report = quoted ? text.substr(1, text.size() - 2) : text;
    if ((reports.size() + 1) * params.width > max_words) {
      throw InputError(source, line, column,
                       "more than " + std::to_string(max_words / params.width) +
                           " reports: each is held, " + std::to_string(params.width) +
                           " words apiece, and " + std::to_string(max_words) + " words at most");
    }
    const std::span<std::uint64_t> words = reports.append();
    if (const std::optional<ReportSyntaxError> error = params.parse(report, words)) {
      throw InputError(source, line, column + (quoted ? 1 : 0) + error->column - 1,
                       error->what + " (reports are " + params.form + ")");
    }
  }
  return reports;
}

void write_unlisted_reports(
    std::ostream& out, const UnlistedReports& reports,
    const std::function<void(std::span<const std::uint64_t>, std::string&)>& write) {
  std::string buffer;
  for (std::size_t i = 0; i < reports.size(); ++i) {
    write(reports.report(i), buffer);
    buffer += '\n';
    if (buffer.size() >= (std::size_t{1} << 16)) {
      out << buffer;
      buffer.clear();
    }
  }
  out << buffer;
}

}  // namespace uldp::estimate
