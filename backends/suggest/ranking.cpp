#include "backends/suggest/ranking.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "backends/suggest/catalog_view.h"

namespace gpuspec::suggest {

namespace {

std::string part(const sema::DeclEntry* entry) { return entry ? entry->decl->name : "?"; }

std::string summary_of(const Build& build) {
  if (const auto* s = std::get_if<ServerBuild>(&build)) {
    std::string nodes = s->nodes > 1 ? fmt::format("{} nodes of ", s->nodes) : "";
    std::string link = s->gpu_link.empty() ? "" : fmt::format(" ({})", s->gpu_link);
    std::string data = s->storage.data_drives > 1
                           ? fmt::format("{} x {} {}", s->storage.data_drives, part(s->storage.data), s->storage.raid)
                           : part(s->storage.data);
    std::string fabric = s->nic ? fmt::format(", {} x {} per node", s->nics, part(s->nic)) : "";
    std::string board = s->motherboard ? " on " + part(s->motherboard) : "";
    return fmt::format("{}{} x {}{}, {} x {}, {} x {}, data {}, {} x {} ({}){}, {}{}, {}", nodes, s->gpus_per_node,
                       part(s->gpu), link, s->sockets, part(s->cpu), s->dimms, part(s->dimm), data, s->psus,
                       part(s->psu), s->psu_mode, fabric, part(s->chassis), board, s->cooling);
  }
  const auto& c = std::get<CloudBuild>(build);
  std::string data = c.local_nvme ? "data on the local NVMe" : c.data_bytes > 0 ? "a data disk" : "no data disk";
  return fmt::format("{} x {} in {} ({}), {}", c.count, part(c.instance), c.region, c.provider, data);
}

// What changes from one build to the next, in the words a buyer uses.
std::vector<std::string> changes(const Build& from, const Build& to) {
  std::vector<std::string> out;
  auto instead = [&](const std::string& a, const std::string& b) {
    if (a != b) out.push_back(fmt::format("{} instead of {}", b, a));
  };
  const auto* a = std::get_if<ServerBuild>(&from);
  const auto* b = std::get_if<ServerBuild>(&to);
  if (a && b) {
    instead(part(a->gpu), part(b->gpu));
    const int gpus = b->gpus_per_node * b->nodes - a->gpus_per_node * a->nodes;
    if (gpus != 0) out.push_back(fmt::format("{:+} GPU{}", gpus, std::abs(gpus) == 1 ? "" : "s"));
    if (a->nodes != b->nodes) out.push_back(fmt::format("{} node{} instead of {}", b->nodes, b->nodes == 1 ? "" : "s", a->nodes));
    instead(a->gpu_link.empty() ? "one GPU" : a->gpu_link, b->gpu_link.empty() ? "one GPU" : b->gpu_link);
    instead(part(a->chassis), part(b->chassis));
    auto board = [](const ServerBuild& s) {
      if (s.motherboard) return part(s.motherboard);
      return std::string(s.chassis && text(*s.chassis, "board") == "proprietary" ? "the chassis's own board"
                                                                                  : "no motherboard");
    };
    if (a->motherboard || b->motherboard) instead(board(*a), board(*b));
    instead(a->cooling, b->cooling);
    instead(fmt::format("{} x {}", a->sockets, part(a->cpu)), fmt::format("{} x {}", b->sockets, part(b->cpu)));
    instead(fmt::format("{} x {}", a->dimms, part(a->dimm)), fmt::format("{} x {}", b->dimms, part(b->dimm)));
    // The same supplies run another way: say only that, not the supplies twice.
    if (a->psus == b->psus && a->psu == b->psu) {
      instead("psu_mode = " + a->psu_mode, "psu_mode = " + b->psu_mode);
    } else {
      instead(fmt::format("{} x {} ({})", a->psus, part(a->psu), a->psu_mode),
              fmt::format("{} x {} ({})", b->psus, part(b->psu), b->psu_mode));
    }
    return out;
  }
  const auto* c = std::get_if<CloudBuild>(&from);
  const auto* d = std::get_if<CloudBuild>(&to);
  if (c && d) {
    instead(fmt::format("{} x {}", c->count, part(c->instance)), fmt::format("{} x {}", d->count, part(d->instance)));
    instead(c->region, d->region);
    return out;
  }
  if (d) {
    out.push_back(fmt::format("rent {} x {} in {} instead of buying", d->count, part(d->instance), d->region));
  } else {
    // "per node" only where there are several: one node is just its GPUs.
    const std::string nodes = b->nodes > 1 ? fmt::format("{} nodes of ", b->nodes) : "";
    out.push_back(fmt::format("buy {}{} x {} instead of renting", nodes, b->gpus_per_node, part(b->gpu)));
  }
  return out;
}

// The change of each end ("+367.00 USD", or "... at the low end, ... at the high end");
// across a lower bound only what the priced parts say.
std::string money_delta(const cost::Total& from, const cost::Total& to, units::Currency currency) {
  std::string text = cost::format_change(from.range(), to.range(), currency);
  if (from.lower_bound() || to.lower_bound()) text += " on the priced parts";
  return text;
}

int gpu_count(const Build& build) {
  if (const auto* s = std::get_if<ServerBuild>(&build)) return s->gpus_per_node * s->nodes;
  return 0;
}

}  // namespace

Ranking rank(const std::vector<Passing>& passing, const cost::PriceBook& book, units::Currency currency) {
  Ranking r;
  r.currency = currency;
  cost::QuoteOptions options;
  options.currency = currency;
  for (const auto& p : passing) {
    DiagnosticEngine scratch;  // unpriced parts make lower bounds; the report names them
    cost::Quote q = cost::build_quote({{p.verdict.program.get(), p.verdict.entry}}, book, options, scratch);
    RankedOption o;
    o.passing = &p;
    o.summary = summary_of(p.build);
    for (const auto& f : p.verdict.findings) o.infos.push_back(f.rule);
    if (p.verdict.facts) o.throughput = throughput_of(*p.verdict.facts);
    if (!q.servers.empty()) {
      o.onprem = true;
      o.server = q.servers.front();
      o.capability = o.server->capability;
      if (!r.horizon_months) r.horizon_months = o.server->horizon_months;
      o.total = o.server->tco.value_or(o.server->capex());
    } else if (!q.clouds.empty()) {
      o.onprem = false;
      o.cloud = q.clouds.front();
      o.capability = o.cloud->capability;
      o.total = o.cloud->total.value_or(o.cloud->instances_monthly);
    } else {
      continue;
    }
    r.options.push_back(std::move(o));
  }
  // Fully priced options rank by their ranges: one above another only when cheaper at
  // both ends. Every option with an unpriced part comes after them. Traffic, whose amount
  // depends on use, is left out of both sides alike (cost::kUsageSuffix).
  auto ranged = [](const cost::Total& t) { return cost::Bounded{t.range(), t.parts_unpriced()}; };
  for (auto& o : r.options) {
    if (o.total.parts_unpriced()) continue;
    o.rank = 1;
    for (const auto& other : r.options) {
      if (!other.total.parts_unpriced() && cost::cheaper_at_both_ends(ranged(other.total), ranged(o.total))) ++o.rank;
    }
  }
  std::stable_sort(r.options.begin(), r.options.end(), [](const RankedOption& a, const RankedOption& b) {
    if (a.total.parts_unpriced() != b.total.parts_unpriced()) return !a.total.parts_unpriced();
    if (a.rank != b.rank) return a.rank < b.rank;
    // Within a rank the ranges overlap, and each end favours another option: the one whose
    // range sits lower as a whole comes first (its midpoint), then the lower worst case
    // (the high end; with the same midpoint, the narrower range). The lower low end alone
    // would put a wide estimate above a narrow range whose worst case is far lower. A lower
    // bound's real total has no known high end: those are listed by what is known, the low.
    if (!a.total.parts_unpriced()) {
      const double mid_a = a.total.low + a.total.high, mid_b = b.total.low + b.total.high;  // twice the midpoints
      if (mid_a != mid_b) return mid_a < mid_b;
    } else if (a.total.low != b.total.low) {
      return a.total.low < b.total.low;
    }
    if (a.total.high != b.total.high) return a.total.high < b.total.high;
    const double ta = a.capability.total().value_or(0), tb = b.capability.total().value_or(0);
    if (ta != tb) return ta > tb;
    if (gpu_count(a.passing->build) != gpu_count(b.passing->build)) {
      return gpu_count(a.passing->build) < gpu_count(b.passing->build);
    }
    return a.passing->declaration < b.passing->declaration;
  });
  r.fully_priced = static_cast<std::size_t>(std::count_if(
      r.options.begin(), r.options.end(), [](const RankedOption& o) { return !o.total.parts_unpriced(); }));
  // The rank shown: a fully priced option shares the position of the first option of its
  // rank (those tie); an option with an unpriced part has its position.
  for (std::size_t i = 0; i < r.options.size(); ++i) {
    RankedOption& o = r.options[i];
    const bool same_as_previous = i > 0 && i < r.fully_priced && o.rank == r.options[i - 1].rank;
    o.shown_rank = same_as_previous ? r.options[i - 1].shown_rank : static_cast<int>(i + 1);
  }
  for (std::size_t i = 0; i < r.fully_priced; ++i) {
    for (std::size_t j = 0; j < r.fully_priced; ++j) {
      if (i != j && r.options[j].rank == r.options[i].rank) r.options[i].tied_with.push_back(static_cast<int>(j + 1));
    }
  }
  for (std::size_t i = 0; i < r.options.size(); ++i) {
    RankedOption& o = r.options[i];
    if (o.onprem && r.best_onprem < 0) r.best_onprem = static_cast<int>(i);
    if (!o.onprem && r.best_cloud < 0) r.best_cloud = static_cast<int>(i);
    if (o.total.parts_unpriced()) {
      o.why = fmt::format("not fully priced ({} unpriced: {}): its real total is higher, so it comes after every "
                          "fully priced option",
                          o.total.unpriced.size() == 1 ? "one item" : fmt::format("{} items", o.total.unpriced.size()),
                          fmt::join(o.total.unpriced, ", "));
    } else if (!o.tied_with.empty()) {
      // Tied options share the shown rank, so "tied with #1" under "#1" would read as a tie
      // with itself: name the other options by where they stand (a rank's ties are adjacent).
      const int position = static_cast<int>(i + 1);
      const std::string others =
          o.tied_with.size() == 1
              ? (o.tied_with.front() < position ? "the option above" : "the option below")
              : fmt::format("the {} other options ranked #{}", o.tied_with.size(), o.shown_rank);
      o.why = fmt::format("tied with {}: neither is cheaper at both ends of its range", others);
    } else if (o.shown_rank == 1) {
      o.why = r.fully_priced == 1
                  ? std::string("the only fully priced option")
                  : fmt::format("the lowest total of the {} fully priced options{}", r.fully_priced,
                                o.total.is_range() ? ", cheaper at both ends of its range than every other" : "");
    } else {
      o.why = o.total.is_range()
                  ? fmt::format("#{} by total: an option above it is cheaper at both ends of its range", o.shown_rank)
                  : fmt::format("#{} by total", o.shown_rank);
    }
    if (i + 1 < r.options.size()) {
      const RankedOption& next = r.options[i + 1];
      std::vector<std::string> parts = changes(o.passing->build, next.passing->build);
      const facts::Fact* trains = o.passing->verdict.facts ? o.passing->verdict.facts->find("workload.trains") : nullptr;
      parts.push_back(time_change(o.throughput, next.throughput, !trains || trains->value.boolean));
      parts.push_back(money_delta(o.total, next.total, currency));
      o.next_change = fmt::format("{}", fmt::join(parts, ", "));
    }
  }
  if (r.best_onprem >= 0 && r.best_cloud >= 0) {
    const Passing& own = *r.options[r.best_onprem].passing;
    const Passing& rented = *r.options[r.best_cloud].passing;
    DiagnosticEngine scratch;
    r.pair = cost::build_quote({{own.verdict.program.get(), own.verdict.entry},
                                {rented.verdict.program.get(), rented.verdict.entry}},
                               book, options, scratch);
  }
  return r;
}

}  // namespace gpuspec::suggest
