// One parameter list per mechanism kind; a kind missing here does not compile.
#include "uldp/mechanisms/mechanism_parameters.h"

#include <string>

#include "uldp/mechanisms/ubd/ubd.h"

namespace uldp {

std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec& spec) {
  return std::visit(
      Overloaded{
          [](const NoneSpec&) { return std::vector<MechanismParameter>{}; },
          [&](const RrSpec& p) {
            const Rational& t = p.budget.exp_eps();
            const Rational denominator = Rational(spec.k) + t - 1;
            return std::vector<MechanismParameter>{{"keep", t / denominator},
                                                   {"other", 1 / denominator}};
          },
          [&](const UrrSpec& p) {
            const UrrConstants c = urr_constants(spec.sensitive.size(), p.budget.exp_eps());
            return std::vector<MechanismParameter>{{"c1", c.c1}, {"c2", c.c2}, {"c3", c.c3}};
          },
          [](const RapporSpec& p) {
            const Rational& theta = p.theta.value();
            return std::vector<MechanismParameter>{{"theta", theta},
                                                   {"psi", rappor_psi(theta, p.budget.exp_eps())}};
          },
          [](const UrapSpec& p) {
            const Rational& theta = p.theta.value();
            const UrapConstants d = urap_constants(theta, p.budget.exp_eps());
            return std::vector<MechanismParameter>{{"theta", theta}, {"d1", d.d1}, {"d2", d.d2}};
          },
          [](const MangatSpec& p) {
            return std::vector<MechanismParameter>{{"p", p.p.value()}};
          },
          [&](const UbdSpec& p) {
            const UbdConstants c =
                ubd_constants(spec.sensitive.size(), p.block, p.budget.exp_eps());
            return std::vector<MechanismParameter>{{"K", Rational(static_cast<long>(p.block))},
                                                   {"blocks", Rational(c.blocks)},
                                                   {"in_block", c.in_block},
                                                   {"off_block", c.off_block},
                                                   {"from_open", c.from_open},
                                                   {"reports_self", c.reports_self}};
          },
          [&](const UbdOptSpec& p) {
            std::vector<MechanismParameter> out{{"alpha", p.alpha}};
            for (const BlockWeight& bw : p.weights)
              out.push_back({"weight_K" + std::to_string(bw.block), bw.weight});
            return out;
          },
          [&](const UhrSpec& p) {
            const UhrConstants c = uhr_constants(spec.sensitive.size(), p.budget.exp_eps());
            return std::vector<MechanismParameter>{{"V", Rational(static_cast<long>(c.columns))},
                                                   {"plus", c.plus},
                                                   {"minus", c.minus},
                                                   {"reports_self", c.reports_self}};
          },
          [&](const UssSpec& p) {
            const UssConstants c =
                uss_constants(spec.sensitive.size(), p.block, p.budget.exp_eps());
            return std::vector<MechanismParameter>{{"K", Rational(static_cast<long>(p.block))},
                                                   {"blocks", Rational(c.blocks.blocks)},
                                                   {"in_block", c.blocks.in_block},
                                                   {"off_block", c.blocks.off_block},
                                                   {"from_open", c.blocks.from_open},
                                                   {"alone", c.alone},
                                                   {"with_block", c.with_block},
                                                   {"p_star", c.own_sensitive_bit},
                                                   {"q_star", c.other_sensitive_bit},
                                                   {"z_star", c.own_open_bit}};
          },
      },
      spec.kind);
}

}  // namespace uldp
