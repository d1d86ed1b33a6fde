// Reading a declaration's own properties straight from its syntax tree, for checks
// that run before facts exist (sema cannot use facts/properties.h: facts depend on sema).
#pragma once

#include <optional>
#include <string_view>

#include "ast/ast.h"

namespace gpuspec::sema {

// The property `key` of `body` with a value; nullptr when absent.
const ast::Property* body_property(const ast::Body& body, std::string_view key);
// The nested block `key` of `body`; nullptr when absent.
const ast::Block* body_block(const ast::Body& body, std::string_view key);
// `block.key`, e.g. ("access", "from").
const ast::Property* body_property(const ast::Body& body, std::string_view block, std::string_view key);

// The value written as a bare name (`provider = aws`), a string literal, or a plain
// number (`count = 2`, `count = 64`); nullopt for any other value.
std::optional<std::string_view> symbol_value(const ast::Property* p);
std::optional<std::string_view> string_value(const ast::Property* p);
std::optional<double> number_value(const ast::Property* p);

}  // namespace gpuspec::sema
