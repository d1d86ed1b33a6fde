#include "facts/fact_replay.h"

#include <algorithm>
#include <cstring>

namespace gpuspec::facts {

namespace {

bool same_range(const SourceRange& a, const SourceRange& b) {
  return a.file == b.file && a.begin == b.begin && a.end == b.end;
}

template <class T>
void append_bytes(std::string& key, const T& value) {
  char bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));
  key.append(bytes, sizeof(T));
}

}  // namespace

std::unique_ptr<const RecordedFacts> RecordedFacts::from_journal(const FactSet& facts,
                                                                 const std::vector<FactSet::Written>& written,
                                                                 std::span<const SourceRange> slots,
                                                                 std::span<const FileId> own_files) {
  for (std::size_t i = 0; i < slots.size(); ++i) {
    for (std::size_t j = i + 1; j < slots.size(); ++j) {
      if (slots[i].valid() && same_range(slots[i], slots[j])) return nullptr;
    }
  }
  auto record = std::make_unique<RecordedFacts>();
  std::vector<bool> seen(FactSchema::builtin().size(), false);
  for (const auto& key : written) {
    // A fact written twice is kept once, where it was first written, with its last value
    // (FactSet::set keeps a fact's place when it is set again).
    if (key.id != kNoFactId) {
      if (seen[key.id]) continue;
      seen[key.id] = true;
    } else if (std::any_of(record->entries_.begin(), record->entries_.end(),
                           [&](const Entry& e) { return e.key.id == kNoFactId && e.key.name == key.name; })) {
      continue;
    }
    const Fact* fact = facts.find(FactKey{key.id, key.name});
    if (!fact) continue;
    Entry entry{key, *fact, -1};
    for (std::size_t i = 0; i < slots.size(); ++i) {
      if (slots[i].valid() && same_range(slots[i], fact->origin.range)) {
        entry.slot = static_cast<int>(i);
        break;
      }
    }
    // Fail closed: a fixed origin in the program's own files is per declaration after all.
    if (entry.slot < 0 && fact->origin.range.valid() &&
        std::find(own_files.begin(), own_files.end(), fact->origin.range.file) != own_files.end()) {
      return nullptr;
    }
    // A borrowed fact is read by every thread replaying the record: format its
    // explanation now, once, so no read of it ever writes (explanation.h).
    if (entry.slot < 0) (void)entry.fact.origin.explanation.str();
    record->entries_.push_back(std::move(entry));
  }
  return record;
}

void RecordedFacts::replay(FactSet& facts, std::span<const SourceRange> slots) const {
  for (const auto& entry : entries_) {
    FactKey key{entry.key.id, entry.key.name};
    if (entry.slot < 0) {
      facts.borrow(key, entry.fact);
      continue;
    }
    Origin origin = entry.fact.origin;
    origin.range = slots[static_cast<std::size_t>(entry.slot)];
    facts.set(key, entry.fact.value, std::move(origin));
  }
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
    case Value::Type::String:
      append_bytes(key, value.text.size());
      key += value.text;
      break;
    case Value::Type::Bool: key += value.boolean ? 't' : 'f'; break;
    case Value::Type::List:
      append_bytes(key, value.items.size());
      for (const auto& item : value.items) append_key(key, item);
      break;
  }
}

void append_key(std::string& key, const Fact* fact) {
  if (!fact) {
    key += '-';
    return;
  }
  append_key(key, fact->value);
}

bool plain_declared(const Fact* fact) {
  return !fact || (fact->origin.kind == Origin::Kind::Declared && fact->origin.entry.empty() &&
                   !fact->origin.explanation.deferred() && fact->origin.explanation.empty());
}

}  // namespace gpuspec::facts
