#include "conform_diagnosis.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <sstream>

#include "uldp/error.h"
#include "uldp/estimate/conformance.h"

namespace uldp::cli {
using namespace uldp::estimate;  // the double-precision layer

namespace {

// Each sample line through `change` ("x", "y" -> new x, y); comments and blank lines kept. A line
// the reading cannot apply to (x = 0 read as 1-based) makes the reading inapplicable.
std::optional<std::string> rewritten(
    const std::string& samples, const std::function<bool(std::string& x, std::string& y)>& change) {
  std::istringstream in(samples);
  std::ostringstream out;
  for (std::string line; std::getline(in, line);) {
    const std::size_t comma = line.find(',');
    const std::size_t first = line.find_first_not_of(" \t\r\xEF\xBB\xBF");
    if (comma == std::string::npos || first == std::string::npos || line[first] == '#') {
      out << line << '\n';
      continue;
    }
    std::string x = line.substr(0, comma), y = line.substr(comma + 1);
    while (!y.empty() && (y.back() == '\r' || y.back() == ' ')) y.pop_back();
    if (!change(x, y)) return std::nullopt;
    out << x << ',' << y << '\n';
  }
  return out.str();
}

// Whether the samples fit the reference: every line read, nothing impossible, the fit kept and the
// ε bound within the claim. Unreadable samples do not fit.
std::optional<Diagnosis> fits(const ConformReference& reference, const std::string& samples,
                              const std::string& source, bool output_index, double alpha,
                              const std::string& reading) {
  try {
    std::istringstream in(samples);
    const OutputSyntax syntax = sample_syntax(reference, output_index);
    const SampleTallies t = tally_samples(in, source, reference.model, reference.scope, syntax);
    const ConformanceReport r = check_conformance(t, reference.model, reference.scope, alpha);
    if (t.impossible > 0 || r.fit_rejected || r.ratio_violated) return std::nullopt;
    return Diagnosis{reading, r.min_p_value, r.exp_eps_lower_bound};
  } catch (const Error&) {
    return std::nullopt;
  }
}

std::optional<ConformReference> rebuilt(const ConformReferenceFlags& flags,
                                        const std::function<void(MechanismFlags&)>& change) {
  ConformReferenceFlags other = flags;
  change(other.mech);
  try {
    return build_reference(other);
  } catch (const Error&) {
    return std::nullopt;
  }
}

}  // namespace

DiagnosisReport diagnose(const ConformReferenceFlags& flags, const ConformReference& reference,
                         const std::string& samples, const std::string& source, bool output_index,
                         double alpha) {
  DiagnosisReport report;
  auto attempt = [&](const std::string& reading, const ConformReference& ref,
                     const std::optional<std::string>& text) {
    report.tried.push_back(reading);
    if (!text) return;
    if (auto d = fits(ref, *text, source, output_index, alpha, reading)) report.fits.push_back(*d);
  };
  const bool bits =
      reports_are_bit_vectors(reference.model) || reference.syntax.bit_strings_over.has_value();
  if (bits) {
    attempt("bit order reversed (character 0 is the last bit)", reference,
            rewritten(samples, [](std::string&, std::string& y) {
              if (y.find_first_not_of("01") == std::string::npos) std::reverse(y.begin(), y.end());
              return true;
            }));
  }
  attempt("inputs 1-based (x = 1 is the first input)", reference,
          rewritten(samples, [](std::string& x, std::string&) {
            const std::size_t digit = x.find_first_not_of(" \t\xEF\xBB\xBF");
            if (digit == std::string::npos ||
                x.find_first_not_of("0123456789 \t", digit) != std::string::npos) {
              return false;
            }
            const unsigned long long value = std::stoull(x.substr(digit));
            if (value == 0) return false;
            x = std::to_string(value - 1);
            return true;
          }));
  if (flags.file.given()) return report;  // a matrix has no family to vary

  const std::string name = flags.mech.name;
  // θ: OUE's 1/2 and SUE's s/(s+1), for the unary family.
  const bool unary_ldp = name == "rappor" || name == "oue" || name == "sue";
  const bool unary_uldp = name == "urap" || name == "uoue";
  if (unary_ldp || unary_uldp) {
    const std::pair<const char*, const char*> thetas[] = {
        {"1/2", "1/2 (OUE)"}, {"paper", "s/(s+1) (SUE, basic one-time RAPPOR)"}};
    for (const auto& choice : thetas) {
      const std::string theta = choice.first, label = choice.second;
      const auto other = rebuilt(flags, [&](MechanismFlags& m) {
        m.name = unary_ldp ? "rappor" : "urap";
        m.theta = theta;
      });
      if (other) attempt(std::string("theta = ") + label, *other, samples);
    }
  }
  // X_S taken as the first |X_S| symbols.
  if (flags.mech.sensitive_given && (reference.scope.protected_symbols || unary_uldp)) {
    const std::optional<IndexSet> xs = [&]() -> std::optional<IndexSet> {
      try {
        return flags.mech.build().sensitive;
      } catch (const Error&) {
        return std::nullopt;
      }
    }();
    if (xs && !xs->empty() && xs->indices().back() + 1 != xs->size()) {
      const std::string prefix = "0-" + std::to_string(xs->size() - 1);
      if (const auto other = rebuilt(flags, [&](MechanismFlags& m) { m.sensitive = prefix; })) {
        attempt("X_S taken as the first |X_S| symbols (" + prefix + ")", *other, samples);
      }
    }
  }
  // Another budget: the e^ε the samples fit, on a grid of ratio 2^(1/8) from t/8 to 8t.
  if (reference.scope.claimed) {
    report.tried.push_back("another budget (e^eps from t/8 to 8t)");
    const double t = reference.scope.claimed_exp_eps;
    for (int j = -24; j <= 24; ++j) {
      const double candidate = t * std::exp2(j / 8.0);
      if (candidate < 1 || j == 0) continue;
      const auto other = rebuilt(flags, [&](MechanismFlags& m) {
        m.budget.eps.reset();
        m.budget.exp_eps = double_text(candidate);
      });
      if (!other || !fits(*other, samples, source, output_index, alpha, "")) continue;
      if (!report.fitted_exp_eps) report.fitted_exp_eps = {candidate, candidate};
      report.fitted_exp_eps->first = std::min(report.fitted_exp_eps->first, candidate);
      report.fitted_exp_eps->second = std::max(report.fitted_exp_eps->second, candidate);
    }
  }
  return report;
}

}  // namespace uldp::cli
