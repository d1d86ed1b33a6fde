#include "facts/typed_catalog.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <memory>
#include <mutex>

#include "facts/properties.h"

namespace gpuspec::facts {

namespace {

// The properties of `body` by path with find_property's rules: for each name the first
// property counts (even when it is not a literal, which then hides a later one), and
// for each block name the last block.
template <class Add>
void flatten(const ast::Body& body, const std::string& prefix, Add& add) {
  std::vector<std::string_view> seen;  // a few dozen at most: a scan beats a set's nodes
  std::vector<const ast::Block*> blocks;
  for (const auto& item : body.items) {
    if (const auto* p = std::get_if<ast::Property>(&item)) {
      if (std::find(seen.begin(), seen.end(), p->key) != seen.end()) continue;
      seen.push_back(p->key);
      add(prefix, *p);
    } else if (const auto* b = std::get_if<std::unique_ptr<ast::Block>>(&item)) {
      auto same = std::find_if(blocks.begin(), blocks.end(), [&](const ast::Block* x) { return x->key == (*b)->key; });
      if (same != blocks.end()) {
        *same = b->get();
      } else {
        blocks.push_back(b->get());
      }
    }
  }
  for (const ast::Block* block : blocks) flatten(block->body, prefix + block->key + ".", add);
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
    if (!slot.ready.load(std::memory_order_acquire)) {
      std::call_once(slot.once, [&] {
        slot.value.emplace(TypedDeclaration::of(decl));
        slot.ready.store(true, std::memory_order_release);
      });
    }
    return *slot.value;
  }

 private:
  struct Slot {
    std::once_flag once;
    std::atomic<bool> ready{false};  // `value` is built: a read skips the once-flag (see TypedDeclaration::Entry)
    std::optional<TypedDeclaration> value;  // nothing allocated for an entry never read
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

namespace {

// FNV-1a: paths are short, and the same function builds and probes the table.
std::size_t path_hash(std::string_view path) {
  std::uint64_t h = 14695981039346656037ull;
  for (char c : path) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return static_cast<std::size_t>(h ^ (h >> 29));
}

}  // namespace

TypedDeclaration TypedDeclaration::of(const ast::Declaration& decl) {
  std::vector<std::pair<std::string, const ast::Property*>> found;
  auto add = [&](const std::string& prefix, const ast::Property& p) { found.emplace_back(prefix + p.key, &p); };
  flatten(decl.body, "", add);
  TypedDeclaration out;
  out.decl_ = &decl;
  out.entries_ = std::vector<Entry>(found.size());
  std::size_t buckets = 8;
  while (buckets < 2 * found.size()) buckets *= 2;
  out.buckets_.assign(buckets, 0);
  for (std::size_t i = 0; i < found.size(); ++i) {
    out.entries_[i].path = std::move(found[i].first);
    out.entries_[i].property = found[i].second;
    // flatten() gives each path once, so every entry gets a bucket of its own.
    std::size_t b = path_hash(out.entries_[i].path) & (buckets - 1);
    while (out.buckets_[b] != 0) b = (b + 1) & (buckets - 1);
    out.buckets_[b] = static_cast<std::uint32_t>(i + 1);
  }
  return out;
}

const CatalogFact* TypedDeclaration::find(std::string_view path) const {
  if (buckets_.empty()) return nullptr;
  const std::size_t mask = buckets_.size() - 1;
  for (std::size_t b = path_hash(path) & mask; buckets_[b] != 0; b = (b + 1) & mask) {
    const Entry& e = entries_[buckets_[b] - 1u];
    if (e.path != path) continue;
    if (!e.ready.load(std::memory_order_acquire)) {
      std::call_once(e.once, [&] {
        if (auto value = literal_value(*e.property->value)) {
          e.fact = std::make_unique<const CatalogFact>(
              CatalogFact{std::move(*value), Origin{Origin::Kind::Catalog, e.property->range, decl_->name, {}}});
        }
        e.ready.store(true, std::memory_order_release);
      });
    }
    return e.fact.get();
  }
  return nullptr;
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
