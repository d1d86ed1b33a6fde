// The Terraform backend: one root module per `cloud` declaration (docs/terraform.md).
// Emitters build a document model (backends/writers/hcl_document.h) per file; the
// writers turn it into `.tf` (HCL) or `.tf.json` text and own all escaping.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "backends/writers/hcl_document.h"
#include "diag/diagnostic.h"
#include "sema/program.h"

namespace gpuspec::terraform {

enum class Syntax { Hcl, Json };

struct ModuleFile {
  std::string name;      // "main.tf" or "main.tf.json"
  std::string contents;
};

struct Module {
  std::string declaration;          // the cloud declaration's name
  std::vector<ModuleFile> files;    // versions, main, variables, outputs, cloud-init template
};

// Checks that the declaration can be compiled (terraform.* diagnostics at the
// offending property) and builds its module. Returns nullopt when an error was reported.
std::optional<Module> emit_module(const sema::Program& program, const sema::DeclEntry& cloud, Syntax syntax,
                                  DiagnosticEngine& diags);

// Largest `count` each provider's emitter accepts (docs/terraform.md says why).
int max_count(const std::string& provider);

}  // namespace gpuspec::terraform
