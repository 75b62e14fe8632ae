// One value that describes any registered mechanism: its input alphabet, its declared sensitive
// inputs, and the parameters of its kind. Every layer derives what it needs from it (exact Q,
// protected outputs, loss model, samplers, estimators) by visiting `kind` and calling the kind's
// folder's overload (derivations.h); a kind without one does not compile. The registry
// (registry.h) makes these from arguments and names them.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <variant>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/mechanisms/blh/blh.h"
#include "uldp/mechanisms/cms/cms.h"
#include "uldp/mechanisms/flh/flh.h"
#include "uldp/mechanisms/geometric/geometric.h"
#include "uldp/mechanisms/geometric_euclidean/geometric_euclidean.h"
#include "uldp/mechanisms/hcms/hcms.h"
#include "uldp/mechanisms/idue/idue.h"
#include "uldp/mechanisms/mangat/mangat.h"
#include "uldp/mechanisms/none/none.h"
#include "uldp/mechanisms/olh/olh.h"
#include "uldp/mechanisms/oue/oue.h"
#include "uldp/mechanisms/rappor/rappor.h"
#include "uldp/mechanisms/rappor_bloom/rappor_bloom.h"
#include "uldp/mechanisms/rr/rr.h"
#include "uldp/mechanisms/sue/sue.h"
#include "uldp/mechanisms/ubd/ubd.h"
#include "uldp/mechanisms/ubd_opt/ubd_opt.h"
#include "uldp/mechanisms/uhr/uhr.h"
#include "uldp/mechanisms/ulh/ulh.h"
#include "uldp/mechanisms/uoue/uoue.h"
#include "uldp/mechanisms/urap/urap.h"
#include "uldp/mechanisms/urr/urr.h"
#include "uldp/mechanisms/uss/uss.h"

namespace uldp {

/// The parameters of one mechanism kind; the alternative names the kind.
/// Their order is the registry's (`uldp mechanism --list`, messages, family claims).
using MechanismKind =
    std::variant<NoneSpec, RrSpec, UrrSpec, RapporSpec, OueSpec, SueSpec, UrapSpec, UoueSpec,
                 UbdSpec, UbdOptSpec, UhrSpec, UssSpec, MangatSpec, GeometricSpec,
                 GeometricEuclideanSpec, IdueSpec, OlhSpec, BlhSpec, FlhSpec, UlhSpec,
                 RapporBloomSpec, CmsSpec, HcmsSpec>;

/// A mechanism over k input symbols with its declared X_S (universe k).
struct MechanismSpec {
  std::size_t k = 0;
  IndexSet sensitive;
  MechanismKind kind;
};

/// The privacy budget the mechanism was built for (none for the non-private mechanism, for the
/// geometric one, whose budget is per unit of distance, and for IDUE, whose budgets are per input).
std::optional<PrivacyBudget> budget_of(const MechanismSpec& spec);
/// The budget as reports print it: "exp_eps=3", "eps=1 (...)", the entry's own description when
/// it has one (the geometric mechanism's "exp_eps_per_unit=2 (metric LDP, Manhattan distance)"),
/// or "no privacy".
std::string budget_description(const MechanismSpec& spec);
/// "exp_eps_per_unit = 2 (metric LDP, Manhattan distance)": a budget per unit of `distance`.
std::string per_unit_budget_description(const PrivacyBudget& budget, std::string_view distance);
/// θ for the RAPPOR family (uOUE: 1/2), none otherwise.
std::optional<Rational> theta_of(const MechanismSpec& spec);

/// The overload set idiom for std::visit: one lambda per alternative, checked for completeness.
template <class... Fs>
struct Overloaded : Fs... {
  using Fs::operator()...;
};
template <class... Fs>
Overloaded(Fs...) -> Overloaded<Fs...>;

}  // namespace uldp
