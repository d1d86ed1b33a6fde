// What the search needs to know about the policy pack as a run configures it (built-in
// and user policies, gpuspec.json's `disable` and `severity`): whether a rule rejects a
// candidate when it fires, and which of the search's choices could make a fired rule
// pass, read from the facts its expressions name and, on a judged candidate, from which
// parts of its requirement were false.
#pragma once

#include <map>
#include <array>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "eval/compiled.h"
#include "facts/fact.h"
#include "lint/bounds.h"
#include "lint/lint.h"
#include "lint/policy.h"

namespace gpuspec::suggest {

// The search's choices, from the outside in: the frame (GPU model and count per node,
// chassis; an instance type), its variant (how the GPUs are linked and cooled), the
// count (nodes, instances) and the fill (CPU, memory, storage, PSUs, NICs; a cloud
// region and its disks). A change of a choice keeps the ones outside it.
enum Choice : unsigned { kVariant = 1, kCount = 2, kFill = 4 };

// The parts whose facts a rule reads, by the part functions that set them (part_facts.h):
// the GPUs (gpu.*: model and GPUs per node together, so a total that scales with the
// count is never kept per model alone, whichever totals add_gpu_facts sets), the chassis,
// the variant (gpu.link, cooling.kind), the CPUs, the DIMMs, the PSUs; any other fact
// (the nodes, the workload, the power model) is kOtherFacts.
enum PartRead : unsigned {
  kGpuPart = 1,
  kChassisPart = 4,
  kVariantPart = 8,
  kCpuPart = 16,
  kDimmPart = 32,
  kPsuPart = 64,
  kOtherFacts = 128,
};

// The search's own checks of catalog facts before the pack runs, each of a shape the
// bounds API does not read (facts compared with facts or lists, a catalog's markets).
// Each stands for the rule that rejects in the run and whose requirement reads the facts
// it reads (reads_of, lint::rule_reading): its prunes are counted under that rule's id, so
// no rule id is written in C++. Each asks that rule itself (violated(), on the candidate's
// part facts, part_facts.h), so no condition is written in C++ either. (The budget is
// checked through the bounds API: budget_bounds.h.)
enum class Prune : unsigned {
  MarketRegion,       // a GPU not sold where the site is (asked on the GPU and the site, catalog.h)
  CloudOnlyPart,      // a cloud-only GPU in a server
  FormFactor,         // the GPU's form against the chassis's GPU form
  SxmSocket,          // an SXM module against the chassis's socket
  GpusFitChassis,     // GPUs per node against the chassis's maximum
  GpusFillBaseboard,  // GPUs per node against the chassis's baseboard
  GpusFitSlots,       // GPUs x slot width against the chassis's slots
  GpuFitsBays,        // the GPU's width against the chassis's bays
  ConsumerInRack,     // a consumer (GeForce) GPU's class against a rack-mount chassis's form
  VramFits,           // the workload's memory estimate per GPU against its VRAM (asked over WorkloadOnGpus)
  ParallelismFits,    // the GPUs in all against the workload's parallel degree (asked on gpus() and nodes())
  CpuSocket,          // the CPU's socket against the chassis's
  CpuFixed,           // the CPU against a complete system's own
  CpuSockets,         // the CPUs in a node against the sockets the chassis's board needs
  DimmType,           // the DIMM's type against the CPU's
  PcieLanes,          // the devices' lanes against the CPUs' (PartFacts::pcie: the resolvers' lane sum)
  PsuForm,            // the PSU's form against the chassis's bays
  PsuModule,          // a vendor's PSU module against the chassis's
  PsuHotSwap,         // a redundant PSU mode on supplies that are not hot-swap
  PsuRedundancy,      // a single PSU set where a failure must be carried (asked with mode single)
  PsuBays,            // the PSU count against the chassis's bays
};
inline constexpr std::size_t kPrunes = static_cast<std::size_t>(Prune::PsuBays) + 1;

// The facts check `p` reads, by which its rule is found on a server.
std::span<const std::string_view> reads_of(Prune p);

class RuleView {
 public:
  RuleView(const lint::PolicySet& policies, const lint::LintOptions& options);

  // The rule check `p` stands for; null when no rule of the pack reads its facts.
  const lint::Policy* rule(Prune p) const { return prunes_[static_cast<std::size_t>(p)]; }
  // Whether a violation of that rule rejects the candidate: the rule runs (not disabled)
  // and cannot be reported below warning (neither --severity nor a severity_when lowers
  // it to info). Only then may the check prune before the pack runs.
  bool rejects(Prune p) const;
  // Whether that rule, when it rejects, is violated on `facts` (a candidate's part facts,
  // part_facts.h) as the linter would judge it: a definite False under a true (or no)
  // guard. A fact the parts do not fix leaves the rule Unknown, which never prunes.
  bool violated(Prune p, const facts::FactSet& facts) const;
  // Which parts' facts that rule reads in its guard and requirement (bits of PartRead):
  // its verdict is one per choice of those parts (part_verdicts.h).
  unsigned part_reads(Prune p) const { return part_reads_[static_cast<std::size_t>(p)]; }

  // The bounds the rules that reject put on facts (lint/bounds.h): what sizing reads
  // instead of restating their thresholds.
  const lint::Bounds& bounds() const { return bounds_; }
  // The bounds of the rules that run and only inform (infos): what they advise, which
  // sizing tries first where it costs no rule's acceptance (storage.data.class).
  const lint::Bounds& advice() const { return advice_; }

  // Which changes could make `rule`, fired on a `kind` (server or cloud) with `facts`,
  // pass: bit kFill when another fill could, kCount when another count (with any
  // fill) could, kVariant when another variant could; 0 when only another frame can.
  // A requirement `a and b and ...` holds only when every false part turns true, so
  // each false part must depend on the choice; a guard turns the rule off when any of
  // its parts turns false. Without facts every change could; a diagnostic that is no
  // policy's (a type error) is retried with other fills only.
  unsigned fixable_by(std::string_view rule, std::string_view kind, const facts::FactSet* facts) const;

  // How many rules the pack runs on a `kind`.
  std::size_t rules_for(std::string_view kind) const;

 private:
  struct Part {
    eval::CompiledExpr program;
    std::set<std::string> facts;  // the names it reads that the fact schema knows
  };
  struct Shape {
    std::vector<Part> require;  // the conjuncts of `require`
    std::vector<Part> when;     // the conjuncts of `when`
  };
  unsigned changes_of(const Part& part, std::string_view kind) const;

  const lint::PolicySet& policies_;
  const lint::LintOptions& options_;
  lint::Bounds bounds_;
  lint::Bounds advice_;
  std::map<std::string, Shape, std::less<>> shapes_;
  std::array<const lint::Policy*, kPrunes> prunes_{};
  std::array<unsigned, kPrunes> part_reads_{};
};

}  // namespace gpuspec::suggest
