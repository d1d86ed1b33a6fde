#include "sema/program.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <functional>

#include "syntax/parser.h"

namespace gpuspec::sema {

void DeclIndex::add(const LoadedFile& file, DiagnosticEngine& diags, const DeclIndex* outer) {
  for (const auto& decl : file.ast.declarations) {
    // Without an outer index the insertion itself finds a duplicate: the library's ~700
    // names were each looked up and then inserted (issue 28, i28-cold3).
    const DeclEntry* previous = outer ? find(decl.name) : nullptr;
    if (!previous && outer) previous = outer->find(decl.name);
    if (!previous) {
      auto [it, inserted] =
          entries_.emplace(std::string_view(decl.name), DeclEntry{DeclRef(&decl, file.ast.deferred_body(decl)), &file});
      if (inserted) {
        if (hashed_.empty() ? entries_.size() >= kHashFrom : entries_.size() * 2 > hashed_.size()) {
          rehash();
        } else if (!hashed_.empty()) {
          insert_hashed(&it->second);
        }
        continue;
      }
      previous = &it->second;
    }
    auto& d = diags.error("duplicate-name", decl.name_range, fmt::format("'{}' is already declared", decl.name));
    d.declaration = decl.name;
    d.notes.push_back({fmt::format("previous declaration of '{}' ({}) is here", decl.name, previous->decl.header().kind),
                       previous->decl->name_range});
  }
}

void DeclIndex::rehash() {
  hashed_.clear();
  if (entries_.size() < kHashFrom) return;
  hashed_.assign(std::max(kSmallestTable, std::bit_ceil(entries_.size() * 2)), nullptr);
  for (const auto& [name, entry] : entries_) insert_hashed(&entry);
}

void DeclIndex::insert_hashed(const DeclEntry* entry) {
  const std::size_t mask = hashed_.size() - 1;
  std::size_t at = hash_of(entry->decl.header().name) & mask;
  while (hashed_[at]) at = (at + 1) & mask;
  hashed_[at] = entry;
}

const DeclEntry* DeclIndex::find(std::string_view name) const {
  if (entries_.empty()) return nullptr;
  return find(name, hash_of(name));
}

const DeclEntry* DeclIndex::find(std::string_view name, std::size_t hash) const {
  if (!hashed_.empty()) {
    const std::size_t mask = hashed_.size() - 1;
    for (std::size_t at = hash & mask; hashed_[at]; at = (at + 1) & mask) {
      if (hashed_[at]->decl.header().name == name) return hashed_[at];
    }
    return nullptr;
  }
  auto it = entries_.find(name);
  return it == entries_.end() ? nullptr : &it->second;
}

void Library::add_file(SourceManager& sources, DiagnosticEngine& diags, std::string path, std::string text) {
  add_source(sources.add(std::move(path), std::move(text), /*embedded=*/true), diags);
}

void Library::add_static_file(SourceManager& sources, DiagnosticEngine& diags, std::string path, std::string_view text) {
  add_source(sources.add_static(std::move(path), text), diags);
}

void Library::add_source(const SourceFile& source, DiagnosticEngine& diags) {
  auto file = std::make_unique<LoadedFile>();
  file->source = &source;
  file->ast = syntax::parse_library_file(source, diags);
  file->library = true;
  index_.add(*file, diags);
  files_.push_back(std::move(file));
  kinds_ = std::make_unique<KindCache>();  // loading happens before any thread reads the library
  fact_cache_ = DerivedSlot();
}

const std::vector<std::unique_ptr<LoadedFile>>& Library::files() const {
  for (const auto& file : files_) file->ast.read_all();
  return files_;
}

const DeclsByKind& Library::by_kind() const {
  std::call_once(kinds_->once, [&] {
    for (const auto& [name, entry] : index_.entries()) kinds_->by_kind[entry.decl.header().kind].push_back(&entry);
  });
  return kinds_->by_kind;
}

const DeclEntry* Program::find(std::string_view name) const {
  const std::size_t hash = DeclIndex::hash_of(name);
  if (const auto* entry = index_.find(name, hash)) return entry;
  return library_->index().find(name, hash);
}

const Program::MergedIndex& Program::merged() const {
  if (merged_) return *merged_;
  auto index = std::make_shared<MergedIndex>();
  const DeclsByKind& library = library_->by_kind();
  // The kinds this program changes: those of its own declarations, and those of the
  // library entries they shadow.
  std::vector<std::string_view> changed;
  auto mark = [&](std::string_view kind) {
    if (std::find(changed.begin(), changed.end(), kind) == changed.end()) changed.push_back(kind);
  };
  for (const auto& [name, entry] : index_.entries()) {
    mark(entry.decl.header().kind);
    if (const DeclEntry* shadowed = library_->index().find(name)) mark(shadowed->decl.header().kind);
  }
  for (std::string_view kind : changed) {
    std::vector<const DeclEntry*> group;
    if (auto it = library.find(kind); it != library.end()) {
      for (const DeclEntry* entry : it->second) {
        if (!index_.find(entry->decl.header().name)) group.push_back(entry);
      }
    }
    for (const auto& [name, entry] : index_.entries()) {
      if (entry.decl.header().kind == kind) group.push_back(&entry);
    }
    std::sort(group.begin(), group.end(),
              [](const DeclEntry* a, const DeclEntry* b) { return a->decl.header().name < b->decl.header().name; });
    index->by_kind.emplace(std::string(kind), std::move(group));
  }
  merged_ = std::move(index);
  return *merged_;
}

const std::vector<const DeclEntry*>& Program::all_declarations() const {
  merged();
  MergedIndex& index = *merged_;
  if (index.all_built) return index.all;
  std::map<std::string_view, const DeclEntry*> by_name;
  for (const auto& [name, entry] : library_->index().entries()) by_name.emplace(name, &entry);
  for (const auto& [name, entry] : index_.entries()) by_name[name] = &entry;
  index.all.reserve(by_name.size());
  for (const auto& [name, entry] : by_name) index.all.push_back(entry);
  index.all_built = true;
  return index.all;
}

const std::vector<const DeclEntry*>& Program::declarations_of_kind(std::string_view kind) const {
  static const std::vector<const DeclEntry*> none;
  const auto& own = merged().by_kind;
  if (auto it = own.find(kind); it != own.end()) return it->second;
  const DeclsByKind& library = library_->by_kind();
  auto it = library.find(kind);
  return it == library.end() ? none : it->second;
}

std::vector<const DeclEntry*> Program::user_declarations() const {
  std::vector<const DeclEntry*> out;
  for (const auto& [name, entry] : index_.entries()) out.push_back(&entry);
  return out;
}

LoadedFile& Program::add_file(const SourceFile& source, ast::File ast) {
  auto file = std::make_unique<LoadedFile>();
  file->source = &source;
  file->ast = std::move(ast);
  files_.push_back(std::move(file));
  merged_.reset();
  return *files_.back();
}

}  // namespace gpuspec::sema
