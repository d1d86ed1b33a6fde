#include "facts/library_fact_cache.h"

#include <atomic>

namespace gpuspec::facts {

namespace {

std::atomic<bool> replay_enabled{true};

}  // namespace

const RecordedFacts* ReplayCache::find(const std::string& key) const {
  std::lock_guard lock(mutex_);
  auto it = records_.find(key);
  return it == records_.end() ? nullptr : it->second.get();
}

const RecordedFacts* ReplayCache::add(std::string key, std::unique_ptr<const RecordedFacts> record) const {
  std::lock_guard lock(mutex_);
  if (auto it = records_.find(key); it != records_.end()) return it->second.get();
  if (records_.size() >= kCapacity) return nullptr;
  return records_.emplace(std::move(key), std::move(record)).first->second.get();
}

std::size_t ReplayCache::size() const {
  std::lock_guard lock(mutex_);
  return records_.size();
}

const LibraryFactCache* library_fact_cache(const sema::Program& program, std::initializer_list<std::string_view> kinds) {
  if (!replay_enabled.load(std::memory_order_relaxed)) return nullptr;
  const sema::Library& library = program.library();
  const sema::DeclsByKind& shared = library.by_kind();
  for (std::string_view kind : kinds) {
    // The program's group is the library's own vector unless its declarations change it.
    const auto& group = program.declarations_of_kind(kind);
    auto it = shared.find(kind);
    if (it == shared.end() ? !group.empty() : &group != &it->second) return nullptr;
  }
  return &library.fact_cache().get<LibraryFactCache>([] { return std::make_shared<const LibraryFactCache>(); });
}

void set_fact_replay(bool enabled) { replay_enabled.store(enabled, std::memory_order_relaxed); }

}  // namespace gpuspec::facts
