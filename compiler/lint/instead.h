// "instead": when a rule fails on a cloud deployment, the instance's facts are fixed, so
// the useful hint is which catalog instances would pass. The engine re-resolves the
// deployment on each candidate and re-evaluates only the failed rule; it runs only on a
// violation of a policy with `suggest_instances = true`, and only over instance types
// of the deployment's own provider (another provider means another region, image and
// account: not a like-for-like swap) with at least as many GPUs, each with at least as
// much VRAM. docs/linting.md describes it.
#pragma once

#include <string>

#include "facts/fact.h"
#include "facts/fact_store.h"
#include "lint/lint.h"
#include "lint/policy.h"
#include "sema/program.h"

namespace gpuspec::lint {

// "instead: aws.p5_48xlarge (2 TiB)" or "no other aws instance in the catalog ...".
std::string instead_hint(const sema::Program& program, const sema::DeclEntry& cloud, const facts::FactSet& facts,
                         const Policy& policy, const facts::FactStore& store);

}  // namespace gpuspec::lint
