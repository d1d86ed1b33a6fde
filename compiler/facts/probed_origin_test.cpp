// probed_from by a fact's id must say what probed_from by its name says: the table by id
// is made from the name's prefixes, and a why-note reads it (compiled_trace.cpp).
#include "facts/probed_origin.h"

#include <gtest/gtest.h>

#include <string>

#include "facts/fact_schema.h"

namespace gpuspec::facts {
namespace {

// A server probed for every property, each probed_from fact with its own text.
FactSet probed_server() {
  FactSet facts("s", "server");
  for (std::string property : {"gpu", "gpu_link", "cpu", "memory", "storage", "network", "psu", "software"}) {
    facts.set("probed_from." + property, Value::string("probe of " + property), Origin{});
  }
  return facts;
}

TEST(ProbedFrom, ByIdSaysWhatByNameSaysForEveryFact) {
  const FactSchema& schema = FactSchema::builtin();
  const FactSet facts = probed_server();
  int probed = 0;
  for (const Origin::Kind kind : {Origin::Kind::Declared, Origin::Kind::Catalog, Origin::Kind::Derived,
                                  Origin::Kind::Default, Origin::Kind::Estimator}) {
    const Fact fact{Value::number(1), Origin{kind, {}, {}, {}}};
    for (std::size_t i = 0; i < schema.size(); ++i) {
      const auto id = static_cast<FactId>(i);
      const std::string& name = schema.name(id);
      const std::string* by_name = probed_from(facts, name, fact);
      const std::string* by_id = probed_from(facts, id, fact);
      ASSERT_EQ(by_name, by_id) << name;
      if (by_id) ++probed;
    }
  }
  EXPECT_GT(probed, 0);
  const Fact declared{Value::number(1), Origin{}};
  EXPECT_EQ(*probed_from(facts, "gpu.link"_fact.id, declared), "probe of gpu_link");
  EXPECT_EQ(*probed_from(facts, "gpu.vram"_fact.id, declared), "probe of gpu");
  EXPECT_EQ(probed_from(facts, "power.full_load"_fact.id, declared), nullptr);
  EXPECT_EQ(probed_from(facts, kNoFactId, declared), nullptr);
}

}  // namespace
}  // namespace gpuspec::facts
