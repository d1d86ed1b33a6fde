#include "facts/typed_catalog.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <set>

#include "facts/properties.h"

namespace gpuspec::facts {

namespace {

// Flattens `body` into `out` with find_property's rules: for each name the first
// property counts (even when it is not a literal, which then hides a later one), and
// for each block name the last block.
void flatten(const ast::Body& body, const std::string& prefix, const ast::Declaration& decl,
             std::vector<std::pair<std::string, CatalogFact>>& out) {
  std::set<std::string_view> seen;
  std::vector<const ast::Block*> blocks;
  for (const auto& item : body.items) {
    if (const auto* p = std::get_if<ast::Property>(&item)) {
      if (!seen.insert(p->key).second) continue;
      auto value = literal_value(*p->value);
      if (!value) continue;
      out.emplace_back(prefix + p->key,
                       CatalogFact{std::move(*value), Origin{Origin::Kind::Catalog, p->range, decl.name, {}}});
    } else if (const auto* b = std::get_if<std::unique_ptr<ast::Block>>(&item)) {
      auto same = std::find_if(blocks.begin(), blocks.end(), [&](const ast::Block* x) { return x->key == (*b)->key; });
      if (same != blocks.end()) {
        *same = b->get();
      } else {
        blocks.push_back(b->get());
      }
    }
  }
  for (const ast::Block* block : blocks) flatten(block->body, prefix + block->key + ".", decl, out);
}

// One file's declarations, each evaluated on its first request: a one-file check reads
// a few dozen of the library's hundreds of entries, and evaluating all of them would
// cost its cold start more than it saves.
class TypedFile {
 public:
  explicit TypedFile(const ast::File& file)
      : first_(file.declarations.data()), slots_(std::make_unique<Slot[]>(file.declarations.size())),
        count_(file.declarations.size()) {}

  const TypedDeclaration& find(const ast::Declaration& decl) const {
    // Compare addresses with std::less: the declaration may belong to no array here.
    std::less<const ast::Declaration*> before;
    if (before(&decl, first_) || !before(&decl, first_ + count_)) return stray(decl);
    Slot& slot = slots_[static_cast<std::size_t>(&decl - first_)];
    std::call_once(slot.once, [&] { slot.value = TypedDeclaration::of(decl); });
    return slot.value;
  }

 private:
  struct Slot {
    std::once_flag once;
    TypedDeclaration value;
  };
  // An entry that names this file but a declaration outside it. The index never makes
  // one (sema::DeclIndex takes each declaration from its own file); answered anyway,
  // rather than wrongly, and kept so the answer outlives the call.
  const TypedDeclaration& stray(const ast::Declaration& decl) const {
    std::lock_guard lock(strays_mutex_);
    auto& typed = strays_[&decl];
    if (!typed) typed = std::make_unique<TypedDeclaration>(TypedDeclaration::of(decl));
    return *typed;
  }

  const ast::Declaration* first_;
  std::unique_ptr<Slot[]> slots_;
  std::size_t count_;
  mutable std::mutex strays_mutex_;
  mutable std::map<const ast::Declaration*, std::unique_ptr<TypedDeclaration>> strays_;
};

}  // namespace

TypedDeclaration TypedDeclaration::of(const ast::Declaration& decl) {
  TypedDeclaration out;
  flatten(decl.body, "", decl, out.properties_);
  std::sort(out.properties_.begin(), out.properties_.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  return out;
}

const CatalogFact* TypedDeclaration::find(std::string_view path) const {
  auto it = std::lower_bound(properties_.begin(), properties_.end(), path,
                             [](const auto& p, std::string_view key) { return std::string_view(p.first) < key; });
  return it != properties_.end() && it->first == path ? &it->second : nullptr;
}

const TypedDeclaration& typed_declaration(const sema::DeclEntry& entry) {
  const TypedFile& file =
      entry.file->typed.get<TypedFile>([&] { return std::make_shared<const TypedFile>(entry.file->ast); });
  return file.find(*entry.decl);
}

const CatalogFact* catalog_fact(const sema::DeclEntry& entry, std::string_view property) {
  return typed_declaration(entry).find(property);
}

}  // namespace gpuspec::facts
