#include "facts/fact_memo.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <map>
#include <tuple>

namespace gpuspec::facts {

namespace {

std::atomic<bool> memo_enabled{true};
std::atomic<std::uint64_t> stamps{0};  // set stamps and memo ids: each is used once in the process
thread_local FactMemo::Recording* active = nullptr;

bool same_range(const SourceRange& a, const SourceRange& b) {
  return a.file == b.file && a.begin == b.begin && a.end == b.end;
}

template <class T>
void append_bytes(std::string& key, const T& value) {
  char bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));
  key.append(bytes, sizeof(T));
}

void append_text(std::string& key, std::string_view text) {
  append_bytes(key, text.size());
  key += text;
}

bool in_program(const sema::Program& program, FileId file) {
  for (const auto& loaded : program.files()) {
    if (loaded->source->id() == file) return true;
  }
  return false;
}

// Whether the program's declarations of `kind` are the library's own (no declaration of
// its own adds to them).
bool library_table(const sema::Program& program, std::string_view kind) {
  const auto& group = program.declarations_of_kind(kind);
  const sema::DeclsByKind& shared = program.library().by_kind();
  auto it = shared.find(kind);
  return it == shared.end() ? group.empty() : &group == &it->second;
}

// Encodes `slot` like a whole read's range in the program (observe) and adds it to `slots`.
void observe_slot(std::string& out, const SourceRange& slot, std::vector<SourceRange>& slots) {
  int same = -1;
  for (std::size_t i = 0; i < slots.size() && same < 0; ++i) {
    if (same_range(slots[i], slot)) same = static_cast<int>(i);
  }
  append_bytes(out, same);
  slots.push_back(slot);
}

// What `read` reads now (`fact` for a fact), encoded so that two reads encode alike only
// if the provider cannot tell them apart. A whole fact's range in the program's files is
// a slot: added to `slots`, and encoded as which earlier slot, if any, has the same range.
void observe(std::string& out, const FactRead& read, const Fact* fact, const sema::Program& program,
             std::vector<SourceRange>& slots) {
  out.clear();
  if (read.kind == FactRead::Kind::Table) {
    out += library_table(program, read.name) ? 'L' : 'P';
    return;
  }
  if (!fact) {
    out += '-';
    return;
  }
  append_key(out, fact->value);
  if (read.kind == FactRead::Kind::Value) return;
  const Origin& origin = fact->origin;
  out += static_cast<char>('0' + static_cast<int>(origin.kind));
  append_text(out, origin.entry);
  append_text(out, origin.explanation.str());
  if (origin.range.valid() && in_program(program, origin.range.file)) {
    out += 'S';
    observe_slot(out, origin.range, slots);
  } else {
    out += 'F';
    append_bytes(out, origin.range.file);
    append_bytes(out, origin.range.begin);
    append_bytes(out, origin.range.end);
  }
}

const Fact* find_read(const FactSet& facts, const FactRead& read) {
  if (read.kind == FactRead::Kind::Table) return nullptr;
  return facts.find(read.id);
}

}  // namespace

// What a provider wrote, each fact with the value it ended with, and what it reported.
struct FactMemo::Entry {
  struct Output {
    FactId id;
    Fact fact;
    int slot = -1;  // index into the slots of the origin's range; -1 when fixed
    int anchor = -1;  // the anchor the origin's range is inside, kept relative to its start; -1 when none
  };
  std::vector<Output> outputs;
  std::vector<Diagnostic> diagnostics;
  std::vector<SourceRange> anchors;  // the recording's, when an output is anchored
  bool anchored = false;  // some output is
};

// The copies moved_to made, by the entry and the anchor they were moved to. An entry of
// the shared memo lives as long as the library, so its address names it.
struct FactMemo::Moved {
  std::map<std::tuple<const Entry*, FileId, std::uint32_t>, std::unique_ptr<const Entry>> copies;
};

// The entries this memo replayed or kept on one set of this thread, oldest first, with
// the ranges of their slots there; the last stamped the set with `stamp`.
struct FactMemo::Chain {
  struct Link {
    const Entry* entry = nullptr;  // never freed while its memo lives; `memo` names the memo
    std::vector<SourceRange> slots;
  };
  static constexpr std::size_t kLongest = 4;  // then it starts again from the last
  std::uint64_t memo = 0;
  std::uint64_t stamp = 0;
  std::vector<Link> links;  // the first `size`; the rest keep their buffers for the next set
  std::size_t size = 0;

  // What a provider reads of the chain (while `chained`): its entries and where their
  // slots are, each slot encoded and added to `slots` as a whole read's range is.
  void observe(std::string& out, bool chained, std::vector<SourceRange>& slots) const {
    out.clear();
    if (!chained) {
      out += '-';
      return;
    }
    out += 'C';
    append_bytes(out, size);
    for (std::size_t i = 0; i < size; ++i) {
      append_bytes(out, links[i].entry);
      append_bytes(out, links[i].slots.size());
      for (const auto& slot : links[i].slots) observe_slot(out, slot, slots);
    }
  }
};

struct FactMemo::Node {
  bool has_next = false;
  FactRead next;  // what the provider reads next from here
  // By the value it reads. Most nodes have one child (the inputs shared by every entry
  // under them), so a short vector: a hash map per node was most of keeping an entry.
  std::vector<std::pair<std::string, std::unique_ptr<Node>>> children;
  std::unique_ptr<const Entry> entry;  // where it read nothing more

  Node* child(const std::string& value) const {
    for (const auto& [known, node] : children) {
      if (known == value) return node.get();
    }
    return nullptr;
  }
};

FactMemo::FactMemo(bool shared) : shared_(shared), id_(++stamps) {}

const FactMemo::Entry& FactMemo::moved_to(const Entry& entry, SourceRange anchor) const {
  std::lock_guard lock(mutex_);
  if (!moved_) moved_ = std::make_unique<Moved>();
  auto& copy = moved_->copies[{&entry, anchor.file, anchor.begin}];
  if (!copy) {
    auto moved = std::make_unique<Entry>(entry);
    moved->anchors.assign(1, anchor);
    for (auto& output : moved->outputs) {
      if (output.anchor < 0) continue;
      SourceRange& range = output.fact.origin.range;
      range = SourceRange{anchor.file, anchor.begin + (range.begin - entry.anchors[0].begin),
                          anchor.begin + (range.end - entry.anchors[0].begin)};
    }
    copy = std::move(moved);
  }
  return *copy;
}
FactMemo::~FactMemo() = default;

std::size_t FactMemo::size() const {
  std::lock_guard lock(mutex_);
  return size_;
}

FactMemo::Chain& FactMemo::chain() {
  thread_local Chain chain;
  return chain;
}

bool FactMemo::chained(const FactSet& facts) const {
  const Chain& c = chain();
  return c.memo == id_ && c.stamp != 0 && facts.stamped() == c.stamp;
}

void FactMemo::applied(FactSet& facts, const Entry* entry, const std::vector<SourceRange>& slots, bool extends) const {
  Chain& c = chain();
  if (!extends || c.size == Chain::kLongest) c.size = 0;
  c.memo = id_;
  if (c.links.size() == c.size) c.links.emplace_back();
  Chain::Link& link = c.links[c.size++];
  link.entry = entry;
  link.slots.assign(slots.begin(), slots.end());
  c.stamp = ++stamps;
  facts.stamp(c.stamp);
}

FactMemo::Recording::Recording(const FactMemo& memo, const sema::Program& program, SourceRange declaration,
                               FactSet& facts, Anchors anchors, SourceRange named, const ItemReader* items)
    : program_(program),
      facts_(facts),
      items_(items),
      outer_(active),
      anchors_(anchors.begin(), anchors.end()),
      chained_(memo.chained(facts)) {
  slots_.push_back(declaration);
  if (named.valid()) slots_.push_back(named);
  if (chained_) {
    const Chain& c = chain();
    chain_wrote_.assign(FactSchema::builtin().size(), false);
    for (std::size_t i = 0; i < c.size; ++i) {
      for (const auto& output : c.links[i].entry->outputs) {
        chain_wrote_[output.id] = true;
      }
    }
  }
  facts_.journal(&written_);
  facts_.watch(this);
  active = this;
}

FactMemo::Recording::~Recording() {
  facts_.journal(nullptr);
  facts_.watch(nullptr);
  active = outer_;
}

void FactMemo::Recording::read(FactKey key, const Fact* fact, bool whole) {
  // A fact the provider wrote itself is no input: reading it again reads what the other
  // reads decided. A fact read before is unchanged since. By id, in flags, for a
  // provider reads and writes a hundred facts (the estimate).
  const std::uint8_t bit = whole ? 2 : 1;
  if (seen_.empty()) seen_.resize(FactSchema::builtin().size(), 0);
  for (; journaled_ < written_.size(); ++journaled_) seen_[written_[journaled_]] |= 4;
  if (seen_[key.id] & (4 | bit)) return;
  seen_[key.id] |= bit;
  if (chained_ && chain_wrote_[key.id]) {
    // The chain's fact, which the provider has not overwritten: one read of the chain.
    if (!chain_read_) {
      chain_read_ = true;
      chain().observe(values_.emplace_back(), true, slots_);
      reads_.push_back(FactRead{FactRead::Kind::Chain, kNoFactId, {}});
    }
    return;
  }
  FactRead read{whole ? FactRead::Kind::Fact : FactRead::Kind::Value, key.id, {}};
  observe(values_.emplace_back(), read, fact, program_, slots_);
  reads_.push_back(std::move(read));
}

void FactMemo::Recording::table(std::string_view kind) {
  FactRead read{FactRead::Kind::Table, kNoFactId, std::string(kind)};
  if (std::find(reads_.begin(), reads_.end(), read) != reads_.end()) return;
  observe(values_.emplace_back(), read, nullptr, program_, slots_);
  own_table_ = own_table_ || values_.back() == "P";
  reads_.push_back(std::move(read));
}

void FactMemo::Recording::item(std::string_view key) {
  for (const FactRead& read : reads_) {
    if (read.kind == FactRead::Kind::Item && read.name == key) return;  // read before: unchanged since
  }
  SourceRange anchor;
  std::string& value = values_.emplace_back();
  if (!items_ || !items_->observe(key, value, anchor)) keep_nothing_ = true;
  if (anchor.valid()) anchors_.push_back(anchor);
  reads_.push_back(FactRead{FactRead::Kind::Item, kNoFactId, std::string(key)});
}

FactMemo::Recording* FactMemo::recording() { return active; }

void note_table_read(std::string_view kind) {
  if (active) active->table(kind);
}

void note_body_read(const ast::Body& body, std::string_view path) {
  if (active && active->items_ && &active->items_->body() == &body) active->item(path.substr(0, path.find('.')));
}

bool FactMemo::replay(const std::string& key, const sema::Program& program, SourceRange declaration, FactSet& facts,
                      DiagnosticEngine& diags, Anchors given, SourceRange named, const FactMemo* moved,
                      const ItemReader* items) const {
  std::vector<SourceRange> slots{declaration};
  if (named.valid()) slots.push_back(named);
  thread_local std::vector<SourceRange> read_anchors;  // the given anchors, then the items read
  read_anchors.assign(given.begin(), given.end());
  const bool chained = this->chained(facts);  // before any write of the replay clears the stamp
  thread_local std::string value;  // one buffer for every read: a look-up allocates nothing else
  const Entry* entry = nullptr;
  {
    // The walk reads the set under the lock: a resolving thread's own set, and no
    // provider it could trigger is memoized (resolution defers none).
    std::lock_guard lock(mutex_);
    auto root = roots_.find(key);
    if (root == roots_.end()) return false;
    const Node* node = root->second.get();
    while (!node->entry) {
      if (!node->has_next) return false;
      if (node->next.kind == FactRead::Kind::Chain) {
        chain().observe(value, chained, slots);
      } else if (node->next.kind == FactRead::Kind::Item) {
        SourceRange anchor;
        if (!items || !items->observe(node->next.name, value, anchor)) return false;
        if (anchor.valid()) read_anchors.push_back(anchor);
      } else {
        observe(value, node->next, find_read(facts, node->next), program, slots);
      }
      node = node->child(value);
      if (!node) return false;
    }
    entry = node->entry.get();
  }
  const Anchors anchors(read_anchors);
  // An entry never changes once kept: several threads may replay it at once.
  // The key and the items read fix how many anchors there are: the entry's and this call's pair up.
  if (entry->anchored && anchors.size() != entry->anchors.size()) return false;  // a key that does not
  const Entry* outputs = entry;
  auto same_anchor = [&](std::size_t i) {
    return anchors[i].file == outputs->anchors[i].file && anchors[i].begin == outputs->anchors[i].begin;
  };
  if (entry->anchored && moved && moved != this && anchors.size() == 1 && !same_anchor(0)) {
    outputs = &moved->moved_to(*entry, anchors[0]);
  }
  for (const auto& output : outputs->outputs) {
    const FactKey key{output.id, kFactNames[output.id]};
    const SourceRange& kept = output.fact.origin.range;
    const auto anchor = static_cast<std::size_t>(output.anchor);
    if (output.anchor >= 0 ? same_anchor(anchor)
                           : output.slot < 0 || same_range(kept, slots[static_cast<std::size_t>(output.slot)])) {
      facts.borrow(key, output.fact);
      continue;
    }
    // At the replaying declaration's place: borrowed, and copied there only if read.
    SourceRange at;
    if (output.anchor >= 0) {
      const SourceRange& from = outputs->anchors[anchor];
      at = SourceRange{anchors[anchor].file, anchors[anchor].begin + (kept.begin - from.begin),
                       anchors[anchor].begin + (kept.end - from.begin)};
    } else {
      at = slots[static_cast<std::size_t>(output.slot)];
    }
    facts.borrow_at(key, output.fact, at);
  }
  for (const auto& d : entry->diagnostics) diags.report(d.id, d.severity, d.range, d.message) = d;
  applied(facts, entry, slots, chained);
  return true;
}

void FactMemo::keep(std::string key, Recording& recording, DiagnosticEngine& diags) const {
  FactSet& facts = recording.facts_;
  facts.journal(nullptr);
  facts.watch(nullptr);
  for (const auto& d : recording.reported_.diagnostics()) diags.report(d.id, d.severity, d.range, d.message) = d;
  if (shared_ && recording.own_table_) return;
  if (recording.keep_nothing_) return;
  auto entry = std::make_unique<Entry>();
  entry->diagnostics = recording.reported_.diagnostics();
  entry->anchors = recording.anchors_;
  if (shared_) {
    // A finding is reported where it was found: one in the program's own files is this
    // program's alone (fail closed: the provider runs afresh elsewhere).
    for (const auto& d : entry->diagnostics) {
      if (d.range.valid() && in_program(recording.program_, d.range.file)) return;
      for (const auto& note : d.notes) {
        if (note.range.valid() && in_program(recording.program_, note.range.file)) return;
      }
      for (const auto& fix : d.fixits) {
        if (fix.range.valid() && in_program(recording.program_, fix.range.file)) return;
      }
    }
  }
  auto inside_anchor = [&](const SourceRange& range) {
    for (std::size_t i = 0; range.valid() && i < recording.anchors_.size(); ++i) {
      const SourceRange& anchor = recording.anchors_[i];
      if (anchor.valid() && range.file == anchor.file && range.begin >= anchor.begin && range.end <= anchor.end) {
        return static_cast<int>(i);
      }
    }
    return -1;
  };
  std::vector<bool> seen(FactSchema::builtin().size(), false);
  for (FactId written : recording.written_) {
    // A fact written twice is kept once, where it was first written, with its last value
    // (FactSet::set keeps a fact's place when it is set again).
    if (seen[written]) continue;
    seen[written] = true;
    const Fact* fact = facts.find(written);
    if (!fact) continue;
    Entry::Output output{written, *fact, -1};
    const SourceRange& range = fact->origin.range;
    for (std::size_t i = 0; range.valid() && i < recording.slots_.size(); ++i) {
      if (same_range(recording.slots_[i], range)) {
        output.slot = static_cast<int>(i);
        break;
      }
    }
    output.anchor = output.slot < 0 ? inside_anchor(range) : -1;
    entry->anchored = entry->anchored || output.anchor >= 0;
    if (shared_ && output.slot < 0) {
      // Fail closed: a fixed origin in the program's own files is per declaration after all.
      if (output.anchor < 0 && range.valid() && in_program(recording.program_, range.file)) return;
      // Every thread replaying it reads it: format its explanation now, once, so no
      // read of it ever writes (explanation.h).
      (void)output.fact.origin.explanation.str();
    }
    entry->outputs.push_back(std::move(output));
  }
  std::lock_guard lock(mutex_);
  if (size_ >= kCapacity) return;
  auto& root = roots_[std::move(key)];
  if (!root) root = std::make_unique<Node>();
  Node* node = root.get();
  for (std::size_t i = 0; i < recording.reads_.size(); ++i) {
    // A provider that read differently after the same values (it reads something the
    // memo cannot see) is not kept.
    if (node->entry) return;
    if (!node->has_next) {
      node->has_next = true;
      node->next = recording.reads_[i];
    } else if (!(node->next == recording.reads_[i])) {
      return;
    }
    Node* child = node->child(recording.values_[i]);
    if (!child) child = node->children.emplace_back(std::move(recording.values_[i]), std::make_unique<Node>()).second.get();
    node = child;
  }
  if (node->entry || node->has_next) return;  // another thread kept it first
  const Entry* kept = entry.get();
  node->entry = std::move(entry);
  ++size_;
  applied(facts, kept, recording.slots_, recording.chained_);
}

void set_fact_memo(bool enabled) { memo_enabled.store(enabled, std::memory_order_relaxed); }
bool fact_memo_enabled() { return memo_enabled.load(std::memory_order_relaxed); }

const FactMemo* library_memo(const sema::Program& program) {
  if (!fact_memo_enabled()) return nullptr;
  return &program.library().fact_cache().get<FactMemo>([] { return std::make_shared<const FactMemo>(true); });
}

void append_key(std::string& key, const Value& value) {
  key += static_cast<char>('0' + static_cast<int>(value.type));
  switch (value.type) {
    case Value::Type::Quantity:
      append_bytes(key, value.quantity.value);
      append_bytes(key, value.quantity.dimension);
      append_bytes(key, value.quantity.currency);
      break;
    case Value::Type::Symbol:
    case Value::Type::String: append_text(key, value.text); break;
    case Value::Type::Bool: key += value.boolean ? 't' : 'f'; break;
    case Value::Type::List:
      append_bytes(key, value.items.size());
      for (const auto& item : value.items) append_key(key, item);
      break;
  }
}

}  // namespace gpuspec::facts
