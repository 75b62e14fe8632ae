// uOUE's registry entry; its derivations are uRAP's (mechanisms/derivations.h).
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

MechanismSpec make_uoue(const MechanismArguments& a) {
  return {a.k, *a.sensitive, uoue_spec(*a.budget)};
}

}  // namespace

const MechanismEntry& registry_entry(std::type_identity<UoueSpec>) {
  using enum Takes;
  static constexpr MechanismEntry entry{"uoue",
                                        "utility-optimized OUE (uOUE) = uRAP at theta = 1/2",
                                        "arXiv 2509.24173; Definition 4 at theta = 1/2",
                                        Claim::kUldp,
                                        "Y_P = the vectors whose non-sensitive bits are all 0",
                                        kRequired,
                                        kRequired,
                                        kNo,
                                        kNo,
                                        kNo,
                                        kNo,
                                        kNo,
                                        kNo,
                                        kNo,
                                        std::nullopt,
                                        kMaxBits,
                                        "urap_uldp",
                                        "--k 4 --sensitive 0,2 --exp-eps 4",
                                        &make_uoue};
  return entry;
}

}  // namespace uldp
