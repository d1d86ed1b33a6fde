#include "sema/broken_declarations.h"

#include <algorithm>
#include <map>
#include <string_view>

#include "ast/walk.h"

namespace gpuspec::sema {

namespace {

// Every name an expression mentions: references, symbols and fact names alike (only the
// ones that name a user declaration matter).
void names_in(const ast::Expr& expr, std::vector<std::string_view>& out) {
  if (const auto* name = expr.as<ast::Name>()) out.push_back(name->name);
  if (const auto* multiplicity = expr.as<ast::Multiplicity>()) out.push_back(multiplicity->name);
  ast::for_each_child(expr, [&](const ast::Expr& child) { names_in(child, out); });
}

void names_in(const ast::Body& body, std::vector<std::string_view>& out) {
  for (const auto& item : body.items) {
    if (const auto* property = std::get_if<ast::Property>(&item)) {
      names_in(*property->value, out);
    } else if (const auto* block = std::get_if<std::unique_ptr<ast::Block>>(&item)) {
      names_in((*block)->body, out);
    }
  }
}

// The user declaration `d` points into, or names.
const ast::Declaration* declaration_of(const Program& program, const std::map<FileId, const LoadedFile*>& files,
                                       const Diagnostic& d) {
  if (!d.declaration.empty()) {
    const DeclEntry* entry = program.find(d.declaration);
    if (entry && entry->decl && entry->file && !entry->file->library) return entry->decl;
  }
  if (!d.range.valid()) return nullptr;
  auto file = files.find(d.range.file);
  if (file == files.end()) return nullptr;
  const auto& decls = file->second->ast.declarations;  // in source order
  auto after = std::upper_bound(decls.begin(), decls.end(), d.range.begin,
                                [](std::uint32_t at, const ast::Declaration& decl) { return at < decl.range.begin; });
  if (after == decls.begin()) return nullptr;
  const ast::Declaration& decl = *std::prev(after);
  return d.range.begin < decl.range.end ? &decl : nullptr;
}

}  // namespace

std::set<const ast::Declaration*> broken_declarations(const Program& program, const std::vector<Diagnostic>& diagnostics,
                                                      std::size_t from) {
  std::set<const ast::Declaration*> broken;
  std::map<FileId, const LoadedFile*> files;
  // Who refers to whom, among the program's own declarations: referrers by declaration.
  std::map<const ast::Declaration*, std::vector<const ast::Declaration*>> referrers;
  for (const auto& file : program.files()) {
    files.emplace(file->source->id(), file.get());
    for (const auto& decl : file->ast.declarations) {
      if (decl.recovered) broken.insert(&decl);
      std::vector<std::string_view> names;
      names_in(decl.body, names);
      for (auto name : names) {
        const DeclEntry* entry = program.find(name);
        if (entry && entry->decl && entry->file && !entry->file->library && entry->decl != &decl) {
          referrers[entry->decl].push_back(&decl);
        }
      }
    }
  }
  for (std::size_t i = from; i < diagnostics.size(); ++i) {
    if (diagnostics[i].severity != Severity::Error) continue;
    if (const ast::Declaration* decl = declaration_of(program, files, diagnostics[i])) broken.insert(decl);
  }
  std::vector<const ast::Declaration*> pending(broken.begin(), broken.end());
  while (!pending.empty()) {
    const ast::Declaration* decl = pending.back();
    pending.pop_back();
    for (const ast::Declaration* referrer : referrers[decl]) {
      if (broken.insert(referrer).second) pending.push_back(referrer);
    }
  }
  return broken;
}

}  // namespace gpuspec::sema
