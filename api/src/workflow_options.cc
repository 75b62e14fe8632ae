#include "uldp/api/workflow_options.h"

#include <array>
#include <cmath>

#include "uldp/api/render.h"
#include "uldp/error.h"
#include "uldp/estimate/em.h"

namespace uldp::api {
namespace {

constexpr std::array<const WorkflowOption*, 16> kOptions = {
    &kFalseAlarmOption,  &kSignificanceOption, &kPowerOption,           &kResolutionOption,
    &kExcessOption,      &kMaxSamplesOption,   &kViolationSearchOption, &kFirstLookOption,
    &kSpendingOption,    &kMethodOption,       &kEmStopOption,          &kMaxIterationsOption,
    &kAcceleratorOption, &kSeedOption,         &kScaleOption,           &kToleranceOption};

// EM's own defaults (the estimate layer, below the workflows) are the table's.
static_assert(default_in(kEmStopOption, "estimate") == estimate::EmOptions{}.stop);
static_assert(count_default_in(kMaxIterationsOption, "estimate") ==
              estimate::EmOptions{}.max_iterations);

bool in_range(const WorkflowOption& option, double value) {
  switch (option.range) {
    case OptionRange::kLevel:
      return value > 0 && value < 1;
    case OptionRange::kDeviation:
      return value > 0 && value <= 1;
    case OptionRange::kNonNegative:
      return value >= 0 && std::isfinite(value);
    case OptionRange::kUpToTenth:
      return value >= 0 && value <= 0.1;
    case OptionRange::kCount:
      return value >= static_cast<double>(option.minimum) &&
             value <= static_cast<double>(option.maximum) && value == std::floor(value);
    case OptionRange::kChoice:
      return false;  // a word, not a number
  }
  return false;
}

// "NAME: VALUE is not NEEDS", NAME `as_named` or else the option's name.
[[noreturn]] void refuse(const WorkflowOption& option, std::string_view as_named,
                         std::string_view value) {
  std::string message(as_named.empty() ? option.name : as_named);
  message += ": ";
  message += value;
  message += " is not ";
  message += option.needs;
  throw InvalidArgument(message);
}

}  // namespace

void check_option(const WorkflowOption& option, double value, std::string_view as_named) {
  if (!in_range(option, value)) refuse(option, as_named, double_text(value));
}

std::size_t check_choice(const WorkflowOption& option, std::string_view word,
                         std::string_view as_named) {
  for (std::size_t i = 0; i < option.choices.size(); ++i) {
    if (option.choices[i] == word) return i;
  }
  std::string quoted = "'";
  quoted += message_excerpt(word);
  quoted += "'";
  refuse(option, as_named, quoted);
}

std::string default_text(const WorkflowOption& option, const OptionUse& use) {
  if (option.range == OptionRange::kChoice) return std::string(use.default_choice);
  if (option.range == OptionRange::kCount) {
    return std::to_string(static_cast<std::uint64_t>(use.default_value));
  }
  return double_text(use.default_value);
}

std::span<const WorkflowOption* const> workflow_options() { return kOptions; }

std::vector<const WorkflowOption*> options_of(std::string_view workflow) {
  std::vector<const WorkflowOption*> taken;
  for (const WorkflowOption* option : kOptions) {
    for (const OptionUse& use : option->uses) {
      if (use.workflow == workflow) taken.push_back(option);
    }
  }
  return taken;
}

const OptionUse& use_of(const WorkflowOption& option, std::string_view workflow) {
  for (const OptionUse& use : option.uses) {
    if (use.workflow == workflow) return use;
  }
  std::string message(option.name);
  message += ": the workflow ";
  message += workflow;
  message += " does not take it";
  throw InvalidArgument(message);
}

}  // namespace uldp::api
