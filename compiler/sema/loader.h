// Reads a root file and its imports into a Program. Imports are relative to the
// importing file and must stay inside the project root (source/confinement.h): for the
// command line the nearest folder upward holding `.git` or `gpuspec.json`, for the
// language server the document's workspace folder.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include "sema/program.h"
#include "source/confinement.h"

namespace gpuspec::sema {

// Loads `path` (as the user gave it) and its import closure. Returns nullopt when the
// root file cannot be read at all (the caller reports that as a tool failure); problems
// inside the program are diagnostics.
std::optional<Program> load_program(const std::string& path, const Library& library, SourceManager& sources,
                                    DiagnosticEngine& diags, std::string* io_error = nullptr);

// As load_program, with the root file's text given instead of read: an editor's
// unsaved buffer. Imports are still read from disk, inside `root` (by default the
// file's project root); with a root that allows no reads, each import is an error.
// `parse_root`, when given, parses the root file instead of syntax::parse_file and must
// return what it would (the language server's DeclarationCache re-parses only what an
// edit changed).
using ParseRoot = std::function<ast::File(const SourceFile&, DiagnosticEngine&)>;
Program load_program_text(const std::string& path, std::string text, const Library& library, SourceManager& sources,
                          DiagnosticEngine& diags, const std::optional<ProjectRoot>& root = std::nullopt,
                          const ParseRoot& parse_root = {});

}  // namespace gpuspec::sema
