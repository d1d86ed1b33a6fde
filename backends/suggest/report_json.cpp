#include "backends/cost/report.h"
#include "backends/suggest/report.h"

namespace gpuspec::suggest {

namespace {

nlohmann::ordered_json number_or_null(const std::optional<double>& v) {
  return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json();
}

// The roofline estimate (roofline.h): null where a figure or the step is unknown, and why.
nlohmann::ordered_json throughput_json(const Throughput& t) {
  nlohmann::ordered_json j;
  j["memory_bandwidth_gbs"] = number_or_null(t.roof.bandwidth ? std::optional(*t.roof.bandwidth / 1e9) : std::nullopt);
  j["step"] = t.step ? nlohmann::ordered_json(t.step->decode ? "decode" : "training") : nlohmann::ordered_json();
  j["intensity_flops_per_byte"] =
      number_or_null(t.step && t.step->bytes > 0 ? std::optional(t.step->flops / t.step->bytes) : std::nullopt);
  j["bound"] = !t.step || !t.per_gpu.flops ? nlohmann::ordered_json()
                                           : nlohmann::ordered_json(t.per_gpu.bandwidth_bound ? "bandwidth" : "compute");
  j["attainable_tflops_per_gpu"] = number_or_null(t.per_gpu.flops ? std::optional(*t.per_gpu.flops / 1e12) : std::nullopt);
  j["unknown"] = !t.step ? t.step_unknown : t.per_gpu.unknown;
  return j;
}

nlohmann::ordered_json by_rule(const std::map<std::string, long>& counts) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const auto& [rule, n] : counts) out[rule] = n;
  return out;
}

}  // namespace

nlohmann::ordered_json render_json(const ReportInput& in) {
  const Tally& t = in.search.tally;
  const Ranking& r = in.ranking;
  nlohmann::ordered_json out;
  out["version"] = 2;  // 2: totals as ranges, ranks with ties, fully_priced per option
  out["workload"] = in.workload;
  out["file"] = in.file;
  out["site_region"] = in.site_region;
  out["cloud_region"] = in.cloud_region.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(in.cloud_region);
  out["currency"] = std::string(units::currency_code(r.currency));
  out["horizon_months"] = r.horizon_months ? nlohmann::ordered_json(*r.horizon_months) : nlohmann::ordered_json();
  out["search"] = {{"configurations", t.configurations},
                   {"pruned", t.pruned_total()},
                   {"pack_runs", t.pack_runs},
                   {"sizing_runs", t.sizing_runs},
                   {"passed", t.passed},
                   {"gave_up", t.gave_up},
                   {"rules", {{"server", in.rules_server}, {"cloud", in.rules_cloud}}},
                   {"pruned_by", by_rule(t.pruned)},
                   {"parts_pruned_by", by_rule(t.parts_pruned)},
                   {"rejected_by", by_rule(t.rejected)}};
  nlohmann::ordered_json options = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < r.options.size() && i < in.top; ++i) {
    const RankedOption& o = r.options[i];
    nlohmann::ordered_json j;
    j["rank"] = o.shown_rank;
    j["tied_with"] = o.tied_with;
    j["fully_priced"] = !o.total.parts_unpriced();
    j["kind"] = o.onprem ? "onprem" : "cloud";
    j["total"] = cost::total_to_json(o.total);
    if (o.server) {
      j["capex"] = cost::total_to_json(o.server->capex());
      j["electricity_monthly"] = cost::total_to_json(o.server->electricity_monthly);
    }
    if (o.cloud) {
      cost::Total monthly = o.cloud->instances_monthly;
      monthly.add(o.cloud->storage_and_services_monthly());
      j["monthly"] = cost::total_to_json(monthly);
    }
    j["gpu"] = o.capability.gpu;
    j["gpus"] = o.capability.gpus;
    j["dense_bf16_tflops"] = o.capability.total() ? nlohmann::ordered_json(*o.capability.total()) : nlohmann::ordered_json();
    j["throughput"] = throughput_json(o.throughput);
    j["summary"] = o.summary;
    j["why"] = o.why;
    j["next_change"] = o.next_change;
    j["infos"] = o.infos;
    j["declaration"] = o.passing->declaration;
    options.push_back(std::move(j));
  }
  out["options"] = std::move(options);
  if (r.pair && !r.pair->comparisons.empty()) {
    const cost::Comparison& cmp = r.pair->comparisons.front();
    out["breakeven"] = {
        {"onprem_rank", r.options[r.best_onprem].shown_rank},
        {"cloud_rank", r.options[r.best_cloud].shown_rank},
        {"months", cmp.breakeven_months ? nlohmann::ordered_json(*cmp.breakeven_months) : nlohmann::ordered_json()},
        {"months_high", cmp.breakeven_high ? nlohmann::ordered_json(*cmp.breakeven_high) : nlohmann::ordered_json()},
        {"bound", cmp.breakeven_bound == cost::BoundKind::AtLeast  ? "at_least"
                  : cmp.breakeven_bound == cost::BoundKind::AtMost ? "at_most"
                                                                   : "exact"},
        {"why", cmp.breakeven_why},
        {"cheaper", cmp.cheaper},
        {"scale", cmp.scale},
        {"capex", cost::total_to_json(r.pair->servers.front().capex())},
        {"onprem_monthly", cost::total_to_json(cmp.onprem_monthly)},
        {"cloud_monthly", cost::total_to_json(cmp.cloud_monthly)}};
  }
  out["fully_priced"] = r.fully_priced;
  out["unpriced"] = unpriced_items(in);
  out["notes"] = in.search.notes;
  return out;
}

}  // namespace gpuspec::suggest
