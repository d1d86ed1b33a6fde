#include "facts/explanation.h"

namespace gpuspec::facts {

namespace detail {

std::string show(const ShownQuantity& q) { return units::format(q.quantity); }

}  // namespace detail

void Explanation::materialize() const {
  if (literal_) {
    text_ = literal_;
    literal_ = nullptr;
    return;
  }
  // Dropped once formatted: the text is all a later read needs.
  text_ = deferred_->format();
  deferred_.reset();
}

}  // namespace gpuspec::facts
