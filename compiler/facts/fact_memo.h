// One memo of fact providers, in the manner of salsa (issue 28): a provider (the CUDA,
// framework and export facts of a deployment, its baseboard, its served workload's facts)
// runs once per distinct inputs and its facts are replayed on every declaration with the
// same inputs (issue 12: thousands of servers share a handful of those).
//
// What the inputs are is not written down by hand: while a provider runs, every fact it
// reads from the set (FactSet::watch) and every catalog table it walks (entries_of_kind)
// is recorded with the value it had, and the entry is kept under the provider's key and
// those reads. A look-up replays an entry only if every read it recorded reads the same
// now, so a provider that starts reading one more fact never replays stale facts.
//
// A read is of a fact's value (quantity, symbol), of a whole fact (find: value and
// origin, which a provider may copy), or of a catalog table (whether it is the
// library's, shared by every program, or the program's own). Two declarations with the
// same inputs differ only in where things are: the declaration's name and the whole
// facts read whose ranges are in the program's own files. Those are the record's
// "slots": an output whose origin is a slot's range is replayed at the replaying
// declaration's range in that slot (its read also records which earlier slot, if any,
// it shares a range with, so the mapping is never ambiguous). Every other origin is the
// same for all and is borrowed in place (FactSet::borrow).
//
// A provider may also be given "anchors": the ranges of text it reads beyond the set (the
// served workload's body), when its key names them by their text rather than by their
// address; the declaration's name is then a slot. Or it reads such text item by item
// through an ItemReader (a part of a server's facts, its body): each item read is recorded
// like a fact, by its key with what the reader encodes (its text and the declarations its
// names resolve to, or its absence), and is an anchor after the given ones, in the order
// read. An output whose origin lies inside an anchor is kept at its offset from
// that anchor's start and replayed at the same offset inside the replaying call's anchor
// of the same place in the list, so one entry serves every program with the same text
// (issue 28: a folder of specs repeats a few workloads and part combinations, and a memo
// per program ran their providers again in every file).
//
// The entries of one key form a tree: a provider reads the same next thing whenever it
// has read the same values so far, so a node holds that next read and its children by
// the value read. A look-up walks it reading the facts; no entry is compared in turn.
//
// Providers run in a chain on one set (the served workload's base facts, then its
// estimate, then its remedies), and a later one reads many facts an earlier one wrote
// (the estimate some forty). Reading each again on every look-up was most of the memo's
// cost, so, as salsa records a dependency on a query rather than on its outputs, the
// memo stamps the set after it replays or keeps an entry (FactSet::stamp; any other
// write clears it) and keeps the chain of entries applied since. A provider's reads of
// facts the chain wrote, and it did not overwrite, are then one read of the chain: which
// entries, and the ranges their slots were replayed at. The same chain on a set holds
// the same facts, so those reads read the same.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "diag/diagnostic.h"
#include "facts/fact.h"
#include "sema/program.h"

namespace gpuspec::facts {

// One read of a provider: what was read, not the value.
// The anchors of a call (see above), in an order its key fixes.
using Anchors = std::span<const SourceRange>;

struct FactRead {
  enum class Kind : std::uint8_t { Value, Fact, Table, Chain, Item };
  Kind kind = Kind::Value;
  FactId id = kNoFactId;
  std::string name;  // a table by its kind, an item by its key
  bool operator==(const FactRead&) const = default;
};

// A body a provider reads item by item beyond the set (see above): a server's. While the
// provider records, each find_property/find_block on it (properties.h) reads the items of
// the path's first key (`storage` for `storage.data.drives`): all that look-up can see.
class ItemReader {
 public:
  explicit ItemReader(const ast::Body& body) : body_(body) {}
  const ast::Body& body() const { return body_; }
  // Encodes in `out` what a look-up of `key` reads now, setting `anchor` to the item's
  // range when there is one; false when such a read may not be kept (fail closed: an
  // item that names one of the program's own declarations, several items of one key).
  virtual bool observe(std::string_view key, std::string& out, SourceRange& anchor) const = 0;

 protected:
  ~ItemReader() = default;

 private:
  const ast::Body& body_;
};

class FactMemo {
 public:
  // `shared`: the library's memo, used by every program and --jobs thread. An entry of it
  // must not name the recording program's own files outside the slots nor read one of
  // its own tables (fail closed: such a provider is run afresh each time).
  explicit FactMemo(bool shared);
  FactMemo(const FactMemo&) = delete;
  FactMemo& operator=(const FactMemo&) = delete;
  ~FactMemo();

  // Entries kept at most: a long-lived session (the language server) sees ever new
  // texts; past this, a provider runs afresh for every new combination of inputs.
  static constexpr std::size_t kCapacity = 4096;
  std::size_t size() const;

  // The provider's run while it records: watches the set, journals its writes, collects
  // its diagnostics. One at a time per thread; a provider run inside another's records
  // into the outer one (memoized() runs it plainly).
  class Recording final : public FactReader {
   public:
    Recording(const FactMemo& memo, const sema::Program& program, SourceRange declaration, FactSet& facts,
              Anchors anchors = {}, SourceRange named = {}, const ItemReader* items = nullptr);
    ~Recording();
    void read(FactKey key, const Fact* fact, bool whole) override;
    void table(std::string_view kind);
    DiagnosticEngine& diagnostics() { return reported_; }

   private:
    friend class FactMemo;
    friend void note_body_read(const ast::Body& body, std::string_view path);
    void item(std::string_view key);
    const sema::Program& program_;
    FactSet& facts_;
    const ItemReader* items_;
    Recording* outer_;
    std::vector<FactId> written_;
    std::vector<FactRead> reads_;
    std::vector<std::string> values_;  // of reads_, as observe() encodes them
    std::vector<SourceRange> slots_;   // the slot ranges, the declaration's first
    std::vector<SourceRange> anchors_;  // see above
    bool own_table_ = false;
    bool keep_nothing_ = false;  // an item was read that may not be kept
    std::vector<std::uint8_t> seen_;  // by FactId: 1 value read, 2 whole read, 4 written
    std::size_t journaled_ = 0;       // of written_, in seen_
    bool chained_ = false;             // the set held just the chain's facts when it began
    std::vector<bool> chain_wrote_;   // by FactId, when chained_
    bool chain_read_ = false;         // the read of the chain is recorded
    DiagnosticEngine reported_;
  };
  static Recording* recording();  // this thread's, or null

  // Replays the entry of `key` whose reads all read the same on `facts` now; false when none.
  // `moved`: a memo that lives as long as the sets replayed on (the program's): an
  // anchored entry replayed at another anchor is copied there once, its anchored origins
  // moved, and later replays at that anchor borrow from the copy (see Moved below).
  bool replay(const std::string& key, const sema::Program& program, SourceRange declaration, FactSet& facts,
              DiagnosticEngine& diags, Anchors anchors = {}, SourceRange named = {},
              const FactMemo* moved = nullptr, const ItemReader* items = nullptr) const;
  // Keeps what `recording` recorded under `key` (unless it may not be kept, the memo is
  // full or another thread kept it first) and reports its diagnostics to `diags`.
  void keep(std::string key, Recording& recording, DiagnosticEngine& diags) const;

 private:
  struct Entry;
  struct Node;
  struct Chain;
  static Chain& chain();  // this thread's
  // Notes that `entry` was just replayed or kept on `facts` with `slots`.
  // `extends`: the set held just the chain's facts before (chained()).
  void applied(FactSet& facts, const Entry* entry, const std::vector<SourceRange>& slots, bool extends) const;
  bool chained(const FactSet& facts) const;  // whether `facts` holds just this thread's chain's facts
  // `entry` with its anchored origins moved to `anchor`, kept in this memo (the
  // program's) so every set of the program borrows them: a folder's file replays the
  // shared workload entries (recorded in another file) for each of its servers, and
  // copying ~50 facts each time was most of a replay (issue 28).
  const Entry& moved_to(const Entry& entry, SourceRange anchor) const;
  struct Moved;
  const bool shared_;
  const std::uint64_t id_;  // names this memo in a chain: never reused, unlike its address
  mutable std::mutex mutex_;
  mutable std::unordered_map<std::string, std::unique_ptr<Node>> roots_;
  mutable std::size_t size_ = 0;
  mutable std::unique_ptr<Moved> moved_;
};

// Whether providers are memoized (default on). A test resolves with it off to compare
// the two; set it while no resolution runs.
void set_fact_memo(bool enabled);
bool fact_memo_enabled();

// The library's memo (the program's library keeps it), or null when memoizing is off.
const FactMemo* library_memo(const sema::Program& program);

// Tells this thread's recording, if any, that the provider walks `program`'s table of `kind`.
void note_table_read(std::string_view kind);
// Tells this thread's recording, if its ItemReader reads `body`, that the provider looked up `path` in it.
void note_body_read(const ast::Body& body, std::string_view path);

// Runs `add(diags)` (a provider writing facts of the declaration at `declaration` on
// `facts`) through `memo`: replays an entry of `key` whose reads read the same now, or
// runs it recording. `key` names the provider and any argument it is called with beyond
// the set (the served workload's declaration). Without a memo, just runs it.
// `anchor`: see the anchor above. `named`: the name of the anchored declaration, which
// the key leaves out: a slot like the declaration's.
// `moved`: see FactMemo::replay. `items`: see ItemReader.
template <class Add>
void memoized(const FactMemo* memo, std::string key, const sema::Program& program, SourceRange declaration,
              FactSet& facts, DiagnosticEngine& diags, Add&& add, Anchors anchors = {}, SourceRange named = {},
              const FactMemo* moved = nullptr, const ItemReader* items = nullptr) {
  if (!memo || !fact_memo_enabled() || FactMemo::recording()) return add(diags);
  if (memo->replay(key, program, declaration, facts, diags, anchors, named, moved, items)) return;
  FactMemo::Recording recording(*memo, program, declaration, facts, anchors, named, items);
  add(recording.diagnostics());
  memo->keep(std::move(key), recording, diags);
}

// Appends a value to a key, unambiguously: its type, and texts with their lengths.
void append_key(std::string& key, const Value& value);

}  // namespace gpuspec::facts
