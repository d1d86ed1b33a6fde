// The fact-reader index of the built-in pack, made by the build. Which facts each
// policy may read is a function of the pack's text and the fact table, both fixed when
// the binary is built; collecting them at every start (parsing the templates' holes
// that are not one fact name) was 1.3 M of a one-file check's 16.7 M instructions. The
// build's snapshot generator (compiler/snapshot/) stores each built-in policy's reads
// and the executable installs them; a team's policies still collect theirs at load.
#pragma once

#include <span>
#include <string_view>

#include "facts/fact_table.h"

namespace gpuspec::lint {

// One built-in policy, in load order: its id, what lint::policy_reads found, and the
// policy as a checked load makes it, programs compiled (store_policy, policy_store.h;
// empty: none stored, the declaration is read and compiled).
struct StoredPolicyReads {
  std::string_view policy;
  std::span<const facts::FactId> reads;
  std::string_view form = {};
};

// The first call wins (later ones are ignored); safe while other threads load policies.
void install_pack_reads(std::span<const StoredPolicyReads> table);

// What was installed; empty when nothing was (a test binary, the snapshot generator).
std::span<const StoredPolicyReads> installed_pack_reads();

}  // namespace gpuspec::lint
