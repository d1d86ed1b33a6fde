#include "syntax/parse_snapshot.h"

#include <atomic>
#include <mutex>
#include <unordered_map>

#include "syntax/ast_snapshot.h"

namespace gpuspec::syntax {

namespace {

// The key is a file's whole text (~300 KB in all). std::hash reads every byte of it, on
// installing and again on every look-up, which was 6 % of a one-file check's
// instructions. A hash of the length and of a few bytes from each end spreads the
// ~300 texts as well; equal hashes still compare the whole text.
struct SampledTextHash {
  std::size_t operator()(std::string_view text) const {
    constexpr std::size_t kSample = 64;
    std::size_t hash = std::hash<std::size_t>{}(text.size());
    auto mix = [&](std::string_view part) {
      hash ^= std::hash<std::string_view>{}(part) + 0x9e3779b97f4a7c15ULL + (hash << 6) + (hash >> 2);
    };
    if (text.size() <= 2 * kSample) {
      mix(text);
    } else {
      mix(text.substr(0, kSample));
      mix(text.substr(text.size() / 2, kSample));
      mix(text.substr(text.size() - kSample));
    }
    return hash;
  }
};
// An embedded file's text is the very bytes the entry names (SourceFile::view): equal
// addresses answer without comparing ~700 KB.
struct SameText {
  bool operator()(std::string_view a, std::string_view b) const {
    return a.size() == b.size() && (a.data() == b.data() || a == b);
  }
};
using Table = std::unordered_map<std::string_view, std::string_view, SampledTextHash, SameText>;

// Published once, complete, and never freed: readers on other threads see either no
// table or the whole one.
std::atomic<const Table*> installed{nullptr};
// Written before `installed` is published, read after it is seen.
bool checks_clean = false;

std::function<void(const SourceFile&, bool)>& observer() {
  static std::function<void(const SourceFile&, bool)> instance;
  return instance;
}

}  // namespace

void install_parse_snapshot(const std::vector<ParseSnapshotEntry>& entries, bool library_checks_clean) {
  static std::once_flag once;
  std::call_once(once, [&] {
    auto* table = new Table();
    for (const auto& entry : entries) table->emplace(entry.text, entry.ast);
    checks_clean = library_checks_clean;
    installed.store(table, std::memory_order_release);
  });
}

bool embedded_library_checks_clean() { return installed.load(std::memory_order_acquire) && checks_clean; }

std::optional<ast::File> parse_from_snapshot(const SourceFile& source, Bodies bodies) {
  const Table* table = installed.load(std::memory_order_acquire);
  if (!table) return std::nullopt;
  auto it = table->find(source.view());
  if (it == table->end()) return std::nullopt;
  return deserialize_ast(it->second, source.id(), bodies);
}

void set_parse_observer(std::function<void(const SourceFile&, bool clean)> fn) { observer() = std::move(fn); }

void notify_parse_observer(const SourceFile& source, bool clean) {
  if (observer()) observer()(source, clean);
}

}  // namespace gpuspec::syntax
