// Facts a resolver writes that depend on a few inputs only, recorded once per distinct
// inputs and replayed on every declaration with the same inputs (issue 12). The CUDA,
// framework and export facts of a server, for one, depend on its software stack, GPU
// model and region: thousands of servers share a handful of those.
//
// Recording uses the FactSet journal (the mechanism the served workload's facts are
// cached by, resolve.cpp): it notes every fact the resolver wrote, and the record keeps
// each with the value it ended with. What differs between two declarations with the same
// inputs is only where things are: an origin naming the declaration or an input's
// property. So the recorder is given those per-declaration source ranges ("slots"), and
// an origin whose range is one of them is replayed with the replaying declaration's range
// in that slot. Every other origin (a catalog entry's property) is the same for all and
// is borrowed in place (FactSet::borrow), its explanation formatted once when recorded.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "facts/fact.h"

namespace gpuspec::facts {

class RecordedFacts {
 public:
  // Runs `add` on `facts`, noting what it writes, and returns the record; null when the
  // facts cannot be recorded so: two valid `slots` are the same range (a replay could
  // not tell which one an origin names), or an origin outside the slots points into one
  // of `own_files`, the recording program's own files (it names something of this
  // declaration the slots miss, so replaying it elsewhere would point to the wrong
  // place). `add` must read nothing the caller's cache key leaves out, and `slots`
  // should hold every per-declaration range its origins may name.
  template <class Add>
  static std::unique_ptr<const RecordedFacts> record(FactSet& facts, std::span<const SourceRange> slots,
                                                     std::span<const FileId> own_files, Add&& add) {
    std::vector<FactSet::Written> written;
    facts.journal(&written);
    add();
    facts.journal(nullptr);
    return from_journal(facts, written, slots, own_files);
  }

  // Sets the recorded facts on `facts`, an origin in slot i at `slots[i]` (the same slots,
  // in the same order, as when recorded, for the replaying declaration). The record must
  // outlive `facts` (facts in fixed places are borrowed), and is only read: several
  // threads may replay one record at once.
  void replay(FactSet& facts, std::span<const SourceRange> slots) const;

  std::size_t size() const { return entries_.size(); }

 private:
  struct Entry {
    FactSet::Written key;
    Fact fact;
    int slot = -1;  // index into the slots of the origin's range; -1 when fixed
  };
  static std::unique_ptr<const RecordedFacts> from_journal(const FactSet& facts,
                                                           const std::vector<FactSet::Written>& written,
                                                           std::span<const SourceRange> slots,
                                                           std::span<const FileId> own_files);
  std::vector<Entry> entries_;
};

// Appends a fact's value (or its absence) to a cache key, unambiguously: the type, and
// texts with their lengths, so no two different values append the same bytes.
void append_key(std::string& key, const Fact* fact);
void append_key(std::string& key, const Value& value);

// Whether `fact` is a plain declared property (Declared, no entry, no explanation):
// then its origin is its range alone, which a slot carries. A resolver that copies an
// input's whole origin may key on the input only when this holds.
bool plain_declared(const Fact* fact);

}  // namespace gpuspec::facts
