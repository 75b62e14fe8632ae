#include "uldp/losses/coordinate_model.h"

#include <utility>

#include "uldp/error.h"
#include "uldp/mechanisms/rappor/rappor.h"
#include "uldp/mechanisms/urap/urap.h"
#include "uldp/mechanisms/urr/urr.h"

namespace uldp {

CoordinateModel::CoordinateModel(std::vector<Rational> offset, std::vector<Rational> gain,
                                 std::string what)
    : offset_(std::move(offset)), gain_(std::move(gain)), name_(std::move(what)) {
  if (offset_.empty() || offset_.size() != gain_.size()) {
    throw InvalidArgument(name_ + ": a coordinate model needs k >= 1 offsets and as many gains");
  }
  for (std::size_t x = 0; x < gain_.size(); ++x) {
    if (gain_[x] == 0) {
      throw InvalidArgument(name_ + ": coordinate " + std::to_string(x) +
                            " carries no information about p (gain 0, e.g. exp_eps = 1), so the "
                            "empirical estimator is undefined");
    }
  }
}

std::vector<Rational> CoordinateModel::output_marginals(const std::vector<Rational>& p) const {
  validate_distribution(p, k(), "p");
  std::vector<Rational> m(k());
  for (std::size_t x = 0; x < k(); ++x) m[x] = offset_[x] + gain_[x] * p[x];
  return m;
}

std::vector<std::vector<std::size_t>> CoordinateModel::classes() const {
  std::vector<std::vector<std::size_t>> result;
  for (std::size_t x = 0; x < k(); ++x) {
    bool placed = false;
    for (auto& members : result) {
      const std::size_t y = members.front();
      if (offset_[y] == offset_[x] && gain_[y] == gain_[x]) {
        members.push_back(x);
        placed = true;
        break;
      }
    }
    if (!placed) result.push_back({x});
  }
  return result;
}

CoordinateModel coordinate_model(const BitProductMechanism& mechanism, std::string what) {
  std::vector<Rational> offset(mechanism.k()), gain(mechanism.k());
  for (std::size_t j = 0; j < mechanism.k(); ++j) {
    offset[j] = mechanism.bit(j).one_if_off;
    gain[j] = mechanism.bit(j).one_if_on - mechanism.bit(j).one_if_off;
  }
  return CoordinateModel(std::move(offset), std::move(gain), std::move(what));
}

bool has_coordinate_model(const MechanismSpec& spec) {
  return !std::holds_alternative<UbdSpec>(spec.kind) &&
         !std::holds_alternative<UbdOptSpec>(spec.kind) &&
         !std::holds_alternative<UhrSpec>(spec.kind);
}

CoordinateModel coordinate_model(const MechanismSpec& spec) {
  const std::size_t k = spec.k;
  return std::visit(
      Overloaded{
          [&](const NoneSpec&) {
            return CoordinateModel(std::vector<Rational>(k, Rational(0)),
                                   std::vector<Rational>(k, Rational(1)), "non-private");
          },
          [&](const RrSpec& p) {
            // eq. (2): m(x) = (t p(x) + 1 - p(x)) / (k + t - 1).
            const Rational& t = p.budget.exp_eps();
            const Rational denominator = k + t - 1;
            return CoordinateModel(std::vector<Rational>(k, 1 / denominator),
                                   std::vector<Rational>(k, (t - 1) / denominator), "RR");
          },
          [&](const UrrSpec& p) {
            // eq. (34): m(x) = c2 + (c1 - c2) p(x) on X_S, c3 p(x) on X_N.
            const UrrConstants c = urr_constants(spec.sensitive.size(), p.budget.exp_eps());
            std::vector<Rational> offset(k), gain(k);
            for (std::size_t x = 0; x < k; ++x) {
              offset[x] = spec.sensitive.contains(x) ? c.c2 : Rational(0);
              gain[x] = spec.sensitive.contains(x) ? Rational(c.c1 - c.c2) : c.c3;
            }
            return CoordinateModel(std::move(offset), std::move(gain), "uRR");
          },
          [&](const RapporSpec& p) {
            return coordinate_model(generalized_rappor(k, p.theta, p.budget), "RAPPOR");
          },
          [&](const UrapSpec& p) {
            return coordinate_model(utility_optimized_rappor(spec.sensitive, p.theta, p.budget),
                                    "uRAP");
          },
          [&](const UbdSpec&) -> CoordinateModel {
            throw InvalidArgument(
                "uBD: its empirical estimator is not coordinate-wise (a sensitive estimate also "
                "uses the count of X_N reports); its l2 loss is exact (l2_quadratic), its l1 "
                "loss is not implemented");
          },
          [&](const UbdOptSpec&) -> CoordinateModel {
            throw InvalidArgument(
                "ubd-opt: its estimator is not coordinate-wise (a report's estimate depends on "
                "its block size and on the X_N reports); its l2 loss is exact (l2_quadratic), "
                "its l1 loss is not implemented");
          },
          [&](const UhrSpec&) -> CoordinateModel {
            throw InvalidArgument(
                "uHR: its empirical estimator is not coordinate-wise (a sensitive estimate sums "
                "V/2 column counts with signs); its l2 loss is exact (l2_quadratic), its l1 loss "
                "is not implemented");
          },
          [&](const UssSpec& p) {
            // The reference decoder (decode_uSS.m): bit x is 1 w.p. q* + (p* - q*) p(x) on X_S
            // (q* for every other input, by design), z* p(x) on X_N.
            const UssConstants c =
                uss_constants(spec.sensitive.size(), p.block, p.budget.exp_eps());
            std::vector<Rational> offset(k), gain(k);
            for (std::size_t x = 0; x < k; ++x) {
              const bool s = spec.sensitive.contains(x);
              offset[x] = s ? c.other_sensitive_bit : Rational(0);
              gain[x] = s ? Rational(c.own_sensitive_bit - c.other_sensitive_bit) : c.own_open_bit;
            }
            return CoordinateModel(std::move(offset), std::move(gain), "uSS");
          },
          [&](const MangatSpec& p) {
            // m(0) = (1-p) p(0), m(1) = p + (1-p) p(1): each output is affine in one p(x).
            const Rational& q = p.p.value();
            return CoordinateModel({Rational(0), q}, {1 - q, 1 - q}, "Mangat");
          },
      },
      spec.kind);
}

void validate_distribution(const std::vector<Rational>& p, std::size_t k, std::string_view what) {
  const std::string name(what);
  if (p.size() != k) {
    throw InvalidArgument(name + ": has " + std::to_string(p.size()) +
                          " entries, expected k = " + std::to_string(k));
  }
  Rational sum = 0;
  for (std::size_t x = 0; x < k; ++x) {
    if (p[x] < 0) {
      throw InvalidArgument(name + ": entry " + std::to_string(x) + " = " +
                            message_excerpt(to_string(p[x])) + " is negative");
    }
    sum += p[x];
  }
  if (sum != 1)
    throw InvalidArgument(name + ": entries sum to " + message_excerpt(to_string(sum)) + ", not 1");
}

}  // namespace uldp
