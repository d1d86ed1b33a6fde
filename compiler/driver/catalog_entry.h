// Reading a catalog declaration for display: its provenance strings, whether it is
// verified, and its property values as text or JSON. Shared by `gpuspec catalog` and
// its price-book listing (`catalog --prices`).
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

#include "ast/ast.h"

namespace gpuspec::driver {

// A string-valued property ("" when absent or not a string literal).
std::string string_property(const ast::Declaration& decl, std::string_view key);
// `verified` defaults to true; only an explicit `verified = false` clears it.
bool is_verified(const ast::Declaration& decl);
// "8 x nvidia.h100_80gb_sxm", "80 GB", "[us-east-1, eu-west-1]"; "?" for non-literals.
std::string property_text(const ast::Expr& expr);
// A quantity as {value (base unit), unit, text}; other literals as their JSON value;
// a multiplicity as {count, ref}; null for non-literals.
nlohmann::ordered_json property_json(const ast::Expr& expr);

}  // namespace gpuspec::driver
