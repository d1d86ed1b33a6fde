#include "driver/parallel.h"

#include <algorithm>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace gpuspec::driver {

unsigned default_jobs() { return std::max(1u, std::thread::hardware_concurrency()); }

void for_each_index_in_order(std::size_t count, unsigned jobs, std::size_t window,
                             const std::function<void(std::size_t)>& work, const std::function<void(std::size_t)>& finish) {
  window = std::max<std::size_t>(window, 1);
  const std::size_t threads = std::min<std::size_t>({std::max(1u, jobs), count, window});
  if (threads <= 1) {
    for (std::size_t i = 0; i < count; ++i) {
      work(i);
      finish(i);
    }
    return;
  }
  std::mutex mutex;
  std::condition_variable slot_free;
  std::size_t next_start = 0;      // the next item to hand out
  std::size_t next_finish = 0;     // the next item to finish; all before it are finished
  bool finishing = false;          // a thread is running finish() calls
  std::vector<char> worked(count, 0);
  std::exception_ptr failure;
  auto run = [&] {
    std::unique_lock lock(mutex);
    for (;;) {
      slot_free.wait(lock, [&] { return failure || next_start >= count || next_start < next_finish + window; });
      if (failure || next_start >= count) return;
      std::size_t i = next_start++;
      lock.unlock();
      try {
        work(i);
      } catch (...) {
        lock.lock();
        if (!failure) failure = std::current_exception();
        slot_free.notify_all();
        return;
      }
      lock.lock();
      worked[i] = 1;
      // Whoever completes the next item in order finishes it and any done after it;
      // a thread that completes a later one while another is finishing leaves it to
      // that thread, which re-checks under the lock before it stops.
      if (finishing) continue;
      finishing = true;
      while (!failure && next_finish < count && worked[next_finish]) {
        std::size_t k = next_finish;
        lock.unlock();
        try {
          finish(k);
        } catch (...) {
          lock.lock();
          if (!failure) failure = std::current_exception();
          break;
        }
        lock.lock();
        ++next_finish;
        slot_free.notify_all();
      }
      finishing = false;
      slot_free.notify_all();
    }
  };
  std::vector<std::thread> pool;
  for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(run);
  run();
  for (auto& thread : pool) thread.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace gpuspec::driver
