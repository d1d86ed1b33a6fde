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

std::vector<const DeclEntry*> Program::all_declarations() const {
  std::map<std::string_view, const DeclEntry*> merged;
  for (const auto& [name, entry] : library_->index().entries()) merged.emplace(name, &entry);
  for (const auto& [name, entry] : index_.entries()) merged[name] = &entry;
  std::vector<const DeclEntry*> out;
  for (const auto& [name, entry] : merged) out.push_back(entry);
  return out;
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
  return *files_.back();
}

}  // namespace gpuspec::sema
