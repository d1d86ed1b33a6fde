#include "backends/cost/compare.h"

#include <fmt/format.h>

namespace gpuspec::cost {

namespace {

// Scales the cloud's instance-hours to the server's work: the same number of dense
// BF16 FLOPs takes (server capability / cloud capability) cloud instance-hours per
// server hour. Storage is kept for the whole horizon whatever the GPUs do: not scaled.
void normalise(Comparison& cmp, const Capability& server, const Capability& cloud) {
  bool same_gpus = server.gpu == cloud.gpu && server.gpus == cloud.gpus;
  if (!same_gpus) {
    cmp.mismatch = fmt::format("the options differ in GPUs: {} on-premises against {} in the cloud", server.describe(),
                               cloud.describe());
  }
  auto s = server.total();
  auto c = cloud.total();
  if (same_gpus) {
    cmp.normalisation = "the same GPUs: cloud hours as quoted";
  } else if (s && c) {
    cmp.scale = *s / *c;
    cmp.normalisation = fmt::format(
        "cloud instance-hours x {:.4g} (= {:.4g} / {:.4g} dense BF16 TFLOPS) to do the server's work", cmp.scale, *s, *c);
  } else {
    cmp.normalisation = "not normalised: a dense BF16 figure (fp16_tflops) is missing, so the cloud hours are as quoted";
  }
}

void breakeven(Comparison& cmp, const Total& capex) {
  const Total& a = cmp.onprem_monthly;
  const Total& c = cmp.cloud_monthly;
  bool onprem_low = capex.lower_bound() || a.lower_bound();
  bool cloud_low = c.lower_bound();
  bool cloud_dearer = c.value > a.value;
  auto when = cloud_dearer ? breakeven_months(capex.value, a.value, c.value) : std::nullopt;
  if (!onprem_low && !cloud_low) {
    cmp.breakeven_months = when;
    cmp.breakeven_why = when ? "capex / (cloud per month - electricity per month)" : "the cloud is never dearer per month";
  } else if (onprem_low && !cloud_low) {
    // The real capex and electricity are at least the priced ones: the curves cross later, if at all.
    cmp.breakeven_months = when;
    cmp.breakeven_bound = BoundKind::AtLeast;
    cmp.breakeven_why = when ? "a lower bound: the on-premises side has unpriced items"
                             : "the cloud is never dearer per month (even against the priced electricity alone)";
  } else if (!onprem_low && cloud_low && cloud_dearer) {
    // The real cloud cost is at least the priced one: the curves cross sooner.
    cmp.breakeven_months = when;
    cmp.breakeven_bound = BoundKind::AtMost;
    cmp.breakeven_why = "an upper bound: the cloud side has unpriced items";
  } else {
    cmp.breakeven_why = onprem_low && cloud_low ? "unknown: both sides have unpriced items"
                                                : "unknown: the cloud side has unpriced items";
  }
}

// Which option costs less over the horizon, when the bounds decide it.
std::string cheaper(const Total& onprem, const Total& cloud) {
  if (!onprem.lower_bound() && !cloud.lower_bound()) return onprem.value < cloud.value ? "on-premises" : "cloud";
  if (onprem.lower_bound() && !cloud.lower_bound() && onprem.value > cloud.value) return "cloud";
  if (cloud.lower_bound() && !onprem.lower_bound() && cloud.value > onprem.value) return "on-premises";
  return "";
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
