#include "sema/program.h"

#include <fmt/format.h>

#include "syntax/parser.h"

namespace gpuspec::sema {

void DeclIndex::add(const LoadedFile& file, DiagnosticEngine& diags, const DeclIndex* outer) {
  for (const auto& decl : file.ast.declarations) {
    const DeclEntry* previous = find(decl.name);
    if (!previous && outer) previous = outer->find(decl.name);
    if (previous) {
      auto& d = diags.error("duplicate-name", decl.name_range,
                            fmt::format("'{}' is already declared", decl.name));
      d.declaration = decl.name;
      d.notes.push_back({fmt::format("previous declaration of '{}' ({}) is here", decl.name, previous->decl->kind),
                         previous->decl->name_range});
      continue;
    }
    entries_.emplace(decl.name, DeclEntry{&decl, &file});
  }
}

const DeclEntry* DeclIndex::find(std::string_view name) const {
  auto it = entries_.find(name);
  return it == entries_.end() ? nullptr : &it->second;
}

void Library::add_file(SourceManager& sources, DiagnosticEngine& diags, std::string path, std::string text) {
  const SourceFile& source = sources.add(std::move(path), std::move(text), /*embedded=*/true);
  auto file = std::make_unique<LoadedFile>();
  file->source = &source;
  std::size_t errors_before = diags.error_count();
  file->ast = syntax::parse_file(source, diags);
  file->syntax_errors = diags.error_count() > errors_before;
  file->library = true;
  index_.add(*file, diags);
  files_.push_back(std::move(file));
}

const DeclEntry* Program::find(std::string_view name) const {
  if (const auto* entry = index_.find(name)) return entry;
  return library_->index().find(name);
}

const Program::MergedIndex& Program::merged() const {
  if (merged_) return *merged_;
  std::map<std::string_view, const DeclEntry*> by_name;
  for (const auto& [name, entry] : library_->index().entries()) by_name.emplace(name, &entry);
  for (const auto& [name, entry] : index_.entries()) by_name[name] = &entry;
  auto index = std::make_shared<MergedIndex>();
  index->all.reserve(by_name.size());
  for (const auto& [name, entry] : by_name) {
    index->all.push_back(entry);
    auto it = index->by_kind.find(entry->decl->kind);
    if (it == index->by_kind.end()) it = index->by_kind.emplace(entry->decl->kind, std::vector<const DeclEntry*>{}).first;
    it->second.push_back(entry);
  }
  merged_ = std::move(index);
  return *merged_;
}

const std::vector<const DeclEntry*>& Program::all_declarations() const { return merged().all; }

const std::vector<const DeclEntry*>& Program::declarations_of_kind(std::string_view kind) const {
  static const std::vector<const DeclEntry*> none;
  const auto& by_kind = merged().by_kind;
  auto it = by_kind.find(kind);
  return it == by_kind.end() ? none : it->second;
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
