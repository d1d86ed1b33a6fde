// `gpuspec init [DIR]`: writes the starter project of init_project.cpp, all files
// in one atomic step, and never over a file that exists.
#include <fmt/format.h>

#include <cstdio>
#include <filesystem>

#include "backends/writers/atomic_write.h"
#include "driver/commands.h"
#include "driver/rewrite_files.h"
#include "driver/help.h"
#include "driver/init_project.h"
#include "driver/version.h"

namespace gpuspec::driver {

namespace fs = std::filesystem;

int run_init(const std::vector<std::string>& raw_args) {
  ParsedArgs args;
  if (auto exit = parse_command_line("init", raw_args, args)) return *exit;
  fs::path root = args.positionals.empty() ? fs::path(".") : fs::path(args.positionals.front());
  std::vector<writers::OutputFile> files;
  std::vector<std::string> existing;
  for (const auto& file : scaffold_files()) {
    fs::path path = (root / file.path).lexically_normal();
    std::error_code ec;
    if (fs::exists(path, ec)) existing.push_back(path.string());
    files.push_back({path.string(), std::string(file.text)});
  }
  if (!existing.empty()) {
    return tool_failure(fmt::format("not overwriting what exists: {}", fmt::join(existing, ", ")));
  }
  std::string error;
  // The starter files are the user's from the start: no manifest claims them.
  if (!rewrite_in_place(files, error)) return tool_failure(error);
  std::string next = args.positionals.empty() ? "" : fmt::format("  cd {}\n", args.positionals.front());
  std::printf("%s", fmt::format("wrote {} files; next:\n{}"
                                "  gpuspec check                                   # lint the specs\n"
                                "  gpuspec test --policies policies policy-tests   # test the team's rule\n"
                                "  gpuspec bom --prices prices/quotes.gpuspec specs/server.gpuspec  # what buying costs\n",
                                files.size(), next)
                        .c_str());
  if (release_repository().empty()) {
    std::fprintf(stderr, "gpuspec: note: .github/workflows/gpuspec.yml names the Action as <owner>/gpuspec: this "
                         "gpuspec was built without knowing its GitHub repository, so replace <owner> with the "
                         "account that publishes gpuspec's releases\n");
  }
  return kExitClean;
}

}  // namespace gpuspec::driver
