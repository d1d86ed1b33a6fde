#include "backends/suggest/rule_view.h"

#include <algorithm>
#include <array>

#include "backends/cost/cost_facts.h"
#include "eval/fact_schema.h"

namespace gpuspec::suggest {

namespace {

// Facts that change with the count of nodes (or instances) and with the parts around
// the GPUs. Everything else a rule reads (the GPU, the chassis, the cooling, the
// workload's own settings, the site) is fixed by the frame. Money (the facts the cost
// backend prices, cost::priced) changes with the parts, but more nodes only ever cost
// more, so a count does not fix it.
constexpr std::array kCountFacts{"nodes", "network.", "workload.mem.", "gpu.count_total", "acceptance.rdma_test"};
constexpr std::array kServerFillFacts{"cpu.", "memory.", "psu.", "power.", "pcie.", "storage.", "network."};
constexpr std::array kCloudFillFacts{"region", "zone", "storage."};
constexpr std::array kVariantFacts{"gpu.link", "cooling."};

template <std::size_t N>
bool matches(const std::string& fact, const std::array<const char*, N>& prefixes) {
  return std::any_of(prefixes.begin(), prefixes.end(), [&](std::string_view p) {
    return p.back() == '.' ? fact.starts_with(p) : fact == p || fact.starts_with(std::string(p) + ".");
  });
}

// The parts whose facts `policy`'s guard and requirement read (PartRead); names the fact
// schema lacks are symbols.
unsigned part_reads(const lint::Policy& policy) {
  constexpr std::array kVariant{"gpu.link", "cooling.kind"};
  const std::pair<const char*, PartRead> kByPrefix[] = {{"gpu.", kGpuPart}, {"chassis.", kChassisPart},
                                                        {"cpu.", kCpuPart},  {"memory.", kDimmPart},
                                                        {"psu.", kPsuPart}};
  std::vector<facts::FactKey> reads;
  for (const auto* program : {policy.when_program.get(), policy.require_program.get()}) {
    if (program) program->collect_reads(reads);
  }
  unsigned out = 0;
  for (const auto& read : reads) {
    const std::string name(read.name);
    if (!eval::FactSchema::builtin().find(name)) continue;
    if (matches(name, kVariant)) {
      out |= kVariantPart;
      continue;
    }
    unsigned part = kOtherFacts;
    for (const auto& [prefix, bit] : kByPrefix) {
      if (name.starts_with(prefix)) part = bit;
    }
    out |= part;
  }
  return out;
}

// `a and (b and c)` -> a, b, c.
void conjuncts(const ast::Expr& expr, std::vector<const ast::Expr*>& out) {
  if (const auto* paren = expr.as<ast::ParenExpr>()) return conjuncts(*paren->inner, out);
  if (const auto* binary = expr.as<ast::BinaryExpr>(); binary && binary->op == ast::BinaryOp::And) {
    conjuncts(*binary->lhs, out);
    conjuncts(*binary->rhs, out);
    return;
  }
  out.push_back(&expr);
}

}  // namespace

std::span<const std::string_view> reads_of(Prune p) {
  using R = std::vector<std::string_view>;
  static const std::array<R, kPrunes> table{{
      R{"gpu.markets", "site.region"},                          // MarketRegion
      R{"gpu.class", "cloud"},                                  // CloudOnlyPart
      R{"gpu.form_factor", "chassis.gpu_form"},                 // FormFactor
      R{"gpu.form_factor", "chassis.sxm_socket"},               // SxmSocket
      R{"gpu.count", "chassis.max_gpus"},                       // GpusFitChassis
      R{"gpu.count", "chassis.baseboard_gpus"},                 // GpusFillBaseboard
      R{"gpu.count", "gpu.slot_width", "chassis.expansion_slots"},  // GpusFitSlots
      R{"gpu.slot_width", "chassis.max_gpu_width"},             // GpuFitsBays
      R{"gpu.class", "chassis.form"},                           // ConsumerInRack
      R{"workload.mem.per_gpu", "gpu.vram"},                    // VramFits
      R{"gpu.count_total", "workload.parallel_gpus"},           // ParallelismFits
      R{"cpu.socket", "chassis.cpu_socket"},                    // CpuSocket
      R{"cpu.model", "chassis.cpu_model"},                      // CpuFixed
      R{"cpu.sockets", "chassis.cpu_sockets_required"},         // CpuSockets
      R{"memory.type", "cpu.memory_type"},                      // DimmType
      R{"pcie.gpu_lanes", "cpu.pcie_lanes_total"},              // PcieLanes
      R{"psu.form_factor", "chassis.psu_forms"},                // PsuForm
      R{"psu.module_family", "chassis.psu_modules"},            // PsuModule
      R{"psu.hot_swap"},                                        // PsuHotSwap
      R{"psu.capacity_after_failure", "power.full_load"},       // PsuRedundancy
      R{"psu.count", "chassis.psu_slots"},                      // PsuBays
  }};
  return table[static_cast<std::size_t>(p)];
}

RuleView::RuleView(const lint::PolicySet& policies, const lint::LintOptions& options)
    : policies_(policies),
      options_(options),
      bounds_(policies, options),
      advice_(policies, options, lint::BoundsOf::Advising) {
  for (const auto& policy : policies.policies()) {
    Shape& shape = shapes_[policy.id];
    auto split = [](const ast::Expr* expr, std::vector<Part>& parts) {
      if (!expr) return;
      std::vector<const ast::Expr*> list;
      conjuncts(*expr, list);
      for (const auto* e : list) {
        Part part{eval::CompiledExpr::compile(*e), {}};
        std::vector<facts::FactKey> reads;
        part.program.collect_reads(reads);
        for (const auto& read : reads) {
          if (eval::FactSchema::builtin().find(read.name)) part.facts.emplace(read.name);
        }
        parts.push_back(std::move(part));
      }
    };
    split(policy.syntax().require, shape.require);
    split(policy.syntax().when, shape.when);
  }
  for (std::size_t p = 0; p < kPrunes; ++p) {
    prunes_[p] = lint::rule_reading(policies, "server", reads_of(Prune(p)), &options);
    if (prunes_[p]) part_reads_[p] = suggest::part_reads(*prunes_[p]);
  }
}

bool RuleView::rejects(Prune p) const {
  const lint::Policy* policy = rule(p);
  return policy && lint::rejects(*policy, options_);
}

bool RuleView::violated(Prune p, const facts::FactSet& facts) const {
  return rejects(p) && lint::violated(*rule(p), facts);
}

unsigned RuleView::changes_of(const Part& part, std::string_view kind) const {
  unsigned out = 0;
  bool money = false;
  for (const auto& fact : part.facts) {
    if (cost::priced(facts::FactSchema::builtin().id(fact))) {
      money = true;
      continue;
    }
    if (kind == "server" && matches(fact, kVariantFacts)) out |= kVariant;
    if (matches(fact, kCountFacts)) out |= kCount;
    if (kind == "cloud" ? matches(fact, kCloudFillFacts) : matches(fact, kServerFillFacts)) out |= kFill;
  }
  // A change of an outer choice comes with a fresh choice of the inner ones...
  if (out & kFill) out |= kCount | kVariant;
  if (out & kCount) out |= kVariant;
  // ...but money only grows with more nodes or a costlier link: only a cheaper fill
  // (another region, other parts) can lower it.
  if (money) out |= kFill;
  return out;
}

unsigned RuleView::fixable_by(std::string_view rule, std::string_view kind, const facts::FactSet* facts) const {
  constexpr unsigned kAny = kVariant | kCount | kFill;
  auto it = shapes_.find(rule);
  // A diagnostic that is no policy's (a type error such as a region the instance is not
  // offered in) may go away with other parts, but not reliably: only the fill is retried.
  if (it == shapes_.end()) return kFill;
  if (!facts) return kAny;
  unsigned require = kAny;  // every false part must turn true
  bool any_false = false;
  for (const auto& part : it->second.require) {
    if (part.program.check(*facts).kind != eval::Check::Kind::False) continue;
    any_false = true;
    require &= changes_of(part, kind);
  }
  if (!any_false) require = kAny;  // no part to blame: any change might do
  unsigned when = 0;            // any guard part turning false silences the rule
  for (const auto& part : it->second.when) when |= changes_of(part, kind);
  return require | when;
}

std::size_t RuleView::rules_for(std::string_view kind) const {
  return std::count_if(policies_.policies().begin(), policies_.policies().end(), [&](const lint::Policy& p) {
    return !options_.disabled.count(p.id) && std::find(p.applies.begin(), p.applies.end(), kind) != p.applies.end();
  });
}

}  // namespace gpuspec::suggest
