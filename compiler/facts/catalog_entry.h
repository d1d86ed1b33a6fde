// Reading a catalog declaration: its provenance strings, whether it is verified, its
// property values as text or JSON. Shared by `gpuspec catalog`, its price-book listing
// (`catalog --prices`) and `gpuspec prices import` (which items a price may name).
#pragma once

#include <nlohmann/json.hpp>

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "ast/ast.h"

namespace gpuspec::facts {

// A string-valued property ("" when absent or not a string literal).
std::string string_property(const ast::Declaration& decl, std::string_view key);
// A symbol or a reference (both written as a bare name), "" when absent.
std::string name_property(const ast::Declaration& decl, std::string_view key);
// The strings of a list property (`regions = ["us-east-1", ...]`).
std::vector<std::string> string_list_property(const ast::Declaration& decl, std::string_view key);
// The kinds a `price` may name, straight from the price schema: one list to keep.
std::set<std::string, std::less<>> priced_kinds();
// `verified` defaults to true; only an explicit `verified = false` clears it.
bool is_verified(const ast::Declaration& decl);
// "8 x nvidia.h100_80gb_sxm", "80 GB", "[us-east-1, eu-west-1]"; "?" for non-literals.
std::string property_text(const ast::Expr& expr);
// A quantity as {value (base unit), unit, text}; other literals as their JSON value;
// a multiplicity as {count, ref}; null for non-literals.
nlohmann::ordered_json property_json(const ast::Expr& expr);

}  // namespace gpuspec::facts
