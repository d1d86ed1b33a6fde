// `gpuspec probe [-o FILE] [--from DIR] [--name NAME]`: the `.gpuspec` server declaration
// of this machine, or of the tool outputs saved in DIR (backends/probe, docs/probe.md).
#include <fmt/format.h>

#include <iostream>

#include "backends/probe/probe.h"
#include "backends/probe/tools.h"
#include "backends/writers/atomic_write.h"
#include "driver/commands.h"
#include "driver/config.h"
#include "driver/help.h"
#include "driver/session.h"

namespace gpuspec::driver {

int run_probe(const std::vector<std::string>& raw_args) {
  ParsedArgs args;
  if (auto exit = parse_command_line("probe", raw_args, args)) return *exit;
  Session session(LibraryOptions{args.value("--stdlib")});
  if (session.load_error()) return tool_failure(*session.load_error());
  if (report_broken_library(session)) return kExitToolFailure;

  probe::ProbeRequest request;
  request.from_dir = args.value("--from");
  request.name = args.value("--name");
  request.today = today_for_waivers();
  probe::ProbeResult result = probe::run_probe(request, session.library());
  if (!result.error.empty()) return tool_failure(result.error);

  if (auto out = args.value("-o")) {
    writers::WriteOptions options = output_options(args, session);
    if (request.from_dir) {  // never write over one of the outputs this run read
      for (const auto& tool : probe::tools()) options.inputs.push_back(fmt::format("{}/{}", *request.from_dir, tool.file));
    }
    std::string error;
    if (!writers::write_outputs({{*out, result.text}}, options, error)) return tool_failure(error);
    return kExitClean;
  }
  std::cout << result.text;
  std::cout.flush();
  return std::cout ? kExitClean : tool_failure("cannot write to standard output");
}

}  // namespace gpuspec::driver
