// Provider constraints on a `cloud` declaration that the provider (or its Terraform
// provider) would only reject at `terraform plan` or `apply`: the names the module
// derives from the declaration name, tags, the admin user name, and purchase options
// (`pricing`) that do not combine with the provider or the count. `check` reports them
// at the property, with a fix-it where the fix is certain. docs/terraform.md,
// "Diagnostics", cites the rule behind each one.
#pragma once

#include "ast/ast.h"
#include "diag/diagnostic.h"
#include "sema/program.h"

namespace gpuspec::sema {

void check_cloud_provider_rules(const Program& program, const ast::Declaration& cloud, DiagnosticEngine& diags);

}  // namespace gpuspec::sema
