// The built-in pack's fact-reader index as the build stored it (lint/pack_reads.h)
// against the one a load that checks and compiles every policy collects from the same
// pack; and that a run's load takes the stored reads, only where they fit.
#include <gtest/gtest.h>

#include <vector>

#include "driver/embedded_library.h"
#include "driver/session.h"
#include "facts/fact_table.h"
#include "lint/pack_reads.h"
#include "lint/policy.h"
#include "snapshot/full_load.h"
#include "snapshot/parse_snapshot_data.h"
#include "syntax/parse_snapshot.h"

namespace gpuspec::snapshot {
namespace {

// Every fact's readers, and how many (policy, fact) pairs the index holds.
std::size_t expect_same_index(const lint::PolicySet& a, const lint::PolicySet& b) {
  std::size_t indexed = 0;
  for (facts::FactId id = 0; id < facts::kFactCount; ++id) {
    EXPECT_EQ(a.readers_of(id), b.readers_of(id)) << facts::kFactNames[id];
    indexed += b.readers_of(id).size();
  }
  return indexed;
}

TEST(PackReads, TheStoredReadsAreWhatALoadCollects) {
  FullLoad full;
  ASSERT_TRUE(full.diags.diagnostics().empty());
  const auto stored = stored_pack_reads();
  ASSERT_EQ(stored.size(), full.pack.policies().size());
  ASSERT_GE(stored.size(), 40u);
  for (std::size_t i = 0; i < stored.size(); ++i) {
    const lint::Policy& policy = full.pack.policies()[i];
    EXPECT_EQ(stored[i].policy, policy.id);
    EXPECT_EQ(std::vector<facts::FactId>(stored[i].reads.begin(), stored[i].reads.end()), lint::policy_reads(policy))
        << policy.id;
  }
}

// A run loads the pack as checked, with the stored reads (driver::Session, after the
// executable's install): the index is the full load's, fact by fact.
TEST(PackReads, ARunIndexesThePackAsALoadThatCollectsItsReads) {
  install();
  ASSERT_TRUE(syntax::embedded_library_checks_clean());
  ASSERT_EQ(lint::installed_pack_reads().data(), stored_pack_reads().data());
  FullLoad full;
  driver::Session session(driver::LibraryOptions{});
  ASSERT_EQ(session.policies().policies().size(), full.pack.policies().size());
  EXPECT_GE(expect_same_index(session.policies(), full.pack), 100u);
}

// The stored reads are taken, not collected again: a table that says policy 0 reads
// one more fact shows in the index. A table whose id is not the policy's at that place,
// or a load that checks the pack, collects the reads itself.
TEST(PackReads, ACheckedLoadTakesTheStoredReadsWhereTheIdsMatch) {
  FullLoad full;
  const auto stored = stored_pack_reads();
  ASSERT_FALSE(stored.empty());
  const lint::Policy& first = full.pack.policies()[0];
  facts::FactId extra = 0;
  while (extra < facts::kFactCount && !full.pack.readers_of(extra).empty()) ++extra;
  ASSERT_LT(extra, facts::kFactCount) << "every fact has a reader";
  std::vector<facts::FactId> reads(stored[0].reads.begin(), stored[0].reads.end());
  reads.push_back(extra);
  std::vector<lint::StoredPolicyReads> table(stored.begin(), stored.end());
  table[0].reads = reads;

  DiagnosticEngine diags;
  const lint::PolicySet taken = lint::load_policies(full.library, {}, diags, true, table);
  EXPECT_EQ(taken.readers_of(extra), std::vector<std::size_t>{0}) << first.id;

  table[0].policy = "not.the-first-policy";
  const lint::PolicySet misplaced = lint::load_policies(full.library, {}, diags, true, table);
  EXPECT_TRUE(misplaced.readers_of(extra).empty());
  expect_same_index(misplaced, full.pack);

  table[0].policy = first.id;
  const lint::PolicySet unchecked = lint::load_policies(full.library, {}, diags, false, table);
  EXPECT_TRUE(unchecked.readers_of(extra).empty());
  EXPECT_TRUE(diags.diagnostics().empty());
}

}  // namespace
}  // namespace gpuspec::snapshot
