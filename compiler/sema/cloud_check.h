// Checks of a `cloud` declaration against the catalog entry it names: the instance
// type must belong to the declared provider and be offered in the declared region,
// and the access block's CIDR blocks must be IPv4 CIDR notation. These are errors
// in `check` (not lint findings) because no waiver makes such a deployment work:
// the provider rejects it at `terraform apply`.
#pragma once

#include "ast/ast.h"
#include "diag/diagnostic.h"
#include "sema/program.h"

namespace gpuspec::sema {

// Runs on a cloud declaration that passed the schema checks.
void check_cloud_deployment(const Program& program, const ast::Declaration& cloud, DiagnosticEngine& diags);

// "10.0.0.0/8": four decimal octets 0-255 and a prefix length 0-32.
bool is_ipv4_cidr(std::string_view text);

}  // namespace gpuspec::sema
