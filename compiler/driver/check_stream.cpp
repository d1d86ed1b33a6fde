#include "driver/check_stream.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <optional>
#include <set>
#include <string_view>

#include "diag/render_json.h"
#include "diag/render_text.h"
#include "driver/commands.h"
#include "driver/import_scan.h"
#include "driver/ordered_output.h"
#include "driver/parallel.h"
#include "source/confinement.h"

namespace gpuspec::driver {

bool can_stream(const ParsedArgs& args, const CheckOutput& presentation, const std::vector<std::unique_ptr<CheckGroup>>& groups) {
  const std::string& format = presentation.format;
  if (format != "text" && format != "concise" && format != "json" && format != "github") return false;
  if (presentation.statistics) return false;
  if (args.has("--fix") || args.has("--verify") || args.value("--baseline") || args.value("--write-baseline")) return false;
  if (args.has("--no-lint")) return true;
  // A broken price book (the config's or --prices) is reported once, not streamed per file.
  for (const auto& group : groups) {
    if (group->library_broken) continue;
    auto paths = price_paths(group->config, args.values("--prices"));
    if (paths.empty()) continue;
    const PriceFiles& prices = group->session->price_files(paths);
    if (!prices.diagnostics.empty() || !prices.error.empty()) return false;
  }
  return true;
}

namespace {

// How many files may be checked ahead of the first one not yet written: enough to keep
// every thread busy while one slow file holds up the output.
std::size_t stream_window(unsigned jobs) { return 4 * static_cast<std::size_t>(jobs); }

// The root files' texts read up front (to find unreadable files and scan their imports)
// are kept for the check, up to this many bytes in all, so a file is read once; past it
// (a very large project) a file is read again when its turn comes, and memory stays
// bounded.
constexpr std::size_t kKeptTextBudget = 64u << 20;

// Standard output in large writes: one per diagnostic cost a stdio call each (and,
// with the default buffer, a system call every 4 KB of a 100 MB run). Whatever is
// pending is written when this goes out of scope, on the way out of an exception too.
class OutputBuffer {
 public:
  static constexpr std::size_t kFlushAt = 256u << 10;

  ~OutputBuffer() { flush(); }
  std::string& text() { return text_; }
  void append(std::string_view text) {
    text_.append(text);
    if (text_.size() >= kFlushAt) flush();
  }
  void flush_if_full() {
    if (text_.size() >= kFlushAt) flush();
  }
  void flush() {
    if (text_.empty()) return;
    std::cout.write(text_.data(), static_cast<std::streamsize>(text_.size()));
    text_.clear();
  }

 private:
  std::string text_;
};

}  // namespace

int stream_check(const ParsedArgs& args, const CheckOutput& presentation, unsigned jobs,
                 std::vector<std::unique_ptr<CheckGroup>>& groups, std::vector<Diagnostic> unread,
                 const std::function<AnalysisOptions(const CheckGroup&)>& analysis_options) {
  const bool allow_skipped = args.has("--allow-skipped");
  const std::string& format = presentation.format;
  // The files each group checks (the readable ones) and the lowest path each can
  // report in ("" when unknown: nothing is written past it until it is done).
  struct Planned {
    std::vector<std::string> files;
    std::vector<std::string> lowest;
    std::vector<std::optional<std::string>> texts;  // as read up front; nullopt: read it again
  };
  std::vector<Planned> plans(groups.size());
  ImportPaths import_paths;
  std::size_t kept_bytes = 0;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    if (groups[g]->library_broken) continue;
    for (const auto& path : groups[g]->files) {
      std::string reason;
      auto text = read_input_file(path, reason);
      if (!text) {
        unread.push_back(unread_path("unreadable-file", fmt::format("cannot read '{}': {}", path, reason), "", allow_skipped));
        continue;
      }
      plans[g].files.push_back(path);
      plans[g].lowest.push_back(import_paths.lowest_path(path, *text).value_or(std::string()));
      kept_bytes += text->size();
      plans[g].texts.push_back(kept_bytes <= kKeptTextBudget ? std::move(text) : std::nullopt);
    }
  }

  drop_below_min_severity(unread, presentation);
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

  OutputBuffer stdout_buffer;
  const bool interactive = isatty(STDOUT_FILENO) == 1;
  std::optional<JsonDiagnosticsWriter> json;
  if (format == "json") {
    json.emplace(stdout_buffer.text());
    if (!groups.empty()) json->begin();  // as the held path's add() per group wrote it
  }
  const bool infos_shown = shows_infos(presentation, groups);
  DiagnosticRenderer render = renderer_for(presentation, should_use_color(STDOUT_FILENO, args.has("--no-color")), infos_shown);
  OrderedDiagnosticOutput::Writer write = [&](std::string_view text) {
    if (json) {
      json->add_rendered(text);
      stdout_buffer.flush_if_full();
    } else {
      stdout_buffer.append(text);
    }
  };

  OrderedDiagnosticOutput output(write, groups.size() > 1);
  if (!unique_unread.empty()) {
    const SourceManager& sources = groups.front()->session->sources();  // unused: no location
    output.write_now(render_each(unique_unread, sources, render), groups.front()->fail_on());
  }

  std::size_t file_count = 0;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    CheckGroup& group = *groups[g];
    Session& session = *group.session;
    Planned& plan = plans[g];
    output.begin_group(group.fail_on());
    std::vector<Diagnostic> library = session.library_diagnostics();
    drop_below_min_severity(library, presentation);
    output.add(render_each(library, session.sources(), render));
    // The lowest path the files from i on can report in.
    std::vector<std::string> bound_from(plan.files.size());
    for (std::size_t i = plan.files.size(); i-- > 0;) {
      bound_from[i] = i + 1 < plan.files.size() ? std::min(plan.lowest[i], bound_from[i + 1]) : plan.lowest[i];
    }
    if (!bound_from.empty()) output.write_before(bound_from.front());

    AnalysisOptions analysis = analysis_options(group);
    struct FileResult {
      RenderedDiagnostics diagnostics;
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
          std::optional<sema::Program> program;
          if (plan.texts[i]) {
            program = analyze_text(session, plan.files[i], std::move(*plan.texts[i]), analysis, diags, &result.io_error);
            plan.texts[i].reset();
          } else {
            program = analyze_file(session, plan.files[i], analysis, diags, &result.io_error);
          }
          result.read = program.has_value();
          drop_below_min_severity(diags.diagnostics(), presentation);
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
            std::vector<Diagnostic> unread_now{unread_path("unreadable-file", result.io_error, "", allow_skipped)};
            drop_below_min_severity(unread_now, presentation);
            output.write_now(render_each(unread_now, session.sources(), render), group.fail_on());
          }
          output.write_before(i + 1 < plan.files.size() ? std::optional<std::string>(bound_from[i + 1]) : std::nullopt);
          if (interactive) stdout_buffer.flush();  // someone is watching: each file's findings as it is done
        });
    output.write_before(std::nullopt);
  }
  stdout_buffer.flush();
  if (output.out_of_order()) {
    std::fprintf(stderr, "gpuspec: internal error: %zu diagnostic%s written out of order; please report it\n",
                 output.out_of_order(), output.out_of_order() == 1 ? "" : "s");
  }

  if (json) {
    json->finish(file_count, output.counts());
    stdout_buffer.append("\n");
  } else if (presentation.for_people()) {
    stdout_buffer.append(closing_lines(output.counts(), infos_shown));
  }
  stdout_buffer.flush();
  if (incomplete) return kExitToolFailure;
  return findings_exit(presentation, output.failed());
}

}  // namespace gpuspec::driver
