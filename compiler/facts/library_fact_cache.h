// Fact groups recorded once per library (fact_replay.h) and replayed by every program
// of it: the facts that depend on a server's few inputs and on the library's
// compatibility tables, not on the program (issue 12). A session checks a thousand files
// with one library, so a group is resolved once per distinct inputs per run, not once
// per server.
//
// The cache belongs to the library (sema::Library::fact_cache) and lives as long as it:
// a record's catalog origins name the library's files, and its facts are borrowed by
// the sets resolved from its programs, like the library's own catalog facts. It is
// shared by every --jobs thread: a look-up locks, a record never changes once added.
#pragma once

#include <initializer_list>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "facts/fact_replay.h"
#include "sema/program.h"

namespace gpuspec::facts {

// Records by key, for one group of facts.
class ReplayCache {
 public:
  const RecordedFacts* find(const std::string& key) const;
  // Adds `record` under `key` unless one is there (another thread recorded the same
  // inputs first: the two are equal) or the cache is full; returns the one kept, or null.
  const RecordedFacts* add(std::string key, std::unique_ptr<const RecordedFacts> record) const;

  // Distinct inputs kept at most: a long-lived session (the language server) sees ever
  // new texts; past this, a group is resolved afresh for every new combination.
  static constexpr std::size_t kCapacity = 4096;
  std::size_t size() const;

 private:
  mutable std::mutex mutex_;
  mutable std::unordered_map<std::string, std::unique_ptr<const RecordedFacts>> records_;
};

// One cache per recorded group.
struct LibraryFactCache {
  ReplayCache compat;     // resolve_compat.cpp: software stack, CUDA and export facts
  ReplayCache baseboard;  // resolve_topology.cpp: the GPU baseboard of a model and count
};

// The cache of `program`'s library, or null when the group cannot be shared: the program
// declares entries of one of `kinds` (the catalog tables the group reads), so its tables
// are not the library's, or replaying is switched off.
const LibraryFactCache* library_fact_cache(const sema::Program& program, std::initializer_list<std::string_view> kinds);

// Whether resolvers record and replay (default on). A test resolves with it off to
// compare the two paths; set it while no resolution runs.
void set_fact_replay(bool enabled);

// Resolves the group of `cache` through it: replays the record under `key` or runs `add`
// (recording it). `key` must cover everything `add` reads, `slots` every per-declaration
// range its origins may name (fact_replay.h; a record whose other origins point into
// `program`'s own files is not kept). Without a cache, just runs `add`.
template <class Add>
void resolve_through(const ReplayCache* cache, const sema::Program& program, const std::string& key,
                     FactSet& facts, std::span<const SourceRange> slots, Add&& add) {
  if (!cache) return add();
  if (const RecordedFacts* recorded = cache->find(key)) return recorded->replay(facts, slots);
  std::vector<FileId> own_files;
  own_files.reserve(program.files().size());
  for (const auto& file : program.files()) own_files.push_back(file->source->id());
  auto record = RecordedFacts::record(facts, slots, own_files, add);
  if (record) cache->add(key, std::move(record));
}

}  // namespace gpuspec::facts
