// The verdicts of the prunes already asked in one search (RuleView::violated), by the
// check and the parts its rule reads. A rule that reads only facts the part functions set
// (part_facts.h; RuleView::part_reads) has one verdict per choice of the parts it reads:
// the licence rule one per GPUs and chassis, whatever the variant and the fill; the DIMM
// rule one per CPU and DIMM, whatever the frame. Building the parts' facts for every ask
// (a fact set each) made the search ~20 % slower; asked once per choice it is not. A rule
// that reads any other fact (the node count, the workload) is asked every time.
#pragma once

#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <string>
#include <string_view>
#include <vector>

#include "backends/suggest/part_facts.h"
#include "backends/suggest/rule_view.h"

namespace gpuspec::suggest {

class PartVerdicts {
 public:
  // The parts of a candidate so far; those not chosen yet stay null and 0.
  struct Key {
    const sema::DeclEntry* gpu = nullptr;
    int gpus = 0;
    const sema::DeclEntry* chassis = nullptr;
    std::string_view link, cooling;  // held only while asked: the memo keeps interned copies
    const sema::DeclEntry* cpu = nullptr;
    int sockets = 0;
    const sema::DeclEntry* dimm = nullptr;
    int dimms = 0;
    const sema::DeclEntry* psu = nullptr;
    int psus = 0;
    std::string_view mode;
  };

  // Whether `p`'s rule is violated on the parts of `key`, whose facts `facts()` builds
  // (a const facts::FactSet&) only when the verdict is not known yet.
  template <class BuildFacts>
  bool violated(const RuleView& rules, Prune p, const Key& key, BuildFacts&& facts) {
    if (!rules.rejects(p)) return false;
    const unsigned reads = rules.part_reads(p);
    if (reads & kOtherFacts) return rules.violated(p, facts());
    auto [it, fresh] = verdicts_.try_emplace(stored(p, key, reads), false);
    if (fresh) it->second = rules.violated(p, facts());
    return it->second;
  }

 private:
  // A key as the memo holds it: the parts the rule does not read cleared (one verdict for
  // all of them), the choices' names as their index among those seen.
  struct Stored {
    Prune check;
    const void* parts[5];  // gpu, chassis, cpu, dimm, psu
    int counts[4];         // gpus, sockets, dimms, psus
    int names[3];          // link, cooling, mode
    bool operator==(const Stored&) const = default;
  };
  struct Hash {
    std::size_t operator()(const Stored& k) const {
      std::size_t h = static_cast<std::size_t>(k.check);
      auto mix = [&h](std::size_t v) { h = (h ^ v) * 0x100000001b3ULL; };
      for (const void* part : k.parts) mix(reinterpret_cast<std::uintptr_t>(part));
      for (int n : k.counts) mix(static_cast<std::size_t>(n));
      for (int n : k.names) mix(static_cast<std::size_t>(n));
      return h;
    }
  };
  Stored stored(Prune p, const Key& key, unsigned reads) {
    const bool gpu = reads & kGpuPart, variant = reads & kVariantPart, cpu = reads & kCpuPart,
               dimm = reads & kDimmPart, psu = reads & kPsuPart;
    return {p,
            {gpu ? key.gpu : nullptr, reads & kChassisPart ? key.chassis : nullptr, cpu ? key.cpu : nullptr,
             dimm ? key.dimm : nullptr, psu ? key.psu : nullptr},
            {gpu ? key.gpus : 0, cpu ? key.sockets : 0, dimm ? key.dimms : 0, psu ? key.psus : 0},
            {variant ? name(key.link) : 0, variant ? name(key.cooling) : 0, psu ? name(key.mode) : 0}};
  }
  // 1 + the index of `text` among the names seen (a handful: links, coolings, PSU modes).
  int name(std::string_view text) {
    auto it = std::find(names_.begin(), names_.end(), text);
    if (it == names_.end()) it = names_.insert(names_.end(), std::string(text));
    return static_cast<int>(it - names_.begin()) + 1;
  }

  std::unordered_map<Stored, bool, Hash> verdicts_;
  std::vector<std::string> names_;
};

}  // namespace gpuspec::suggest
