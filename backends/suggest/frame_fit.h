// Which GPU form factors are SXM modules, for the links a frame is tried with (search.cpp,
// variants: SXM modules talk through their baseboard). This restates the pack's SXM
// family (the `when` of gpu.sxm-socket-fits-chassis and gpu.count-fills-baseboard,
// `gpu.form_factor in [sxm2, sxm4, sxm5, sxm6]`): it chooses what to try, not what to
// prune (the frame's prunes ask the rules themselves, part_facts.h), and is tied to the
// pack by driver/frame_fit_test.cpp over every form factor the fact schema allows.
#pragma once

#include <string_view>

namespace gpuspec::suggest {

// An SXM module (sxm2 ... sxm6): it sits on a baseboard of its own generation.
inline bool is_sxm_module(std::string_view form_factor) { return form_factor.starts_with("sxm"); }

}  // namespace gpuspec::suggest
