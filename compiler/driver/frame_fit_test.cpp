// suggest tries SXM frames with baseboard links by a restatement of the pack's SXM family
// (backends/suggest/frame_fit.h). This runs the rules' guards themselves, as the pack
// compiled them, on every form factor the fact schema allows, and asks the restatement
// the same question: a new SXM generation in the rules fails here until suggest follows.
#include <gtest/gtest.h>

#include "backends/suggest/frame_fit.h"
#include "driver/session.h"
#include "eval/fact_schema.h"

namespace gpuspec::driver {
namespace {

using facts::Value;

std::vector<std::string> symbols_of(std::string_view fact) {
  const auto* entry = eval::FactSchema::builtin().find(fact);
  EXPECT_NE(entry, nullptr) << fact;
  std::vector<std::string> out;
  if (entry) out.assign(entry->type.symbols.begin(), entry->type.symbols.end());
  EXPECT_FALSE(out.empty()) << fact << " has no symbol list to check against";
  return out;
}

eval::Check::Kind run(const std::shared_ptr<const eval::CompiledExpr>& program, const facts::FactSet& facts) {
  return program->check(facts).kind;
}

TEST(FrameFit, TheSxmFamilyIsThePacks) {
  Session session(LibraryOptions{});
  for (const char* id : {"gpu.sxm-socket-fits-chassis", "gpu.count-fills-baseboard"}) {
    const lint::Policy* policy = session.policies().find(id);
    ASSERT_NE(policy, nullptr) << id;
    ASSERT_TRUE(policy->when_program) << id << " has no guard: frame_fit.h's is_sxm_module restates one";
    for (const auto& form : symbols_of("gpu.form_factor")) {
      facts::FactSet f("frame", "server");
      f.set("gpu.form_factor", Value::symbol(form), {});
      const bool guarded = run(policy->when_program, f) == eval::Check::Kind::True;
      EXPECT_EQ(guarded, suggest::is_sxm_module(form)) << id << " on " << form;
    }
  }
}

}  // namespace
}  // namespace gpuspec::driver
