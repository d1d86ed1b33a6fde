// Error texts shared by the compiled programs and the tree walk that is their test
// oracle (test/oracle/), so the two print the same words (the differential tests compare them).
#pragma once

#include <fmt/format.h>

#include <string>
#include <string_view>

#include "facts/fact.h"
#include "units/quantity.h"

namespace gpuspec::eval::detail {

// `low .. high` is a price book's range of amounts, not a value a rule can compute with.
inline constexpr const char* kRangeNotAValue = "a range (`low .. high`) is allowed only as a price's amount, not in an expression";

inline std::string_view type_word(facts::Value::Type type) {
  using Type = facts::Value::Type;
  switch (type) {
    case Type::Quantity: return "a quantity";
    case Type::Symbol: return "a symbol";
    case Type::String: return "a string";
    case Type::Bool: return "a boolean";
    case Type::List: return "a list";
  }
  return "a value";
}

inline std::string arithmetic_error(units::ArithmeticError error, const units::Quantity& a, const units::Quantity& b) {
  switch (error) {
    case units::ArithmeticError::DimensionMismatch:
      return fmt::format("cannot combine {} with {}", units::dimension_name(a.dimension),
                         units::dimension_name(b.dimension));
    case units::ArithmeticError::CurrencyMismatch:
      return fmt::format("cannot combine {} with {} without an exchange rate", units::currency_code(a.currency),
                         units::currency_code(b.currency));
    case units::ArithmeticError::Overflow: return "the result is too large";
    case units::ArithmeticError::DivisionByZero: return "division by zero";
    case units::ArithmeticError::None: break;
  }
  return "arithmetic error";
}

}  // namespace gpuspec::eval::detail
