#include "backends/suggest/search.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <initializer_list>
#include <map>
#include <memory>
#include <set>
#include <span>
#include <tuple>

#include "backends/suggest/budget_bounds.h"
#include "backends/suggest/candidate_text.h"
#include "backends/suggest/catalog.h"
#include "backends/suggest/catalog_view.h"
#include "backends/suggest/frame_fit.h"
#include "backends/suggest/part_facts.h"
#include "backends/suggest/regions.h"
#include "backends/suggest/sizing.h"

namespace gpuspec::suggest {

namespace {

double value_or(const std::optional<double>& v, double fallback) { return v ? *v : fallback; }

// Whether a configuration passed, and if not, which changes could still make it
// (rule_view.h: bits of Choice, gathered over the builds tried).
struct Outcome {
  bool passed = false;
  unsigned depends = 0;
  bool gave_up = false;  // the limit of judged builds ended it, not the rules
};

// How the GPUs of a frame are linked and cooled, simplest first: PCIe before bridges
// (which cost), the chassis's own cooling before liquid.
struct Variant {
  std::string link;
  std::string cooling;
};

class Searcher {
 public:
  Searcher(const SearchInput& in, const Judge& judge)
      : in_(in),
        judge_(judge),
        catalog_(load_catalog(in.program, {in.context.site_region, [&in](const sema::DeclEntry& gpu) {
                                 // A GPU the market rule rejects at the site is never offered.
                                 PartFacts parts(in.program, *in.workload.facts);
                                 parts.gpus(gpu, 1).site(in.context.site_region);
                                 return in.rules.violated(Prune::MarketRegion, parts.facts());
                               }})),
        prices_(in.program, in.book, in.context.site_region, in.context.currency),
        workload_on_(in.program, *in.workload.entry),
        sizing_{in.program, catalog_,  in.rules,  in.workload,
                prices_,    result_.tally, verdicts_} {
    if (in.context.budget) {
      if (auto b = in.book.convert(*in.context.budget, in.context.currency)) {
        budget_.emplace(in.program, *in.workload.facts, b->value, in.rules);
      }
    }
  }

  SearchResult run() {
    auto start = std::chrono::steady_clock::now();
    // GPUs not sold where the site is (their `markets`) are never offered.
    if (long n = static_cast<long>(catalog_.gpus_outside_market.size())) tally().prune_part(id(Prune::MarketRegion), n);
    if (in_.onprem) search_servers();
    if (in_.cloud) search_clouds();
    result_.tally.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return std::move(result_);
  }

 private:
  Tally& tally() { return result_.tally; }

  Verdict judge(const Build& build, bool sizing_run) {
    Verdict v = judge_(candidate_file(in_.context, in_.header, {declaration_text(build, in_.context)}),
                       name_of(build, in_.context));
    ++tally().pack_runs;
    if (sizing_run) ++tally().sizing_runs;
    if (!v.passes()) tally().reject(v.rejecting());
    return v;
  }

  // Which changes could make a rejected build pass: every rejecting rule must turn.
  unsigned fixable(const Verdict& v, std::string_view kind) const {
    unsigned out = kVariant | kCount | kFill;
    const facts::FactSet* facts = v.facts ? &*v.facts : nullptr;
    for (const auto& rule : v.rejecting()) out &= in_.rules.fixable_by(rule, kind, facts);
    return out;
  }

  void record(const Build& build, Verdict verdict) {
    ++tally().passed;
    result_.passing.push_back({build, declaration_of(build, in_.context), std::move(verdict)});
  }

  // The id a check's prunes are counted under: its rule's (RuleView::rule).
  const std::string& id(Prune p) const { return in_.rules.rule(p)->id; }

  // A check's bound removes `n` configurations, when the run lets its rule reject.
  bool bound(bool violated, Prune p, long n = 1) {
    if (!violated || !in_.rules.rejects(p)) return false;
    tally().configurations += n;
    tally().prune(id(p), n);
    return true;
  }

  // Whether the rule on a deployment's GPUs against the workload's parallel degree
  // rejects `per_node` x `gpu` on `nodes` nodes (or instances, `unit`), asked of the rule
  // itself on those facts over the workload's (RuleView::violated). The layer holds only
  // the workload's facts, the GPUs' and the node count, so one verdict per GPU, count and
  // node count is exact within a search.
  bool parallelism_violated(const sema::DeclEntry& gpu, int per_node, int nodes, std::string_view unit) {
    if (!in_.rules.rejects(Prune::ParallelismFits)) return false;
    auto [it, fresh] = parallelism_.try_emplace(std::tuple{&gpu, per_node, nodes}, false);
    if (fresh) {
      PartFacts layer(in_.program, *in_.workload.facts);
      layer.gpus(gpu, per_node).nodes(gpu, nodes, unit);
      it->second = in_.rules.violated(Prune::ParallelismFits, layer.facts());
    }
    return it->second;
  }

  // ---- on premises -------------------------------------------------------------

  // A chassis's facts over the workload's, built once per search: the frames' GPUs are
  // set over them.
  const facts::FactSet& chassis_facts(const sema::DeclEntry& chassis) {
    auto& layer = chassis_facts_[&chassis];
    if (!layer) {
      layer = std::make_unique<PartFacts>(in_.program, *in_.workload.facts);
      layer->chassis(chassis);
    }
    return layer->facts();
  }

  // How an SXM frame's baseboard links its GPUs, as gpu.baseboard_fabric reads it: the
  // chassis's own board, else the catalog's board part of that many GPUs; empty when
  // neither says (the pack's link rules are silent then).
  std::string board_fabric(const ServerBuild& frame) const {
    if (std::string own = text(*frame.chassis, "baseboard_fabric"); !own.empty()) return own;
    for (const auto* board : in_.program.declarations_of_kind("part")) {
      if (text(*board, "category") != "gpu_baseboard") continue;
      auto gpus = counted_part(in_.program, *board, "gpu");
      if (gpus && gpus->entry == frame.gpu && gpus->count == frame.gpus_per_node) return text(*board, "fabric");
    }
    return "";
  }

  std::vector<Variant> variants(const ServerBuild& frame) const {
    std::vector<std::string> links;
    const std::string form = text(*frame.gpu, "form_factor");
    if (frame.gpus_per_node == 1) {
      links = {""};
    } else if (is_sxm_module(form)) {
      // SXM modules talk through their baseboard: NVSwitch or NVLink without a switch.
      const std::string fabric = board_fabric(frame);
      links = fabric.empty() ? std::vector<std::string>{"nvswitch", "nvlink"} : std::vector<std::string>{fabric};
    } else {
      links = {"pcie"};
      if (text(*frame.gpu, "nvlink") == "bridge" && frame.gpus_per_node % 2 == 0) links.push_back("nvlink_bridge");
    }
    std::vector<std::string> coolings{text(*frame.chassis, "cooling")};
    if (coolings.front().empty()) coolings.front() = text(*frame.chassis, "form") == "tower" ? "air_tower" : "air_server";
    if (text(*frame.chassis, "form") == "tower") {
      coolings.push_back("liquid_aio");
      coolings.push_back("liquid_custom");
    }
    std::vector<Variant> out;
    for (const auto& link : links) {
      for (const auto& cooling : coolings) out.push_back({link, cooling});
    }
    return out;
  }

  // The first of `checks` whose rule the frame's part facts (built by `facts`, when a
  // verdict is not known yet: part_verdicts.h) violate removes `n` configurations (its
  // rule's, counted in this order).
  template <class BuildFacts>
  bool asked(std::initializer_list<Prune> checks, const PartVerdicts::Key& key, BuildFacts&& facts, long n = 1) {
    for (Prune p : checks) {
      if (bound(verdicts_.violated(in_.rules, p, key, facts), p, n)) return true;
    }
    return false;
  }

  void search_servers() {
    result_.storage = plan_storage(sizing_);
    if (result_.storage.empty()) {
      result_.notes.push_back(fmt::format(
          "no on-premises candidate: no catalog NVMe drive reaches, with up to four striped, the {} GB data volume "
          "and the sequential throughput the storage rules ask for",
          data_bytes_needed(in_.rules, in_.workload, "server") / 1e9));
      return;
    }
    int max_per_node = 1;
    for (const auto* c : catalog_.chassis) {
      max_per_node = std::max({max_per_node, static_cast<int>(value_or(number(*c, "max_gpus"), 0)),
                               static_cast<int>(value_or(number(*c, "expansion_slots"), 0))});
    }
    max_per_node = std::min(max_per_node, 16);
    for (const auto* gpu : catalog_.gpus) {
      for (const auto* chassis : catalog_.chassis) {
        for (int k = 1; k <= max_per_node; ++k) {
          ServerBuild frame;
          frame.gpu = gpu;
          frame.gpus_per_node = k;
          frame.chassis = chassis;
          auto vs = variants(frame);
          // What the chassis takes, and what its slots and bays hold with the variant's
          // cooling (water blocks are the block's width), asked of the rules on the frame's
          // GPUs and chassis, then with the variant's link and cooling.
          std::unique_ptr<PartFacts> frame_facts;
          PartVerdicts::Key key{gpu, k, chassis};
          auto with_frame = [&]() -> PartFacts& {
            if (!frame_facts) {
              frame_facts = std::make_unique<PartFacts>(in_.program, chassis_facts(*chassis));
              frame_facts->gpus(*gpu, k);
            }
            return *frame_facts;
          };
          if (asked({Prune::CloudOnlyPart, Prune::FormFactor, Prune::SxmSocket, Prune::GpusFitChassis,
                     Prune::GpusFillBaseboard, Prune::ConsumerInRack},
                    key, [&]() -> const facts::FactSet& { return with_frame().facts(); }, static_cast<long>(vs.size()))) {
            continue;
          }
          for (const auto& v : vs) {
            ServerBuild variant = frame;
            variant.gpu_link = v.link;
            variant.cooling = v.cooling;
            key.link = v.link;
            key.cooling = v.cooling;
            // Set over the frame's own facts: every variant of a frame sets the same two
            // (the link of one GPU, none, in each).
            auto with_variant = [&]() -> const facts::FactSet& { return with_frame().variant(v.link, v.cooling).facts(); };
            if (asked({Prune::GpusFitSlots, Prune::GpuFitsBays}, key, with_variant)) continue;
            Outcome o = try_node_counts(variant);
            if (o.passed || !(o.depends & kVariant)) break;
          }
        }
      }
    }
  }

  // Whether the memory estimate on `per_node` x `nodes` GPUs rules the card out, asked of
  // the VRAM rule itself on the workload's facts on that many GPUs (workload.mem.*) with
  // the GPUs' and the node count over them; a verdict per GPU, count and node count.
  bool memory_violated(const sema::DeclEntry& gpu, int per_node, int nodes, std::string_view unit) {
    if (!in_.rules.rejects(Prune::VramFits)) return false;
    auto [it, fresh] = memory_verdicts_.try_emplace(std::tuple{&gpu, per_node, nodes}, false);
    if (fresh) {
      PartFacts layer(in_.program, workload_on_.on(per_node * nodes));
      layer.gpus(gpu, per_node).nodes(gpu, nodes, unit);
      it->second = in_.rules.violated(Prune::VramFits, layer.facts());
    }
    return it->second;
  }

  Outcome try_node_counts(const ServerBuild& frame) {
    const int k = frame.gpus_per_node;
    unsigned deps = 0;
    for (int nodes = 1; nodes <= in_.max_nodes; ++nodes) {
      if (bound(parallelism_violated(*frame.gpu, k, nodes, "node"), Prune::ParallelismFits)) continue;
      if (memory_violated(*frame.gpu, k, nodes, "node")) {
        tally().configurations += 1;
        tally().prune(id(Prune::VramFits));
        // More nodes help only while sharding still lowers the figure.
        if (memory_violated(*frame.gpu, k, in_.max_nodes, "node")) return {false, 0};
        continue;
      }
      tally().configurations += 1;
      auto fills = fills_for(frame, nodes, result_.storage, sizing_);
      if (fills.empty()) return {false, deps};
      Outcome o = try_fill_tiers(fills);
      if (o.passed) return o;
      deps |= o.depends;
      if (!(o.depends & kCount)) return {false, deps};
    }
    return {false, deps};
  }

  // What is known of a build's capex without its PSUs: every node's GPUs, chassis and
  // parts (the BOM's implied parts only add to it).
  double known_capex(const Fill& fill) {
    const ServerBuild& b = fill.build;
    PriceKey frame;
    prices_.add(frame, b.gpu, b.gpus_per_node);
    prices_.add(frame, b.chassis, 1);
    return (frame.known + fill.key.known) * b.nodes;
  }

  // The fills an info advises against (consumer data drives for a production job) come
  // after those it advises (fills_for sorts them so), each tier with its own limit of
  // judged builds: the advice is tried first, and a build the pack accepts is never lost
  // to it, since an info does not reject (a budget the enterprise drives break still gets
  // the consumer drives 002 §4 allows with backups).
  Outcome try_fill_tiers(const std::vector<Fill>& fills) {
    auto tolerated = std::find_if(fills.begin(), fills.end(), [](const Fill& f) { return f.key.advised_against > 0; });
    Outcome o = try_fills({fills.begin(), tolerated});
    if (!o.passed && (o.depends & kFill || tolerated == fills.begin()) && tolerated != fills.end()) {
      Outcome next = try_fills({tolerated, fills.end()});
      next.depends |= o.depends;
      next.gave_up = next.gave_up || (!next.passed && o.gave_up);
      o = next;
    }
    if (!o.passed && o.gave_up) ++tally().gave_up;
    return o;
  }

  Outcome try_fills(std::span<const Fill> fills) {
    unsigned deps = 0;
    int builds = 0;
    for (const auto& fill : fills) {
      if (const lint::Bound* over = budget_ ? budget_->broken(known_capex(fill)) : nullptr) {
        tally().prune_part(over->policy->id);
        deps |= kFill;
        continue;
      }
      if (builds++ == in_.max_builds) return {false, deps, true};
      // Judged without PSUs first: the power rules are silent then, and the pack's own
      // power model gives the full load the PSUs are sized to.
      Verdict probe = judge(fill.build, true);
      if (!probe.passes()) {
        unsigned d = fixable(probe, "server");
        deps |= d;
        if (!(d & kFill)) return {false, deps};
        continue;
      }
      if (!probe.facts || !probe.facts->quantity("power.full_load")) continue;
      auto psus = size_psus(fill.build, *probe.facts, sizing_);
      for (std::size_t i = 0; i < psus.size() && i < 3; ++i) {
        ServerBuild build = fill.build;
        build.psu = psus[i].psu;
        build.psus = psus[i].count;
        build.psu_mode = psus[i].mode;
        Verdict v = judge(build, false);
        if (v.passes()) {
          record(build, std::move(v));
          return {true, 0};
        }
        unsigned d = fixable(v, "server");
        deps |= d;
        if (!(d & kFill)) return {false, deps};
      }
    }
    return {false, deps};
  }

  // ---- cloud ---------------------------------------------------------------------

  // The regions the price book prices an instance in, where the search may rent,
  // cheapest first.
  std::vector<std::pair<PriceKey, std::string>> regions_of(const sema::DeclEntry& instance) const {
    std::set<std::string> seen;
    std::vector<std::pair<PriceKey, std::string>> out;
    for (const cost::PriceEntry* price : in_.book.prices()) {
      const cost::PriceEntry& p = *price;
      if (p.item != instance.decl->name || p.kind != "on_demand" || p.region.empty() || !seen.insert(p.region).second) {
        continue;
      }
      if (in_.cloud_region ? p.region != *in_.cloud_region : region_geography(p.region) != in_.context.site_region) {
        continue;
      }
      PriceKey key;
      const cost::PriceEntry* best =
          in_.book.find(cost::PriceQuery{p.item, p.region, true, in_.context.currency, cost::PriceUse::Instance});
      auto converted = best ? in_.book.convert(best->amount, in_.context.currency) : std::nullopt;
      if (converted) {
        key.known = converted->value.value;
      } else {
        key.unpriced = 1;
      }
      out.push_back({key, p.region});
    }
    std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    return out;
  }

  void search_clouds() {
    const double need = data_bytes_needed(in_.rules, in_.workload, "cloud");
    for (const auto* instance : catalog_.instances) {
      auto gpus = counted_part(in_.program, *instance, "gpu");
      const sema::DeclEntry* gpu = gpus ? gpus->entry : nullptr;
      if (!gpu || gpu->decl->kind != "gpu") continue;
      auto regions = regions_of(*instance);
      if (regions.empty()) {
        tally().configurations += 1;
        tally().prune("(no priced region in " + (in_.cloud_region ? *in_.cloud_region : in_.context.site_region) + ")");
        continue;
      }
      CloudBuild base;
      base.instance = instance;
      base.provider = text(*instance, "provider");
      const double local = value_or(number(*instance, "local_nvme_drives"), 0) *
                           value_or(number(*instance, "local_nvme_drive_size"), 0);
      base.local_nvme = local > 0 && local >= need;
      base.data_bytes = base.local_nvme ? 0 : need;
      const int per_instance = static_cast<int>(gpus->count);
      for (int count = 1; count <= in_.max_nodes; ++count) {
        if (bound(parallelism_violated(*gpu, per_instance, count, "instance"), Prune::ParallelismFits)) continue;
        tally().configurations += 1;
        if (memory_violated(*gpu, per_instance, count, "instance")) {
          tally().prune(id(Prune::VramFits));
          if (memory_violated(*gpu, per_instance, in_.max_nodes, "instance")) break;
          continue;
        }
        Outcome o = try_regions(base, count, regions);
        if (o.passed || !(o.depends & kCount)) break;
      }
    }
  }

  Outcome try_regions(CloudBuild build, int count, const std::vector<std::pair<PriceKey, std::string>>& regions) {
    build.count = count;
    unsigned deps = 0;
    int builds = 0;
    for (const auto& [key, region] : regions) {
      if (builds++ == in_.max_builds) {
        ++tally().gave_up;
        break;
      }
      build.region = region;
      Verdict v = judge(build, false);
      if (v.passes()) {
        record(build, std::move(v));
        return {true, 0};
      }
      unsigned d = fixable(v, "cloud");
      deps |= d;
      if (!(d & kFill)) break;
    }
    return {false, deps};
  }

  const SearchInput& in_;
  const Judge& judge_;
  Catalog catalog_;
  SearchResult result_;
  PartPrices prices_;
  WorkloadOnGpus workload_on_;
  PartVerdicts verdicts_;
  std::map<const sema::DeclEntry*, std::unique_ptr<PartFacts>> chassis_facts_;
  std::map<std::tuple<const sema::DeclEntry*, int, int>, bool> parallelism_;
  std::map<std::tuple<const sema::DeclEntry*, int, int>, bool> memory_verdicts_;
  SizingContext sizing_;
  std::optional<BudgetBounds> budget_;  // the budget rules' bounds, with a budget
};

}  // namespace

SearchResult search(const SearchInput& input, const Judge& judge) { return Searcher(input, judge).run(); }

}  // namespace gpuspec::suggest
