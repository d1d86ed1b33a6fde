// `gpuspec facts --schema`: the fact registry a policy reads (facts::FactSchema) as text,
// JSON or Markdown. docs/fact-index.md is its Markdown form (checked by a test), and the
// fact-currency lit test compares it with what the resolvers produce and docs/facts.md.
#pragma once

#include <string>
#include <string_view>

namespace gpuspec::facts {

// Every fact in the built-in schema, in registration order. `format` is text, json or md;
// returns std::nullopt-like empty string never: the caller validates the format first.
std::string render_fact_schema(std::string_view format);

}  // namespace gpuspec::facts
