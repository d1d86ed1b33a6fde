// Renders BOMs and quotes as text, Markdown, CSV (through backends/writers) or JSON.
// Output is deterministic: the same input gives byte-identical output. A total with
// unpriced terms is always shown as a lower bound ("at least X (N parts unpriced: ...)").
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
// One BOM as Markdown under a heading of `level` (2 = "##").
std::string render_bom_markdown(const Bom& bom, int level);
nlohmann::ordered_json bom_to_json(const Bom& bom);
// A money figure that may be a lower bound: {"amount", "lower_bound", "unpriced"}.
nlohmann::ordered_json total_to_json(const Total& total);
std::string render_quote(const Quote& quote, Format format);

}  // namespace gpuspec::cost
