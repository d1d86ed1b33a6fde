// The executable's operator new and delete (small_blocks.cpp), linked into this test
// alone: blocks from the start-up arena and from malloc, freed sized and unsized, past
// every list's room and after their thread ended. glibc aborts the test if an arena
// block ever reaches free() ("free(): invalid pointer").
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <thread>
#include <vector>

namespace {

struct Block {
  unsigned char* p;
  std::size_t n;
};

// ~3 MB of blocks of every size up to 512 bytes: more than the 2 MB arena holds, so
// some come from malloc. Each is filled with its own byte.
std::vector<Block> allocate_many(unsigned seed) {
  std::vector<Block> blocks;
  std::size_t total = 0;
  for (std::size_t i = 0; total < (3u << 20); ++i) {
    std::size_t n = 1 + (i * 37 + seed) % 512;
    auto* p = static_cast<unsigned char*>(::operator new(n));
    std::memset(p, static_cast<int>((i + seed) & 0xff), n);
    blocks.push_back({p, n});
    total += n;
  }
  return blocks;
}

void expect_intact_and_free(const std::vector<Block>& blocks, unsigned seed) {
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    const auto& b = blocks[i];
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(b.p) % 16, 0u);
    const auto fill = static_cast<unsigned char>((i + seed) & 0xff);
    for (std::size_t k = 0; k < b.n; ++k) {
      if (b.p[k] != fill) {
        ADD_FAILURE() << "block " << i << " of " << b.n << " bytes overwritten at " << k;
        break;
      }
    }
  }
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    if (i % 2) {
      ::operator delete(blocks[i].p, blocks[i].n);
    } else {
      ::operator delete(blocks[i].p);  // unsized: the class from the block's size word
    }
  }
}

TEST(SmallBlocks, BlocksDoNotOverlapAndFreeWhereverTheyCameFrom) {
  auto first = allocate_many(0);
  expect_intact_and_free(first, 0);
  // Again, out of the lists the first round filled (and malloc past them).
  auto second = allocate_many(7);
  expect_intact_and_free(second, 7);
}

TEST(SmallBlocks, ThreadsShareTheArenaAndEmptyTheirListsWhenTheyEnd) {
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < 2; ++t) {
    threads.emplace_back([t] {
      auto blocks = allocate_many(t * 13);
      expect_intact_and_free(blocks, t * 13);  // kept in this thread's lists, flushed at its end
    });
  }
  for (auto& t : threads) t.join();
  // A block made on one thread, freed on another that has ended since.
  auto blocks = allocate_many(3);
  std::thread([&] { expect_intact_and_free(blocks, 3); }).join();
}

}  // namespace
