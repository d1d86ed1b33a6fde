// A program: the standard library (parsed once, shared) plus one root user file and
// everything it imports. Names resolve in the program's files first, then the library.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ast/ast.h"
#include "diag/diagnostic.h"
#include "sema/derived_slot.h"
#include "source/source.h"
#include "source/confinement.h"

namespace gpuspec::sema {

struct LoadedFile {
  const SourceFile* source = nullptr;
  ast::File ast;
  bool library = false;  // stdlib or built-in policy pack
  // The declarations' literal properties evaluated once (facts/typed_catalog.h): for a
  // library file once per process, for a user file once per program.
  DerivedSlot typed;
};

// A declaration as an index hands it out. Reading through it (->, *, get(), or as a
// pointer) first reads the body of a library declaration that the snapshot left
// serialized (ast::DeferredBody), once, from any thread; header() gives the kind, name
// and ranges without reading the body (what indexing and grouping need).
class DeclRef {
 public:
  DeclRef() = default;
  DeclRef(const ast::Declaration* decl, const ast::DeferredBody* deferred = nullptr)  // NOLINT: a pointer converts
      : decl_(decl), deferred_(deferred) {}

  const ast::Declaration* get() const {
    if (deferred_) deferred_->read();
    return decl_;
  }
  const ast::Declaration* operator->() const { return get(); }
  const ast::Declaration& operator*() const { return *get(); }
  operator const ast::Declaration*() const { return get(); }  // NOLINT: used as the pointer it was
  // Kind, name and ranges only: the body may not have been read.
  const ast::Declaration& header() const { return *decl_; }

 private:
  const ast::Declaration* decl_ = nullptr;
  const ast::DeferredBody* deferred_ = nullptr;
};

struct DeclEntry {
  DeclRef decl;
  const LoadedFile* file = nullptr;
};

// Declarations indexed by name, with duplicate detection.
class DeclIndex {
 public:
  DeclIndex() = default;
  DeclIndex(const DeclIndex& other) : entries_(other.entries_) { rehash(); }
  DeclIndex& operator=(const DeclIndex& other) {
    entries_ = other.entries_;
    rehash();
    return *this;
  }
  DeclIndex(DeclIndex&&) = default;  // map nodes move with the map: the views stay valid
  DeclIndex& operator=(DeclIndex&&) = default;

  // Adds every declaration of `file`; a duplicate is reported at both places.
  void add(const LoadedFile& file, DiagnosticEngine& diags, const DeclIndex* outer = nullptr);
  const DeclEntry* find(std::string_view name) const;
  // The same, given hash_of(name): Program::find hashes a name once for its own index
  // and the library's.
  const DeclEntry* find(std::string_view name, std::size_t hash) const;
  static std::size_t hash_of(std::string_view name) { return std::hash<std::string_view>{}(name); }
  // By name; each name views its declaration's own (declarations stay put, as the
  // entries point at them), not a copy: 16 bytes less per declaration (issue 25).
  const std::map<std::string_view, DeclEntry>& entries() const { return entries_; }

 private:
  // The library's index holds hundreds of names, and every reference and catalog look-up
  // of every spec searches it: string comparisons down the map were ~2 % of a check. A
  // spec's few names are hashed too: half of a check's look-ups end in the spec's own
  // index, and the other half missed it after ~4 string comparisons down its map before
  // hashing the name for the library's (issue 28: Program::find was 2 % of a check).
  static constexpr std::size_t kHashFrom = 1;
  static constexpr std::size_t kSmallestTable = 16;  // fewer rehashes while a spec's names are added
  void rehash();
  void insert_hashed(const DeclEntry* entry);

  std::map<std::string_view, DeclEntry> entries_;
  // Open addressing by the hash of the declaration's name, probing linearly; a power of
  // two at least twice the entries (and at least kSmallestTable); empty while the index is. An unordered_map was
  // 56 bytes per declaration, this 8 to 32 (issue 25: a large spec has 300,000).
  std::vector<const DeclEntry*> hashed_;
};

// Declarations grouped by kind ("part", "cuda_arch", ...), each group in name order.
using DeclsByKind = std::map<std::string, std::vector<const DeclEntry*>, std::less<>>;

// The stdlib and built-in policies: parsed once per process.
class Library {
 public:
  void add_file(SourceManager& sources, DiagnosticEngine& diags, std::string path, std::string text);
  // A file whose text is the binary's own data (embedded, SourceManager::add_static).
  void add_static_file(SourceManager& sources, DiagnosticEngine& diags, std::string path, std::string_view text);
  const DeclIndex& index() const { return index_; }
  // Every file with every declaration's body read (the snapshot defers them): what a
  // reader of a whole file's tree needs.
  const std::vector<std::unique_ptr<LoadedFile>>& files() const;
  // The files as they are: a deferred body is empty until read (ast::File::read,
  // DeclEntry::decl). For readers that look at the headers and read the bodies they use.
  const std::vector<std::unique_ptr<LoadedFile>>& files_with_deferred_bodies() const { return files_; }
  // The library's declarations by kind: grouped once per process, on first request
  // (under a once-flag: every --jobs thread's programs ask), not once per program —
  // regrouping its hundreds of entries for every spec was 5 % of a check (issue 12).
  const DeclsByKind& by_kind() const;
  // What the fact resolvers derive from the library alone and share across its programs
  // and --jobs threads (facts/fact_memo.h). Lives as long as the library;
  // dropped when a file is added.
  const DerivedSlot& fact_cache() const { return fact_cache_; }

 private:
  struct KindCache {
    std::once_flag once;
    DeclsByKind by_kind;
  };
  void add_source(const SourceFile& source, DiagnosticEngine& diags);
  std::vector<std::unique_ptr<LoadedFile>> files_;
  DeclIndex index_;
  // Behind a pointer so the library stays movable (a once-flag is not); reset by add_file.
  std::unique_ptr<KindCache> kinds_ = std::make_unique<KindCache>();
  DerivedSlot fact_cache_;
};

class Program {
 public:
  explicit Program(const Library& library) : library_(&library) {}

  const Library& library() const { return *library_; }
  // User files, the root first, then imports in the order they were loaded.
  const std::vector<std::unique_ptr<LoadedFile>>& files() const { return files_; }
  const DeclEntry* find(std::string_view name) const;
  // Every declaration visible in the program (user and library), sorted by name.
  // Built on first use and kept: the resolvers ask for it for every declaration they
  // resolve, and re-merging the library's index each time made a file's cost
  // grow with its size (issue 12).
  const std::vector<const DeclEntry*>& all_declarations() const;
  // The visible declarations of one kind ("part", "cuda_arch", ...), in name order.
  const std::vector<const DeclEntry*>& declarations_of_kind(std::string_view kind) const;
  std::vector<const DeclEntry*> user_declarations() const;

  LoadedFile& add_file(const SourceFile& source, ast::File ast);
  // Where the program's files may be read from (source/confinement.h): the loader sets
  // it; sema reads sibling files only inside it. None for a program built in memory.
  const ProjectRoot& root() const { return root_; }
  void set_root(ProjectRoot root) { root_ = std::move(root); }
  // Changing the index drops the merged view; it is rebuilt on the next look-up.
  DeclIndex& index() {
    merged_.reset();
    return index_;
  }

 private:
  // The library's and the program's declarations merged (the program's shadow the
  // library's), all of them and by kind. `by_kind` holds only the kinds the program's
  // own declarations change (its servers and workloads, mostly); every other kind is the
  // library's group as it is, shared rather than copied per program.
  struct MergedIndex {
    std::vector<const DeclEntry*> all;  // built on first all_declarations()
    bool all_built = false;
    DeclsByKind by_kind;
  };
  const MergedIndex& merged() const;

  const Library* library_;
  ProjectRoot root_ = ProjectRoot::none("the program was not loaded from files");
  std::vector<std::unique_ptr<LoadedFile>> files_;
  DeclIndex index_;
  // A cache, not state: a program is used by one thread at a time.
  mutable std::shared_ptr<MergedIndex> merged_;
};

}  // namespace gpuspec::sema
