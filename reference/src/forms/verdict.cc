#include "uldp/forms/verdict.h"

namespace uldp {

const char* condition_name(Condition condition) {
  switch (condition) {
    case Condition::kRatio:
      return "ratio";
    case Condition::kInvertibility:
      return "invertibility";
  }
  return "unknown";
}

}  // namespace uldp
