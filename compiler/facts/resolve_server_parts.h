// Internal to the server resolver: the pieces resolve_server() composes, one concern per
// file, and the small helpers they share.
#pragma once

#include <optional>
#include <string_view>

#include "facts/fact_builder.h"

namespace gpuspec::facts {

units::Quantity scaled(units::Quantity q, double factor);

// The drives of `storage.<volume>`: a counted disk or a `{ drives = N x disk }` block.
std::optional<Counted> volume_drives(const FactBuilder& b, std::string_view volume);

// resolve_topology.cpp: chassis, GPU baseboard, PCIe lanes, NIC ports and fabric sizing.
// Reads the GPU, CPU, storage and network facts, so it runs after them.
void add_topology_facts(FactBuilder& b);

// resolve_power.cpp: the full-load draw term by term (or the vendor's published system
// maximum) and the PSU capacity each psu_mode leaves for it. Runs after the topology
// (it reads the baseboard).
void add_power_facts(FactBuilder& b);

}  // namespace gpuspec::facts
