#include "driver/check_stream.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string_view>

#include "diag/render_text.h"
#include "driver/commands.h"
#include "driver/import_scan.h"
#include "driver/ordered_output.h"
#include "driver/parallel.h"
#include "source/confinement.h"

namespace gpuspec::driver {

namespace {

// How many files may be checked ahead of the first one not yet written: enough to keep
// every thread busy while one slow file holds up the output.
std::size_t stream_window(unsigned jobs) { return 4 * static_cast<std::size_t>(jobs); }

// The root files' texts read up front (to find unreadable files and scan their imports)
// are kept for the check, up to this many bytes in all, so a file is read once; past it
// (a very large project) a file is read again when its turn comes, and memory stays
// bounded.
constexpr std::size_t kKeptTextBudget = 64u << 20;

// The project root of the files of each folder, found once per folder: finding it
// (ProjectRoot::of_file) makes the path canonical and looks for `.git` and
// `gpuspec.json` in every folder up to the top, ~2 % of a check's instructions and most
// of its system calls when done again for each of a folder's files. A file's root
// depends only on the canonical folder it is in, which is its folder's canonical path
// unless the file is a symbolic link: a link is found on its own. Shared by the threads
// of `--jobs`.
class FolderRoots {
 public:
  ProjectRoot of_file(const std::string& path) {
    const std::filesystem::path file(path);
    std::error_code ec;
    if (std::filesystem::is_symlink(std::filesystem::symlink_status(file, ec)) || ec) return ProjectRoot::of_file(file);
    std::string folder = file.parent_path().string();
    {
      std::lock_guard lock(mutex_);
      if (auto it = roots_.find(folder); it != roots_.end()) return it->second;
    }
    ProjectRoot root = ProjectRoot::of_file(file);
    std::lock_guard lock(mutex_);
    return roots_.try_emplace(std::move(folder), std::move(root)).first->second;
  }

 private:
  std::mutex mutex_;
  std::map<std::string, ProjectRoot> roots_;
};

}  // namespace

int stream_check(const ParsedArgs& args, const CheckOutput& presentation, unsigned jobs,
                 std::vector<std::unique_ptr<CheckGroup>>& groups, std::vector<Diagnostic> unread,
                 const std::function<AnalysisOptions(const CheckGroup&)>& analysis_options, bool keep, Baseline* baseline,
                 const AfterRun& after) {
  const bool allow_skipped = args.has("--allow-skipped");
  const bool lint = !args.has("--no-lint");
  // The files each group checks (the readable ones) and the lowest path each can
  // report in ("" when unknown: nothing is written past it until it is done).
  struct Planned {
    std::vector<std::string> files;
    std::vector<std::string> lowest;
    std::vector<std::optional<std::string>> texts;  // as read up front; nullopt: read it again
    std::vector<Diagnostic> prices;                 // the diagnostics of its price files
  };
  std::vector<Planned> plans(groups.size());
  ImportPaths import_paths;
  std::size_t kept_bytes = 0;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    if (groups[g]->library_broken) continue;
    const auto price_files = lint ? price_paths(groups[g]->config, args.values("--prices")) : std::vector<std::string>();
    for (const auto& path : groups[g]->files) {
      std::string reason;
      auto text = read_input_file(path, reason);
      if (!text) {
        unread.push_back(unread_path("unreadable-file", fmt::format("cannot read '{}': {}", path, reason), "", allow_skipped));
        continue;
      }
      if (plans[g].files.empty() && !price_files.empty()) {
        // The price books are read with the group's first readable file; their findings
        // are the group's, and a book that cannot be read fails each file alike: it is
        // reported here, once, as the first file to read it would report it.
        const PriceFiles& prices = groups[g]->session->price_files(price_files);
        plans[g].prices = prices.diagnostics;
        if (!prices.error.empty()) unread.push_back(unread_path("unreadable-file", prices.error, "", allow_skipped));
      }
      plans[g].files.push_back(path);
      plans[g].lowest.push_back(import_paths.lowest_path(path, *text).value_or(std::string()));
      kept_bytes += text->size();
      plans[g].texts.push_back(kept_bytes <= kKeptTextBudget ? std::move(text) : std::nullopt);
    }
  }

  CheckRun run;
  drop_below_min_severity(unread, presentation);
  std::set<DiagnosticKey> unread_seen;
  for (auto& d : unread) {
    if (unread_seen.insert(key_of(d, SourceManager{})).second) run.unread.push_back(std::move(d));
  }
  run.incomplete = !allow_skipped && !run.unread.empty();
  if (!run.unread.empty()) {
    if (groups.empty()) {
      groups.push_back(std::make_unique<CheckGroup>());
      groups.back()->session = std::make_unique<Session>(LibraryOptions{args.value("--stdlib"), {}});
      plans.emplace_back();
    }
    if (run.incomplete) run.unread.front().hint = "the run is incomplete, so it exits 2; --allow-skipped goes on without these paths";
  }

  OutputBuffer stdout_buffer(keep);
  const bool interactive = isatty(STDOUT_FILENO) == 1;
  auto sink = sink_for(presentation, groups, should_use_color(STDOUT_FILENO, args.has("--no-color")), stdout_buffer);
  std::vector<DiagnosticRenderer> renderers;
  for (const auto& group : groups) renderers.push_back(sink->renderer(group->fail_on()));
  // A file's diagnostics as they wait for their place: rendered, or kept whole.
  auto prepare = [&](std::size_t g, std::vector<Diagnostic> diagnostics) {
    const SourceManager& sources = groups[g]->session->sources();
    return keep ? keep_each(std::move(diagnostics), sources) : render_each(diagnostics, sources, renderers[g]);
  };

  // Each diagnostic in the output order: counted, suppressed by the baseline (kept
  // whole), handed to the sink. What could not be read belongs to the first group.
  std::size_t current = 0;
  std::vector<std::string_view> baseline_rules;  // the policies' ids: the only findings a baseline holds
  DiagnosticCounts counts;
  bool failed = false;
  OrderedDiagnosticOutput::Writer deliver = [&](const RenderedDiagnostics& batch, std::size_t i) {
    CheckGroup& group = *groups[current];
    const RenderedDiagnostics* written = &batch;
    RenderedDiagnostics one;
    if (keep) {
      std::vector<Diagnostic> kept{batch.kept()[i]};
      if (baseline) baseline->suppress_known(kept, group.session->sources(), baseline_rules);
      one = render_each(kept, group.session->sources(), renderers[current]);
      group.diags.diagnostics().push_back(std::move(kept.front()));
      written = &one;
      i = 0;
    }
    if (!written->suppressed(i)) {  // a waived finding neither counts nor fails the run
      counts.add(written->severity(i), written->key(i).id);
      failed = failed || severity_rank(written->severity(i)) >= severity_rank(group.fail_on());
    }
    sink->write(*written, i, group.fail_on());
    stdout_buffer.flush_if_full();
  };

  OrderedDiagnosticOutput output(deliver, groups.size() > 1);
  if (!run.unread.empty()) output.write_now(prepare(0, run.unread));

  std::size_t file_count = 0;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    CheckGroup& group = *groups[g];
    Session& session = *group.session;
    Planned& plan = plans[g];
    output.begin_group();
    current = g;
    if (baseline) baseline_rules = session.policies().ids();
    for (const auto& diagnostics : {session.library_diagnostics(), plan.prices}) {
      std::vector<Diagnostic> shown = diagnostics;
      drop_below_min_severity(shown, presentation);
      output.add(prepare(g, std::move(shown)));
    }
    // The lowest path the files from i on can report in.
    std::vector<std::string> bound_from(plan.files.size());
    for (std::size_t i = plan.files.size(); i-- > 0;) {
      bound_from[i] = i + 1 < plan.files.size() ? std::min(plan.lowest[i], bound_from[i + 1]) : plan.lowest[i];
    }
    if (!bound_from.empty()) output.write_before(bound_from.front());

    AnalysisOptions analysis = analysis_options(group);
    analysis.price_book_diagnostics = false;  // the group's, written above
    FolderRoots folder_roots;
    struct FileResult {
      RenderedDiagnostics diagnostics;
      std::optional<FileId> root;  // set when the file was read
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
            const std::optional<ProjectRoot> root =
                analysis.import_root ? std::nullopt : std::optional<ProjectRoot>(folder_roots.of_file(plan.files[i]));
            program = analyze_text(session, plan.files[i], std::move(*plan.texts[i]), analysis, diags, &result.io_error,
                                   root ? &*root : nullptr);
            plan.texts[i].reset();
          } else {
            program = analyze_file(session, plan.files[i], analysis, diags, &result.io_error);
          }
          if (program) result.root = program->files().front()->source->id();
          drop_below_min_severity(diags.diagnostics(), presentation);
          result.diagnostics = prepare(g, std::move(diags.diagnostics()));
          // Rendered: the texts of this file and its imports (its own copies) are done.
          if (program && !keep) {
            for (const auto& file : program->files()) session.sources().release_text(file->source->id());
          }
        },
        [&](std::size_t i) {
          FileResult result = std::move(slots[i % window]);
          slots[i % window] = FileResult{};
          output.add(std::move(result.diagnostics));
          if (result.root) {
            ++file_count;
            sink->checked(session.sources().file(*result.root).path());
            group.roots.push_back(*result.root);
          } else {
            // Not read: a price book reported up front, or a file readable then and not
            // now (it changed under the run), reported where it falls, since the head of
            // the output is written.
            std::vector<Diagnostic> unread_now{unread_path("unreadable-file", result.io_error, "", allow_skipped)};
            drop_below_min_severity(unread_now, presentation);
            if (!unread_now.empty() && unread_seen.insert(key_of(unread_now.front(), SourceManager{})).second) {
              run.incomplete = run.incomplete || !allow_skipped;
              output.write_now(prepare(g, std::move(unread_now)));
            }
          }
          output.write_before(i + 1 < plan.files.size() ? std::optional<std::string>(bound_from[i + 1]) : std::nullopt);
          if (interactive) stdout_buffer.flush_unless_held();  // someone is watching: each file's findings as it is done
        });
    output.write_before(std::nullopt);
  }
  stdout_buffer.flush_unless_held();
  if (output.out_of_order()) {
    std::fprintf(stderr, "gpuspec: internal error: %zu diagnostic%s written out of order; please report it\n",
                 output.out_of_order(), output.out_of_order() == 1 ? "" : "s");
  }
  if (auto exit = after(run)) return *exit;
  sink->finish(counts, file_count);
  stdout_buffer.flush();
  if (run.incomplete) return kExitToolFailure;
  return findings_exit(presentation, failed);
}

}  // namespace gpuspec::driver
