// Work over independent items on a few threads (`check --jobs N`). The caller keeps
// one result slot per item and combines them in item order afterwards, so the output
// does not depend on which thread finished first.
//
// What the threads share is read-only (the library, the policies) or guarded (the
// SourceManager's table, the session's --prices cache). Valgrind's helgrind on
// `check --jobs 2` reports one race only: ANTLR 4.9's LexerATNSimulator::match_calls,
// a statistics counter the runtime increments unguarded and never reads.
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
