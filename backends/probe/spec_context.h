// What the section writers of a probed spec share (spec_writer.cpp assembles them).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "backends/probe/catalog_match.h"
#include "backends/probe/machine.h"
#include "backends/probe/spec_text.h"

namespace gpuspec::probe {

struct SpecContext {
  const Machine& machine;
  const CatalogMatcher& catalog;
  std::string as_of;       // the parts' as_of
  std::string server;      // the server's name
  PartNames names;
  std::vector<std::string> body;                             // the server's lines, nested blocks included
  std::vector<std::pair<std::string, std::string>> probed;   // probed_from { key = text }
  std::vector<PartDeclaration> parts;                         // parts the catalog lacks
  std::vector<std::string> notes;                             // header lines ("not probed: ...")

  // A part declaration's provenance lines: probed_from, source, as_of.
  std::vector<std::string> provenance(std::string_view tool, std::string_view what) const;
};

void write_gpus(SpecContext& c);
void write_cpu(SpecContext& c);
void write_memory(SpecContext& c);
void write_storage(SpecContext& c);
void write_power(SpecContext& c);
void write_network(SpecContext& c);
void write_software(SpecContext& c);

}  // namespace gpuspec::probe
