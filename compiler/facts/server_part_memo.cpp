// ServerPartMemo (resolve_server_parts.h): a part of a server's own facts through the
// library's memo, keyed by the text of the body items it reads.
#include <string>
#include <vector>

#include "ast/walk.h"
#include "facts/fact_memo.h"
#include "facts/resolve_server_parts.h"

namespace gpuspec::facts {

namespace {

template <class T>
void append_bytes(std::string& key, const T& value) {
  key.append(reinterpret_cast<const char*>(&value), sizeof value);
}

// Appends the declaration each name in `expr` resolves to (null for none); false when one
// is the program's own, which another program's entry cannot stand for. (A program's
// declaration never shadows the library's: that is a duplicate-name error.)
bool append_resolved_names(std::string& key, const sema::Program& program, const ast::Expr& expr) {
  std::string_view name;
  if (const auto* counted = expr.as<ast::Multiplicity>()) name = counted->name;
  if (const auto* plain = expr.as<ast::Name>()) name = plain->name;
  if (!name.empty()) {
    const sema::DeclEntry* entry = program.find(name);
    if (entry && (!entry->file || !entry->file->library)) return false;
    append_bytes(key, entry ? &entry->decl.header() : nullptr);  // its identity; the body is read when used
  }
  bool shared = true;
  ast::for_each_child(expr, [&](const ast::Expr& child) { shared = shared && append_resolved_names(key, program, child); });
  return shared;
}

bool append_resolved_names(std::string& key, const sema::Program& program, const ast::Body& body) {
  for (const auto& item : body.items) {
    if (const auto* property = std::get_if<ast::Property>(&item)) {
      if (!append_resolved_names(key, program, *property->value)) return false;
    } else if (const auto* block = std::get_if<std::unique_ptr<ast::Block>>(&item)) {
      if (!append_resolved_names(key, program, (*block)->body)) return false;
    }
  }
  return true;
}

}  // namespace

ServerPartMemo::ServerPartMemo(FactBuilder& b) : ItemReader(b.decl().body), b_(b) {
  const ast::Declaration& decl = b.decl();
  const sema::LoadedFile* file = b.file();
  if (!file || !file->source || decl.recovered || !fact_memo_enabled()) return;
  memo_ = library_memo(b.program());
  items_.reserve(decl.body.items.size());
  for (const auto& item : decl.body.items) {
    const auto* property = std::get_if<ast::Property>(&item);
    const auto* block = property ? nullptr : std::get_if<std::unique_ptr<ast::Block>>(&item);
    if (!property && !block) continue;  // a waiver: no part reads one
    Item& prepared = items_.emplace_back();
    prepared.key = property ? property->key : (*block)->key;
    prepared.range = property ? property->range : (*block)->range;
    const std::string_view text = file->source->slice(prepared.range);
    append_bytes(prepared.identity, text.size());
    prepared.identity += text;
    prepared.shared = property ? append_resolved_names(prepared.identity, b.program(), *property->value)
                               : append_resolved_names(prepared.identity, b.program(), (*block)->body);
  }
}

bool ServerPartMemo::observe(std::string_view key, std::string& out, SourceRange& anchor) const {
  out.assign(1, '-');  // absent (an identity is longer: its text's length comes first)
  for (const Item& item : items_) {
    if (item.key != key) continue;
    if (anchor.valid() || !item.shared) return false;  // several items of one key are not kept either
    out = item.identity;
    anchor = item.range;
  }
  return true;
}

void ServerPartMemo::run(std::string_view part, void (*add)(FactBuilder&)) {
  if (!memo_ || FactMemo::recording()) return add(b_);
  // Read the earlier parts' facts one by one, not as one read of the chain of entries
  // replayed before (fact_memo.h): a part copies origins of facts another part wrote
  // inside that part's items (the CPU lanes' at `cpu = ...`), which a whole read makes a
  // slot, but the chain's anchors are not, so the entry would not be kept.
  b_.facts().stamp(0);
  const ast::Declaration& decl = b_.decl();
  // Every item the part looks up is a read of the entry (ItemReader), so one that begins
  // reading one more item is keyed by it too.
  DiagnosticEngine none;  // a server's own facts report nothing
  memoized(memo_, std::string(part), b_.program(), decl.name_range, b_.facts(), none,
           [&](DiagnosticEngine&) { add(b_); }, {}, decl.kind_range, nullptr, this);
}

}  // namespace gpuspec::facts
