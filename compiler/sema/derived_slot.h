// A place for data a later phase derives from a loaded file once (facts' typed view of
// its declarations, facts/typed_catalog.h), kept with the file so it lives exactly as
// long as the syntax it was derived from. Type-erased so sema need not know the later
// phases; built under a once-flag because a library file is shared by every --jobs thread.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>

namespace gpuspec::sema {

class DerivedSlot {
 public:
  // The value `build()` returned (a std::shared_ptr<const T>) on the first call; the
  // same object on every later call, from any thread. One slot holds one type: its only
  // user (facts::typed_declarations) always asks for the same T.
  template <class T, class Build>
  const T& get(Build&& build) const {
    // Read once per catalog property a resolver reads (~150 per server): the atomic
    // spares std::call_once's thread-local bookkeeping once the value is built.
    const void* ready = state_->ready.load(std::memory_order_acquire);
    if (!ready) {
      std::call_once(state_->once, [&] {
        state_->value = std::shared_ptr<const void>(build());
        state_->ready.store(state_->value.get(), std::memory_order_release);
      });
      ready = state_->value.get();
    }
    return *static_cast<const T*>(ready);
  }

 private:
  struct State {
    std::once_flag once;
    std::shared_ptr<const void> value;
    std::atomic<const void*> ready{nullptr};  // value.get() once built
  };
  // Behind a pointer so the file stays movable (a once-flag is not).
  std::unique_ptr<State> state_ = std::make_unique<State>();
};

}  // namespace gpuspec::sema
