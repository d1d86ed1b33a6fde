#include "eval/template_memo.h"

#include <gtest/gtest.h>

#include "eval/test_support.h"

namespace gpuspec::eval {
namespace {

using facts::Origin;
using facts::Value;
using testing::server_facts;

// Each case changes one input the memo's key must hold and expects the text the
// template renders over the changed set: a key that leaves the input out hands back the
// text kept for the first set instead.
TEST(TemplateMemo, ATextIsKeptPerTemplateAndPerValueOfEachRead) {
  const LazyTemplate message("{gpu.count} GPUs over {gpu.link}, memory {memory.total}");
  auto facts = server_facts();
  EXPECT_EQ(render_template_text(message, facts), "4 GPUs over nvswitch, memory 256 GB");

  // Another value of one read, of each type the key encodes.
  auto more_gpus = server_facts();
  more_gpus.set("gpu.count", Value::number(8), {});
  EXPECT_EQ(render_template_text(message, more_gpus), "8 GPUs over nvswitch, memory 256 GB");
  auto other_link = server_facts();
  other_link.set("gpu.link", Value::symbol("pcie"), {});
  EXPECT_EQ(render_template_text(message, other_link), "4 GPUs over pcie, memory 256 GB");
  // The same number in another dimension prints another unit.
  auto other_unit = server_facts();
  other_unit.set("memory.total", Value::of(units::Quantity{256e9, units::Dimension::bandwidth(), {}}), {});
  EXPECT_EQ(render_template_text(message, other_unit), render_template(message.get(), other_unit).text);
  EXPECT_NE(render_template_text(message, other_unit), "4 GPUs over nvswitch, memory 256 GB");

  // A read the set lacks.
  facts::FactSet bare("s", "server");
  bare.set("gpu.count", Value::number(4), {});
  bare.set("gpu.link", Value::symbol("nvswitch"), {});
  EXPECT_EQ(render_template_text(message, bare), "4 GPUs over nvswitch, memory unknown");

  // A list's items.
  const LazyTemplate lists("monitoring {software.monitoring}");
  EXPECT_EQ(render_template_text(lists, facts), "monitoring [dcgm, prometheus]");
  auto one_tool = server_facts();
  one_tool.set("software.monitoring", Value::list({Value::symbol("dcgm")}), {});
  EXPECT_EQ(render_template_text(lists, one_tool), "monitoring [dcgm]");

  // Another template over the same facts: the serial tells them apart.
  const LazyTemplate other("{gpu.count} GPUs over {gpu.link}, RAM {memory.total}");
  EXPECT_EQ(render_template_text(other, facts), "4 GPUs over nvswitch, RAM 256 GB");

  // The first set again: its text, not a later one's.
  EXPECT_EQ(render_template_text(message, facts), "4 GPUs over nvswitch, memory 256 GB");
}

// A template whose values rarely repeat is rendered plainly after its trial (Uses), one
// that repeats stays memoized: either way each text is its own set's.
TEST(TemplateMemo, EveryTextRightWhetherKeptOrNot) {
  const LazyTemplate fresh("{gpu.count} GPUs");
  const LazyTemplate repeated("{gpu.count} GPUs!");
  for (int i = 0; i < 300; ++i) {
    auto facts = server_facts();
    facts.set("gpu.count", Value::number(i), {});
    EXPECT_EQ(render_template_text(fresh, facts), std::to_string(i) + " GPUs");
    facts.set("gpu.count", Value::number(i % 3), {});
    EXPECT_EQ(render_template_text(repeated, facts), std::to_string(i % 3) + " GPUs!");
  }
}

// Where a fact came from is no input: a value alone prints.
TEST(TemplateMemo, AnOriginIsNoInput) {
  const LazyTemplate message("memory {memory.total}");
  auto facts = server_facts();
  auto elsewhere = server_facts();
  elsewhere.set("memory.total", *facts.value(facts::fact_key("memory.total")), Origin{Origin::Kind::Declared, {}, {}, {}});
  EXPECT_EQ(render_template_text(message, facts), "memory 256 GB");
  EXPECT_EQ(render_template_text(message, elsewhere), "memory 256 GB");
}

TEST(TemplateMemo, SameValueComparesBitsTypesAndItems) {
  EXPECT_TRUE(same_value(Value::number(1), Value::number(1)));
  EXPECT_FALSE(same_value(Value::number(0.0), Value::number(-0.0)));  // "-0" may print otherwise
  EXPECT_FALSE(same_value(Value::symbol("a"), Value::string("a")));
  EXPECT_FALSE(same_value(Value::list({Value::flag(true)}), Value::list({Value::flag(false)})));
  EXPECT_FALSE(same_value(Value::list({}), Value::list({Value::flag(false)})));
}

}  // namespace
}  // namespace gpuspec::eval
