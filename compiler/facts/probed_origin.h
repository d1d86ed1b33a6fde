// Where a probed server's fact came from: `gpuspec probe` writes a `probed_from { ... }`
// block naming, per server property, the tool output it read (docs/probe.md), and the
// resolver keeps each entry as a fact (`probed_from.memory`). A fact that describes one
// of those properties carries that text as its origin's probed_from: `facts` prints it
// in the origin, and a finding's note appends it ("memory.total = 64 GiB (4 x 16 GiB;
// probed: dmidecode -t memory)").
#pragma once

#include <string>
#include <string_view>

#include "facts/fact.h"

namespace gpuspec::facts {

// The server property a fact describes ("gpu.vram" -> "gpu", "gpu.link" -> "gpu_link",
// "storage.data.capacity" -> "storage"), or empty when none does (power.*, cost.*,
// workload.*, and the probed_from.* facts themselves).
std::string_view probed_property(std::string_view fact);

// The text of `probed_from.<property>` for the fact `name` in `facts`, or null. A fact
// with a default origin was not probed (the schema supplied it), nor is an estimate.
const std::string* probed_from(const FactSet& facts, std::string_view name, const Fact& fact);
// The same for a fact of the table by its id: its property is read from a table by id,
// made once from probed_property, not matched prefix by prefix (issue 28: that match was
// ~200 instructions of every why-note of a finding). kNoFactId names no fact: null.
const std::string* probed_from(const FactSet& facts, FactId id, const Fact& fact);

}  // namespace gpuspec::facts
