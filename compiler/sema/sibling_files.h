// "add `import "workload.gpuspec"`": when a name is unknown, the .gpuspec files in
// the same folder as the file that uses it are read to see whether one of them
// declares it. Only on that error path, so a clean check never reads them.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sema/program.h"

namespace gpuspec::sema {

// The file name (relative to the folder of `from`, as an import would spell it) of a
// sibling .gpuspec file, not part of `program`, that declares `name` with one of
// `kinds`. nullopt when there is none (or more than one: then an import is a guess).
std::optional<std::string> sibling_declaring(const SourceFile& from, std::string_view name,
                                             const std::vector<std::string_view>& kinds, const Program& program);

// Where `import "PATH"` goes in `file`: after its last import, else before its first
// declaration (after the comments heading the file). The fix-it's text for PATH.
FixIt import_fixit(const LoadedFile& file, const std::string& path);

}  // namespace gpuspec::sema
