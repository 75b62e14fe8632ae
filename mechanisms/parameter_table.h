// The parameter table: every mechanism parameter declared once — its keywords, how its text is
// read, its help — and read from here by every front end: the command registers one flag per
// keyword (cli/mechanism_flags.cc), Python accepts each keyword and its .pyi lists them
// (python/generate_stubs.py), `uldp mechanism --list` and the registry's messages name them.
// A parameter only one mechanism takes may be declared in that mechanism's folder instead; the
// registry's entries name what they take (registry.h) and declared_parameters() is the union.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/probability.h"

namespace uldp {

/// How a parameter's text is read (api/src/parameter_values.cc reads each grammar once).
enum class ParameterGrammar {
  kCount,            ///< a whole number: "5"
  kIndexSet,         ///< indices over k: "0,3,7", "0-14", "" (none)
  kBudget,           ///< eps (certified) under the first keyword, t = e^eps (exact) the second
  kBudgetList,       ///< one budget per input, comma-separated, keywords as kBudget
  kProbability,      ///< an exact probability: "1/3", "0.25"
  kThetaRule,        ///< a probability, paper, optimal or optimal-l1 (registry.h resolve_theta)
  kProbabilityList,  ///< comma-separated probabilities, one per input
  kGrid,             ///< "WxH": the cells of a grid, numbered row by row
  kWord,             ///< a word its mechanism reads ("java"), refused there when unknown
  kPath,             ///< a file: the workflow layer reads it, its mechanism parses the text
};

/// The value a grammar reads.
using GridShape = std::pair<std::size_t, std::size_t>;  ///< (width, height)
/// A file given as a parameter: its text, read whole by the workflow layer (bounded, as every
/// input), and how errors name it (the path as given), so the mechanism parses without I/O.
struct FileText {
  std::string source;
  std::string text;
};
using ParameterValue =
    std::variant<std::uint64_t, IndexSet, PrivacyBudget, std::vector<PrivacyBudget>, Probability,
                 std::vector<Rational>, GridShape, std::string, FileText>;

/// One parameter, declared once.
struct ParameterDeclaration {
  /// How entries, values and messages name it: "block", "budget_per_unit".
  std::string_view name;
  /// Its keywords: one, or (budgets) the eps one and the exp_eps one. A flag is its keyword with
  /// "--" and '-' for '_': "eps_per_unit" is --eps-per-unit.
  std::array<std::string_view, 2> keywords;
  ParameterGrammar grammar;
  std::string_view metavar;  ///< "K", "WxH", "LIST"
  std::string_view help;     ///< the flag's help, the keyword's documentation
  /// What a mechanism that requires it asks for: "a block size K (1 <= K <= |X_S|)".
  std::string_view needs;
  /// Its value sets k (the cells of a grid, one budget per input); k is then not given.
  bool sets_k = false;
};

/// Whether `grammar` reads values of type T (a count a std::uint64_t, a budget a PrivacyBudget,
/// ...).
template <class T>
constexpr bool grammar_reads(ParameterGrammar grammar) {
  switch (grammar) {
    case ParameterGrammar::kCount:
      return std::is_same_v<T, std::uint64_t>;
    case ParameterGrammar::kIndexSet:
      return std::is_same_v<T, IndexSet>;
    case ParameterGrammar::kBudget:
      return std::is_same_v<T, PrivacyBudget>;
    case ParameterGrammar::kBudgetList:
      return std::is_same_v<T, std::vector<PrivacyBudget>>;
    case ParameterGrammar::kProbability:
    case ParameterGrammar::kThetaRule:
      return std::is_same_v<T, Probability>;
    case ParameterGrammar::kProbabilityList:
      return std::is_same_v<T, std::vector<Rational>>;
    case ParameterGrammar::kGrid:
      return std::is_same_v<T, GridShape>;
    case ParameterGrammar::kWord:
      return std::is_same_v<T, std::string>;
    case ParameterGrammar::kPath:
      return std::is_same_v<T, FileText>;
  }
  return false;
}

/// A declared parameter and the C++ type its value has: the type its grammar reads, checked when
/// the declaration is compiled, so that a value is never read as another type.
template <class T>
struct Parameter {
  consteval Parameter(ParameterDeclaration d) : declaration(d) {
    if (!grammar_reads<T>(d.grammar)) {
      throw "Parameter<T>: T is not the type the declaration's grammar reads";
    }
  }
  ParameterDeclaration declaration;
};

/// The keywords of a declaration that are given ("eps", "exp_eps"): one or two.
std::span<const std::string_view> keywords_of(const ParameterDeclaration& p);
/// "--eps-per-unit" for "eps_per_unit".
std::string flag_of(std::string_view keyword);
/// "eps or exp_eps", "block".
std::string keyword_list(const ParameterDeclaration& p, std::string_view separator = " or ");

// The parameters several mechanisms or workflows share.
inline constexpr Parameter<std::uint64_t> kCountParameter{
    {"k", {"k"}, ParameterGrammar::kCount, "K", "number of input symbols |X|", "k"}};
inline constexpr Parameter<IndexSet> kSensitiveParameter{
    {"sensitive",
     {"sensitive"},
     ParameterGrammar::kIndexSet,
     "LIST",
     "sensitive inputs X_S: 0,3,7 or 0-14 (0-based; \"\" is empty)",
     "X_S (a list such as 0-14; an empty list is allowed)"}};
inline constexpr Parameter<PrivacyBudget> kBudgetParameter{
    {"budget",
     {"eps", "exp_eps"},
     ParameterGrammar::kBudget,
     "E",
     "the privacy budget: eps (certified bounds on e^eps) or exp_eps, t = e^eps exact",
     "a budget (eps E or exp_eps T)"}};
inline constexpr Parameter<Probability> kThetaParameter{
    {"theta",
     {"theta"},
     ParameterGrammar::kThetaRule,
     "THETA",
     "RAPPOR family: theta in [0,1] | paper (s/(s+1), s = e^{eps/2}; the default) | optimal | "
     "optimal-l1 (certified minimiser of the worst-case l2 / l1 loss)",
     "theta"}};
inline constexpr Parameter<GridShape> kGridParameter{
    {"grid",
     {"grid"},
     ParameterGrammar::kGrid,
     "WxH",
     "geometric: the inputs as the cells of a WxH grid, numbered row by row (it sets k); with "
     "check --metric, the grid the distances are measured on",
     "a grid WxH (e.g. 4x3)",
     true}};
inline constexpr Parameter<PrivacyBudget> kBudgetPerUnitParameter{
    {"budget_per_unit",
     {"eps_per_unit", "exp_eps_per_unit"},
     ParameterGrammar::kBudget,
     "E",
     "geometric, check --metric: the budget per unit of distance, eps (bound e^(eps d), "
     "certified) or exp_eps, t = e^eps exact (bound t^d)",
     "a budget per unit of distance (eps_per_unit E or exp_eps_per_unit T)"}};
inline constexpr Parameter<std::vector<PrivacyBudget>> kInputBudgetsParameter{
    {"input_budgets",
     {"id_eps", "id_exp_eps"},
     ParameterGrammar::kBudgetList,
     "LIST",
     "idue: one budget per input, comma-separated, as eps (certified) or as e^eps (exact) (it "
     "sets k; its claim is MinID-LDP at them); with check and any other subject, ID-LDP (Gu et "
     "al., ICDE 2020): a pair is bounded by their --id-combine (implies --pairs; exit 1 when it "
     "fails)",
     "one budget per input (id_exp_eps T0,T1,... or id_eps E0,E1,...)",
     true}};
inline constexpr Parameter<std::uint64_t> kBlockParameter{
    {"block",
     {"block"},
     ParameterGrammar::kCount,
     "K",
     "uBD, uSS: block size K, 1 <= K <= |X_S|",
     "a block size K (1 <= K <= |X_S|)"}};
inline constexpr Parameter<std::vector<Rational>> kOneIfOnParameter{
    {"one_if_on",
     {"one_if_on"},
     ParameterGrammar::kProbabilityList,
     "LIST",
     "idue: P(bit x = 1 | input x) per input, comma-separated exact (default 1/2 each, the "
     "paper's OUE structure)",
     "P(bit x = 1) under x itself, one per input x (one_if_on A0,A1,...)"}};
inline constexpr Parameter<std::vector<Rational>> kOneIfOffParameter{
    {"one_if_off",
     {"one_if_off"},
     ParameterGrammar::kProbabilityList,
     "LIST",
     "idue: P(bit x = 1 | another input) per input, comma-separated exact, each below its "
     "--one-if-on",
     "P(bit x = 1) under another input, one per input x (one_if_off B0,B1,...; one_if_on "
     "A0,A1,..., under x itself, is 1/2 each when not given)"}};

/// The shared parameters above, in this order (the registry adds its folders' own).
std::vector<const ParameterDeclaration*> shared_parameters();

/// The values given for a mechanism's parameters other than k, X_S and the budget, by
/// declaration name, each of its declared type.
class ParameterValues {
 public:
  template <class T>
  const T* get(const Parameter<T>& p) const {
    const auto it = values_.find(p.declaration.name);
    return it == values_.end() ? nullptr : &std::get<T>(it->second);
  }
  /// Sets the value, or removes it (nullopt).
  template <class T>
  void set(const Parameter<T>& p, std::type_identity_t<std::optional<T>> value) {
    if (value) {
      values_.insert_or_assign(p.declaration.name, ParameterValue(std::move(*value)));
    } else {
      values_.erase(p.declaration.name);
    }
  }
  /// Sets the value of `p` read by its grammar (the type is the grammar's).
  void insert(const ParameterDeclaration& p, ParameterValue value) {
    values_.insert_or_assign(p.name, std::move(value));
  }
  bool has(const ParameterDeclaration& p) const { return values_.contains(p.name); }
  /// The value of `p` whatever its type, or nullptr.
  const ParameterValue* find(const ParameterDeclaration& p) const {
    const auto it = values_.find(p.name);
    return it == values_.end() ? nullptr : &it->second;
  }
  /// The names given, in name order.
  std::vector<std::string_view> names() const;

 private:
  std::map<std::string_view, ParameterValue> values_;
};

}  // namespace uldp
