// Syntax trees made at build time. The embedded stdlib and policy pack (and the holes
// of the pack's messages) never change after the build, so the build parses them once
// (compiler/snapshot/) and every run reads the stored trees: ANTLR on ~300 KB of
// library was about 80 % of a one-file `gpuspec check`. Parsing is a function of the
// text alone, so a stored tree is what parse_file would return; only texts that parsed
// without a diagnostic are stored, and a test re-parses every one.
#pragma once

#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "ast/ast.h"
#include "syntax/ast_snapshot.h"
#include "source/source.h"

namespace gpuspec::syntax {

struct ParseSnapshotEntry {
  std::string_view text;  // the file's full text
  std::string_view ast;   // serialize_ast of its parse (ast_snapshot.h)
};

// Makes the entries visible to parse_file for embedded sources. `library_checks_clean`:
// the build that parsed them also checked the embedded library (sema::check_library,
// lint::load_policies) and found nothing. The first call wins (later ones are
// ignored), and it is safe while other threads parse. The executable installs the
// snapshot its build made (compiler/snapshot/, a layer above the driver).
void install_parse_snapshot(const std::vector<ParseSnapshotEntry>& entries, bool library_checks_clean);

// Whether an installed snapshot says the embedded library checked clean, so a run need
// not check it again; false when none is installed.
bool embedded_library_checks_clean();

// The stored tree of `source`, when its text is in the installed snapshot; `bodies`:
// whether its declarations' bodies are read now or on first use (ast_snapshot.h).
std::optional<ast::File> parse_from_snapshot(const SourceFile& source, Bodies bodies = Bodies::Read);

// For the build step that makes the snapshot: called after parse_file parses an
// embedded source (not one read from the snapshot), with whether it was clean.
void set_parse_observer(std::function<void(const SourceFile&, bool clean)> observer);
void notify_parse_observer(const SourceFile& source, bool clean);

}  // namespace gpuspec::syntax
