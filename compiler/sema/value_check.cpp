#include "sema/value_check.h"

#include <fmt/format.h>

#include <cmath>

#include "sema/suggest.h"

namespace gpuspec::sema {

namespace {

}  // namespace

bool is_calendar_date(const std::string& s) {
  if (s.size() != 10 || s[4] != '-' || s[7] != '-') return false;
  for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) {
    if (s[i] < '0' || s[i] > '9') return false;
  }
  int year = std::stoi(s.substr(0, 4));
  int month = std::stoi(s.substr(5, 2));
  int day = std::stoi(s.substr(8, 2));
  static constexpr int kDays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (month < 1 || month > 12 || day < 1 || day > kDays[month - 1]) return false;
  bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return !(month == 2 && day == 29 && !leap);
}

namespace {

std::string join_symbols(const std::vector<std::string_view>& symbols) {
  std::string out;
  for (std::size_t i = 0; i < symbols.size(); ++i) {
    if (i) out += ", ";
    out += symbols[i];
  }
  return out;
}

const ast::Expr& strip_parens(const ast::Expr& e) {
  const ast::Expr* at = &e;
  while (const auto* p = at->as<ast::ParenExpr>()) at = p->inner.get();
  return *at;
}

// resolve_quantity reports through the engine directly; stamp its diagnostics with the
// declaration like every other value diagnostic, so JSON and waivers can attribute them.
void report_bad_quantity(const ast::QuantityLit& lit, SourceRange range, DiagnosticEngine& diags,
                         const std::string& declaration, const UnitContext& context) {
  std::size_t before = diags.diagnostics().size();
  resolve_quantity(lit, range, &diags, context);
  for (std::size_t i = before; i < diags.diagnostics().size(); ++i) diags.diagnostics()[i].declaration = declaration;
}

}  // namespace

std::optional<units::Quantity> resolve_quantity(const ast::QuantityLit& lit, SourceRange range, DiagnosticEngine* diags,
                                                const UnitContext& context) {
  const units::Unit* unit = units::find_unit(lit.unit);
  if (!unit) {
    if (!diags) return std::nullopt;
    auto& d = diags->error("unknown-unit", lit.unit_range, fmt::format("unknown unit '{}'", lit.unit));
    explain_unknown_unit(d, lit, range, context);
    return std::nullopt;
  }
  auto result = units::make_quantity(lit.number, *unit);
  if (!result.ok()) {
    if (diags) diags->error("number-overflow", range, fmt::format("quantity {} {} is too large to represent", lit.number, lit.unit));
    return std::nullopt;
  }
  return result.value;
}

std::string describe_type(const Type& type) {
  switch (type.kind) {
    case ValueKind::Number: return "a number";
    case ValueKind::Count: return "a count (e.g. 8 or 7B)";
    case ValueKind::Quantity: return fmt::format("a {} quantity", units::dimension_name(type.dimension));
    case ValueKind::Percent: return "a percentage (e.g. 60%)";
    case ValueKind::String: return "a string";
    case ValueKind::Date: return "a date string \"YYYY-MM-DD\"";
    case ValueKind::Bool: return "true or false";
    case ValueKind::Symbol: return type.symbols.empty() ? "a symbol" : fmt::format("one of {}", join_symbols(type.symbols));
    case ValueKind::VersionedSymbol: return "a versioned symbol (e.g. pytorch@2.3)";
    case ValueKind::Reference: return fmt::format("a reference to {}", kinds_phrase(type.ref_kinds));
    case ValueKind::Multiplicity:
      return fmt::format("a reference to {} or 'N x {}'", kinds_phrase(type.ref_kinds), type.ref_kinds.empty() ? "ref" : type.ref_kinds[0]);
    case ValueKind::List: return fmt::format("a list of {}", describe_type(type.element.front()));
    case ValueKind::Range: return fmt::format("a range of {} (low .. high)", describe_type(type.element.front()));
    case ValueKind::Block: return "a block { ... }";
    case ValueKind::Expression: return "an expression";
  }
  return "a value";
}

std::string describe_value(const ast::Expr& value) {
  const ast::Expr& e = strip_parens(value);
  if (e.as<ast::NumberLit>()) return "a number";
  if (e.as<ast::ScaledCountLit>()) return "a count";
  if (const auto* q = e.as<ast::QuantityLit>()) {
    if (const auto* unit = units::find_unit(q->unit)) return fmt::format("a {} quantity", units::dimension_name(unit->dimension));
    return "a quantity";
  }
  if (e.as<ast::PercentLit>()) return "a percentage";
  if (e.as<ast::StringLit>()) return "a string";
  if (e.as<ast::BoolLit>()) return "a boolean";
  if (e.as<ast::VersionedSymbol>()) return "a versioned symbol";
  if (const auto* n = e.as<ast::Name>()) return fmt::format("the name '{}'", n->name);
  if (e.as<ast::Multiplicity>()) return "a multiplicity";
  if (e.as<ast::ListExpr>()) return "a list";
  if (const auto* b = e.as<ast::BinaryExpr>(); b && b->op == ast::BinaryOp::Range) return "a range";
  return "an expression";
}

Diagnostic& ValueChecker::error(std::string id, SourceRange range, std::string message) {
  auto& d = diags_.error(std::move(id), range, std::move(message));
  d.declaration = declaration_;
  return d;
}

ValueChecker::Outcome ValueChecker::check_type(const ast::Expr& raw, const Type& type) {
  const ast::Expr& value = strip_parens(raw);
  SourceRange range = value.range;
  switch (type.kind) {
    case ValueKind::Expression:
      return {true, true, {}};
    case ValueKind::Number: {
      const ast::Expr* inner = &value;
      bool negated = false;
      if (const auto* u = value.as<ast::UnaryExpr>(); u && u->op == ast::UnaryOp::Negate) {
        inner = u->operand.get();
        negated = true;
      }
      const auto* n = inner->as<ast::NumberLit>();
      if (!n) return {};
      return check_range(range, negated ? -n->value : n->value, type);
    }
    case ValueKind::Count:
      return check_count(value, type);
    case ValueKind::Quantity: {
      if (const auto* n = value.as<ast::NumberLit>()) {
        // A bare number where a quantity is expected: say which unit is missing.
        std::string dim = units::dimension_name(type.dimension);
        return {true, false, [this, range, dim, v = n->value] {
                  error("missing-unit", range, fmt::format("'{}' needs a unit: expected a {} quantity", v, dim));
                }};
      }
      const auto* q = value.as<ast::QuantityLit>();
      if (!q) return {};
      const units::Unit* unit = units::find_unit(q->unit);
      if (!unit) {
        return {true, false, [this, q, range, dimension = type.dimension] {
                  report_bad_quantity(*q, range, diags_, declaration_, {.expected = dimension});
                }};
      }
      if (!(unit->dimension == type.dimension)) {
        std::string expected = units::dimension_name(type.dimension);
        std::string found = units::dimension_name(unit->dimension);
        std::string unit_text = q->unit;
        return {true, false, [this, range, expected, found, unit_text] {
                  error("unit-mismatch", range,
                        fmt::format("expected a {} quantity, found {} ('{}')", expected, found, unit_text));
                }};
      }
      auto made = units::make_quantity(q->number, *unit);
      if (!made.ok()) {
        return {true, false, [this, q, range] { report_bad_quantity(*q, range, diags_, declaration_, {}); }};
      }
      return check_range(range, made.value.value, type, made.value.currency);
    }
    case ValueKind::Percent:
      return check_percent(value);
    case ValueKind::String:
      return {value.as<ast::StringLit>() != nullptr, value.as<ast::StringLit>() != nullptr, {}};
    case ValueKind::Date: {
      const auto* s = value.as<ast::StringLit>();
      if (!s) return {};
      if (is_calendar_date(s->value) || (type.undated_ok && s->value == kUndated)) return {true, true, {}};
      return {true, false, [this, range, text = s->value, undated_ok = type.undated_ok] {
                error("invalid-date", range,
                      fmt::format("'{}' is not a valid date; expected \"YYYY-MM-DD\"{}", text,
                                  undated_ok ? " or \"undated\" (with verified = false)" : ""));
              }};
    }
    case ValueKind::Bool:
      return {value.as<ast::BoolLit>() != nullptr, value.as<ast::BoolLit>() != nullptr, {}};
    case ValueKind::Symbol: {
      const auto* n = value.as<ast::Name>();
      if (!n) return {};
      if (type.symbols.empty()) return {true, true, {}};
      for (auto s : type.symbols) {
        if (s == n->name) return {true, true, {}};
      }
      // `raid1` is as close to raid0 as to raid10: both listed, neither applied.
      Suggestions suggestions = suggest(n->name, type.symbols);
      return {true, false, [this, range, name = n->name, allowed = join_symbols(type.symbols), suggestions] {
                auto& d = error("unknown-symbol", range, fmt::format("unknown value '{}'; expected one of: {}", name, allowed));
                add_suggestions(d, suggestions, range);
              }};
    }
    case ValueKind::VersionedSymbol: {
      const auto* v = value.as<ast::VersionedSymbol>();
      if (!v) return {};
      if (type.symbols.empty()) return {true, true, {}};
      for (auto s : type.symbols) {
        if (s == v->name) return {true, true, {}};
      }
      Suggestions suggestions = suggest(v->name, type.symbols);
      return {true, false, [this, range, name = v->name, allowed = join_symbols(type.symbols), suggestions] {
                auto& d = error("unknown-symbol", range, fmt::format("unknown value '{}'; expected one of: {}", name, allowed));
                if (!suggestions.candidates.empty()) d.hint = did_you_mean(suggestions);
              }};
    }
    case ValueKind::Reference: {
      if (const auto* m = value.as<ast::Multiplicity>()) {
        (void)m;
        return {true, false, [this, range, kinds = join_symbols(type.ref_kinds)] {
                  error("multiplicity-not-allowed", range, fmt::format("a count is not allowed here; expected a single {}", kinds));
                }};
      }
      if (const auto* text = value.as<ast::StringLit>()) return check_provider_name(*text, range, type);
      const auto* n = value.as<ast::Name>();
      if (!n) return {};
      return check_reference(value, n->name, range, type);
    }
    case ValueKind::Multiplicity: {
      if (const auto* m = value.as<ast::Multiplicity>()) {
        if (m->count < 1 || std::floor(m->count) != m->count) {
          return {true, false, [this, r = m->count_range, c = m->count] {
                    error("type-mismatch", r, fmt::format("a multiplicity needs a whole count of at least 1, found {}", c));
                  }};
        }
        if (Outcome count = check_range(m->count_range, m->count, type); !count.ok) return count;
        return check_reference(value, m->name, m->name_range, type);
      }
      // `4 * part` and `4× part`: a count of parts is written with x.
      if (const auto* b = value.as<ast::BinaryExpr>(); b && b->op == ast::BinaryOp::Mul && b->lhs->as<ast::NumberLit>() &&
                                                       b->rhs->as<ast::Name>()) {
        SourceRange op{range.file, b->lhs->range.end, b->rhs->range.begin};
        return {true, false, [this, range, op] {
                  auto& d = error("type-mismatch", range, "a count of parts is written with 'x', not '*'");
                  d.hint = "write `4 x vendor.part`";
                  d.fixits.push_back({op, " x "});
                }};
      }
      if (const auto* text = value.as<ast::StringLit>()) return check_provider_name(*text, range, type);
      const auto* n = value.as<ast::Name>();
      if (!n) return {};
      return check_reference(value, n->name, range, type);
    }
    case ValueKind::List: {
      const auto* list = value.as<ast::ListExpr>();
      if (!list) return {};
      Outcome out{true, true, {}};
      std::vector<std::function<void()>> reports;
      for (const auto& item : list->items) {
        Outcome element = check_type(*item, type.element.front());
        if (element.ok) continue;
        out.ok = false;
        if (element.report) {
          reports.push_back(element.report);
        } else {
          reports.push_back([this, r = item->range, expected = describe_type(type.element.front()), found = describe_value(*item)] {
            error("type-mismatch", r, fmt::format("expected {}, found {}", expected, found));
          });
        }
      }
      out.report = [reports] {
        for (const auto& r : reports) r();
      };
      return out;
    }
    case ValueKind::Range:
      return check_low_high(value, type);
    case ValueKind::Block:
      return {};
  }
  return {};
}

void ValueChecker::check(const ast::Expr& value, const PropertySchema& schema) {
  property_ = schema.name;
  std::vector<Outcome> failures;
  for (const auto& type : schema.types) {
    Outcome outcome = check_type(value, type);
    if (outcome.ok) return;
    if (outcome.shape_matches) failures.push_back(std::move(outcome));
  }
  // A dotted name is more likely a mistyped reference than a mistyped symbol.
  const ast::Expr& bare = strip_parens(value);
  if (const auto* n = bare.as<ast::Name>(); n && n->name.find('.') != std::string::npos && failures.size() > 1) {
    for (auto it = failures.rbegin(); it != failures.rend(); ++it) {
      if (it->report) {
        it->report();
        return;
      }
    }
  }
  for (auto& failure : failures) {
    if (failure.report) {
      failure.report();
      return;
    }
  }
  if (report_unquoted_string(value, schema)) return;
  bool wants_block_only = schema.types.size() == 1 && schema.types.front().kind == ValueKind::Block;
  std::vector<std::string> expected;
  for (const auto& type : schema.types) expected.push_back(describe_type(type));
  auto& d = error("type-mismatch", value.range,
                  fmt::format("'{}' expects {}, found {}", schema.name, fmt::join(expected, " or "), describe_value(value)));
  if (wants_block_only) d.hint = fmt::format("write it as a block: {} {{ ... }}", schema.name);
}

}  // namespace gpuspec::sema

namespace gpuspec::sema {

std::string describe_range(const Range& range, const Type& type, units::Currency currency) {
  auto shown = [&](double value) {
    if (type.kind == ValueKind::Quantity) return units::format(units::Quantity{value, type.dimension, currency});
    return std::floor(value) == value && std::fabs(value) < 1e16 ? fmt::format("{:.0f}", value) : fmt::format("{}", value);
  };
  if (range.min_excluded) return fmt::format("more than {} and at most {}", shown(range.min), shown(range.max));
  return fmt::format("from {} to {}", shown(range.min), shown(range.max));
}

ValueChecker::Outcome ValueChecker::check_range(SourceRange range, double value, const Type& type,
                                                units::Currency currency) {
  if (type.range.contains(value)) return {true, true, {}};
  return {true, false, [this, range, type, currency, property = std::string(property_)] {
            auto& d = error("out-of-range", range,
                            fmt::format("'{}' takes {}, found {}", property, describe_range(type.range, type, currency),
                                        source_text(range)));
            d.hint = "docs/language.md lists the range of every numeric property";
          }};
}

ValueChecker::Outcome ValueChecker::check_count(const ast::Expr& value, const Type& type) {
  SourceRange range = value.range;
  auto at_least = [&](double count) { return count >= type.range.min; };
  std::string wanted = type.range.min >= 1 ? "a whole count of at least 1" : "a whole, non-negative count";
  if (const auto* scaled = value.as<ast::ScaledCountLit>()) {
    if (!at_least(scaled->value)) {
      return {true, false, [this, range, wanted] { error("out-of-range", range, fmt::format("expected {}, found 0", wanted)); }};
    }
    return check_range(range, scaled->value, type);
  }
  // `7 B` reads as a quantity with the unknown unit `B`; its diagnostic explains
  // that a scaled count takes no space, which beats "found a quantity".
  if (const auto* q = value.as<ast::QuantityLit>(); q && !units::find_unit(q->unit)) {
    return {true, false, [this, q, range] { report_bad_quantity(*q, range, diags_, declaration_, {.count_expected = true}); }};
  }
  // `-1`: a negative number, not "an expression".
  if (const auto* u = value.as<ast::UnaryExpr>(); u && u->op == ast::UnaryOp::Negate) {
    if (const auto* n = u->operand->as<ast::NumberLit>()) {
      return {true, false, [this, range, wanted, v = -n->value] {
                error("out-of-range", range, fmt::format("expected {}, found {}", wanted, v));
              }};
    }
  }
  const auto* n = value.as<ast::NumberLit>();
  if (!n) return {};
  if (std::floor(n->value) != n->value) {
    return {true, false, [this, range, wanted, v = n->value] {
              error("type-mismatch", range, fmt::format("expected {}, found {}", wanted, v));
            }};
  }
  if (n->value < 0 || !at_least(n->value)) {
    return {true, false, [this, range, wanted, v = n->value] {
              error("out-of-range", range, fmt::format("expected {}, found {}", wanted, v));
            }};
  }
  return check_range(range, n->value, type);
}

// A percentage is a share (of the time, of a budget): 0% to 100%.
ValueChecker::Outcome ValueChecker::check_percent(const ast::Expr& value) {
  SourceRange range = value.range;
  const ast::Expr* inner = &value;
  bool negated = false;
  if (const auto* u = value.as<ast::UnaryExpr>(); u && u->op == ast::UnaryOp::Negate) {
    inner = u->operand.get();
    negated = true;
  }
  if (const auto* p = inner->as<ast::PercentLit>()) {
    double share = negated ? -p->value : p->value;
    if (share >= 0 && share <= 1) return {true, true, {}};
    return {true, false, [this, range, share] {
              error("out-of-range", range, fmt::format("a percentage here is a share from 0% to 100%, found {}%", share * 100));
            }};
  }
  if (const auto* n = inner->as<ast::NumberLit>(); n && !negated) {
    if (n->value >= 0 && n->value <= 1) return {true, true, {}};
    return {true, false, [this, range, v = n->value] {
              auto& d = error("type-mismatch", range, fmt::format("expected a percentage, found {}", v));
              d.hint = fmt::format("write '{}%'", v);
              if (v > 1 && v <= 100) d.fixits.push_back({{range.file, range.end, range.end}, "%"});
            }};
  }
  return {};
}

std::string ValueChecker::source_text(SourceRange range) const {
  if (const LoadedFile* file = file_of(range)) return std::string(file->source->slice(range));
  return {};
}

bool ValueChecker::report_unquoted_string(const ast::Expr& raw, const PropertySchema& schema) {
  bool strings_only = !schema.types.empty() && std::all_of(schema.types.begin(), schema.types.end(), [](const Type& t) {
    return t.kind == ValueKind::String || t.kind == ValueKind::Date;
  });
  const ast::Expr& value = strip_parens(raw);
  bool looks_like_text = value.as<ast::Name>() || value.as<ast::NumberLit>() || value.as<ast::VersionedSymbol>() ||
                         value.as<ast::QuantityLit>() || value.as<ast::BinaryExpr>();  // 2025-12-31 parses as a subtraction
  if (!strings_only || !looks_like_text) return false;
  std::string text = source_text(value.range);
  if (text.empty() || text.find_first_of("\"\\\n#") != std::string::npos) return false;
  auto& d = error("type-mismatch", value.range,
                  fmt::format("'{}' expects {}, found {}", schema.name, describe_type(schema.types.front()), describe_value(value)));
  d.hint = fmt::format("strings are quoted: \"{}\"", text);
  d.fixits.push_back({value.range, "\"" + text + "\""});
  return true;
}

// `low .. high`: each end a quantity of the element type, written with its unit (the
// shorthand `12000 .. 15000 USD` is refused with a fix-it: a bare number is not money),
// both in one currency, and low <= high.
ValueChecker::Outcome ValueChecker::check_low_high(const ast::Expr& value, const Type& type) {
  const auto* b = value.as<ast::BinaryExpr>();
  if (!b || b->op != ast::BinaryOp::Range) return {};
  const Type& element = type.element.front();
  const ast::Expr& low = strip_parens(*b->lhs);
  const ast::Expr& high = strip_parens(*b->rhs);
  const auto* high_unit = high.as<ast::QuantityLit>();
  if (const auto* bare = low.as<ast::NumberLit>(); bare && high_unit) {
    return {true, false, [this, r = low.range, number = bare->value, unit = high_unit->unit] {
              auto& d = error("range-unit", r,
                              fmt::format("the low end '{}' of a range needs its unit: write both ends with it", number));
              d.hint = fmt::format("write `{} {} .. ` (the shorthand `a .. b {}` is not accepted)", number, unit, unit);
              d.fixits.push_back({{r.file, r.end, r.end}, " " + unit});
            }};
  }
  for (const ast::Expr* end : {&low, &high}) {
    if (end->as<ast::BinaryExpr>() && end->as<ast::BinaryExpr>()->op == ast::BinaryOp::Range) {
      return {true, false, [this, r = end->range] { error("type-mismatch", r, "a range cannot hold another range"); }};
    }
    Outcome outcome = check_type(*end, element);
    if (!outcome.ok) {
      if (outcome.report) return {true, false, outcome.report};
      return {true, false, [this, r = end->range, expected = describe_type(element), found = describe_value(*end)] {
                error("type-mismatch", r, fmt::format("each end of the range must be {}, found {}", expected, found));
              }};
    }
  }
  if (element.kind != ValueKind::Quantity || !high_unit || !low.as<ast::QuantityLit>()) return {true, true, {}};
  auto lo = resolve_quantity(*low.as<ast::QuantityLit>(), low.range, nullptr);
  auto hi = resolve_quantity(*high_unit, high.range, nullptr);
  if (!lo || !hi) return {true, true, {}};  // reported by the element check
  if (lo->currency != hi->currency) {
    return {true, false, [this, range = value.range] {
              error("unit-mismatch", range, "both ends of a range must be in one currency");
            }};
  }
  if (lo->value > hi->value) {
    return {true, false, [this, range = value.range, l = units::format(*lo), h = units::format(*hi)] {
              auto& d = error("range-order", range, fmt::format("the range's low end {} is above its high end {}", l, h));
              d.hint = "write the lower amount first: `low .. high`";
            }};
  }
  return {true, true, {}};
}

}  // namespace gpuspec::sema
