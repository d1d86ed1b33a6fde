#include "driver/parallel.h"

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <stdexcept>
#include <vector>

namespace gpuspec::driver {
namespace {

// finish() sees every item once, in item order, after its work(), with no more than
// `window` items between the start of their work and the end of their finish.
TEST(ForEachIndexInOrder, FinishesInOrderWithinTheWindow) {
  for (unsigned jobs : {1u, 2u, 4u, 8u}) {
    for (std::size_t window : {std::size_t{1}, std::size_t{3}, std::size_t{16}}) {
      constexpr std::size_t kCount = 200;
      std::vector<int> worked(kCount, 0);
      std::vector<std::size_t> finished;
      std::atomic<std::size_t> in_flight{0};
      std::atomic<std::size_t> most_in_flight{0};
      std::mutex check;
      for_each_index_in_order(
          kCount, jobs, window,
          [&](std::size_t i) {
            std::size_t now = ++in_flight;
            std::size_t seen = most_in_flight.load();
            while (now > seen && !most_in_flight.compare_exchange_weak(seen, now)) {
            }
            worked[i] = 1;
          },
          [&](std::size_t i) {
            std::lock_guard lock(check);
            EXPECT_EQ(worked[i], 1);
            finished.push_back(i);
            --in_flight;
          });
      ASSERT_EQ(finished.size(), kCount) << jobs << " " << window;
      for (std::size_t i = 0; i < kCount; ++i) EXPECT_EQ(finished[i], i);
      EXPECT_LE(most_in_flight.load(), window) << jobs << " " << window;
    }
  }
}

TEST(ForEachIndexInOrder, RethrowsAndFinishesNothingAfterAFailure) {
  for (unsigned jobs : {1u, 3u}) {
    std::vector<std::size_t> finished;
    EXPECT_THROW(for_each_index_in_order(
                     50, jobs, 4,
                     [&](std::size_t i) {
                       if (i == 10) throw std::runtime_error("boom");
                     },
                     [&](std::size_t i) { finished.push_back(i); }),
                 std::runtime_error);
    for (std::size_t i = 0; i < finished.size(); ++i) EXPECT_EQ(finished[i], i);
    EXPECT_LE(finished.size(), 10u);
  }
}

TEST(ForEachIndexInOrder, NoItems) {
  bool called = false;
  for_each_index_in_order(0, 4, 8, [&](std::size_t) { called = true; }, [&](std::size_t) { called = true; });
  EXPECT_FALSE(called);
}

}  // namespace
}  // namespace gpuspec::driver
