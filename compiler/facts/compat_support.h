// Shared by the resolvers that read the stdlib's tables (resolve_compat.cpp, resolve_cuda.cpp,
// resolve_topology.cpp): the software stack, versions, and catalog entries by kind.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "facts/fact_builder.h"

namespace gpuspec::facts {

// The effective software property: the deployment's own, else the served workload's.
const Fact* software(const FactSet& facts, const std::string& key);

// "pytorch@2.3" -> {"pytorch", "2.3"}; "linux" -> {"linux", ""}.
std::pair<std::string, std::string> split_versioned(const std::string& text);

// The items of a symbol or a list of symbols.
std::vector<std::string> symbols_of(const Value& v);

// "12.1" -> {12, 1}; empty when the text is not a dotted number.
std::vector<int> parse_version(std::string_view text);

// Compares the first `n` components (missing components count as 0).
int compare_versions(const std::vector<int>& a, const std::vector<int>& b, std::size_t n);

// "a, b, c".
std::string join(const std::vector<std::string>& items);

Origin catalog_origin(const sema::DeclEntry& entry, std::string_view property, Explanation explanation);
Origin default_origin(const ast::Declaration& decl, Explanation why);

const std::vector<const sema::DeclEntry*>& entries_of_kind(const sema::Program& program, std::string_view kind);
std::optional<std::string> string_property(const sema::DeclEntry& entry, std::string_view property);

// resolve_cuda.cpp: software.framework_*, software.cuda_*, software.driver_* and the
// GPU's compute-capability facts (framework_release, cuda_arch, cuda_driver entries).
void add_cuda_facts(FactBuilder& b);

}  // namespace gpuspec::facts
