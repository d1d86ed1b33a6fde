// Reads a root file and its imports into a Program. Imports are relative to the
// importing file and must stay inside the project root: the nearest folder upward
// holding `.git` or `gpuspec.json`.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "sema/program.h"

namespace gpuspec::sema {

// The project root for a file; the file's own folder when no marker is found.
std::filesystem::path find_project_root(const std::filesystem::path& file);

// Loads `path` (as the user gave it) and its import closure. Returns nullopt when the
// root file cannot be read at all (the caller reports that as a tool failure); problems
// inside the program are diagnostics.
std::optional<Program> load_program(const std::string& path, const Library& library, SourceManager& sources,
                                    DiagnosticEngine& diags, std::string* io_error = nullptr);

// As load_program, with the root file's text given instead of read: an editor's
// unsaved buffer. Imports are still read from disk.
Program load_program_text(const std::string& path, std::string text, const Library& library, SourceManager& sources,
                          DiagnosticEngine& diags);

std::optional<std::string> read_file(const std::filesystem::path& path, std::string* error = nullptr);

}  // namespace gpuspec::sema
