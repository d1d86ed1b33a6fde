// The executable's operator new and delete: small blocks freed on a thread are kept on
// that thread for its next allocations of their size, up to 64 KB per size, in front of
// malloc. A check frees a file's findings (~700 strings and vectors) and its fact sets in
// bursts; glibc's per-thread cache holds 7 blocks per size, so the rest of a burst went
// through malloc's bins, and the next file's allocations came back out of them: ~9 % of
// `check --format json`'s instructions on the peer corpus (issue 28). glibc's cache can
// only be enlarged from the environment (GLIBC_TUNABLES), not by the program.
//
// Every block is malloc's, so free() may take it at any time: a block leaves the cache
// for free() when its size's list is full, and every list is emptied when its thread
// ends. The exception is the start-up arena (below): the first 2 MB of small blocks are
// cut from a static region, which free() never sees. Only the executable replaces the operators (the libraries and their tests keep
// the standard ones); a sanitizer build keeps them too, so it sees every free.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer) || __has_feature(thread_sanitizer)
#define GPUSPEC_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define GPUSPEC_SANITIZED 1
#endif

#if defined(__GLIBC__) && !defined(GPUSPEC_SANITIZED)
#include <malloc.h>

namespace {

// Sizes as glibc's chunks (x86-64): a request of n bytes takes a chunk of n + 8 rounded
// up to 16, at least 32, and malloc_usable_size of it is the chunk less 8. A block is
// filed under its chunk, so a sized delete (n) and an unsized one (usable size) agree,
// and a block handed out for a request is never smaller than the request's chunk.
constexpr std::size_t kLargestRequest = 512;
constexpr std::size_t chunk_of(std::size_t n) { return n + 8 < 32 ? 32 : (n + 8 + 15) & ~std::size_t{15}; }
constexpr std::size_t kClasses = chunk_of(kLargestRequest) / 16 + 1;
constexpr std::size_t kBytesPerClass = 64 << 10;
// How many blocks of each class are kept: a table, not a division per delete.
struct Caps {
  unsigned short of[kClasses] = {};
  constexpr Caps() {
    for (std::size_t c = 2; c < kClasses; ++c) of[c] = static_cast<unsigned short>(kBytesPerClass / (16 * c));
  }
};
constexpr Caps kCaps;

struct FreeBlock {
  FreeBlock* next;
};

// The start-up arena. A cold `gpuspec check` of one file makes ~14,000 small
// allocations (the library's trees, the policies' programs, the fact schema) before it
// frees much; each took glibc ~130 instructions to cut from the top of its heap, ~20 % of
// the run (issue 28, i28-cold3). Here a block is a bump of one offset. The region is
// zero-filled .bss: a page costs only when first touched, as the heap's did. A block
// carries its chunk size in the 8 bytes before it, where glibc keeps a chunk's, so an
// unsized delete reads its class the same way; a freed arena block joins its size's
// list like any other, and one the list has no room for stays unused (never free()d).
constexpr std::size_t kArenaBytes = 2 << 20;
alignas(16) char arena[kArenaBytes];
std::atomic<std::size_t> arena_used{16};  // user pointers 16-aligned, each with its size word before it

inline bool in_arena(const void* p) {
  auto at = reinterpret_cast<std::uintptr_t>(p);
  auto begin = reinterpret_cast<std::uintptr_t>(arena);
  return at - begin < kArenaBytes;
}

// A block of `chunk` bytes (a class's size: a multiple of 16), or null once the arena is spent.
inline void* arena_block(std::size_t chunk) {
  if (arena_used.load(std::memory_order_relaxed) + chunk > kArenaBytes) return nullptr;
  const std::size_t at = arena_used.fetch_add(chunk, std::memory_order_relaxed);
  if (at + chunk > kArenaBytes) return nullptr;  // another thread took the rest
  char* p = arena + at;
  reinterpret_cast<std::size_t*>(p)[-1] = chunk;
  return p;
}

// The chunk size an unsized delete files a block under.
inline std::size_t chunk_of_block(void* p) {
  return in_arena(p) ? reinterpret_cast<const std::size_t*>(p)[-1] : malloc_usable_size(p) + 8;
}

// Trivially destructible, so it is readable on its thread until the thread is gone;
// `Flush` (below) empties it when the thread ends and turns it off.
struct Lists {
  FreeBlock* head[kClasses];
  unsigned short count[kClasses];
  // One byte for both states a delete must know, so that it tests one: kNew until the
  // first block is kept (Flush not yet registered for this thread), kEnded once flushed
  // (blocks go to free() from then on).
  unsigned char state;
};
enum : unsigned char { kNew = 0, kKeeping = 1, kEnded = 2 };
constinit thread_local Lists lists{};

struct Flush {
  bool armed = false;
  ~Flush() {
    lists.state = kEnded;
    for (std::size_t c = 0; c < kClasses; ++c) {
      while (FreeBlock* block = lists.head[c]) {
        lists.head[c] = block->next;
        if (!in_arena(block)) std::free(block);
      }
      lists.count[c] = 0;
    }
  }
};
thread_local Flush flush_at_exit;

[[gnu::always_inline]] inline void* allocate(std::size_t n) {
  if (n <= kLargestRequest) {
    const std::size_t c = chunk_of(n) / 16;
    if (FreeBlock* block = lists.head[c]) {
      lists.head[c] = block->next;
      --lists.count[c];
      return block;
    }
    if (void* p = arena_block(c * 16)) return p;
  }
  for (;;) {
    if (void* p = std::malloc(n ? n : 1)) return p;
    std::new_handler handler = std::get_new_handler();
    if (!handler) throw std::bad_alloc();
    handler();
  }
}

inline void keep(void* p, std::size_t c) {
  auto* block = static_cast<FreeBlock*>(p);
  block->next = lists.head[c];
  lists.head[c] = block;
  ++lists.count[c];
}

// A delete on a thread whose lists are new or ended: out of line, so that the common
// path saves no registers for its calls (five pushes and pops were a third of a delete's
// ~38 instructions; operator delete was 2 % of `check --format json`, issue 28).
[[gnu::noinline, gnu::cold]] void release_rarely(void* p, std::size_t c) {
  if (lists.state == kNew) {
    lists.state = kKeeping;
    flush_at_exit.armed = true;  // its first use registers its destructor for this thread's end
    keep(p, c);
    return;
  }
  if (!in_arena(p)) std::free(p);
}

[[gnu::always_inline]] inline void release(void* p, std::size_t chunk) {
  if (chunk <= chunk_of(kLargestRequest)) {
    const std::size_t c = chunk / 16;
    if (lists.count[c] < kCaps.of[c]) {
      if (lists.state != kKeeping) return release_rarely(p, c);
      keep(p, c);
      return;
    }
  }
  if (!in_arena(p)) std::free(p);
}

}  // namespace

void* operator new(std::size_t n) { return allocate(n); }
void* operator new[](std::size_t n) { return allocate(n); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  try {
    return allocate(n);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](std::size_t n, const std::nothrow_t& tag) noexcept { return operator new(n, tag); }

void operator delete(void* p) noexcept {
  if (p) release(p, chunk_of_block(p));
}
void operator delete[](void* p) noexcept { operator delete(p); }
void operator delete(void* p, std::size_t n) noexcept {
  if (p) release(p, chunk_of(n));
}
void operator delete[](void* p, std::size_t n) noexcept { operator delete(p, n); }
void operator delete(void* p, const std::nothrow_t&) noexcept { operator delete(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { operator delete(p); }

#endif
