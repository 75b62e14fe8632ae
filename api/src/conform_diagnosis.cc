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
  RewrittenSamples(std::unique_ptr<std::istream> in, const std::string& source, Change change,
                   SampleLine lines)
      : in_(std::move(in)),
        lines_(*in_, source, estimate::kReadBlock, estimate::kMaxTextLine),
        change_(std::move(change)),
        counted_(lines == SampleLine::kCounted) {}
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
    // A counted line keeps its count (",12" after the last comma) as it is.
    const std::size_t end = counted_ ? line.rfind(',') : line.size();
    std::string x(line.substr(0, comma)), y(line.substr(comma + 1, end - std::min(end, comma + 1)));
    while (!y.empty() && (y.back() == '\r' || y.back() == ' ')) y.pop_back();
    if (!change_(x, y)) return false;
    buffer_.append(x).append(1, ',').append(y).append(line.substr(std::max(end, comma + 1))) +=
        '\n';
    return true;
  }

  std::unique_ptr<std::istream> in_;
  LineReader lines_;
  Change change_;
  std::string buffer_;
  bool counted_ = false;
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
                                  SampleLine lines, const Change& change = nullptr) {
  try {
    std::unique_ptr<std::istream> samples = open();
    std::optional<RewrittenSamples> rewritten;
    std::optional<std::istream> rewritten_stream;
    if (change) {
      rewritten.emplace(std::move(samples), source, change, lines);
      rewritten_stream.emplace(&*rewritten);
    }
    std::istream& in = change ? *rewritten_stream : *samples;
    const OutputSyntax syntax = sample_syntax(reference, output_index);
    const SampleTallies t =
        tally_samples(in, source, reference.model, reference.scope, syntax, kReadBlock, lines);
    if (rewritten && rewritten->inapplicable()) return std::nullopt;
    const ConformanceReport r = check_conformance(t, reference.model, reference.scope, alpha, {},
                                                  ResolutionDetail::kCellOnly);
    const bool accepted = t.impossible == 0 && !r.fit_rejected && !r.ratio_violated;
    return FitScore{t.impossible > 0 ? 0.0 : r.min_p_value, r.exp_eps_lower_bound, accepted};
  } catch (const Error&) {
    return std::nullopt;
  }
}

// The reading `reading` when the samples fit the reference under it, none otherwise.
std::optional<Diagnosis> fits(const ConformReference& reference, const SampleSource& open,
                              const std::string& source, bool output_index, double alpha,
                              SampleLine lines, const std::string& reading,
                              const Change& change = nullptr) {
  const std::optional<FitScore> score =
      fit_score(reference, open, source, output_index, alpha, lines, change);
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

// A parameter of the family fitted to the samples on [lowest, highest]: a coarse scan in `step`s
// finds the best region, golden-section search refines the best fit (the largest smallest fit
// p-value) inside it, and bisection finds where the fit test stops accepting on either side: the
// values it accepts, a confidence set by inverting it. Each value is tallied once.
struct FittedParameter {
  std::optional<double> best;                         ///< none: the fit test accepts none
  std::optional<std::pair<double, double>> accepted;  ///< the range around it
};

FittedParameter fit_parameter(double lowest, double highest, double step,
                              const std::function<std::optional<FitScore>(double)>& score) {
  std::map<double, std::optional<FitScore>> scores;
  auto score_at = [&](double u) -> const std::optional<FitScore>& {
    auto known = scores.find(u);
    if (known == scores.end()) known = scores.emplace(u, score(u)).first;
    return known->second;
  };
  auto p_at = [&](double u) {
    const std::optional<FitScore>& s = score_at(u);
    return s ? s->min_p_value : -1.0;
  };
  auto accepted_at = [&](double u) {
    const std::optional<FitScore>& s = score_at(u);
    return s && s->accepted;
  };
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
  FittedParameter result;
  if (!accepted_at(fitted)) return result;
  auto edge = [&](double inside, double outside) {
    if (accepted_at(outside)) return outside;  // accepted up to the end of the range
    for (int i = 0; i < 40 && std::abs(outside - inside) > 1e-4; ++i) {
      const double middle = (inside + outside) / 2;
      (accepted_at(middle) ? inside : outside) = middle;
    }
    return inside;
  };
  result.best = fitted;
  result.accepted = {edge(fitted, lowest), edge(fitted, highest)};
  return result;
}

}  // namespace

DiagnosisReport diagnose(const ReferenceRequest& request, const ConformReference& reference,
                         const SampleSource& open, const std::string& source, bool output_index,
                         double alpha, SampleLine lines) {
  DiagnosisReport report;
  auto attempt = [&](const std::string& reading, const ConformReference& ref,
                     const Change& change = nullptr) {
    report.tried.push_back(reading);
    if (auto d = fits(ref, open, source, output_index, alpha, lines, reading, change)) {
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
  // θ: OUE's 1/2 and SUE's s/(s+1), for the unary family (its entry names the mechanism that
  // takes θ: rappor for oue and sue, urap for uoue).
  const std::string theta_family(find_mechanism(name, "mechanism").theta_family);
  if (!theta_family.empty()) {
    const std::pair<std::optional<Probability>, const char*> thetas[] = {
        {Probability::from_rational(Rational(1, 2), "theta"), "1/2 (OUE)"},
        {std::nullopt, "s/(s+1) (SUE, basic one-time RAPPOR)"}};  // the paper's default
    for (const auto& choice : thetas) {
      const std::optional<Probability>& theta = choice.first;  // a lambda may not capture a binding
      const auto other = rebuilt(*registry, [&](RegistryReference& m) {
        m.name = theta_family;
        m.arguments.values.set(kThetaParameter, theta);
      });
      if (other) attempt(std::string("theta = ") + choice.second, *other);
    }
  }
  // X_S taken as the first |X_S| symbols.
  const std::optional<IndexSet>& xs = registry->arguments.sensitive;
  if (xs && (reference.scope.protected_symbols || reference.scope.protected_zero_bits)) {
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
  // Only where the budget makes the mechanism: given to one built from other parameters
  // (rappor-bloom's f, p, q; Mangat's p) it is a claim, and every budget reads the same.
  const bool budget_builds =
      find_mechanism(name, "mechanism").takes(kBudgetParameter.declaration) == Takes::kRequired;
  if (reference.scope.claimed && budget_builds) {
    report.tried.push_back("another budget (e^eps fitted from t/8 to 8t)");
    const double t = reference.scope.claimed_exp_eps;
    const FittedParameter fit = fit_parameter(
        std::log(std::max(1.0, t / 8)), std::log(8 * t), std::log(2.0) / 2,
        [&](double log_t) -> std::optional<FitScore> {
          const auto other = rebuilt(*registry, [&](RegistryReference& m) {
            m.arguments.budget = PrivacyBudget::from_exp_eps(
                parse_rational(double_text(std::exp(log_t)), "exp_eps"), "exp_eps");
            if (m.theta_rule) {  // "optimal" depends on the budget: the θ asked for at this one
              m.arguments.values.set(
                  kThetaParameter,
                  resolve_theta(*m.theta_rule, find_mechanism(m.name, "mechanism"), m.arguments));
            }
          });
          if (!other) return std::nullopt;
          return fit_score(*other, open, source, output_index, alpha, lines);
        });
    if (fit.best) {
      report.best_exp_eps = std::exp(*fit.best);
      report.fitted_exp_eps = {std::exp(fit.accepted->first), std::exp(fit.accepted->second)};
    }
  }
  // θ of the unary family (the probability of the input's own bit), fitted the same way at the
  // claimed budget: a client whose θ is neither OUE's 1/2 nor SUE's is found too.
  if (!theta_family.empty()) {
    report.tried.push_back("another theta (fitted from 0.01 to 0.99)");
    const FittedParameter fit =
        fit_parameter(0.01, 0.99, 0.05, [&](double theta) -> std::optional<FitScore> {
          const auto other = rebuilt(*registry, [&](RegistryReference& m) {
            m.name = theta_family;
            m.arguments.values.set(kThetaParameter,
                                   std::optional(Probability::parse(double_text(theta), "theta")));
          });
          if (!other) return std::nullopt;
          return fit_score(*other, open, source, output_index, alpha, lines);
        });
    if (fit.best) {
      report.best_theta = *fit.best;
      report.fitted_theta = fit.accepted;
    }
    // The reference's θ: the own-bit probability of a sensitive input (every input for LDP).
    if (const auto* unary = std::get_if<UnaryParams>(&reference.model)) {
      const std::size_t j = xs && !xs->empty() ? xs->indices().front() : 0;
      if (j < unary->on.size()) report.claimed_theta = unary->on[j];
    }
  }
  return report;
}

}  // namespace uldp::api
