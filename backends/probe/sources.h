// Where the probe's tool outputs come from: the machine it runs on, or a folder of
// outputs saved on another machine (`--from DIR`).
#pragma once

#include <memory>
#include <string>

#include "backends/probe/dump_folder.h"
#include "backends/probe/tools.h"

namespace gpuspec::probe {

class OutputSource {
 public:
  virtual ~OutputSource() = default;
  virtual ToolOutput fetch(Tool tool) = 0;
  // "this machine" or "the saved outputs in DIR": for the file's header.
  virtual std::string description() const = 0;
  virtual bool live() const = 0;
};

// Runs the commands here. A tool that needs root is not run without it (NeedsRoot).
std::unique_ptr<OutputSource> live_source();

// Reads DIR's fixed file names; nullopt-like (null) with `error` when DIR cannot be opened.
std::unique_ptr<OutputSource> folder_source(const std::string& dir, std::string& error);

}  // namespace gpuspec::probe
