// RecordedFacts (fact_replay.h) on hand-made sets: an origin in a slot is replayed at
// the replaying declaration's range, one in a library file is kept in place, and one
// in the recording program's own files that no slot names makes the record refuse
// (the group is then resolved afresh, never replayed pointing at another server).
#include "facts/fact_replay.h"

#include <gtest/gtest.h>

#include <array>
#include <vector>

namespace gpuspec::facts {
namespace {

constexpr FileId kLibraryFile = 1;
constexpr FileId kOwnFile = 7;

Origin at(SourceRange range, std::string why) { return Origin{Origin::Kind::Derived, range, {}, std::move(why)}; }

TEST(RecordedFacts, SlotOriginsMoveAndLibraryOriginsStay) {
  const SourceRange name{kOwnFile, 10, 14};
  const SourceRange in_library{kLibraryFile, 100, 120};
  const std::array<SourceRange, 1> slots{name};
  const std::array<FileId, 1> own_files{kOwnFile};
  FactSet recording("a", "server");
  auto record = RecordedFacts::record(recording, slots, own_files, [&] {
    recording.set("gpu.count"_fact, Value::number(8), at(name, "declared"));
    recording.set("gpu.vram"_fact, Value::number(80), at(in_library, "datasheet"));
  });
  ASSERT_NE(record, nullptr);
  EXPECT_EQ(record->size(), 2u);

  const SourceRange other_name{kOwnFile + 1, 50, 54};
  const std::array<SourceRange, 1> other_slots{other_name};
  FactSet replaying("b", "server");
  record->replay(replaying, other_slots);
  ASSERT_NE(replaying.find("gpu.count"_fact), nullptr);
  EXPECT_EQ(replaying.find("gpu.count"_fact)->origin.range.file, other_name.file);
  EXPECT_EQ(replaying.find("gpu.count"_fact)->origin.range.begin, other_name.begin);
  ASSERT_NE(replaying.find("gpu.vram"_fact), nullptr);
  EXPECT_EQ(replaying.find("gpu.vram"_fact)->origin.range.file, kLibraryFile);
  EXPECT_EQ(replaying.find("gpu.vram"_fact)->origin.explanation.str(), "datasheet");
}

TEST(RecordedFacts, AnOwnFileOriginNoSlotNamesIsNotRecorded) {
  const SourceRange name{kOwnFile, 10, 14};
  const SourceRange gpu_property{kOwnFile, 30, 44};  // per declaration, but not a slot
  const std::array<SourceRange, 1> slots{name};
  const std::array<FileId, 1> own_files{kOwnFile};
  FactSet facts("a", "server");
  auto record = RecordedFacts::record(facts, slots, own_files, [&] {
    facts.set("gpu.count"_fact, Value::number(8), at(gpu_property, "from the gpu property"));
  });
  EXPECT_EQ(record, nullptr);
  // The facts themselves were still resolved on the recording set.
  ASSERT_NE(facts.find("gpu.count"_fact), nullptr);
}

TEST(RecordedFacts, TwoSlotsWithOneRangeAreNotRecorded) {
  const SourceRange name{kOwnFile, 10, 14};
  const std::array<SourceRange, 2> slots{name, name};
  const std::array<FileId, 1> own_files{kOwnFile};
  FactSet facts("a", "server");
  auto record = RecordedFacts::record(facts, slots, own_files, [&] {
    facts.set("gpu.count"_fact, Value::number(8), at(name, "declared"));
  });
  EXPECT_EQ(record, nullptr);
}

}  // namespace
}  // namespace gpuspec::facts
