#include "uldp/forms/bloom_filter_mechanism.h"

#include <algorithm>

#include "uldp/error.h"

namespace uldp {
namespace {

void require_probability(const Rational& p, const std::string& what, const char* name) {
  if (p < 0 || p > 1) {
    throw InvalidArgument(what + ": " + name + " = " + to_string(p) + " is outside [0,1]");
  }
}

}  // namespace

BloomFilterMechanism::BloomFilterMechanism(std::size_t bits,
                                           std::vector<std::vector<BloomBits>> bloom,
                                           BitChannel channel, const char* what)
    : bits_(bits), bloom_(std::move(bloom)), channel_(std::move(channel)) {
  const std::string name(what);
  if (bits_ == 0) throw InvalidArgument(name + ": it has no bits (m = 0)");
  if (bloom_.empty()) throw InvalidArgument(name + ": it has no cohort");
  if (bloom_.front().empty()) throw InvalidArgument(name + ": it has no input");
  require_probability(channel_.one_if_on, name, "P(1|on)");
  require_probability(channel_.one_if_off, name, "P(1|off)");
  for (std::size_t c = 0; c < bloom_.size(); ++c) {
    if (bloom_[c].size() != bloom_.front().size()) {
      throw InvalidArgument(name + ": cohort " + std::to_string(c) + " lists " +
                            std::to_string(bloom_[c].size()) + " inputs, cohort 0 " +
                            std::to_string(bloom_.front().size()));
    }
    for (std::size_t x = 0; x < bloom_[c].size(); ++x) {
      const BloomBits& b = bloom_[c][x];
      const bool ascending =
          std::adjacent_find(b.begin(), b.end(), std::greater_equal<>()) == b.end();
      if (!ascending || (!b.empty() && b.back() >= bits_)) {
        throw InvalidArgument(
            name + ": the Bloom bits of input " + std::to_string(x) + " in cohort " +
            std::to_string(c) +
            " are not distinct ascending bits below m = " + std::to_string(bits_));
      }
    }
  }
}

Rational BloomFilterMechanism::probability(std::size_t cohort, const std::vector<bool>& y,
                                           std::size_t x) const {
  if (cohort >= cohorts() || y.size() != bits_ || x >= num_inputs()) {
    throw InvalidArgument("Bloom-filter mechanism: output (" + std::to_string(cohort) + ", " +
                          std::to_string(y.size()) + " bits) or input " + std::to_string(x) +
                          " does not fit");
  }
  const BloomBits& on = bloom_[cohort][x];
  const Rational& one_on = channel_.one_if_on;
  const Rational& one_off = channel_.one_if_off;
  Rational p(1, cohorts());
  auto next = on.begin();
  for (std::size_t j = 0; j < bits_; ++j) {
    const bool is_on = next != on.end() && *next == j;
    if (is_on) ++next;
    const Rational& one = is_on ? one_on : one_off;
    p *= y[j] ? one : Rational(1 - one);
    if (p == 0) break;
  }
  return p;
}

std::optional<std::size_t> BloomFilterMechanism::dense_index(std::size_t cohort,
                                                             const std::vector<bool>& y) const {
  if (!listable()) return std::nullopt;
  std::size_t index = 0;
  for (std::size_t j = 0; j < bits_; ++j) index |= static_cast<std::size_t>(y[j]) << j;
  return (cohort << bits_) | index;
}

DenseMechanism BloomFilterMechanism::to_dense() const {
  if (!listable()) {
    throw InvalidArgument("Bloom-filter mechanism: its dense form has C 2^m outputs, beyond " +
                          std::to_string(kMaxDenseOutputs) + " (C = " + std::to_string(cohorts()) +
                          ", m = " + std::to_string(bits_) + ")");
  }
  const std::size_t per_cohort = std::size_t{1} << bits_;
  const std::size_t outputs = cohorts() * per_cohort;
  std::vector<std::string> labels;
  labels.reserve(outputs);
  for (std::size_t c = 0; c < cohorts(); ++c) {
    for (std::size_t i = 0; i < per_cohort; ++i)
      labels.push_back(bloom_report_label(c, bits_of_index(i, bits_)));
  }
  std::vector<Rational> entries;
  entries.reserve(num_inputs() * outputs);
  for (std::size_t x = 0; x < num_inputs(); ++x) {
    for (std::size_t c = 0; c < cohorts(); ++c) {
      for (std::size_t i = 0; i < per_cohort; ++i)
        entries.push_back(probability(c, bits_of_index(i, bits_), x));
    }
  }
  return DenseMechanism(num_inputs(), std::move(labels), std::move(entries));
}

std::string bloom_report_label(std::size_t cohort, const std::vector<bool>& y) {
  return std::to_string(cohort) + ":" + bit_label(y);
}

}  // namespace uldp
