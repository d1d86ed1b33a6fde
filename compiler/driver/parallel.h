// Work over independent items on a few threads (`check --jobs N`). Results are used in
// item order (each as soon as it and every earlier one are done), so
// the output does not depend on which thread finished first.
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

// Runs work(i) for every i in [0, count) on up to `jobs` threads, each i exactly once,
// and finish(i) after work(i), for i = 0, 1, 2, ...
// in that order, one at a time (never two finish() calls at once), as soon as work(i)
// and every earlier finish() are done. At most `window` items (at least 1) are between
// the start of work(i) and the end of finish(i), so a caller that keeps a result per
// item from work(i) to finish(i) holds at most `window` of them: `check` streams its
// output in file order with memory for a few files, not the whole run. With jobs <= 1
// it is work(0), finish(0), work(1), ... on the calling thread. An exception from
// either is rethrown here after every thread has stopped (no later finish() runs).
void for_each_index_in_order(std::size_t count, unsigned jobs, std::size_t window,
                             const std::function<void(std::size_t)>& work, const std::function<void(std::size_t)>& finish);

}  // namespace gpuspec::driver
