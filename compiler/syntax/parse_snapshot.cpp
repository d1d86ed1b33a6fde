#include "syntax/parse_snapshot.h"

#include <atomic>
#include <unordered_map>

#include "syntax/ast_snapshot.h"

namespace gpuspec::syntax {

namespace {

using Table = std::unordered_map<std::string_view, std::string_view>;

// Published once, complete, and never freed: readers on other threads see either no
// table or the whole one.
std::atomic<const Table*> installed{nullptr};

std::function<void(const SourceFile&, bool)>& observer() {
  static std::function<void(const SourceFile&, bool)> instance;
  return instance;
}

}  // namespace

void install_parse_snapshot(const std::vector<ParseSnapshotEntry>& entries) {
  if (installed.load(std::memory_order_acquire)) return;
  auto* table = new Table();
  for (const auto& entry : entries) table->emplace(entry.text, entry.ast);
  const Table* expected = nullptr;
  if (!installed.compare_exchange_strong(expected, table, std::memory_order_acq_rel)) delete table;
}

std::optional<ast::File> parse_from_snapshot(const SourceFile& source) {
  const Table* table = installed.load(std::memory_order_acquire);
  if (!table) return std::nullopt;
  auto it = table->find(source.text());
  if (it == table->end()) return std::nullopt;
  return deserialize_ast(it->second, source.id());
}

void set_parse_observer(std::function<void(const SourceFile&, bool clean)> fn) { observer() = std::move(fn); }

void notify_parse_observer(const SourceFile& source, bool clean) {
  if (observer()) observer()(source, clean);
}

}  // namespace gpuspec::syntax
