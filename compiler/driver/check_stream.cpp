#include "driver/check_stream.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <optional>
#include <set>
#include <string_view>

#include "diag/render_github.h"
#include "diag/render_json.h"
#include "diag/render_text.h"
#include "driver/commands.h"
#include "driver/import_scan.h"
#include "driver/ordered_output.h"
#include "driver/parallel.h"
#include "sema/loader.h"

namespace gpuspec::driver {

bool can_stream(const ParsedArgs& args, const std::string& format, const std::vector<std::unique_ptr<CheckGroup>>& groups) {
  if (format != "text" && format != "json" && format != "github") return false;
  if (args.has("--fix") || args.has("--verify") || args.value("--baseline") || args.value("--write-baseline")) return false;
  auto price_paths = args.values("--prices");
  if (price_paths.empty() || args.has("--no-lint")) return true;
  for (const auto& group : groups) {
    if (group->library_broken) continue;
    const PriceFiles& prices = group->session->price_files(price_paths);
    if (!prices.diagnostics.empty() || !prices.error.empty()) return false;
  }
  return true;
}

namespace {

// How many files may be checked ahead of the first one not yet written: enough to keep
// every thread busy while one slow file holds up the output.
std::size_t stream_window(unsigned jobs) { return 4 * static_cast<std::size_t>(jobs); }

DiagnosticRenderer renderer_for(const std::string& format, bool color) {
  if (format == "json") {
    return [](std::string& out, const Diagnostic& d, const SourceManager& sources) {
      append_diagnostic_json(out, d, sources, 4);
    };
  }
  if (format == "github") {
    return [](std::string& out, const Diagnostic& d, const SourceManager& sources) {
      append_github_annotation(out, d, sources);
    };
  }
  TextRenderOptions options;
  options.color = color;
  return [options](std::string& out, const Diagnostic& d, const SourceManager& sources) {
    append_text_diagnostic(out, d, sources, options);
  };
}

}  // namespace

int stream_check(const ParsedArgs& args, const std::string& format, unsigned jobs,
                 std::vector<std::unique_ptr<CheckGroup>>& groups, std::vector<Diagnostic> unread,
                 const std::function<AnalysisOptions(const CheckGroup&)>& analysis_options) {
  const bool allow_skipped = args.has("--allow-skipped");
  // The files each group checks (the readable ones) and the lowest path each can
  // report in ("" when unknown: nothing is written past it until it is done).
  struct Planned {
    std::vector<std::string> files;
    std::vector<std::string> lowest;
  };
  std::vector<Planned> plans(groups.size());
  ImportPaths import_paths;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    if (groups[g]->library_broken) continue;
    for (const auto& path : groups[g]->files) {
      std::string reason;
      auto text = sema::read_file(path, &reason);
      if (!text) {
        unread.push_back(unread_path("unreadable-file", fmt::format("cannot read '{}': {}", path, reason), "", allow_skipped));
        continue;
      }
      plans[g].files.push_back(path);
      plans[g].lowest.push_back(import_paths.lowest_path(path, *text).value_or(std::string()));
    }
  }

  std::set<DiagnosticKey> unread_seen;
  std::vector<Diagnostic> unique_unread;
  for (auto& d : unread) {
    if (unread_seen.insert(key_of(d, SourceManager{})).second) unique_unread.push_back(std::move(d));
  }
  bool incomplete = !allow_skipped && !unique_unread.empty();
  if (!unique_unread.empty()) {
    if (groups.empty()) {
      groups.push_back(std::make_unique<CheckGroup>());
      groups.back()->session = std::make_unique<Session>(LibraryOptions{args.value("--stdlib"), {}});
      plans.emplace_back();
    }
    if (incomplete) unique_unread.front().hint = "the run is incomplete, so it exits 2; --allow-skipped goes on without these paths";
  }

  std::optional<JsonDiagnosticsWriter> json;
  if (format == "json") {
    json.emplace(std::cout);
    if (!groups.empty()) json->begin();  // as the held path's add() per group wrote it
  }
  DiagnosticRenderer render = renderer_for(format, should_use_color(STDOUT_FILENO, args.has("--no-color")));
  OrderedDiagnosticOutput::Writer write = [&](std::string_view text) {
    if (json) {
      json->add_rendered(text);
    } else {
      std::cout.write(text.data(), static_cast<std::streamsize>(text.size()));
    }
  };

  OrderedDiagnosticOutput output(write, groups.size() > 1);
  if (!unique_unread.empty()) {
    const SourceManager& sources = groups.front()->session->sources();  // unused: no location
    for (const auto& rendered : render_each(unique_unread, sources, render)) output.write_now(rendered, groups.front()->fail_on());
  }

  std::size_t file_count = 0;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    CheckGroup& group = *groups[g];
    Session& session = *group.session;
    const Planned& plan = plans[g];
    output.begin_group(group.fail_on());
    output.add(render_each(session.library_diagnostics(), session.sources(), render));
    // The lowest path the files from i on can report in.
    std::vector<std::string> bound_from(plan.files.size());
    for (std::size_t i = plan.files.size(); i-- > 0;) {
      bound_from[i] = i + 1 < plan.files.size() ? std::min(plan.lowest[i], bound_from[i + 1]) : plan.lowest[i];
    }
    if (!bound_from.empty()) output.write_before(bound_from.front());

    AnalysisOptions analysis = analysis_options(group);
    struct FileResult {
      std::vector<RenderedDiagnostic> diagnostics;
      bool read = false;
      std::string io_error;
    };
    const std::size_t window = stream_window(jobs);
    std::vector<FileResult> slots(std::min(window, plan.files.size()));
    for_each_index_in_order(
        plan.files.size(), jobs, window,
        [&](std::size_t i) {
          FileResult& result = slots[i % window];
          DiagnosticEngine diags;
          auto program = analyze_file(session, plan.files[i], analysis, diags, &result.io_error);
          result.read = program.has_value();
          result.diagnostics = render_each(diags.diagnostics(), session.sources(), render);
          // Rendered: the texts of this file and its imports (its own copies) are done.
          if (program) {
            for (const auto& file : program->files()) session.sources().release_text(file->source->id());
          }
        },
        [&](std::size_t i) {
          FileResult result = std::move(slots[i % window]);
          slots[i % window] = FileResult{};
          output.add(std::move(result.diagnostics));
          if (result.read) {
            ++file_count;
          } else {
            // Readable up front, not now (it changed under the run): reported where it
            // falls, since the head of the output is written.
            if (!allow_skipped) incomplete = true;
            auto d = unread_path("unreadable-file", result.io_error, "", allow_skipped);
            for (const auto& rendered : render_each({d}, session.sources(), render)) output.write_now(rendered, group.fail_on());
          }
          output.write_before(i + 1 < plan.files.size() ? std::optional<std::string>(bound_from[i + 1]) : std::nullopt);
        });
    output.write_before(std::nullopt);
  }
  if (output.out_of_order()) {
    std::fprintf(stderr, "gpuspec: internal error: %zu diagnostic%s written out of order; please report it\n",
                 output.out_of_order(), output.out_of_order() == 1 ? "" : "s");
  }

  if (json) {
    json->finish(file_count, output.counts());
    std::cout << "\n";
  } else if (format == "text") {
    std::string summary = render_summary(output.counts());
    if (!summary.empty()) std::cout << summary << "\n";
  }
  if (incomplete) return kExitToolFailure;
  return output.failed() ? kExitFindings : kExitClean;
}

}  // namespace gpuspec::driver
