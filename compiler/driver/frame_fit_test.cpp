// suggest's frame-level bounds restate what the pack's chassis-fit rules say of GPU form
// factors (backends/suggest/frame_fit.h). This runs the rules themselves, as the pack
// compiled them, on every form factor the fact schema allows and every GPU form a chassis
// may take, and asks the restatement the same question: a change to the rules (a new SXM
// generation, OAM modules on an SXM board) fails here until suggest follows.
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

TEST(FrameFit, TheChassisTakesTheFormsThePackLetsIt) {
  Session session(LibraryOptions{});
  const lint::Policy* policy = session.policies().find("gpu.form-factor-fits-chassis");
  ASSERT_NE(policy, nullptr);
  ASSERT_FALSE(policy->when_program);
  for (const auto& form : symbols_of("gpu.form_factor")) {
    for (const auto& takes : symbols_of("chassis.gpu_form")) {
      facts::FactSet f("frame", "server");
      f.set("gpu.form_factor", Value::symbol(form), {});
      f.set("chassis.gpu_form", Value::symbol(takes), {});
      const auto kind = run(policy->require_program, f);
      ASSERT_NE(kind, eval::Check::Kind::Unknown) << form << " in " << takes;
      EXPECT_EQ(kind == eval::Check::Kind::True, suggest::gpu_form_fits(form, takes)) << form << " in " << takes;
    }
    // A chassis whose catalog entry gives no gpu_form: suggest prunes nothing and leaves the
    // build to the pack, which is silent on a PCIe or SXM card there but rejects an OAM or
    // other module outright (`false and unknown` is false): a prune suggest misses, never
    // one the pack would not make.
    facts::FactSet f("frame", "server");
    f.set("gpu.form_factor", Value::symbol(form), {});
    EXPECT_TRUE(suggest::gpu_form_fits(form, ""));
    const bool pcie_or_sxm = form == "pcie" || suggest::is_sxm_module(form);
    EXPECT_EQ(run(policy->require_program, f), pcie_or_sxm ? eval::Check::Kind::Unknown : eval::Check::Kind::False) << form;
  }
}

}  // namespace
}  // namespace gpuspec::driver
