// The catalog as typed values (issue 12): every literal property of a declaration —
// quantities with their units, symbols, strings, flags, lists — evaluated once and
// kept with the file it came from. The stdlib's files belong to the session's library,
// so their view is built once per process and shared read-only by every --jobs thread;
// a user's own file (a spec may declare parts, prices, instances) gets its view once
// per program, on first request. Facts, cost, BOM, quotes and suggest read catalog
// properties through here (catalog_property) instead of re-evaluating the syntax tree
// for every server that names a part.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ast/ast.h"
#include "facts/fact.h"
#include "sema/program.h"

namespace gpuspec::facts {

// A catalog entry's property as a fact value with a Catalog origin. A Fact, so a
// FactSet can borrow it in place (FactSet::borrow) rather than copy it.
struct CatalogFact : Fact {};

// One declaration's literal properties by dotted path ("vram", "storage.data.drives"),
// exactly as find_property finds them: the first property of a name, inside the last
// block of a name. A property whose value needs evaluation is absent. Each value is
// evaluated on its first request (a one-file check reads a few properties of each of
// dozens of entries; evaluating all of them cost its cold start more than it saved).
class TypedDeclaration {
 public:
  static TypedDeclaration of(const ast::Declaration& decl);
  const CatalogFact* find(std::string_view path) const;

 private:
  struct Entry {
    std::string path;  // "vram", "storage.data.drives"
    const ast::Property* property = nullptr;
    mutable std::once_flag once;
    // Set (release) once `fact` is final, so a later read skips the once-flag: resolving
    // a server reads ~150 catalog properties, and std::call_once costs a call and two
    // thread-local writes even when it has already run.
    mutable std::atomic<bool> ready{false};
    mutable std::unique_ptr<const CatalogFact> fact;  // null when not a literal; allocated when read
  };
  const ast::Declaration* decl_ = nullptr;
  // In source order, each path once. Sized once when built (a once-flag cannot move).
  std::vector<Entry> entries_;
  // Open addressing by the path's hash: 1 + index into entries_, 0 for an empty bucket;
  // its size is a power of two at least twice the entries. A scan of the entries
  // comparing paths was ~3 % of a check (issue 12).
  std::vector<std::uint32_t> buckets_;
};

// The typed view of `entry`'s declaration (an entry of a program or library: its
// declaration and file set), built on first request and then immutable.
const TypedDeclaration& typed_declaration(const sema::DeclEntry& entry);

// A catalog entry's property, read in place: nullptr when it has none or its value is
// not a literal. Lives as long as the entry's file (the session's, for the stdlib).
const CatalogFact* catalog_fact(const sema::DeclEntry& entry, std::string_view property);

}  // namespace gpuspec::facts
