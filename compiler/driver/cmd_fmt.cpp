// `gpuspec fmt [--check] [--diff] [PATH...]`: the canonical layout (compiler/format),
// written back in place. Like `terraform fmt`, it prints the files it changed, and
// with --check changes nothing and exits 1 when a file is not formatted. --diff is a
// dry run too, as `ruff format --diff` and `gofmt -d` are: it prints the change instead.
#include <fmt/format.h>
#include <unistd.h>

#include <iostream>
#include <optional>
#include <iterator>

#include "diag/render_text.h"
#include "driver/check_group.h"
#include "driver/commands.h"
#include "driver/default_paths.h"
#include "driver/help.h"
#include "driver/rewrite_files.h"
#include "format/formatter.h"
#include "format/unified_diff.h"
#include "source/file_reader.h"
#include "source/confinement.h"

namespace gpuspec::driver {

namespace {

struct FmtOptions {
  bool check = false;
  bool diff = false;
};

// `gpuspec fmt -`: standard input to standard output, for editors.
int format_stdin(const FmtOptions& options) {
  // Bounded like every input (source/file_reader.h): `fmt - < /dev/zero` must not grow forever.
  std::string error;
  std::uint64_t limit = max_file_size(&error);
  std::optional<std::string> read = error.empty() ? read_descriptor(STDIN_FILENO, limit, 0, error) : std::nullopt;
  if (!read) return tool_failure("cannot read standard input: " + error);
  std::string text = std::move(*read);
  SourceManager sources;
  DiagnosticEngine diags;
  auto formatted = format::format_source(sources.add("<stdin>", text), diags);
  if (!formatted) {
    std::cerr << render_text(diags.diagnostics(), sources, TextRenderOptions{});
    return kExitToolFailure;
  }
  if (options.diff) std::cout << format::unified_diff(text, *formatted, "<stdin>", "<stdin> (formatted)");
  if (options.check || options.diff) return *formatted == text ? kExitClean : kExitFindings;
  if (!options.diff) std::cout << *formatted;
  return kExitClean;
}

}  // namespace

int run_fmt(const std::vector<std::string>& raw_args) {
  ParsedArgs args;
  if (auto exit = parse_command_line("fmt", raw_args, args)) return *exit;
  FmtOptions options{args.has("--check"), args.has("--diff")};
  if (args.positionals.size() == 1 && args.positionals.front() == "-") return format_stdin(options);

  CollectedPaths collected = collect_paths_or_current_folder(args.positionals);
  for (const auto& missing : collected.missing) return tool_failure(fmt::format("cannot read '{}': no such file or folder", missing));

  SourceManager sources;
  DiagnosticEngine diags;
  std::vector<writers::OutputFile> changed;
  bool failed = false;
  // A folder the walk could not read, a dangling link, a FIFO: the formatting gate
  // fails closed (exit 2), as `check` does, instead of passing files it never saw.
  for (const auto& problem : collected.problems) {
    diags.diagnostics().push_back(unread_path(problem.id, problem.message, problem.note, false));
    failed = true;
  }
  for (const auto& path : collected.files) {
    std::string error;
    auto text = read_input_file(path, error);
    if (!text) {
      std::cerr << fmt::format("gpuspec: error: cannot read '{}': {}\n", path, error);
      failed = true;
      continue;
    }
    auto formatted = format::format_source(sources.add(path, *text), diags);
    if (!formatted) {
      failed = true;  // the diagnostics say why; the file is left as it is
      continue;
    }
    if (*formatted == *text) continue;
    if (options.diff) std::cout << format::unified_diff(*text, *formatted, path, path + " (formatted)");
    if (!options.diff) std::cout << path << "\n";
    changed.push_back({path, std::move(*formatted)});
  }
  diags.sort(sources);
  std::cerr << render_text(diags.diagnostics(), sources, TextRenderOptions{});

  if (options.check || options.diff) return failed ? kExitToolFailure : changed.empty() ? kExitClean : kExitFindings;
  std::string write_error;
  if (!changed.empty() && !rewrite_in_place(changed, write_error)) return tool_failure(write_error);
  return failed ? kExitToolFailure : kExitClean;
}

}  // namespace gpuspec::driver
