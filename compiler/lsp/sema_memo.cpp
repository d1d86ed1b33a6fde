#include "lsp/sema_memo.h"

#include <algorithm>
#include <utility>

#include "sema/program.h"

namespace gpuspec::lsp {

namespace {

std::string_view text_of(const ast::Declaration& decl, const sema::LoadedFile& file) {
  return file.source->slice(decl.range);
}

}  // namespace

std::size_t SemaMemo::TextHash::operator()(std::string_view text) const {
  constexpr std::size_t kEnds = 48;  // "server train_17 {" and the last lines
  std::size_t head = std::hash<std::string_view>{}(text.substr(0, kEnds));
  std::size_t tail = text.size() > kEnds ? std::hash<std::string_view>{}(text.substr(text.size() - kEnds)) : 0;
  return head ^ (tail * 31) ^ (text.size() * 0x9e3779b97f4a7c15ULL);
}

void SemaMemo::begin() {
  // An analysis that stopped between begin() and sweep() left entries not validated
  // against its names: drop them all rather than trust them.
  if (!swept_) clean_.clear();
  swept_ = false;
  started_ = false;
}

void SemaMemo::note_names(const sema::Program& program) {
  std::string names;
  names.reserve(names_.size());
  for (const auto& file : program.files()) {
    for (const auto& decl : file->ast.declarations) {
      names += decl.name;
      names += '\0';
      names += decl.kind;
      names += '\n';
    }
    names += '\f';
  }
  names_same_ = names == names_;
  names_ = std::move(names);
  started_ = true;
}

bool SemaMemo::known_clean(const ast::Declaration& decl, const sema::LoadedFile& file, const sema::Program& program) {
  if (!started_) note_names(program);
  // A declaration error recovery salvaged has no text of its own to key it by.
  if (decl.recovered) return false;
  auto it = clean_.find(text_of(decl, file));
  if (it == clean_.end()) return false;
  if (!names_same_) {
    for (const auto& [name, kind] : it->second.lookups) {
      const sema::DeclEntry* found = program.find(name);
      if (found ? found->decl->kind != kind : !kind.empty()) return false;
    }
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
  swept_ = true;
  return std::exchange(stats_, {});
}

}  // namespace gpuspec::lsp
