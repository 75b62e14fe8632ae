// Fuzzes the MEANING of the flag-value parsers (issue 17): parse_unsigned (--seed, --n, --cases,
// --jobs, --k, ...), parse_rational and the budgets built from it (--eps, --exp-eps, --theta).
// Round trip: a random value formatted as a user would type it reads back as exactly that value.
// Corruption: the same text with one character replaced by, or with an inserted, character that
// no number contains is refused, never read as another value. Arbitrary text is either refused
// or read as exactly the decimal number it spells.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_support.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/arithmetic/unsigned_integer.h"
#include "uldp/error.h"

namespace {

// Reads the fuzz input as a stream of bytes; zeros once it is used up.
struct Bytes {
  const std::uint8_t* data;
  std::size_t size;
  std::uint8_t next() {
    if (size == 0) return 0;
    --size;
    return *data++;
  }
  std::uint64_t next_u64() {
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v = v << 8 | next();
    return v;
  }
};

constexpr std::string_view kForeign = "gz#$!,;:_?@";  // in no number, index list or fraction

// Replaces or inserts one foreign character.
std::string corrupt(std::string text, Bytes& in) {
  const char c = kForeign[in.next() % kForeign.size()];
  const std::size_t at = in.next() % (text.size() + 1);
  if (in.next() % 2 == 0 && at < text.size()) {
    text[at] = c;
  } else {
    text.insert(text.begin() + static_cast<std::ptrdiff_t>(at), c);
  }
  return text;
}

template <typename F>
bool refused(F&& f) {
  try {
    f();
  } catch (const uldp::Error& e) {
    uldp::fuzz::require_short_message(e);
    return true;
  }
  return false;
}

void check_unsigned(Bytes& in) {
  const std::uint64_t value = in.next_u64() >> (in.next() % 64);
  const std::uint64_t a = in.next_u64() >> (in.next() % 64), b = in.next_u64();
  const std::uint64_t min = a < b ? a : b, max = a < b ? b : a;
  const std::string text = std::string(in.next() % 4, '0') + std::to_string(value);
  // Round trip, and the range decides alone.
  bool accepted = false;
  std::uint64_t read = 0;
  const bool refused_text = refused([&] { read = uldp::parse_unsigned(text, min, max, "--n"); });
  accepted = !refused_text;
  if (accepted != (value >= min && value <= max)) __builtin_trap();
  if (accepted && read != value) __builtin_trap();
  if (uldp::parse_unsigned(std::to_string(value), 0, uldp::kMaxUnsigned, "--seed") != value)
    __builtin_trap();
  // Corruption: a sign, a foreign character or one more digit past 2^64 - 1.
  if (!refused([&] { uldp::parse_unsigned(corrupt(text, in), 0, uldp::kMaxUnsigned, "--n"); }))
    __builtin_trap();
  if (!refused([&] { uldp::parse_unsigned("-" + text, 0, uldp::kMaxUnsigned, "--n"); }))
    __builtin_trap();
  if (value > uldp::kMaxUnsigned / 10 &&
      !refused([&] { uldp::parse_unsigned(text + "0", 0, uldp::kMaxUnsigned, "--n"); }))
    __builtin_trap();
}

void check_rational(Bytes& in) {
  // n/d, a decimal or a hex float, as users write budgets and probabilities.
  const auto n = static_cast<std::int64_t>(in.next_u64() >> 1);
  const std::uint64_t d = (in.next_u64() >> (in.next() % 64)) | 1;
  const uldp::Rational value{uldp::Integer(n), uldp::Integer(d)};
  const std::string texts[] = {uldp::to_string(value), uldp::to_decimal(value, in.next() % 30),
                               std::to_string(n) + "/" + std::to_string(d)};
  for (const std::string& text : texts) {
    const uldp::Rational read = uldp::parse_rational(text, "--eps");
    if (&text != &texts[1] && read != value) __builtin_trap();
    if (uldp::parse_rational(uldp::to_string(read), "--eps") != read) __builtin_trap();
    if (!refused([&] { uldp::parse_rational(corrupt(text, in), "--eps"); })) __builtin_trap();
  }
  // A budget keeps the exact t it was given.
  const uldp::Rational t = uldp::Rational(abs(value)) + 1;
  const uldp::PrivacyBudget budget = uldp::PrivacyBudget::from_exp_eps(t, "--exp-eps");
  if (budget.exp_eps() != t) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  // Arbitrary text as an unsigned flag: refused, or exactly the decimal number it spells.
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  std::uint64_t read = 0;
  if (!refused([&] { read = uldp::parse_unsigned(text, 0, uldp::kMaxUnsigned, "--seed"); })) {
    if (text.find_first_not_of("0123456789") != std::string_view::npos) __builtin_trap();
    if (uldp::Rational(read) != uldp::parse_rational(text)) __builtin_trap();
  }
  Bytes in{data, size};
  if (data[0] % 2 == 0) {
    check_unsigned(in);
  } else {
    check_rational(in);
  }
  return 0;
}
