// FactSet keeps the fact table's facts in slots by id and may be layered on a base
// set; these tests pin the map-like behaviour the resolvers rely on.
#include "facts/fact.h"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

namespace gpuspec::facts {
namespace {

Origin derived(std::string why) { return Origin{Origin::Kind::Derived, {}, {}, std::move(why)}; }

TEST(FactSet, SetsAndFindsByNameAndId) {
  FactSet facts("s", "server");
  facts.set("gpu.count", Value::number(8), derived("8 x a100"));
  const FactId id = FactSchema::builtin().id("gpu.count");
  ASSERT_NE(id, kNoFactId);
  ASSERT_NE(facts.find(id), nullptr);
  EXPECT_EQ(facts.find("gpu.count"), facts.find(id));
  EXPECT_EQ(facts.quantity("gpu.count")->value, 8);
  EXPECT_EQ(facts.find("gpu.vram"), nullptr);
}

// Inside the compiler a name the table lacks is a bug: loud in a Debug build (the
// sanitizer build of scripts/test.sh --sanitize), and in a release build never stored by
// name. A policy's key of a symbol literal (no id) quietly finds nothing.
TEST(FactSet, ANameTheTableLacksIsAProgrammingError) {
  FactSet facts("s", "server");
  EXPECT_DEBUG_DEATH(facts.set("no.such.fact", Value::number(3), derived("")), "facts.def");
  EXPECT_DEBUG_DEATH(facts.set(FactKey{kNoFactId, "no.such.fact"}, Value::number(3), derived("")), "facts.def");
  const Fact borrowed{Value::number(3), derived("")};
  EXPECT_DEBUG_DEATH(facts.borrow(FactKey{kNoFactId, "no.such.fact"}, borrowed), "facts.def");
  EXPECT_DEBUG_DEATH(EXPECT_EQ(facts.find("no.such.fact"), nullptr), "facts.def");
  EXPECT_TRUE(facts.sorted().empty());
  facts.set("gpu.count"_fact, Value::number(8), derived(""));
  EXPECT_EQ(facts.find(FactKey{kNoFactId, "onprem"}), nullptr);
  EXPECT_EQ(facts.symbol(FactKey{kNoFactId, "onprem"}), std::nullopt);
  EXPECT_EQ(FactSet::layered_on(facts).find(FactKey{kNoFactId, "onprem"}), nullptr);
}

// A literal key carries the table's id, found while compiling (a name the table lacks
// does not compile: test/fact_literals/literal.cpp); ids are positions in the table.
TEST(FactSet, LiteralKeysCarryTheTableId) {
  static_assert(("gpu.count"_fact).id == table_fact_id("gpu.count"));
  EXPECT_EQ(("gpu.count"_fact).id, FactSchema::builtin().id("gpu.count"));
  EXPECT_EQ(("gpu.count"_fact).name, "gpu.count");
  EXPECT_EQ(FactSchema::builtin().size(), kFactCount);
  for (std::size_t i = 0; i < kFactCount; ++i) EXPECT_EQ(FactSchema::builtin().name(static_cast<FactId>(i)), kFactNames[i]);
  FactSet facts("s", "server");
  facts.set("gpu.count"_fact, Value::number(4), derived("4 x a100"));
  EXPECT_EQ(facts.find("gpu.count"), facts.find("gpu.count"_fact));
  EXPECT_EQ(facts.quantity("gpu.count"_fact)->value, 4);
  FactSet layer = FactSet::layered_on(facts);
  EXPECT_EQ(layer.find("gpu.count"_fact), facts.find("gpu.count"_fact));
  EXPECT_EQ(layer.find("gpu.vram"_fact), nullptr);
}

TEST(FactSet, SettingAgainReplacesInPlace) {
  FactSet facts("s", "server");
  facts.set("gpu.model", Value::symbol("a"), derived("first"));
  const Fact* before = facts.find("gpu.model");
  facts.set("gpu.model", Value::symbol("b"), derived("second"));
  EXPECT_EQ(facts.find("gpu.model"), before);
  EXPECT_EQ(facts.symbol("gpu.model"), "b");
  EXPECT_EQ(facts.find("gpu.model")->origin.explanation, "second");
  EXPECT_EQ(facts.sorted().size(), 1u);
}

TEST(FactSet, PointersStayValidWhileFactsAreAdded) {
  FactSet facts("s", "server");
  facts.set("gpu.count", Value::number(1), derived(""));
  const Fact* first = facts.find("gpu.count");
  for (const auto& entry : FactSchema::builtin().entries()) facts.set(entry.name, Value::number(2), derived(""));
  EXPECT_EQ(facts.find("gpu.count"), first);
  EXPECT_EQ(first->value.quantity.value, 2);
}

TEST(FactSet, SortedIsByName) {
  FactSet facts("s", "server");
  for (const char* name : {"nodes", "gpu.vram", "budget", "gpu.count"}) facts.set(name, Value::number(1), derived(""));
  std::vector<std::string_view> names;
  for (const auto& [name, fact] : facts.sorted()) names.push_back(name);
  EXPECT_EQ(names, (std::vector<std::string_view>{"budget", "gpu.count", "gpu.vram", "nodes"}));
}

TEST(FactSet, LayerReadsThroughAndShadowsItsBase) {
  FactSet base("s", "server");
  base.set("gpu.count", Value::number(8), derived("base"));
  base.set("nodes", Value::number(1), derived("base"));
  FactSet layer = FactSet::layered_on(base);
  EXPECT_EQ(layer.declaration(), "s");
  EXPECT_EQ(layer.kind(), "server");
  EXPECT_EQ(layer.find("gpu.count"), base.find("gpu.count"));
  layer.set("nodes", Value::number(2), derived("layer"));
  layer.set("budget", Value::number(5), derived("layer"));
  EXPECT_EQ(layer.quantity("nodes")->value, 2);
  EXPECT_EQ(base.quantity("nodes")->value, 1);  // the base is untouched
  EXPECT_EQ(base.find("budget"), nullptr);
  std::vector<std::pair<std::string_view, double>> all;
  for (const auto& [name, fact] : layer.sorted()) all.emplace_back(name, fact->value.quantity.value);
  EXPECT_EQ(all, (std::vector<std::pair<std::string_view, double>>{{"budget", 5}, {"gpu.count", 8}, {"nodes", 2}}));
}

TEST(FactSet, CopyOfALayerOutlivesItsBase) {
  std::optional<FactSet> copy;
  {
    FactSet base("s", "server");
    base.set("gpu.count", Value::number(8), derived("base"));
    base.set("nodes", Value::number(1), derived("base"));
    FactSet layer = FactSet::layered_on(base);
    layer.set("nodes", Value::number(2), derived("layer"));
    copy = layer;
  }
  EXPECT_EQ(copy->quantity("gpu.count")->value, 8);
  EXPECT_EQ(copy->quantity("nodes")->value, 2);
  EXPECT_EQ(copy->find("nodes")->origin.explanation, "layer");
  EXPECT_EQ(copy->sorted().size(), 2u);
}

// Deferred facts (the cost.* facts): a group is provided once, on the first read of one
// of its facts, and not at all when nothing reads it.
TEST(FactSet, DeferredGroupIsProvidedOnFirstReadOnly) {
  const FactSchema& schema = FactSchema::builtin();
  FactSet base("s", "server");
  base.set("gpu.count", Value::number(8), derived("base"));
  FactSet facts = FactSet::layered_on(base);
  int figures = 0;
  int breakeven = 0;
  facts.defer({schema.id("cost.capex"), schema.id("cost.hourly")}, [&](FactSet& f) {
    ++figures;
    f.set("cost.capex", Value::number(100), derived("quote"));  // cost.hourly stays unset
  });
  facts.defer({schema.id("cost.breakeven_months")}, [&](FactSet&) { ++breakeven; });
  EXPECT_EQ(facts.quantity("gpu.count")->value, 8);
  EXPECT_EQ(facts.find("cost.price_age"), nullptr);
  EXPECT_EQ(figures, 0);
  EXPECT_EQ(facts.find("cost.hourly"), nullptr);
  EXPECT_EQ(figures, 1);
  EXPECT_EQ(facts.quantity("cost.capex")->value, 100);
  EXPECT_EQ(facts.find(schema.id("cost.hourly")), nullptr);
  EXPECT_EQ(figures, 1);  // an unset fact of a provided group does not call it again
  EXPECT_EQ(breakeven, 0);
  EXPECT_EQ(facts.sorted().size(), 2u);  // listing provides the rest
  EXPECT_EQ(breakeven, 1);
}

// A value read takes the inline path (FactSet::value) only for a slot no provider names:
// a fact set now and named by a pending provider is provided first, as find() does, and
// a layer's read of a fact only its base holds reads through.
TEST(FactSet, ValueReadOfAPendingFactProvidesItFirst) {
  FactSet facts("s", "server");
  facts.set("gpu.count", Value::number(1), derived("declared"));
  facts.set("cost.capex", Value::number(5), derived("early"));
  int calls = 0;
  facts.defer({FactSchema::builtin().id("cost.capex")}, [&](FactSet& f) {
    ++calls;
    f.set("cost.capex", Value::number(7), derived("quote"));
  });
  EXPECT_EQ(facts.value("gpu.count"_fact)->quantity.value, 1);
  EXPECT_EQ(calls, 0);
  EXPECT_EQ(facts.value("cost.capex"_fact)->quantity.value, 7);
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(facts.value(FactSchema::builtin().id("cost.capex"))->quantity.value, 7);
  FactSet layer = FactSet::layered_on(facts);
  EXPECT_EQ(layer.value("gpu.count"_fact)->quantity.value, 1);
  EXPECT_EQ(layer.value(kNoFactId), nullptr);
}

// The same for find(), by id and by key: a pending provider runs before the slot is read.
TEST(FactSet, FindOfAPendingFactProvidesItFirst) {
  for (const bool by_id : {true, false}) {
    FactSet facts("s", "server");
    facts.set("cost.capex", Value::number(5), derived("early"));
    facts.defer({FactSchema::builtin().id("cost.capex")},
                [](FactSet& f) { f.set("cost.capex", Value::number(7), derived("quote")); });
    const Fact* found = by_id ? facts.find(FactSchema::builtin().id("cost.capex")) : facts.find("cost.capex"_fact);
    ASSERT_NE(found, nullptr);
    EXPECT_EQ(found->value.quantity.value, 7) << by_id;
    EXPECT_EQ(FactSet::layered_on(facts).find("cost.capex"_fact), found);
  }
}

TEST(FactSet, CopyProvidesDeferredFacts) {
  int calls = 0;
  std::optional<FactSet> copy;
  {
    FactSet facts("s", "server");
    facts.defer({FactSchema::builtin().id("cost.capex")}, [&](FactSet& f) {
      ++calls;
      f.set("cost.capex", Value::number(7), derived("quote"));
    });
    copy = facts;  // the provider may not outlive the original's program: the copy holds its facts
  }
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(copy->quantity("cost.capex")->value, 7);
  EXPECT_EQ(calls, 1);
}

// A borrowed fact is read in place; setting the fact again replaces it; a copy of the
// set owns a copy, so it outlives the fact it borrowed (a catalog's, in resolution).
TEST(FactSet, BorrowsInPlaceAndCopiesOwnWhatTheyHold) {
  FactSet copy("s", "server");
  {
    auto catalog = std::make_unique<Fact>(Fact{Value::symbol("hbm3"), Origin{Origin::Kind::Catalog, {}, "nvidia.h100_sxm", {}}});
    FactSet facts("s", "server");
    facts.borrow("gpu.memory_type"_fact, *catalog);
    EXPECT_EQ(facts.find("gpu.memory_type"), catalog.get());
    copy = facts;
    ASSERT_NE(copy.find("gpu.memory_type"), nullptr);
    EXPECT_NE(copy.find("gpu.memory_type"), catalog.get());
    facts.set("gpu.memory_type", Value::symbol("gddr6"), derived("set again"));
    EXPECT_EQ(facts.symbol("gpu.memory_type"), "gddr6");
    EXPECT_EQ(catalog->value.text, "hbm3");
  }
  EXPECT_EQ(copy.symbol("gpu.memory_type"), "hbm3");
  EXPECT_EQ(copy.find("gpu.memory_type")->origin.entry, "nvidia.h100_sxm");
}


// A fact borrowed at another range reads as the fact at that range, in a slot of the
// set's own (so the pointer stays put), and leaves the fact it borrowed as it was; a copy
// of the set holds it at that range too; borrowing or setting again replaces it.
TEST(FactSet, BorrowsAtAnotherRangeAndReadsItThere) {
  const Fact kept{Value::number(640), Origin{Origin::Kind::Derived, {1, 10, 20}, {}, "8 x 80 GB"}};
  FactSet facts("s", "server");
  facts.borrow_at("gpu.vram_total"_fact, kept, SourceRange{2, 30, 40});
  const Fact* read = facts.find("gpu.vram_total");
  ASSERT_NE(read, nullptr);
  EXPECT_NE(read, &kept);
  EXPECT_EQ(read->value.quantity.value, 640);
  EXPECT_EQ(read->origin.range.file, 2u);
  EXPECT_EQ(read->origin.range.begin, 30u);
  EXPECT_EQ(read->origin.range.end, 40u);
  EXPECT_EQ(read->origin.explanation, "8 x 80 GB");
  EXPECT_EQ(facts.find("gpu.vram_total"), read);  // read once, then the set's own
  EXPECT_EQ(kept.origin.range.file, 1u);
  EXPECT_EQ(kept.origin.range.begin, 10u);

  FactSet unread("s", "server");
  unread.borrow_at("gpu.vram_total"_fact, kept, SourceRange{3, 5, 6});
  FactSet copy = unread;  // copied before any read
  EXPECT_EQ(copy.find("gpu.vram_total")->origin.range.file, 3u);
  EXPECT_EQ(copy.find("gpu.vram_total")->origin.range.begin, 5u);

  unread.borrow("gpu.vram_total"_fact, kept);  // borrowed in place again: the kept range
  EXPECT_EQ(unread.find("gpu.vram_total"), &kept);
  unread.borrow_at("gpu.vram_total"_fact, kept, SourceRange{4, 1, 2});
  unread.set("gpu.vram_total", Value::number(1), derived("set again"));
  EXPECT_EQ(unread.find("gpu.vram_total")->value.quantity.value, 1);
  EXPECT_FALSE(unread.find("gpu.vram_total")->origin.range.valid());
}

// A value read of a fact borrowed at another range reads the borrowed value in place: the
// slot stays borrowed (a later find copies it then, at its range), and a watching reader
// is told of a value read.
TEST(FactSet, ReadsABorrowedValueInPlace) {
  struct Reads final : FactReader {
    std::vector<std::pair<FactId, bool>> seen;
    void read(FactKey key, const Fact*, bool whole) override { seen.emplace_back(key.id, whole); }
  } reads;
  const Fact kept{Value::number(640), Origin{Origin::Kind::Derived, {1, 10, 20}, {}, "8 x 80 GB"}};
  FactSet facts("s", "server");
  facts.borrow_at("gpu.vram_total"_fact, kept, SourceRange{2, 30, 40});
  facts.watch(&reads);
  EXPECT_EQ(facts.value("gpu.vram_total"_fact), &kept.value);
  EXPECT_EQ(facts.quantity("gpu.vram_total")->value, 640);
  EXPECT_EQ(facts.value("gpu.count"_fact), nullptr);
  facts.watch(nullptr);
  ASSERT_EQ(reads.seen.size(), 3u);
  EXPECT_FALSE(reads.seen[0].second);
  EXPECT_FALSE(reads.seen[1].second);
  EXPECT_EQ(reads.seen[2].first, "gpu.count"_fact.id);
  const Fact* read = facts.find("gpu.vram_total");
  EXPECT_NE(read, &kept);
  EXPECT_EQ(read->origin.range.begin, 30u);
  EXPECT_EQ(facts.value("gpu.vram_total"_fact), &read->value);  // owned now: its own copy
}

// The journal lists every fact set while it is given, for a cache to replay.
TEST(FactSet, JournalNotesWhatIsSet) {
  FactSet facts("s", "server");
  std::vector<FactId> written;
  facts.set("gpu.count", Value::number(1), derived("before"));
  facts.journal(&written);
  facts.set("gpu.count", Value::number(2), derived("again"));
  facts.set("budget"_fact, Value::number(3), derived("by key"));
  facts.journal(nullptr);
  facts.set("nodes", Value::number(4), derived("after"));
  EXPECT_EQ(written, (std::vector<FactId>{"gpu.count"_fact.id, "budget"_fact.id}));
}

// Two providers may name the same fact: each read of it runs the next one still
// pending, as the list of providers did before reads were indexed by id; a read of a
// fact no provider names runs none, and a provider that defers more is heard.
TEST(FactSet, ProvidersNamingTheSameFactRunInTurn) {
  const FactSchema& schema = FactSchema::builtin();
  FactSet facts("s", "server");
  std::vector<int> ran;
  facts.defer({schema.id("cost.capex")}, [&](FactSet& f) {
    ran.push_back(1);
    f.set("cost.capex", Value::number(1), derived("first"));
  });
  facts.defer({schema.id("cost.hourly"), schema.id("cost.capex")}, [&](FactSet& f) {
    ran.push_back(2);
    f.set("cost.capex", Value::number(2), derived("second"));
    f.defer({schema.id("cost.price_age")}, [&](FactSet& g) {
      ran.push_back(3);
      g.set("cost.price_age", Value::number(3), derived("third"));
    });
  });
  EXPECT_EQ(facts.find("gpu.count"), nullptr);
  EXPECT_EQ(facts.find(kNoFactId), nullptr);  // an id no registry has: every provider, as before
  EXPECT_EQ(ran, (std::vector<int>{1, 2, 3}));
  FactSet again("s", "server");
  ran.clear();
  again.defer({schema.id("cost.capex")}, [&](FactSet& f) {
    ran.push_back(1);
    f.set("cost.capex", Value::number(1), derived("first"));
  });
  again.defer({schema.id("cost.capex")}, [&](FactSet& f) {
    ran.push_back(2);
    f.set("cost.capex", Value::number(2), derived("second"));
  });
  EXPECT_EQ(again.find("cost.hourly"), nullptr);
  EXPECT_TRUE(ran.empty());
  EXPECT_EQ(again.quantity("cost.capex")->value, 1);
  EXPECT_EQ(again.quantity("cost.capex")->value, 2);
  EXPECT_EQ(again.quantity("cost.capex")->value, 2);
  EXPECT_EQ(ran, (std::vector<int>{1, 2}));
}

// set() moves the caller's value and origin into the slot once; the strings it holds
// (longer than a short-string buffer, so on the heap) belong to the set, and a value
// or origin copied out of the set itself may be set again.
TEST(FactSet, OwnsWhatIsSetAndAcceptsItsOwnFactsAgain) {
  const std::string long_symbol(100, 's');
  const std::string long_entry(80, 'e');
  FactSet facts("s", "server");
  {
    std::string symbol = long_symbol;
    std::string entry = long_entry;
    facts.set("gpu.model"_fact, Value::symbol(symbol), Origin{Origin::Kind::Catalog, {}, entry, Explanation(std::string(90, 'x'))});
    facts.set("instance.regions"_fact, Value::list({Value::symbol(symbol)}), Origin{Origin::Kind::Catalog, {}, entry, {}});
  }
  const Fact* model = facts.find("gpu.model");
  ASSERT_NE(model, nullptr);
  facts.set("gpu.model"_fact, model->value, model->origin);  // copies made before the slot is replaced
  EXPECT_EQ(facts.find("gpu.model"), model);
  EXPECT_EQ(model->value.text, long_symbol);
  EXPECT_EQ(model->origin.entry, long_entry);
  EXPECT_EQ(model->origin.explanation, std::string(90, 'x'));
  const Fact* regions = facts.find("instance.regions");
  facts.set("instance.regions", regions->value, regions->origin);
  EXPECT_EQ(facts.find("instance.regions")->value.items.at(0).text, long_symbol);
  FactSet moved = std::move(facts);
  EXPECT_EQ(moved.find("gpu.model"), model);  // a move keeps the slots where they are
  EXPECT_EQ(moved.find("instance.regions")->origin.entry, long_entry);
}

}  // namespace
}  // namespace gpuspec::facts
