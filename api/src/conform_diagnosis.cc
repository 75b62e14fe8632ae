#include "uldp/api/conform_diagnosis.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <streambuf>
#include <string_view>

#include "uldp/api/render.h"
#include "uldp/error.h"
#include "uldp/estimate/conformance.h"
#include "uldp/estimate/line_reader.h"

namespace uldp::api {
using namespace uldp::estimate;  // the double-precision layer

namespace {

using Change = std::function<bool(std::string& x, std::string& y)>;

// Each sample line of a stream through `change` ("x", "y" -> new x, y), as a stream: comments and
// blank lines kept, one line in memory at a time. A line the reading cannot apply to (x = 0 read
// as 1-based) ends the stream and makes the reading inapplicable.
class RewrittenSamples : public std::streambuf {
 public:
  RewrittenSamples(std::unique_ptr<std::istream> in, const std::string& source, Change change)
      : in_(std::move(in)),
        lines_(*in_, source, estimate::kReadBlock, estimate::kMaxTextLine),
        change_(std::move(change)) {}
  bool inapplicable() const { return inapplicable_; }

 protected:
  int_type underflow() override {
    buffer_.clear();
    std::string_view line;
    while (!inapplicable_ && buffer_.size() < kReadBlock && lines_.next(line)) {
      if (!rewrite(line)) inapplicable_ = true;
    }
    if (inapplicable_ || buffer_.empty()) return traits_type::eof();
    setg(buffer_.data(), buffer_.data(), buffer_.data() + buffer_.size());
    return traits_type::to_int_type(buffer_[0]);
  }

 private:
  bool rewrite(std::string_view line) {
    const std::size_t comma = line.find(',');
    const std::size_t first = line.find_first_not_of(" \t\r\xEF\xBB\xBF");
    if (comma == std::string::npos || first == std::string::npos || line[first] == '#') {
      buffer_.append(line) += '\n';
      return true;
    }
    std::string x(line.substr(0, comma)), y(line.substr(comma + 1));
    while (!y.empty() && (y.back() == '\r' || y.back() == ' ')) y.pop_back();
    if (!change_(x, y)) return false;
    buffer_.append(x).append(1, ',').append(y) += '\n';
    return true;
  }

  std::unique_ptr<std::istream> in_;
  LineReader lines_;
  Change change_;
  std::string buffer_;
  bool inapplicable_ = false;
};

// How well the samples fit the reference: the smallest fit p-value (0 with an impossible output),
// the ε bound, and whether the fit is accepted (every line read, nothing impossible, the fit kept
// and the ε bound within the claim). nullopt when the samples cannot be read under this reference
// or a reading (`change`, if any) cannot apply to them.
struct FitScore {
  double min_p_value = 0;
  double exp_eps_lower_bound = 1;
  bool accepted = false;
};

std::optional<FitScore> fit_score(const ConformReference& reference, const SampleSource& open,
                                  const std::string& source, bool output_index, double alpha,
                                  const Change& change = nullptr) {
  try {
    std::unique_ptr<std::istream> samples = open();
    std::optional<RewrittenSamples> rewritten;
    std::optional<std::istream> rewritten_stream;
    if (change) {
      rewritten.emplace(std::move(samples), source, change);
      rewritten_stream.emplace(&*rewritten);
    }
    std::istream& in = change ? *rewritten_stream : *samples;
    const OutputSyntax syntax = sample_syntax(reference, output_index);
    const SampleTallies t = tally_samples(in, source, reference.model, reference.scope, syntax);
    if (rewritten && rewritten->inapplicable()) return std::nullopt;
    const ConformanceReport r = check_conformance(t, reference.model, reference.scope, alpha);
    const bool accepted = t.impossible == 0 && !r.fit_rejected && !r.ratio_violated;
    return FitScore{t.impossible > 0 ? 0.0 : r.min_p_value, r.exp_eps_lower_bound, accepted};
  } catch (const Error&) {
    return std::nullopt;
  }
}

// The reading `reading` when the samples fit the reference under it, none otherwise.
std::optional<Diagnosis> fits(const ConformReference& reference, const SampleSource& open,
                              const std::string& source, bool output_index, double alpha,
                              const std::string& reading, const Change& change = nullptr) {
  const std::optional<FitScore> score =
      fit_score(reference, open, source, output_index, alpha, change);
  if (!score || !score->accepted) return std::nullopt;
  return Diagnosis{reading, score->min_p_value, score->exp_eps_lower_bound};
}

// The registry mechanism with its name or arguments changed; none when they make no mechanism.
std::optional<ConformReference> rebuilt(const RegistryReference& reference,
                                        const std::function<void(RegistryReference&)>& change) {
  RegistryReference other = reference;
  try {
    change(other);
    return build_reference(other);
  } catch (const Error&) {
    return std::nullopt;
  }
}

}  // namespace

DiagnosisReport diagnose(const ReferenceRequest& request, const ConformReference& reference,
                         const SampleSource& open, const std::string& source, bool output_index,
                         double alpha) {
  DiagnosisReport report;
  auto attempt = [&](const std::string& reading, const ConformReference& ref,
                     const Change& change = nullptr) {
    report.tried.push_back(reading);
    if (auto d = fits(ref, open, source, output_index, alpha, reading, change)) {
      report.fits.push_back(*d);
    }
  };
  const bool bits =
      reports_are_bit_vectors(reference.model) || reference.syntax.bit_strings_over.has_value();
  if (bits) {
    attempt("bit order reversed (character 0 is the last bit)", reference,
            [](std::string&, std::string& y) {
              if (y.find_first_not_of("01") == std::string::npos) std::reverse(y.begin(), y.end());
              return true;
            });
  }
  attempt("inputs 1-based (x = 1 is the first input)", reference, [](std::string& x, std::string&) {
    const std::size_t digit = x.find_first_not_of(" \t\xEF\xBB\xBF");
    if (digit == std::string::npos ||
        x.find_first_not_of("0123456789 \t", digit) != std::string::npos) {
      return false;
    }
    const unsigned long long value = std::stoull(x.substr(digit));
    if (value == 0) return false;
    x = std::to_string(value - 1);
    return true;
  });
  const auto* registry = std::get_if<RegistryReference>(&request);
  if (!registry) return report;  // a matrix, and the PUM's users, have no family to vary here

  const std::string name = registry->name;
  // θ: OUE's 1/2 and SUE's s/(s+1), for the unary family.
  const bool unary_ldp = name == "rappor" || name == "oue" || name == "sue";
  const bool unary_uldp = name == "urap" || name == "uoue";
  if (unary_ldp || unary_uldp) {
    const std::pair<std::optional<Probability>, const char*> thetas[] = {
        {Probability::from_rational(Rational(1, 2), "theta"), "1/2 (OUE)"},
        {std::nullopt, "s/(s+1) (SUE, basic one-time RAPPOR)"}};  // the paper's default
    for (const auto& choice : thetas) {
      const std::optional<Probability>& theta = choice.first;  // a lambda may not capture a binding
      const auto other = rebuilt(*registry, [&](RegistryReference& m) {
        m.name = unary_ldp ? "rappor" : "urap";
        m.arguments.theta = theta;
      });
      if (other) attempt(std::string("theta = ") + choice.second, *other);
    }
  }
  // X_S taken as the first |X_S| symbols.
  const std::optional<IndexSet>& xs = registry->arguments.sensitive;
  if (xs && (reference.scope.protected_symbols || unary_uldp)) {
    if (!xs->empty() && xs->indices().back() + 1 != xs->size()) {
      const std::string prefix = "0-" + std::to_string(xs->size() - 1);
      const auto other = rebuilt(*registry, [&](RegistryReference& m) {
        m.arguments.sensitive = IndexSet::first(xs->size(), xs->universe());
      });
      if (other) attempt("X_S taken as the first |X_S| symbols (" + prefix + ")", *other);
    }
  }
  // Another budget: fitted, not searched on a grid (e^2 fell between the points of a grid of
  // ratio 2^(1/8), so a client run at eps = 2 and declared at 1 fit "no reading tried").
  if (reference.scope.claimed) {
    report.tried.push_back("another budget (e^eps fitted from t/8 to 8t)");
    const double t = reference.scope.claimed_exp_eps;
    std::map<double, std::optional<FitScore>> scores;  // by log e^eps: each budget tallied once
    auto score_at = [&](double log_t) -> std::optional<FitScore> {
      if (const auto known = scores.find(log_t); known != scores.end()) return known->second;
      const double candidate = std::exp(log_t);
      const auto other = rebuilt(*registry, [&](RegistryReference& m) {
        m.arguments.budget = PrivacyBudget::from_exp_eps(
            parse_rational(double_text(candidate), "exp_eps"), "exp_eps");
        if (m.theta_rule) {  // "optimal" depends on the budget: the θ asked for at this one
          m.arguments.theta =
              resolve_theta(*m.theta_rule, find_mechanism(m.name, "mechanism"), m.arguments);
        }
      });
      std::optional<FitScore> s;
      if (other) s = fit_score(*other, open, source, output_index, alpha);
      scores.emplace(log_t, s);
      return s;
    };
    auto p_at = [&](double log_t) {
      const std::optional<FitScore> s = score_at(log_t);
      return s ? s->min_p_value : -1.0;
    };
    auto accepted_at = [&](double log_t) {
      const std::optional<FitScore> s = score_at(log_t);
      return s && s->accepted;
    };
    // A coarse scan in steps of 2^(1/2) finds the best region; golden-section search refines
    // the best fit (largest smallest p) inside it; bisection finds where the fit test stops
    // accepting on either side: the set of budgets it accepts, a confidence set by inverting it.
    const double lowest = std::log(std::max(1.0, t / 8)), highest = std::log(8 * t);
    const double step = std::log(2.0) / 2;
    double best = lowest;
    for (double u = lowest; u <= highest + 1e-12; u += step) {
      if (p_at(u) > p_at(best)) best = u;
    }
    double a = std::max(lowest, best - step), b = std::min(highest, best + step);
    const double golden = (std::sqrt(5.0) - 1) / 2;
    for (int i = 0; i < 30 && b - a > 1e-4; ++i) {
      const double c = b - golden * (b - a), d = a + golden * (b - a);
      if (p_at(c) >= p_at(d)) {
        b = d;
      } else {
        a = c;
      }
    }
    const double fitted = p_at((a + b) / 2) > p_at(best) ? (a + b) / 2 : best;
    if (accepted_at(fitted)) {
      auto edge = [&](double inside, double outside) {
        if (accepted_at(outside)) return outside;  // accepted up to the end of the range
        for (int i = 0; i < 40 && std::abs(outside - inside) > 1e-4; ++i) {
          const double middle = (inside + outside) / 2;
          (accepted_at(middle) ? inside : outside) = middle;
        }
        return inside;
      };
      report.best_exp_eps = std::exp(fitted);
      report.fitted_exp_eps = {std::exp(edge(fitted, lowest)), std::exp(edge(fitted, highest))};
    }
  }
  return report;
}

}  // namespace uldp::api
