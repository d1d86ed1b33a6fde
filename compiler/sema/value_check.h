// Checks one property value against the types its schema allows.
#pragma once

#include <functional>

#include "ast/ast.h"
#include "sema/check_memo.h"
#include "diag/diagnostic.h"
#include "sema/program.h"
#include "sema/schema.h"
#include "sema/unit_suggest.h"
#include "units/quantity.h"

namespace gpuspec::sema {

// Resolves a quantity literal's unit; reports unknown units (with a suggestion that
// knows what the property wants, from `context`) and overflow. Used by the checker
// and later by fact resolution (without diagnostics).
std::optional<units::Quantity> resolve_quantity(const ast::QuantityLit& lit, SourceRange range,
                                                DiagnosticEngine* diags, const UnitContext& context = {});

class ValueChecker {
 public:
  // `lookups`, when given, records every name looked up in the program and the kind found.
  ValueChecker(const Program& program, DiagnosticEngine& diags, std::string declaration,
               NameLookups* lookups = nullptr)
      : program_(program), diags_(diags), declaration_(std::move(declaration)), lookups_(lookups) {}

  // Reports at most one diagnostic for the value.
  void check(const ast::Expr& value, const PropertySchema& schema);

 private:
  // nullopt = the value has this type's shape and is fine; a message otherwise.
  // `shape_matches` says whether the value at least looked like this type, so the
  // most relevant error among several allowed types is the one reported.
  struct Outcome {
    bool shape_matches = false;
    bool ok = false;
    std::function<void()> report;  // emits the diagnostic for a shape-matching failure
  };
  Outcome check_type(const ast::Expr& value, const Type& type);
  Outcome check_reference(const ast::Expr& value, std::string_view name, SourceRange range, const Type& type);
  Outcome check_provider_name(const ast::StringLit& text, SourceRange range, const Type& type);
  Outcome check_count(const ast::Expr& value, const Type& type);
  Outcome check_percent(const ast::Expr& value);
  // A `low..high` value: both ends of the element type, low <= high.
  Outcome check_low_high(const ast::Expr& value, const Type& type);
  // A value of the right shape outside the type's range (schema.h), or nullopt.
  Outcome check_range(SourceRange range, double value, const Type& type, units::Currency currency = units::Currency::None);
  // `region = us-east-1`, `cuda = 12.1`: a string written without its quotes.
  bool report_unquoted_string(const ast::Expr& value, const PropertySchema& schema);
  Diagnostic& error(std::string id, SourceRange range, std::string message);
  const LoadedFile* file_of(SourceRange range) const;
  std::string source_text(SourceRange range) const;

  const Program& program_;
  DiagnosticEngine& diags_;
  std::string declaration_;
  NameLookups* lookups_;
  std::string_view property_;  // the property being checked, for out-of-range messages
};

// The `as_of` of a price whose source states no date.
inline constexpr const char* kUndated = "undated";

// "from 1 to 10", "above 0 B, at most 1 EB": a range as a message states it.
std::string describe_range(const Range& range, const Type& type, units::Currency currency = units::Currency::None);

// "YYYY-MM-DD" naming a real day (no February 30): date properties and waiver expiry.
bool is_calendar_date(const std::string& text);

std::string describe_type(const Type& type);
// "a workload", "an instance"; "a gpu or a part".
std::string with_article(std::string_view word);
std::string kinds_phrase(const std::vector<std::string_view>& kinds);
std::string describe_value(const ast::Expr& value);

}  // namespace gpuspec::sema
