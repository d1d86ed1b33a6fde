// Work over independent items on a few threads (`check --jobs N`). The caller keeps
// one result slot per item and combines them in item order afterwards, so the output
// does not depend on which thread finished first.
#pragma once

#include <cstddef>
#include <functional>

namespace gpuspec::driver {

// The default of --jobs: the machine's hardware threads (1 when unknown).
unsigned default_jobs();

// Runs work(i) for every i in [0, count) on up to `jobs` threads, each i exactly once.
// With jobs <= 1 (or one item) it runs them in order on the calling thread. An
// exception from work() is rethrown here after every thread has stopped.
void for_each_index(std::size_t count, unsigned jobs, const std::function<void(std::size_t)>& work);

}  // namespace gpuspec::driver
