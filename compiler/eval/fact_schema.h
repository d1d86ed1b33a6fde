// The fact schema as the policy checker and evaluator name it. It lives with the
// facts (facts/fact_schema.h) since it is also the registry a FactSet stores its
// facts by: one list of fact names, types and docs for resolvers and policies.
#pragma once

#include "facts/fact_schema.h"

namespace gpuspec::eval {

using facts::FactSchema;
using facts::FactSchemaEntry;
using facts::FactType;
using facts::type_name;

}  // namespace gpuspec::eval
