// The one JSON writer and the one text renderer of the per-pair losses and notion verdicts.
#include <algorithm>
#include <sstream>
#include <vector>

#include "uldp/api/pair_loss.h"
#include "uldp/api/render.h"

namespace uldp::api {
namespace {

// Whether the exact rule bracketed L / bound - 1 (a finite loss against a finite bound).
bool has_excess_bracket(const PairAgainstBudget& p) {
  return p.excess_lower != 0 || p.excess_upper != 0;
}

nlohmann::json pair_json(const PairAgainstBudget& p) {
  nlohmann::json j = {
      {"x", p.x},
      {"x_prime", p.x_prime},
      {"loss", p.loss.ratio.to_string()},
      {"output", p.loss.output ? nlohmann::json(*p.loss.output) : nlohmann::json(nullptr)},
      {"bound", p.bound},
      {"loss_share", p.loss_share},
      {"exceeds", p.exceeds}};
  if (has_excess_bracket(p)) {
    // L / bound - 1 between two exact rationals (certified), and rounded to 3 digits unless the
    // bounds meet 0 (a loss at its bound, to 2^-1100).
    j["loss_share_excess_bounds"] = {to_string(p.excess_lower), to_string(p.excess_upper)};
    if (p.excess_lower > 0 || p.excess_upper < 0) {
      const std::string excess = scientific(RealBracket{p.excess_lower, p.excess_upper});
      j["loss_share_excess"] = p.exceeds ? "+" + excess : excess;
    }
  }
  return j;
}

// The share of its bound a pair uses: "66.7 % of it", "149 % of it" (rounded; a margin gets
// as many digits as keep it from reading 100 %), or for a pair over its bound by less than 0.5 %
// the excess, which no rounding hides: "exceeds it by a factor 1 + 5.95e-10".
std::string share_text(const PairAgainstBudget& p) {
  if (!has_excess_bracket(p)) {  // an unbounded pair (0 %) or an infinite loss
    return p.exceeds ? "exceeds it" : decimal_text(100 * p.loss_share, 3) + " % of it";
  }
  const RealBracket percent{100 * (1 + p.excess_lower), 100 * (1 + p.excess_upper)};
  if (p.exceeds) {  // "149 % of it", but never a rounded "100 %"
    const std::string share = decimal_text(percent, 3);
    if (share != "100") return share + " % of it";
    return "exceeds it by a factor 1 + " + scientific(RealBracket{p.excess_lower, p.excess_upper});
  }
  std::string share;
  for (int digits = 3; digits <= 17; ++digits) {
    share = decimal_text(percent, digits);
    if (share != "100") break;
  }
  return share + " % of it";
}

std::string pair_text(const PairAgainstBudget& p) {
  std::ostringstream out;
  out << "L(" << p.x << ", " << p.x_prime << ") = " << readable(p.loss.ratio);
  if (p.loss.output) out << " at y = " << *p.loss.output;
  out << " against " << p.bound << " (" << share_text(p) << ")";
  return out.str();
}

}  // namespace

nlohmann::json to_json(const PairLossResult& result) {
  const std::size_t k = result.losses.inputs();
  nlohmann::json ratios = nlohmann::json::array(), attained = nlohmann::json::array();
  for (std::size_t x = 0; x < k; ++x) {
    nlohmann::json row = nlohmann::json::array(), outputs = nlohmann::json::array();
    for (std::size_t x_prime = 0; x_prime < k; ++x_prime) {
      const PairLoss& loss = result.losses.at(x, x_prime);
      row.push_back(loss.output ? nlohmann::json(loss.ratio.to_string()) : nlohmann::json(nullptr));
      outputs.push_back(loss.output ? nlohmann::json(*loss.output) : nlohmann::json(nullptr));
    }
    ratios.push_back(std::move(row));
    attained.push_back(std::move(outputs));
  }
  nlohmann::json largest = nullptr;
  if (result.largest) {
    const PairLoss& loss = result.losses.at(result.largest->first, result.largest->second);
    largest = {{"x", result.largest->first},
               {"x_prime", result.largest->second},
               {"exp_eps", loss.ratio.to_string()},
               {"output", loss.output ? nlohmann::json(*loss.output) : nlohmann::json(nullptr)}};
  }
  // A notion's verdict, with what names its setting first (null when not asked).
  const auto verdict = [](const std::optional<PairBoundVerdict>& v, const char* key,
                          nlohmann::json setting) -> nlohmann::json {
    if (!v) return nullptr;
    nlohmann::json j = {
        {"holds", v->holds},
        {"violation", v->violation ? pair_json(*v->violation) : nlohmann::json(nullptr)},
        {"tightest", v->tightest ? pair_json(*v->tightest) : nlohmann::json(nullptr)}};
    if (key) j[key] = std::move(setting);
    if (v->tolerance) {
      j["tolerance"] = to_string(*v->tolerance);
      j["holds_within_tolerance"] = v->accepted();
      j["pairs_within_tolerance"] = v->within_tolerance;
      j["beyond_tolerance"] =
          v->beyond_tolerance ? pair_json(*v->beyond_tolerance) : nlohmann::json(nullptr);
    }
    return j;
  };
  const nlohmann::json id =
      verdict(result.input_discriminative, "combine", id_combine_name(result.combine));
  const nlohmann::json metric = verdict(result.metric_verdict, "metric", result.metric);
  const nlohmann::json context = verdict(result.context_verdict, nullptr, nullptr);
  const nlohmann::json personalized =
      verdict(result.personalized_verdict, "safe_regions", result.safe_regions);
  return {{"subject", result.subject}, {"outputs", result.outputs},
          {"form", result.form},       {"inputs", k},
          {"ratios", ratios},          {"attained_at", attained},
          {"largest", largest},        {"id_ldp", id},
          {"metric_ldp", metric},      {"context_ldp", context},
          {"pldp", personalized}};
}

std::string to_text(const PairLossResult& result) {
  const std::size_t k = result.losses.inputs();
  std::ostringstream out;
  out << "per-pair loss L(x, x') = max_y Q(y|x) / Q(y|x') of " << result.subject << " ("
      << result.form << "), over " << result.outputs << "; row x, column x' ('-': x gives no "
      << "output of the set)\n";
  std::vector<std::vector<std::string>> cells(k, std::vector<std::string>(k));
  std::size_t width = std::to_string(k).size();
  for (std::size_t x = 0; x < k; ++x) {
    for (std::size_t x_prime = 0; x_prime < k; ++x_prime) {
      const PairLoss& loss = result.losses.at(x, x_prime);
      cells[x][x_prime] = loss.output ? readable(loss.ratio) : "-";
      width = std::max(width, cells[x][x_prime].size());
    }
  }
  auto cell = [&](const std::string& text) {
    return std::string(width + 2 - text.size(), ' ') + text;
  };
  out << std::string(std::to_string(k).size() + 2, ' ');
  for (std::size_t x_prime = 0; x_prime < k; ++x_prime) out << cell(std::to_string(x_prime));
  out << "\n";
  for (std::size_t x = 0; x < k; ++x) {
    const std::string label = std::to_string(x);
    out << "  " << std::string(std::to_string(k).size() - label.size(), ' ') << label;
    for (std::size_t x_prime = 0; x_prime < k; ++x_prime) out << cell(cells[x][x_prime]);
    out << "\n";
  }
  if (result.largest) {
    const PairLoss& loss = result.losses.at(result.largest->first, result.largest->second);
    out << "  largest: L(" << result.largest->first << ", " << result.largest->second
        << ") = " << readable(loss.ratio);
    if (loss.output) out << " at y = " << *loss.output;
    out << "\n";
  }
  for (const NotionVerdictLine& line : notion_verdict_lines(result)) out << line.text << "\n";
  return out.str();
}

std::vector<NotionVerdictLine> notion_verdict_lines(const PairLossResult& result) {
  std::vector<NotionVerdictLine> lines;
  const auto verdict = [&](const std::optional<PairBoundVerdict>& v, const std::string& notion) {
    if (!v) return;
    std::ostringstream out;
    out << notion << ": ";
    if (v->holds) {
      out << "holds";
    } else if (v->accepted()) {  // every failing pair within its bound times 1 + T
      out << "holds within tolerance " << result.tolerance_text << " (exactly: FAILS, "
          << v->within_tolerance << " pair" << (v->within_tolerance == 1 ? "" : "s")
          << " over the bound by at most a factor 1 + " << result.tolerance_text << ")";
    } else {
      out << "FAILS";
      if (v->beyond_tolerance) {
        out << " beyond tolerance " << result.tolerance_text << " at "
            << pair_text(*v->beyond_tolerance);
      }
    }
    if (v->violation) out << "; first violated by " << pair_text(*v->violation);
    if (v->tightest) out << "; tightest pair " << pair_text(*v->tightest);
    lines.push_back({v->accepted(), out.str()});
  };
  verdict(result.input_discriminative,
          "ID-LDP, r = " + std::string(id_combine_name(result.combine)) + " of the pair's budgets");
  verdict(result.context_verdict, "context-aware LDP, the given pair budgets");
  verdict(result.metric_verdict, "metric LDP, " + result.metric);
  verdict(result.personalized_verdict, "personalized LDP, " + std::to_string(result.safe_regions) +
                                           " safe region" + (result.safe_regions == 1 ? "" : "s"));
  return lines;
}

}  // namespace uldp::api
