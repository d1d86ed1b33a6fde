#include "lint/pack_reads.h"

#include <atomic>
#include <mutex>

namespace gpuspec::lint {

namespace {

// Published once and never freed: a reader sees no table or the whole one.
std::atomic<const std::span<const StoredPolicyReads>*> installed{nullptr};

}  // namespace

void install_pack_reads(std::span<const StoredPolicyReads> table) {
  static std::once_flag once;
  std::call_once(once, [&] { installed.store(new std::span<const StoredPolicyReads>(table), std::memory_order_release); });
}

std::span<const StoredPolicyReads> installed_pack_reads() {
  const auto* table = installed.load(std::memory_order_acquire);
  return table ? *table : std::span<const StoredPolicyReads>{};
}

}  // namespace gpuspec::lint
