// How many inputs got past a target's "checks clean" gate to its backends. The replay
// driver (replay_main.cpp, the smoke tests of the normal build) uses it to insist that a
// target's own seeds do: a seed that stops at the gate fuzzes nothing behind it.
#pragma once

#include <cstddef>

namespace gpuspec::fuzz {

inline std::size_t& backend_runs() {
  static std::size_t runs = 0;
  return runs;
}

}  // namespace gpuspec::fuzz
