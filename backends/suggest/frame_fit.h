// What the frame-level bounds (search.cpp, frame_pruned and the GPU links of a frame)
// know of GPU form factors. These two predicates restate the pack: which forms are SXM
// modules (the `when` of gpu.sxm-socket-fits-chassis and gpu.count-fills-baseboard,
// `gpu.form_factor in [sxm2, sxm4, sxm5, sxm6]`) and which GPU form a chassis's
// `gpu_form` takes (the require of gpu.form-factor-fits-chassis). Their requirements
// compare facts with facts or lists, no shape the bounds API (lint/bounds.h) reads, so
// they stay here, tied to the pack by driver/frame_fit_test.cpp over every form factor
// the fact schema allows: a change to those rules fails that test until this follows.
#pragma once

#include <string_view>

namespace gpuspec::suggest {

// An SXM module (sxm2 ... sxm6): it sits on a baseboard of its own generation.
inline bool is_sxm_module(std::string_view form_factor) { return form_factor.starts_with("sxm"); }

// Whether a GPU of `form_factor` goes in a chassis whose catalog `gpu_form` is `takes`
// (empty: the catalog does not say, and no rule can tell).
inline bool gpu_form_fits(std::string_view form_factor, std::string_view takes) {
  return takes.empty() || (form_factor == "pcie" && takes == "pcie") || (is_sxm_module(form_factor) && takes == "sxm");
}

}  // namespace gpuspec::suggest
