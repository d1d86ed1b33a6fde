#include "backends/cost/compare.h"

#include <fmt/format.h>

namespace gpuspec::cost {

namespace {

// Scales the cloud's instance-hours to the server's work: the same steps take (server
// throughput / cloud throughput) cloud instance-hours per server hour, the throughput
// being what the GPUs attain on the workload's step (the roofline, roofline.h, the model
// suggest's time per epoch uses): the dense BF16 peak where the step is compute bound
// on both sides, less where memory bandwidth bounds it. Storage is kept for the whole
// horizon whatever the GPUs do: not scaled.
void normalise(Comparison& cmp, const Capability& server, const Capability& cloud) {
  bool same_gpus = server.gpu == cloud.gpu && server.gpus == cloud.gpus;
  if (!same_gpus) {
    cmp.mismatch = fmt::format("the options differ in GPUs: {} on-premises against {} in the cloud", server.describe(),
                               cloud.describe());
  }
  const Throughput& st = server.throughput;
  const Throughput& ct = cloud.throughput;
  auto s = st.total();
  auto c = ct.total();
  if (same_gpus) {
    cmp.normalisation = "the same GPUs: cloud hours as quoted";
  } else if (s && c) {
    cmp.scale = *s / *c;
    const bool server_bw = st.step && st.per_gpu.bandwidth_bound, cloud_bw = ct.step && ct.per_gpu.bandwidth_bound;
    if (!server_bw && !cloud_bw) {
      // Compute bound on both (or no step model: compared at peak): the dense BF16 ratio.
      cmp.normalisation = fmt::format("cloud instance-hours x {:.4g} (= {:.4g} / {:.4g} dense BF16 TFLOPS) to do the server's work",
                                      cmp.scale, *s / 1e12, *c / 1e12);
    } else {
      const char* which = server_bw && cloud_bw ? "both" : server_bw ? "the server's GPUs" : "the cloud's GPUs";
      cmp.normalisation = fmt::format(
          "cloud instance-hours x {:.4g} (= {:.4g} / {:.4g} TFLOPS attained on the workload's step, roofline: memory "
          "bandwidth bound on {}) to do the server's work",
          cmp.scale, *s / 1e12, *c / 1e12, which);
    }
  } else {
    const Throughput& missing = s ? ct : st;
    const std::string who = missing.gpu.empty() ? "unknown GPUs" : missing.gpu;
    cmp.normalisation = fmt::format("not normalised: {} has {}, so the cloud hours are as quoted", who,
                                    missing.per_gpu.unknown.empty() ? "no GPU count" : missing.per_gpu.unknown);
  }
}

// The month the costs cross, over every value the price ranges allow
// (money_range.h: breakeven_range); a side with unpriced items is open above.
void breakeven(Comparison& cmp, const Total& capex) {
  const Total& a = cmp.onprem_monthly;
  const Total& c = cmp.cloud_monthly;
  const bool onprem_low = capex.lower_bound() || a.lower_bound();
  const bool cloud_low = c.lower_bound();
  const BreakevenRange r = breakeven_range(capex.bounded(), a.bounded(), c.bounded());
  if (r.never) {
    cmp.breakeven_why = onprem_low ? "the cloud is never dearer per month (even against the priced electricity alone)"
                                   : "the cloud is never dearer per month";
  } else if (r.low && r.high) {
    cmp.breakeven_months = r.low;
    cmp.breakeven_high = r.high;
    cmp.breakeven_why = *r.low == *r.high ? "capex / (cloud per month - electricity per month)"
                                          : "capex / (cloud per month - electricity per month), over the price ranges";
  } else if (r.low) {
    // The real capex and electricity are at least the priced ones, or within the price
    // ranges the cloud may never be dearer: the curves cross this late or later, if at all.
    cmp.breakeven_months = r.low;
    cmp.breakeven_bound = BoundKind::AtLeast;
    cmp.breakeven_why = onprem_low ? "a lower bound: the on-premises side has unpriced items"
                                   : "a lower bound: within the price ranges the cloud may never be dearer per month";
  } else if (r.high) {
    // The real cloud cost is at least the priced one: the curves cross this soon or sooner.
    cmp.breakeven_months = r.high;
    cmp.breakeven_bound = BoundKind::AtMost;
    cmp.breakeven_why = "an upper bound: the cloud side has unpriced items";
  } else {
    cmp.breakeven_why = onprem_low && cloud_low ? "unknown: both sides have unpriced items"
                                                : "unknown: the cloud side has unpriced items";
  }
}

// Which option costs less over the horizon, when every value the ranges allow agrees.
std::string cheaper(const Total& onprem, const Total& cloud) {
  const int order = surely_cheaper(onprem.bounded(), cloud.bounded());
  return order < 0 ? "on-premises" : order > 0 ? "cloud" : "";
}

}  // namespace

Comparison compare(const OnPremQuote& s, const CloudQuote& c, bool same_workload) {
  Comparison cmp;
  cmp.server = s.bom.server;
  cmp.cloud = c.name;
  cmp.workload = same_workload ? s.workload : "";
  cmp.horizon_months = s.horizon_months;
  if (!cmp.horizon_months && c.duration_hours) cmp.horizon_months = *c.duration_hours / kHoursPerMonth;
  normalise(cmp, s.capability, c.capability);
  cmp.onprem_monthly = s.electricity_monthly;
  cmp.cloud_monthly = c.instances_monthly.scaled(cmp.scale);
  cmp.cloud_monthly.add(c.storage_and_services_monthly());
  breakeven(cmp, s.capex());
  if (cmp.horizon_months) {
    Total onprem = s.capex();
    onprem.add(cmp.onprem_monthly.scaled(*cmp.horizon_months));
    cmp.onprem_over_horizon = onprem;
    cmp.cloud_over_horizon = cmp.cloud_monthly.scaled(*cmp.horizon_months);
    cmp.cheaper = cheaper(*cmp.onprem_over_horizon, *cmp.cloud_over_horizon);
  }
  return cmp;
}

}  // namespace gpuspec::cost
