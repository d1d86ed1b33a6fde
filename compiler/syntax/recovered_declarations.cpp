#include "syntax/recovered_declarations.h"

#include <algorithm>

namespace gpuspec::syntax {

namespace {

// Where an item's text is: from its key to the end of its value (or body).
SourceRange range_of(const ast::Item& item) {
  if (const auto* property = std::get_if<ast::Property>(&item)) return property->range;
  if (const auto* block = std::get_if<std::unique_ptr<ast::Block>>(&item)) return (*block)->range;
  return std::get<std::unique_ptr<ast::Waiver>>(item)->range;
}

// Drops the innermost item of `body` the error at `at` is in or right after (`cpu = 1 x
// amd.` ends at the stray `.`): what recovery built of it is a guess, such as
// `gpu = 4 x` taking the next line's key for its part, and sema would report the guess.
// A block the error is in keeps its other items.
void drop_item_at(ast::Body& body, std::uint32_t at) {
  for (auto it = body.items.begin(); it != body.items.end(); ++it) {
    SourceRange range = range_of(*it);
    if (at < range.begin || at > range.end) continue;
    if (auto* block = std::get_if<std::unique_ptr<ast::Block>>(&*it); block && at < range.end) {
      drop_item_at((*block)->body, at);
    } else {
      body.items.erase(it);
    }
    return;
  }
}

}  // namespace

void mark_recovered_declarations(ast::File& file, const std::vector<Diagnostic>& diagnostics, std::size_t from) {
  auto& decls = file.declarations;  // in source order
  for (std::size_t i = from; i < diagnostics.size(); ++i) {
    const Diagnostic& d = diagnostics[i];
    if (d.severity != Severity::Error || !d.range.valid() || d.range.file != file.file) continue;
    // The last declaration starting before the error: one at a declaration's first token
    // is about what came before it (`expected '}' before the declaration 'server c'`).
    auto after = std::lower_bound(decls.begin(), decls.end(), d.range.begin,
                                  [](const ast::Declaration& decl, std::uint32_t at) { return decl.range.begin < at; });
    if (after == decls.begin()) continue;
    ast::Declaration& decl = *std::prev(after);
    decl.recovered = true;
    drop_item_at(decl.body, d.range.begin);
  }
}

}  // namespace gpuspec::syntax
