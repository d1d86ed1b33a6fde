// What a fact means, for the facts the registry registers without a doc of their own.
#pragma once

#include <string_view>

namespace gpuspec::facts {

// The doc of `name`, or empty when the table has none (fact_docs.cpp).
std::string_view default_fact_doc(std::string_view name);

}  // namespace gpuspec::facts
