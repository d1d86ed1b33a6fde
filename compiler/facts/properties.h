// Reading checked declarations: property lookup by dotted path, literal values
// turned into fact Values, and multiplicities resolved to catalog entries.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "ast/ast.h"
#include "facts/fact.h"
#include "facts/typed_catalog.h"
#include "sema/program.h"

namespace gpuspec::facts {

// `path` is "gpu" or "storage.data.drives": properties inside nested blocks.
const ast::Property* find_property(const ast::Body& body, std::string_view path);
const ast::Block* find_block(const ast::Body& body, std::string_view path);

// While one lives (on this thread), every find_property/find_block on `body` whose path is
// not one of `keys` or under one (`storage` covers `storage.data.drives`) is noted: a
// memoized part keyed by the text of the items it is declared to read (ServerPartMemo)
// learns that it read another, and its entry is not kept (fail closed, issue 28). Only
// these two look-ups are watched: a server resolver reads its body through them alone
// (FactBuilder's declared/counted do); one that walked `body.items` itself would bypass it.
class BodyReadWatch {
 public:
  BodyReadWatch(const ast::Body& body, std::span<const std::string_view> keys);
  ~BodyReadWatch();
  BodyReadWatch(const BodyReadWatch&) = delete;
  BodyReadWatch& operator=(const BodyReadWatch&) = delete;
  // Whether a path outside the keys was looked up (the first one, for messages).
  bool strayed() const { return !stray_.empty(); }
  std::string_view stray() const { return stray_; }

 private:
  friend void note_body_read(const ast::Body& body, std::string_view path);
  const ast::Body& body_;
  std::span<const std::string_view> keys_;
  BodyReadWatch* outer_;
  std::string stray_;
};

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
