// Bloom-filter reports one by one (unlisted_bloom.h).
#include "uldp/estimate/unlisted_bloom.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <memory>
#include <string>

#include "uldp/error.h"

namespace uldp::estimate {
namespace {

constexpr double kMinusInfinity = -std::numeric_limits<double>::infinity();

double log_or_minus_infinity(double p) { return p > 0.0 ? std::log(p) : kMinusInfinity; }

// A report's words: [c, the m bits packed 64 to a word].
std::span<const std::uint64_t> bits_of(std::span<const std::uint64_t> report) {
  return report.subspan(1);
}

std::size_t popcount_and(std::span<const std::uint64_t> a, const std::uint64_t* b) {
  std::size_t n = 0;
  for (std::size_t w = 0; w < a.size(); ++w)
    n += static_cast<std::size_t>(std::popcount(a[w] & b[w]));
  return n;
}

}  // namespace

BloomBitModel bloom_bit_model(const BloomFilterMechanism& q, const std::string& prefix) {
  BloomBitModel m;
  m.inputs = q.num_inputs();
  m.cohorts = q.cohorts();
  m.bits = q.bits();
  m.prefix = prefix;
  m.one_if_on = to_double(q.channel().one_if_on);
  m.one_if_off = to_double(q.channel().one_if_off);
  m.words = (m.bits + 63) / 64;
  if (m.cohorts * m.words > kMaxBloomMaskWords / m.inputs) {
    throw InvalidArgument(
        "k: report-by-report sampling and estimation hold each input's filter in each " + prefix +
        ", k x " + std::to_string(m.cohorts) + " x " + std::to_string(m.words) +
        " words, more than " + std::to_string(kMaxBloomMaskWords));
  }
  m.masks.assign(m.inputs * m.cohorts * m.words, 0);
  for (std::size_t c = 0; c < m.cohorts; ++c) {
    for (std::size_t x = 0; x < m.inputs; ++x) {
      for (const std::uint32_t j : q.bloom_bits(c, x))
        m.masks[(x * m.cohorts + c) * m.words + j / 64] |= std::uint64_t{1} << (j % 64);
    }
  }
  return m;
}

UnlistedParams unlisted_bloom_params(BloomBitModel model,
                                     std::optional<BloomLinearEstimator> estimator,
                                     const std::string& not_estimable) {
  const auto m = std::make_shared<const BloomBitModel>(std::move(model));
  UnlistedParams u;
  u.inputs = m->inputs;
  u.width = 1 + m->words;
  u.form = m->prefix + ":bits (" + m->prefix + " 0.." + std::to_string(m->cohorts - 1) + ", then " +
           std::to_string(m->bits) + " characters 0/1, character j = bit j)";
  u.outputs = std::to_string(m->cohorts) + " x 2^" + std::to_string(m->bits);
  u.draw = [m](Xoshiro256& rng, std::size_t x, std::span<std::uint64_t> report) {
    const std::size_t c = static_cast<std::size_t>(uniform_below(rng, m->cohorts));
    report[0] = c;
    const std::uint64_t* filter = m->masks.data() + (x * m->cohorts + c) * m->words;
    for (std::size_t j = 0; j < m->bits; ++j) {
      const bool on = (filter[j / 64] >> (j % 64)) & 1u;
      if (bernoulli(rng, on ? m->one_if_on : m->one_if_off))
        report[1 + j / 64] |= std::uint64_t{1} << (j % 64);
    }
  };
  u.parse = [m](std::string_view text,
                std::span<std::uint64_t> report) -> std::optional<ReportSyntaxError> {
    const std::size_t colon = text.find(':');
    if (colon == std::string_view::npos) {
      return ReportSyntaxError{1, quoted_excerpt(text) + " has no ':'"};
    }
    if (std::optional<ReportSyntaxError> e =
            read_report_field(text.substr(0, colon), m->cohorts, m->prefix.c_str(), 1, report[0]))
      return e;
    const std::string_view bits = text.substr(colon + 1);
    for (std::size_t j = 0; j < bits.size() && j < m->bits; ++j) {
      if (bits[j] != '0' && bits[j] != '1') {
        return ReportSyntaxError{colon + 2 + j, std::string("bit ") + std::to_string(j) + " is " +
                                                    quoted_excerpt(bits.substr(j, 1)) +
                                                    ", not 0 or 1"};
      }
      if (bits[j] == '1') report[1 + j / 64] |= std::uint64_t{1} << (j % 64);
    }
    if (bits.size() != m->bits) {
      return ReportSyntaxError{
          colon + 2, std::to_string(bits.size()) + " bits, not m = " + std::to_string(m->bits)};
    }
    return std::nullopt;
  };
  u.write = [m](std::span<const std::uint64_t> report, std::string& out) {
    out += std::to_string(report[0]);
    out += ':';
    for (std::size_t j = 0; j < m->bits; ++j)
      out += ((report[1 + j / 64] >> (j % 64)) & 1u) ? '1' : '0';
  };
  // P((c, y) | x) = (1/C) Π_j P(y_j | j in B_c(x)): the bits off every filter give the factor
  // common to all x, each input's own bits its ratio; a bit impossible off a filter (P = 0) must
  // be in the input's filter.
  const double log_on[2] = {log_or_minus_infinity(1 - m->one_if_on),
                            log_or_minus_infinity(m->one_if_on)};
  const double log_off[2] = {log_or_minus_infinity(1 - m->one_if_off),
                             log_or_minus_infinity(m->one_if_off)};
  u.likelihood = [m, log_on, log_off](std::span<const std::uint64_t> report,
                                      std::span<double> likelihood) {
    const std::size_t c = static_cast<std::size_t>(report[0]);
    const std::span<const std::uint64_t> y = bits_of(report);
    std::size_t ones = 0;
    for (const std::uint64_t w : y) ones += static_cast<std::size_t>(std::popcount(w));
    const std::size_t zeros = m->bits - ones;
    // The bits certain off a filter that the report contradicts (log_off = -inf).
    std::vector<std::uint64_t> contradicted(m->words, 0);
    std::size_t contradictions = 0;
    double common = 0;
    for (int b = 0; b < 2; ++b) {
      const std::size_t count = b == 1 ? ones : zeros;
      if (count == 0) continue;
      if (log_off[b] == kMinusInfinity) {
        for (std::size_t w = 0; w < m->words; ++w) {
          contradicted[w] = b == 1 ? y[w] : ~y[w];
          if (w + 1 == m->words && m->bits % 64 != 0)
            contradicted[w] &= (std::uint64_t{1} << (m->bits % 64)) - 1;
        }
        contradictions += count;
      } else {
        common += static_cast<double>(count) * log_off[b];
      }
    }
    double top = kMinusInfinity;
    for (std::size_t x = 0; x < m->inputs; ++x) {
      const std::uint64_t* filter = m->masks.data() + (x * m->cohorts + c) * m->words;
      double l = 0;
      if (contradictions > 0 && popcount_and(contradicted, filter) != contradictions) {
        l = kMinusInfinity;
      } else {
        for (std::size_t w = 0; w < m->words && l != kMinusInfinity; ++w) {
          for (std::uint64_t rest = filter[w]; rest != 0; rest &= rest - 1) {
            const std::size_t j = w * 64 + static_cast<std::size_t>(std::countr_zero(rest));
            const int b = static_cast<int>((y[j / 64] >> (j % 64)) & 1u);
            l += log_on[b] - (log_off[b] == kMinusInfinity ? 0.0 : log_off[b]);
          }
        }
      }
      likelihood[x] = l;
      top = std::max(top, l);
    }
    if (top == kMinusInfinity) {
      std::fill(likelihood.begin(), likelihood.end(), 0.0);
      return 0.0;
    }
    for (double& l : likelihood) l = std::exp(l - top);
    return common + top - std::log(static_cast<double>(m->cohorts));
  };
  if (!estimator) {
    u.not_estimable = not_estimable;
    return u;
  }
  const auto e = std::make_shared<const BloomLinearEstimator>(std::move(*estimator));
  u.add_estimate = [m, e](std::span<const std::uint64_t> report, std::span<double> row) {
    const std::size_t c = static_cast<std::size_t>(report[0]), k = m->inputs;
    const std::span<const std::uint64_t> y = bits_of(report);
    const double* offsets = e->offsets.data() + c * k;
    for (std::size_t x = 0; x < k; ++x) row[x] += offsets[x];
    if (!e->bit_weights.empty()) {
      for (std::size_t w = 0; w < m->words; ++w) {
        for (std::uint64_t rest = y[w]; rest != 0; rest &= rest - 1) {
          const std::size_t j = w * 64 + static_cast<std::size_t>(std::countr_zero(rest));
          const double* weights = e->bit_weights.data() + (c * m->bits + j) * k;
          for (std::size_t x = 0; x < k; ++x) row[x] += weights[x];
        }
      }
    }
    if (e->in_filter != 0) {
      for (std::size_t x = 0; x < k; ++x) {
        const std::uint64_t* filter = m->masks.data() + (x * m->cohorts + c) * m->words;
        row[x] += e->in_filter * static_cast<double>(popcount_and(y, filter));
      }
    }
  };
  return u;
}

}  // namespace uldp::estimate
