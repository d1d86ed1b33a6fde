// The fact model: what policies and backends read instead of raw syntax. Every
// fact has a name ("memory.total"), a typed value with its unit, and an origin:
// the property that declared it, the catalog entry it came from, or the facts it
// was derived from.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "facts/explanation.h"
#include "facts/fact_key.h"
#include "facts/fact_schema.h"
#include "source/source.h"
#include "units/quantity.h"

namespace gpuspec::facts {

struct Value {
  enum class Type { Quantity, Symbol, String, Bool, List };
  Type type = Type::Quantity;
  units::Quantity quantity;
  std::string text;  // Symbol or String
  bool boolean = false;
  std::vector<Value> items;

  static Value of(units::Quantity q) { return {Type::Quantity, q, {}, false, {}}; }
  static Value number(double v) { return of(units::Quantity::number(v)); }
  static Value symbol(std::string s) { return {Type::Symbol, {}, std::move(s), false, {}}; }
  static Value string(std::string s) { return {Type::String, {}, std::move(s), false, {}}; }
  static Value flag(bool b) { return {Type::Bool, {}, {}, b, {}}; }
  static Value list(std::vector<Value> items) { return {Type::List, {}, {}, false, std::move(items)}; }

  // Human text: "640 GB", "bf16", "\"12.1\"", "true", "[dcgm, prometheus]".
  std::string display() const;
};

struct Origin {
  enum class Kind { Declared, Catalog, Derived, Default, Estimator };
  Kind kind = Kind::Declared;
  SourceRange range;        // the property (declared), the catalog property, or the spec property it derives from
  std::string entry;        // catalog entry name, for Catalog
  Explanation explanation;  // for Derived/Default/Estimator: "8 x 80 GB", "002 Q1: 100 W for other components";
                            // formatted when read (explanation.h)
};

struct Fact {
  Value value;
  Origin origin;
};

// Told of every read of a set that watches it (FactSet::watch): a memoized provider's
// reads are recorded so (fact_memo.h). `whole` when the reader got the whole fact
// (find), not just its value (quantity, symbol).
class FactReader {
 public:
  virtual void read(FactKey key, const Fact* fact, bool whole) = 0;

 protected:
  ~FactReader() = default;
};

// The facts of one declaration (a server, cloud or workload), by name.
//
// A fact is kept in a slot by its id in the fact table (facts.def): a look-up is an
// index into `where_`, not a walk of a string-keyed tree (issue 12). Every fact the
// compiler sets is one of the table's: setting or finding a name it lacks is a
// programming error, asserted in a Debug build and never stored by name (issue 28; a
// typo used to become a fact that nothing read). A key of such a name, which a policy
// holds for a symbol literal (fact_key.h), finds nothing.
// A set may be layered on a `base` set that outlives it: it reads through to the
// base and keeps only what is set on it (a sizing search sets what it knows of a build
// over a workload's facts this way, without copying them). A copy of a layer holds the
// base's facts as well and stands alone.
//
// Like the std::map it replaced, a set never moves a fact it holds: a pointer from
// find() stays valid while more facts are set (resolvers rely on it).
//
// Facts may be deferred: a provider sets a group of them on first read of any one of
// the group (find, quantity, symbol), or when the set is listed (sorted) or copied.
// The cost.* facts are provided so (fact_provider.h), since quoting a server for rules
// that never read a price was ~7 % of a check (issue 12). A set is read by one thread
// at a time.
class FactSet {
 public:
  FactSet(std::string declaration, std::string kind) : declaration_(std::move(declaration)), kind_(std::move(kind)) {}
  FactSet(const FactSet& other);
  FactSet& operator=(const FactSet& other);
  FactSet(FactSet&&) noexcept = default;
  FactSet& operator=(FactSet&&) noexcept = default;
  // An empty layer over `base`, with its declaration and kind; `base` must outlive it.
  static FactSet layered_on(const FactSet& base);

  const std::string& declaration() const { return declaration_; }
  const std::string& kind() const { return kind_; }
  void set(std::string_view name, Value value, Origin origin);
  void set(FactId id, Value value, Origin origin);
  // By a key (fact_key.h): its slot.
  void set(FactKey key, Value value, Origin origin);
  // Sets `key` to `fact` without copying it: the set keeps a pointer. For a catalog
  // entry's facts (typed_catalog.h), which live as long as their file (the library's
  // for the process, a user file's for its program) and so outlive every set resolved
  // from the program; copying ~60 of them, entry names and all, into every server was
  // a visible share of resolving one (issue 12). A copy of the set copies the fact, so
  // it may outlive the program.
  void borrow(FactKey key, const Fact& fact);
  // Borrows `fact` as if its origin were at `at`: copied, its range `at`, on the first
  // read. A memo replays most of an entry's facts at the replaying declaration's range
  // (fact_memo.h), and a check reads few of them: copying each on every replay was the
  // most of a replay (issue 28).
  void borrow_at(FactKey key, const Fact& fact, SourceRange at);
  const Fact* find(std::string_view name) const;
  // Inline for a plain slot (see value()) that is not borrowed at another range: the
  // memo's replay finds ~140k facts a check to compare them with what it recorded.
  const Fact* find(FactId id) const {
    if (const Slot* s = plain_slot(id); s && !s->moved) return &s->peek();
    return noted(FactKey{id, {}}, lookup(id), true);  // a reader needs no name for an id
  }
  const Fact* find(FactKey key) const {
    if (const Slot* s = plain_slot(key.id); s && !s->moved) return &s->peek();
    return read(key, true);
  }
  // What a why-note reads: find()'s fact, but one borrowed at another range (borrow_at)
  // not copied to give it its origin (issue 28: that copy was ~200 instructions of most
  // fact notes of a finding). `at` is set to the range its origin reads at, and `lent`
  // to whether the fact is such a borrowed one: it is then the memo's, which other sets
  // and threads read too, so its explanation must be read from a copy (explanation.h:
  // reading a deferred one formats it and keeps the text).
  const Fact* find_lent(FactKey key, SourceRange& at, bool& lent) const {
    if (const Slot* s = plain_slot(key.id); s && s->moved) {
      at = s->fact.origin.range;
      lent = true;
      return s->borrowed;
    }
    lent = false;
    const Fact* fact = find(key);
    if (fact) at = fact->origin.range;
    return fact;
  }
  // A fact's value alone, read in place: a fact borrowed at another range (borrow_at) is
  // not copied, as find() must to give it its origin. A reader is told of a value read,
  // as quantity() and symbol() tell it. What the policy evaluator and a template's
  // holes read (issue 28: copying each borrowed fact on its first find was ~3 % of a check).
  // Inline for the common read (issue 28: the evaluator's ~450k value reads a check, each
  // two calls and the full look-up, were ~4 % of it): a slot of this set, with no
  // provider pending for it and no reader to tell, is read here; anything else takes the
  // full path (read_value), which is what this always was.
  const Value* value(FactId id) const {
    if (const Slot* s = plain_slot(id)) return &s->peek().value;
    return read_value(FactKey{id, {}});
  }
  const Value* value(FactKey key) const {
    if (const Slot* s = plain_slot(key.id)) return &s->peek().value;
    return read_value(key);
  }
  // Every fact with its name, sorted by name (the layer's own over the base's).
  std::vector<std::pair<std::string_view, const Fact*>> sorted() const;
  std::optional<units::Quantity> quantity(std::string_view name) const;
  std::optional<std::string> symbol(std::string_view name) const;
  std::optional<units::Quantity> quantity(FactKey key) const;
  std::optional<std::string> symbol(FactKey key) const;

  // While a journal is given, every set() notes the fact it wrote there, so a memo can
  // record what a provider wrote and replay it on another set (fact_memo.h). Null stops
  // it; a copy of the set keeps no journal.
  void journal(std::vector<FactId>* journal) { journal_ = journal; }
  // While a reader is given, every find(), quantity() and symbol() tells it what was
  // read; null stops it. A copy of the set has none.
  void watch(FactReader* reader) { reader_ = reader; }
  // A stamp a memo puts on the set after replaying or keeping a provider's facts on it
  // (fact_memo.h): every later write clears it, so while it reads the same the set holds
  // just what the memo's providers left. Zero is none; a copy has none.
  void stamp(std::uint64_t stamp) { stamp_ = stamp; }
  std::uint64_t stamped() const { return stamp_; }

  // `fill` sets (some of) the facts `ids` on this set, run once, on the first read of
  // one of them; it must not capture the set (the set may move before it runs).
  using Fill = std::function<void(FactSet&)>;
  void defer(std::vector<FactId> ids, Fill fill);

 private:
  struct Deferred {
    std::vector<FactId> ids;
    Fill fill;
  };
  // Runs the deferred provider of `id` (every provider for kNoFactId), if any is pending.
  void provide(FactId id) const;

  struct Slot {
    // Built in place from the caller's value and origin: a fact is ~200 bytes, and
    // building it as a temporary and moving that into the vector was a visible share
    // of every set() (issue 12).
    Slot(FactId id, Value&& value, Origin&& origin) : id(id), fact{std::move(value), std::move(origin)} {}
    Slot(FactId id, const Fact* borrowed) : id(id), borrowed(borrowed) {}
    FactId id;
    // `borrowed` is read at fact.origin.range (borrow_at): made the slot's own on first read.
    mutable bool moved = false;
    mutable Fact fact;                      // unused while `borrowed` is set (but its range, when moved)
    mutable const Fact* borrowed = nullptr;  // see borrow()
    const Fact& get() const {
      if (moved) own();
      return borrowed ? *borrowed : fact;
    }
    // Copies the borrowed fact into the slot (at its moved range, if it is moved).
    void own() const;
    // The fact as it stands, its origin's range aside: never copied.
    const Fact& peek() const { return borrowed ? *borrowed : fact; }
  };
  Slot* slot(FactId id);
  // Every public set() ends here, its value and origin moved once, into the slot.
  void put(FactId id, Value& value, Origin& origin);
  // Makes room for a new slot of `id`: the index and the slots sized for the registry on the first.
  // Inline: it is called for every new slot (~350k a check), and does something once per set.
  void prepare_slot(FactId id) {
    if (id >= where_.size() || slots_.empty()) size_slots(id);
  }
  void size_slots(FactId id);
  // borrow() without its check of the key: the slot, now borrowing `fact`.
  Slot& borrowed_slot(FactId id, const Fact& fact);
  // find without telling the reader: what the public reads and the base's use.
  const Fact* lookup(FactId id) const;
  // lookup for a value read: a borrowed fact as it is, at its own range (peek).
  const Fact* lookup_value(FactId id) const;
  // value()'s full path: providers, the base, the reader.
  const Value* read_value(FactKey key) const;
  // The slot of `id` when a value read of it is just the slot's: held by this set (not
  // the base), no provider pending for it (pending_ counts them whenever deferred_ holds
  // any), and no reader watching. Null otherwise (kNoFactId is never below where_.size()).
  const Slot* plain_slot(FactId id) const {
    if (reader_ || id >= where_.size() || where_[id] == 0) return nullptr;
    if (id < pending_.size() && pending_[id] != 0) return nullptr;
    return &slots_[where_[id] - 1];
  }
  // A read of `key`, told to the reader; none for a key the table lacks.
  const Fact* read(FactKey key, bool whole) const;
  const Fact* noted(FactKey key, const Fact* fact, bool whole) const {
    if (reader_ && key.id != kNoFactId) reader_->read(key, fact, whole);  // find(kNoFactId) reads no fact
    return fact;
  }

  std::string declaration_;
  std::string kind_;
  const FactSet* base_ = nullptr;
  std::vector<std::uint16_t> where_;  // by FactId: 1 + index into slots_, 0 when unset; grown on demand
  // In the order they were first set; its capacity is the registry's size from the
  // first set on, so it never reallocates (see above).
  std::vector<Slot> slots_;
  // Mutable: reading a deferred fact provides it, which a const reader may do.
  mutable std::vector<Deferred> deferred_;
  // By FactId: how many pending providers name it, so a read of a fact none names
  // skips the providers without searching their lists (that search ran on every find
  // of a layered set and was ~2 % of a check).
  mutable std::vector<std::uint16_t> pending_;
  std::vector<FactId>* journal_ = nullptr;
  FactReader* reader_ = nullptr;
  std::uint64_t stamp_ = 0;
};

}  // namespace gpuspec::facts
