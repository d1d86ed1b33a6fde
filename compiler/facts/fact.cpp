#include "facts/fact.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>

namespace gpuspec::facts {

std::string Value::display() const {
  switch (type) {
    case Type::Quantity: return units::format(quantity);
    case Type::Symbol: return text;
    case Type::String: return "\"" + text + "\"";
    case Type::Bool: return boolean ? "true" : "false";
    case Type::List: {
      std::vector<std::string> parts;
      for (const auto& item : items) parts.push_back(item.display());
      return fmt::format("[{}]", fmt::join(parts, ", "));
    }
  }
  return "";
}

namespace {

const FactSchema& registry() { return FactSchema::builtin(); }

// A zero for every fact of the table, made once: a new set's index (where_) and count of
// pending providers (pending_) are copied from it. resize() filled the ~365 entries one
// by one, and a check sizes thousands of sets (issue 28).
const std::vector<std::uint16_t>& zeros() {
  static const std::vector<std::uint16_t> none(registry().size(), 0);
  return none;
}

// Whether `key` may be set: the compiler sets only the table's facts, so a key of a
// name the table lacks is a bug, loud in a Debug build and dropped in a release one.
bool settable(FactKey key) {
  assert(key.id != kNoFactId && "a fact the table (facts.def) lacks is set");
  return key.id != kNoFactId;
}

}  // namespace

// A copy stands alone: a layer's copy holds its base's facts too, so it may outlive
// the base (the suggest search keeps a candidate's facts after its program is gone).
// A copy keeps no journal: the journal belongs to whoever is recording the original.
FactSet::FactSet(const FactSet& other) : declaration_(other.declaration_), kind_(other.kind_) {
  other.provide(kNoFactId);  // the copy stands alone: it cannot call back into its source's providers
  if (other.base_) {
    FactSet base(*other.base_);
    where_ = std::move(base.where_);
    slots_ = std::move(base.slots_);
    for (const auto& slot : other.slots_) set(slot.id, slot.get().value, slot.get().origin);
    return;
  }
  where_ = other.where_;
  if (!other.slots_.empty()) slots_.reserve(registry().size());
  slots_.insert(slots_.end(), other.slots_.begin(), other.slots_.end());
  for (auto& slot : slots_) {
    if (slot.borrowed) slot.own();  // the copy owns what it holds
  }
}

void FactSet::Slot::own() const {
  if (!borrowed) return;
  if (moved) {
    const SourceRange at = fact.origin.range;
    fact = *borrowed;
    fact.origin.range = at;
  } else {
    fact = *borrowed;
  }
  borrowed = nullptr;
  moved = false;
}

FactSet& FactSet::operator=(const FactSet& other) {
  if (this != &other) *this = FactSet(other);
  return *this;
}

FactSet FactSet::layered_on(const FactSet& base) {
  FactSet layer(base.declaration_, base.kind_);
  layer.base_ = &base;
  return layer;
}

FactSet::Slot* FactSet::slot(FactId id) {
  if (id >= where_.size() || where_[id] == 0) return nullptr;
  return &slots_[where_[id] - 1];
}

void FactSet::size_slots(FactId id) {
  if (where_.size() <= id) {
    if (where_.empty()) {
      where_ = zeros();
    } else {
      where_.resize(registry().size(), 0);
    }
  }
  if (slots_.empty()) slots_.reserve(registry().size());
}

void FactSet::put(FactId id, Value& value, Origin& origin) {
  if (journal_) journal_->push_back(id);
  stamp_ = 0;
  if (Slot* s = slot(id)) {
    s->fact.value = std::move(value);
    s->fact.origin = std::move(origin);
    s->borrowed = nullptr;
    s->moved = false;
    return;
  }
  prepare_slot(id);
  slots_.emplace_back(id, std::move(value), std::move(origin));
  where_[id] = static_cast<std::uint16_t>(slots_.size());
}

void FactSet::set(FactId id, Value value, Origin origin) { put(id, value, origin); }

FactSet::Slot& FactSet::borrowed_slot(FactId id, const Fact& fact) {
  if (journal_) journal_->push_back(id);
  stamp_ = 0;
  if (Slot* s = slot(id)) {
    s->borrowed = &fact;
    s->moved = false;
    return *s;
  }
  prepare_slot(id);
  Slot& added = slots_.emplace_back(id, &fact);
  where_[id] = static_cast<std::uint16_t>(slots_.size());
  return added;
}

void FactSet::borrow(FactKey key, const Fact& fact) {
  if (settable(key)) borrowed_slot(key.id, fact);
}

// In one step: the memo borrows ~190k facts a check so, and finding the slot again was a
// visible share of a replay (issue 28).
void FactSet::borrow_at(FactKey key, const Fact& fact, SourceRange at) {
  if (!settable(key)) return;
  Slot& s = borrowed_slot(key.id, fact);
  s.moved = true;
  s.fact.origin.range = at;
}

void FactSet::set(std::string_view name, Value value, Origin origin) { set(fact_key(name), std::move(value), std::move(origin)); }

void FactSet::defer(std::vector<FactId> ids, Fill fill) {
  for (FactId id : ids) {
    if (id == kNoFactId) continue;
    if (pending_.empty() && id < zeros().size()) pending_ = zeros();
    if (pending_.size() <= id) pending_.resize(std::max<std::size_t>(registry().size(), id + 1u), 0);
    ++pending_[id];
  }
  deferred_.push_back({std::move(ids), std::move(fill)});
}

void FactSet::provide(FactId id) const {
  if (id != kNoFactId && (id >= pending_.size() || pending_[id] == 0)) return;  // no provider names it
  for (std::size_t i = 0; i < deferred_.size();) {
    Deferred& d = deferred_[i];
    if (id != kNoFactId && std::find(d.ids.begin(), d.ids.end(), id) == d.ids.end()) {
      ++i;
      continue;
    }
    // Taken off the list before it runs, so a provider reading its own facts does not recurse.
    Deferred taken = std::move(d);
    deferred_.erase(deferred_.begin() + static_cast<std::ptrdiff_t>(i));
    for (FactId named : taken.ids) {
      if (named != kNoFactId) --pending_[named];
    }
    // The set was not made const, only this read of it: providing is part of reading.
    taken.fill(const_cast<FactSet&>(*this));
    if (id != kNoFactId) return;
    i = 0;  // a provider may defer more
  }
}

const Fact* FactSet::lookup(FactId id) const {
  // Most reads are of facts no pending provider names: those skip the call (the cost
  // facts stay pending on every set the lint engine reads, issue 28).
  if (!deferred_.empty() && (id < pending_.size() ? pending_[id] != 0 : id == kNoFactId)) provide(id);
  if (id < where_.size() && where_[id] != 0) return &slots_[where_[id] - 1].get();
  return base_ ? base_->lookup(id) : nullptr;
}

const Fact* FactSet::lookup_value(FactId id) const {
  if (!deferred_.empty() && (id < pending_.size() ? pending_[id] != 0 : id == kNoFactId)) provide(id);
  if (id < where_.size() && where_[id] != 0) return &slots_[where_[id] - 1].peek();
  return base_ ? base_->lookup_value(id) : nullptr;
}

// A policy's key of a symbol literal names no fact: nothing to find, nothing to tell.
const Fact* FactSet::read(FactKey key, bool whole) const {
  return key.id != kNoFactId ? noted(key, lookup(key.id), whole) : nullptr;
}

const Fact* FactSet::find(std::string_view name) const { return find(fact_key(name)); }

std::vector<std::pair<std::string_view, const Fact*>> FactSet::sorted() const {
  if (!deferred_.empty()) provide(kNoFactId);
  std::vector<std::pair<std::string_view, const Fact*>> out;
  if (base_) {
    for (const auto& [name, fact] : base_->sorted()) {
      if (lookup(registry().id(name)) == fact) out.emplace_back(name, fact);  // not shadowed by this layer
    }
  }
  for (const auto& slot : slots_) out.emplace_back(registry().name(slot.id), &slot.get());
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  return out;
}

void FactSet::set(FactKey key, Value value, Origin origin) {
  if (settable(key)) put(key.id, value, origin);
}

// The reader is handed the fact as it stands: a value read records only its value.
const Value* FactSet::read_value(FactKey key) const {
  if (key.id == kNoFactId) return nullptr;
  const Fact* fact = noted(key, lookup_value(key.id), false);
  return fact ? &fact->value : nullptr;
}

namespace {

std::optional<units::Quantity> quantity_of(const Value* value) {
  if (!value || value->type != Value::Type::Quantity) return std::nullopt;
  return value->quantity;
}

std::optional<std::string> text_of(const Value* value) {
  if (!value || (value->type != Value::Type::Symbol && value->type != Value::Type::String)) return std::nullopt;
  return value->text;
}

}  // namespace

std::optional<units::Quantity> FactSet::quantity(std::string_view name) const { return quantity(fact_key(name)); }
std::optional<units::Quantity> FactSet::quantity(FactKey key) const { return quantity_of(value(key)); }
std::optional<std::string> FactSet::symbol(std::string_view name) const { return symbol(fact_key(name)); }
std::optional<std::string> FactSet::symbol(FactKey key) const { return text_of(value(key)); }

}  // namespace gpuspec::facts
