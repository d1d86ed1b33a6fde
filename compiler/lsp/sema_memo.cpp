#include "lsp/sema_memo.h"

#include <utility>

#include "sema/program.h"

namespace gpuspec::lsp {

namespace {

std::string_view text_of(const ast::Declaration& decl, const sema::LoadedFile& file) {
  return file.source->slice(decl.range);
}

}  // namespace

bool SemaMemo::known_clean(const ast::Declaration& decl, const sema::LoadedFile& file, const sema::Program& program) {
  // A declaration error recovery salvaged has no text of its own to key it by.
  if (decl.recovered) return false;
  auto it = clean_.find(text_of(decl, file));
  if (it == clean_.end()) return false;
  for (const auto& [name, kind] : it->second.lookups) {
    const sema::DeclEntry* found = program.find(name);
    if (found ? found->decl->kind != kind : !kind.empty()) return false;
  }
  it->second.generation = generation_;
  ++stats_.skipped;
  return true;
}

void SemaMemo::checked(const ast::Declaration& decl, const sema::LoadedFile& file, bool clean,
                       sema::NameLookups lookups) {
  ++stats_.checked;
  if (decl.recovered) return;
  std::string_view text = text_of(decl, file);
  if (!clean) {
    // Its text may have checked clean with other lookups (a name since removed).
    if (auto it = clean_.find(text); it != clean_.end()) clean_.erase(it);
    return;
  }
  auto [it, inserted] = clean_.try_emplace(std::string(text));
  it->second.lookups = std::move(lookups);
  it->second.generation = generation_;
}

CheckStats SemaMemo::sweep() {
  std::erase_if(clean_, [this](const auto& entry) { return entry.second.generation != generation_; });
  ++generation_;
  return std::exchange(stats_, {});
}

}  // namespace gpuspec::lsp
