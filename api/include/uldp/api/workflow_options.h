// The workflow options, each declared once: its name (the request member, the JSON key, the
// Python keyword; the flag is the name with '-' for '_'), its help, where its values lie, and
// which workflows take it with what default. The command registers its flags from here
// (cli/workflow_option_flags.h), Python's functions take their defaults from here
// (`_core.workflow_options()`, checked by python/tests/test_workflow_options.py), the request
// structs initialise their members from here, and check_option is the one check of each value.
// The mechanism parameters have their own table (mechanisms/parameter_table.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace uldp::api {

/// Where an option's values lie.
enum class OptionRange {
  kLevel,        ///< in (0, 1): a false-alarm or significance level, a power
  kDeviation,    ///< in (0, 1]: a cell deviation
  kNonNegative,  ///< in [0, infinity): a relative excess
  kUpToTenth,    ///< in [0, 1/10], read as an exact number: a relative gain, a difference
  kCount,        ///< a whole number in [minimum, maximum]
  kChoice,       ///< one of its choices' words
};

/// A workflow that takes an option, and its default there.
struct OptionUse {
  /// The workflow as the api and Python name it ("conform_client"); the command's words are its
  /// words ("conform client").
  std::string_view workflow;
  double default_value = 0;  ///< a number's default (not kChoice)
  /// The option's former name in this workflow, still read (flag and keyword) with a deprecation
  /// note: "alpha" for the levels that were all called alpha.
  std::string_view former_name = {};
  std::string_view default_choice = {};  ///< kChoice: the default word
};

struct WorkflowOption {
  std::string_view name;
  std::string_view metavar;  ///< a choice's: its words joined by '|'
  std::string_view help;     ///< without the default, which the front ends append from the use
  std::string_view needs;    ///< what a value must be: "a false-alarm level in (0, 1)"
  OptionRange range;
  std::uint64_t minimum = 0, maximum = 0;  ///< kCount: the bounds
  std::span<const OptionUse> uses;
  /// kChoice: the words it takes, in the order of the enumeration the workflow reads it into.
  std::span<const std::string_view> choices = {};
};

/// The default of `option` in `workflow`; a workflow that does not take it does not compile.
consteval double default_in(const WorkflowOption& option, std::string_view workflow) {
  for (const OptionUse& use : option.uses) {
    if (use.workflow == workflow) return use.default_value;
  }
  throw "default_in: the workflow does not take the option";
}
/// The same for a count option.
consteval std::uint64_t count_default_in(const WorkflowOption& option, std::string_view workflow) {
  return static_cast<std::uint64_t>(default_in(option, workflow));
}

/// The default word of choice `option` in `workflow`; as default_in.
consteval std::string_view choice_default_in(const WorkflowOption& option,
                                             std::string_view workflow) {
  for (const OptionUse& use : option.uses) {
    if (use.workflow == workflow) return use.default_choice;
  }
  throw "choice_default_in: the workflow does not take the option";
}
/// The position of `word` among the choices of `option`: what an enumerator's value must be.
consteval std::size_t choice_position(const WorkflowOption& option, std::string_view word) {
  for (std::size_t i = 0; i < option.choices.size(); ++i) {
    if (option.choices[i] == word) return i;
  }
  throw "choice_position: not one of the option's choices";
}

/// The word of `value` in choice `option`'s enumeration; a value that is none of its positions is
/// a logic error (a corrupt enumeration), not a word.
template <class Enumeration>
const char* choice_word(const WorkflowOption& option, Enumeration value) {
  const auto position = static_cast<std::size_t>(value);
  if (position >= option.choices.size()) throw std::logic_error("choice_word: not a choice");
  return option.choices[position].data();  // the declarations' literals: NUL-terminated
}
/// Whether `word` is the choice at `value`'s position: how a workflow ties the enumeration it
/// reads a choice into to the words (`static_assert(choice_is(kMethodOption, kEm, "em"))`).
template <class Enumeration>
consteval bool choice_is(const WorkflowOption& option, Enumeration value, std::string_view word) {
  return choice_position(option, word) == static_cast<std::size_t>(value);
}
/// The default of choice `option` in `workflow` as its enumeration's value.
template <class Enumeration>
consteval Enumeration choice_of_default(const WorkflowOption& option, std::string_view workflow) {
  return static_cast<Enumeration>(choice_position(option, choice_default_in(option, workflow)));
}

/// Throws InvalidArgument "NAME: VALUE is not NEEDS" (NAME `as_named`, else the option's name)
/// unless `value` lies in the option's range: the one check of every option's value.
void check_option(const WorkflowOption& option, double value, std::string_view as_named = {});
/// The position of `word` among the choices of `option`; throws InvalidArgument "NAME: 'WORD' is
/// not NEEDS" otherwise: the one check of a choice.
std::size_t check_choice(const WorkflowOption& option, std::string_view word,
                         std::string_view as_named = {});
/// A choice option's value read into its enumeration (whose values are the choices' positions).
template <class Enumeration>
Enumeration choice_of(const WorkflowOption& option, std::string_view word,
                      std::string_view as_named = {}) {
  return static_cast<Enumeration>(check_choice(option, word, as_named));
}

inline constexpr OptionUse kFalseAlarmUses[] = {{"conform_samples", 0.05, "alpha"},
                                                {"conform_counts", 0.05, "alpha"},
                                                {"conform_client", 0.05, "alpha"},
                                                {"conform_plan", 0.05, "alpha"}};
inline constexpr WorkflowOption kFalseAlarmOption{
    .name = "false_alarm",
    .metavar = "A",
    .help =
        "the false-alarm level: the chance that a correct implementation is not found to "
        "conform (over all looks of a client run); 0.05 suits a one-off run, in CI use 1e-6 "
        "as the testing assertions do, so that thousands of runs raise no false alarm",
    .needs = "a false-alarm level in (0, 1)",
    .range = OptionRange::kLevel,
    .uses = kFalseAlarmUses};

inline constexpr OptionUse kSignificanceUses[] = {{"estimate", 0.05, "alpha"},
                                                  {"golden", 0.05, "alpha"}};
inline constexpr WorkflowOption kSignificanceOption{
    .name = "significance",
    .metavar = "A",
    .help =
        "the significance level of thr (a Bonferroni threshold over the inputs) and of EM's "
        "start",
    .needs = "a significance level in (0, 1)",
    .range = OptionRange::kLevel,
    .uses = kSignificanceUses};

inline constexpr OptionUse kPowerUses[] = {{"conform_samples", 0.9},
                                           {"conform_counts", 0.9},
                                           {"conform_client", 0.9},
                                           {"conform_plan", 0.9}};
inline constexpr WorkflowOption kPowerOption{
    .name = "power",
    .metavar = "P",
    .help = "the power (1 - beta) at which the resolution is stated",
    .needs = "a power in (0, 1)",
    .range = OptionRange::kLevel,
    .uses = kPowerUses};

inline constexpr OptionUse kResolutionUses[] = {{"conform_samples", 0.5},
                                                {"conform_counts", 0.5},
                                                {"conform_client", 0.05},
                                                {"conform_plan", 0.01, "delta"}};
inline constexpr WorkflowOption kResolutionOption{
    .name = "resolution",
    .metavar = "D",
    .help =
        "the cell deviation a conforming run must detect at that power: a run that cannot is "
        "insufficient, a client run stops and conforms once it can, a plan gives the "
        "samples per input it needs",
    .needs = "a cell deviation in (0, 1]",
    .range = OptionRange::kDeviation,
    .uses = kResolutionUses};

inline constexpr OptionUse kExcessUses[] = {{"conform_client", 0.1},
                                            {"conform_plan", 0.1, "eps_excess"}};
inline constexpr WorkflowOption kExcessOption{
    .name = "excess",
    .metavar = "X",
    .help =
        "the smallest relative excess of e^eps over the claim the targeted test on the "
        "reference's tightest event looks for: it names a client that far over 'violates' "
        "in about log(1/false_alarm)/D pairs of samples, or rules the excess out (larger is "
        "cheaper; 0: no targeted test in a client run, a plan needs one above 0)",
    .needs = "a relative excess >= 0",
    .range = OptionRange::kNonNegative,
    .uses = kExcessUses};

inline constexpr OptionUse kMaxSamplesUses[] = {{"conform_client", 1'000'000}};
inline constexpr WorkflowOption kMaxSamplesOption{.name = "max_samples",
                                                  .metavar = "N",
                                                  .help = "at most this many samples in all",
                                                  .needs = "a number of samples from 1 to 10^9",
                                                  .range = OptionRange::kCount,
                                                  .minimum = 1,
                                                  .maximum = 1'000'000'000,
                                                  .uses = kMaxSamplesUses};

inline constexpr OptionUse kFirstLookUses[] = {{"conform_client", 64}};
inline constexpr WorkflowOption kFirstLookOption{
    .name = "first_look",
    .metavar = "N",
    .help = "samples per input at the first look, doubled at each",
    .needs = "a number of samples per input from 1 to 10^6",
    .range = OptionRange::kCount,
    .minimum = 1,
    .maximum = 1'000'000,
    .uses = kFirstLookUses};

inline constexpr OptionUse kViolationSearchUses[] = {{"conform_client", 8192}};
inline constexpr WorkflowOption kViolationSearchOption{
    .name = "violation_search",
    .metavar = "N",
    .help =
        "after a deviation, look on up to this many samples per input for a ratio beyond the "
        "claim, so that a privacy break reads 'violates' (0 stops at the first finding)",
    .needs = "a number of samples per input from 0 to 10^9",
    .range = OptionRange::kCount,
    .minimum = 0,
    .maximum = 1'000'000'000,
    .uses = kViolationSearchUses};

inline constexpr OptionUse kEmStopUses[] = {{"estimate", 1e-10, "tolerance"}, {"golden", 1e-10}};
inline constexpr WorkflowOption kEmStopOption{
    .name = "em_stop",
    .metavar = "T",
    .help =
        "EM: stop when an update raises the log-likelihood L by at most T * abs(L) (golden: "
        "its first run)",
    .needs = "a relative log-likelihood gain in [0, 1/10]",
    .range = OptionRange::kUpToTenth,
    .uses = kEmStopUses};

inline constexpr OptionUse kMaxIterationsUses[] = {{"estimate", 10'000}};
inline constexpr WorkflowOption kMaxIterationsOption{.name = "max_iterations",
                                                     .metavar = "N",
                                                     .help = "EM: the largest number of updates",
                                                     .needs = "a number of updates from 1 to 10^8",
                                                     .range = OptionRange::kCount,
                                                     .minimum = 1,
                                                     .maximum = 100'000'000,
                                                     .uses = kMaxIterationsUses};

inline constexpr std::string_view kMethodChoices[] = {"emp", "thr", "em"};
inline constexpr OptionUse kMethodUses[] = {{.workflow = "estimate", .default_choice = "em"}};
inline constexpr WorkflowOption kMethodOption{
    .name = "method",
    .metavar = "emp|thr|em",
    .help = "emp (the empirical estimate), thr (significance threshold) or em",
    .needs = "a method: emp, thr or em",
    .range = OptionRange::kChoice,
    .uses = kMethodUses,
    .choices = kMethodChoices};

inline constexpr std::string_view kAcceleratorChoices[] = {"auto", "newton", "squarem", "none"};
inline constexpr OptionUse kAcceleratorUses[] = {
    {.workflow = "estimate", .default_choice = "auto"}};
inline constexpr WorkflowOption kAcceleratorOption{
    .name = "accelerator",
    .metavar = "auto|newton|squarem|none",
    .help =
        "EM steps: auto (newton on rappor/urap reports, squarem on histograms), newton, squarem "
        "or none (plain EM)",
    .needs = "an accelerator: auto, newton, squarem or none",
    .range = OptionRange::kChoice,
    .uses = kAcceleratorUses,
    .choices = kAcceleratorChoices};

inline constexpr std::string_view kSpendingChoices[] = {"planned", "halving"};
inline constexpr OptionUse kSpendingUses[] = {
    {.workflow = "conform_client", .default_choice = "planned"}};
inline constexpr WorkflowOption kSpendingOption{
    .name = "spending",
    .metavar = "planned|halving",
    .help =
        "how the looks share the false-alarm level A: planned (the look where a correct client "
        "conforms gets 3/4 of it) or halving (look j at A/2^(j+1))",
    .needs = "an alpha spending: planned or halving",
    .range = OptionRange::kChoice,
    .uses = kSpendingUses,
    .choices = kSpendingChoices};

inline constexpr std::string_view kScaleChoices[] = {"frequencies", "counts"};
inline constexpr OptionUse kScaleUses[] = {
    {.workflow = "conform_estimates", .default_choice = "frequencies"}};
inline constexpr WorkflowOption kScaleOption{.name = "scale",
                                             .metavar = "frequencies|counts",
                                             .help = "their values are frequencies p or counts n p",
                                             .needs = "a scale: frequencies or counts",
                                             .range = OptionRange::kChoice,
                                             .uses = kScaleUses,
                                             .choices = kScaleChoices};

inline constexpr OptionUse kToleranceUses[] = {{"conform_estimates", 1e-9}};
inline constexpr WorkflowOption kToleranceOption{
    .name = "tolerance",
    .metavar = "T",
    .help =
        "the largest accepted absolute difference of their emp and thr frequencies from the golden "
        "ones (at most 1/10)",
    .needs = "an absolute difference in [0, 1/10]",
    .range = OptionRange::kUpToTenth,
    .uses = kToleranceUses};

inline constexpr OptionUse kSeedUses[] = {{"golden", 1}};
inline constexpr WorkflowOption kSeedOption{.name = "seed",
                                            .metavar = "S",
                                            .help = "the seed of the drawn cases",
                                            .needs = "a seed from 0 to 2^64 - 1",
                                            .range = OptionRange::kCount,
                                            .minimum = 0,
                                            .maximum = UINT64_MAX,
                                            .uses = kSeedUses};

/// A default as the help and the docs show it: a count whole ("1000000"), a choice its word
/// ("em"), else the shortest decimal that reads back as the double ("0.05", "1e-10").
std::string default_text(const WorkflowOption& option, const OptionUse& use);

/// Every option above, in this order (what Python and the docs list).
std::span<const WorkflowOption* const> workflow_options();

/// The options `workflow` takes, in the table's order.
std::vector<const WorkflowOption*> options_of(std::string_view workflow);
/// The use of `option` by `workflow`; throws InvalidArgument when it does not take it.
const OptionUse& use_of(const WorkflowOption& option, std::string_view workflow);

}  // namespace uldp::api
