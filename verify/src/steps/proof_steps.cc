#include "internal/proof_steps.h"

namespace uldp::verify::internal {

const std::vector<StepSpec>& proof_steps() {
  static const std::vector<StepSpec> all = [] {
    std::vector<StepSpec> out;
    for (auto table : {l1_urr_steps, l1_urap_steps, l2_steps, regime_steps, pum_steps}) {
      for (StepSpec& s : table()) out.push_back(std::move(s));
    }
    return out;
  }();
  return all;
}

}  // namespace uldp::verify::internal
