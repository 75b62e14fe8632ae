// The parameters of any mechanism: its folder's overload for the kind.
#include "uldp/mechanisms/mechanism_parameters.h"

namespace uldp {

std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec& spec) {
  return std::visit([&](const auto& params) { return mechanism_parameters(spec, params); },
                    spec.kind);
}

}  // namespace uldp
