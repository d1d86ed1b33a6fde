// Reading checked declarations: property lookup by dotted path, literal values
// turned into fact Values, and multiplicities resolved to catalog entries.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "ast/ast.h"
#include "facts/fact.h"
#include "facts/typed_catalog.h"
#include "sema/program.h"

namespace gpuspec::facts {

// `path` is "gpu" or "storage.data.drives": properties inside nested blocks. Each tells
// a provider recording its reads of `body` (fact_memo.h, ItemReader) that it read the
// items of the path's first key.
const ast::Property* find_property(const ast::Body& body, std::string_view path);
const ast::Block* find_block(const ast::Body& body, std::string_view path);

// The value of a literal expression (numbers, quantities, strings, symbols, lists);
// nullopt for expressions that need evaluation or failed to check.
std::optional<Value> literal_value(const ast::Expr& expr);

// `8 x nvidia.h100` or a bare reference (count 1), resolved in the program.
struct Counted {
  double count = 1;
  const sema::DeclEntry* entry = nullptr;
  SourceRange range;  // the whole value
};
std::optional<Counted> counted_reference(const sema::Program& program, const ast::Expr& expr);

// The first workload a server or cloud `serves`, or "" when it serves none.
std::string served_workload(const ast::Declaration& deployment);

// A catalog entry's property as a fact value with a Catalog origin, copied from the
// entry's typed view (typed_catalog.h; catalog_fact reads it in place): evaluated once
// per process for the stdlib.
std::optional<CatalogFact> catalog_property(const sema::DeclEntry& entry, std::string_view property);

}  // namespace gpuspec::facts
