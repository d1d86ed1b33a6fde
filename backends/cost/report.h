// Renders BOMs and quotes as text, Markdown, CSV (through backends/writers) or JSON.
// Output is deterministic: the same input gives byte-identical output.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "backends/cost/bom.h"
#include "backends/cost/quote.h"

namespace gpuspec::cost {

enum class Format { Text, Markdown, Csv, Json };

// One or more BOMs (one per server); CSV adds a `server` column so several servers
// stay one parseable table; JSON is {"version": 1, "boms": [...]}.
std::string render_boms(const std::vector<Bom>& boms, Format format);
std::string render_bom(const Bom& bom, Format format);  // Markdown/CSV/JSON of one
nlohmann::ordered_json bom_to_json(const Bom& bom);
std::string render_quote(const Quote& quote, Format format);


}  // namespace gpuspec::cost
