// `gpuspec terraform FILE [--name DECL] [-o DIR] [--json] [--force]`: one Terraform
// root module per `cloud` declaration (docs/terraform.md). Lints first and refuses
// to emit when there are errors (unless --force); writes all files atomically.
#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <iostream>

#include "backends/terraform/terraform.h"
#include "backends/writers/atomic_write.h"
#include "backends/writers/hcl_document.h"
#include "diag/render_text.h"
#include "driver/analysis.h"
#include "driver/config.h"
#include "driver/help.h"
#include "driver/commands.h"
#include "driver/session.h"

namespace gpuspec::driver {

namespace {

void print_diagnostics(DiagnosticEngine& diags, Session& session) {
  diags.sort(session.sources());
  std::cerr << render_text(diags.diagnostics(), session.sources(), TextRenderOptions{});
}

}  // namespace

int run_terraform(const std::vector<std::string>& raw_args) {
  ParsedArgs args;
  if (auto exit = parse_command_line("terraform", raw_args, args)) return *exit;
  std::optional<std::string> out_dir = args.value("-o");
  if (!out_dir) out_dir = args.value("--output");
  std::optional<std::string> only = args.value("--name");
  auto syntax = args.has("--json") ? terraform::Syntax::Json : terraform::Syntax::Hcl;
  const std::string& path = args.positionals[0];

  Session session(LibraryOptions{args.value("--stdlib")});
  if (session.load_error()) return tool_failure(*session.load_error());
  DiagnosticEngine diags;
  std::string io_error;
  AnalysisOptions analysis;
  analysis.lint_options.today = today_for_waivers();  // expired waivers must not let --force-less output through
  auto program = analyze_file(session, path, analysis, diags, &io_error);
  if (!program) return tool_failure(fmt::format("cannot read '{}': {}", path, io_error));

  // The root file's cloud declarations, in source order.
  std::vector<const sema::DeclEntry*> clouds;
  for (const auto& decl : program->files().front()->ast.declarations) {
    if (decl.kind != "cloud") continue;
    if (only && decl.name != *only) continue;
    const sema::DeclEntry* entry = program->find(decl.name);
    if (entry && entry->decl == &decl) clouds.push_back(entry);
  }
  if (clouds.empty()) {
    print_diagnostics(diags, session);
    return tool_failure(only ? fmt::format("no cloud declaration named '{}' in '{}'", *only, path)
                             : fmt::format("no cloud declaration in '{}'", path));
  }
  if (diags.has_errors() && !args.has("--force")) {
    print_diagnostics(diags, session);
    std::cerr << "gpuspec: error: not emitting Terraform: the spec has errors (--force emits anyway)\n";
    return kExitFindings;
  }

  // Emit everything in memory first; nothing is written unless every module compiled.
  DiagnosticEngine emit_diags;
  std::vector<terraform::Module> modules;
  for (const auto* cloud : clouds) {
    if (auto module = terraform::emit_module(*program, *cloud, syntax, emit_diags)) modules.push_back(std::move(*module));
  }
  for (auto& d : emit_diags.diagnostics()) diags.diagnostics().push_back(std::move(d));
  print_diagnostics(diags, session);
  if (emit_diags.has_errors() || modules.size() != clouds.size()) {
    std::cerr << "gpuspec: error: not emitting Terraform: unsupported cloud deployment\n";
    return kExitFindings;
  }

  // Layout: DIR/<declaration>/ per module; with --name, the module's files go to DIR.
  writers::IdentifierTable folders;
  std::vector<writers::OutputFile> outputs;
  for (const auto& module : modules) {
    std::string folder = only ? "" : folders.unique("folder", module.declaration);
    for (const auto& file : module.files) {
      std::string relative = folder.empty() ? file.name : folder + "/" + file.name;
      std::string target = out_dir ? (std::filesystem::path(*out_dir) / relative).string() : relative;
      outputs.push_back({target, file.contents});
    }
  }
  if (!out_dir) {
    for (const auto& file : outputs) std::cout << "# === " << file.path << " ===\n" << file.contents;
    return kExitClean;
  }
  std::string error;
  if (!writers::write_files_atomically(outputs, error)) return tool_failure(error);
  return kExitClean;
}

}  // namespace gpuspec::driver
