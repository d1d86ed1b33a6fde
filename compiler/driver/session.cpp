#include "driver/session.h"

#include <fmt/format.h>

#include <filesystem>
#include <functional>
#include <iostream>

#include "backends/cost/price_files.h"
#include "diag/render_text.h"
#include "driver/args.h"
#include "driver/embedded.h"
#include "driver/embedded_library.h"
#include "lint/pack_reads.h"
#include "sema/checker.h"
#include "syntax/parse_snapshot.h"
#include "syntax/parser.h"
#include "source/confinement.h"

namespace gpuspec::driver {

namespace fs = std::filesystem;

namespace {

// Reads every spec file of a library or policy folder. These folders are the rules
// themselves, so a file that cannot be read, or one the walk skipped, stops the run
// (the returned message) instead of leaving a rule out.
std::optional<std::string> read_folder(const fs::path& dir, const std::function<void(const std::string&, std::string)>& add) {
  WalkResult walk = find_spec_files(dir);
  if (!walk.problems.empty()) return walk.problems.front().message;
  for (const auto& file : walk.files) {
    std::string error;
    auto text = read_input_file(file, error);
    if (!text) return fmt::format("cannot read '{}': {}", file, error);
    add(file, std::move(*text));
  }
  return std::nullopt;
}

}  // namespace

const PriceFiles& Session::price_files(const std::vector<std::string>& paths) {
  std::lock_guard lock(price_files_mutex_);
  auto& slot = price_files_[paths];
  if (!slot) {
    slot = std::make_unique<PriceFiles>();
    DiagnosticEngine diags;
    cost::load_price_files(paths, library_, sources_, diags, slot->programs, slot->error);
    slot->diagnostics = std::move(diags.diagnostics());
    for (const auto& program : slot->programs) {
      for (const auto& file : program.files()) slot->layers.emplace_back(file->source, cost::PriceLayer::of_file(*file, true));
    }
  }
  return *slot;
}

Session::Session(const LibraryOptions& options)
    : library_prices_(std::make_shared<const cost::DeferredPriceLayer>(
          [this] { return cost::PriceLayer::of_library(library_); })) {
  // The embedded library's syntax trees come from the build's snapshot, which the
  // executable installed (syntax/parse_snapshot.h); without it they are parsed.
  if (options.stdlib_dir) {
    fs::path root(*options.stdlib_dir);
    std::error_code ec;
    if (!fs::is_directory(root, ec)) {
      load_error_ = "cannot read stdlib folder '" + *options.stdlib_dir + "'";
    } else {
      load_error_ = read_folder(root, [&](const std::string& file, std::string text) {
        library_.add_file(sources_, library_diags_, file, std::move(text));
      });
    }
  } else {
    embedded::add_to_library(library_, sources_, library_diags_, embedded::stdlib_files(), "<stdlib>");
  }
  embedded::add_to_library(library_, sources_, library_diags_, embedded::policy_files(), "<policies>");
  // The build checked the embedded library and found nothing (compiler/snapshot/):
  // checking it again in every run cost a tenth of a one-file check.
  const bool library_checked = !options.stdlib_dir && syntax::embedded_library_checks_clean();
  if (!library_checked) sema::check_library(library_, library_diags_);

  // User policy folders are checked like specs, against the library's names.
  user_policies_.emplace(library_);
  std::vector<const sema::LoadedFile*> extra;
  for (const auto& dir : options.policy_dirs) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
      load_error_ = "cannot read policy folder '" + dir + "'";
      return;
    }
    load_error_ = read_folder(dir, [&](const std::string& file, std::string text) {
      const SourceFile& source = sources_.add(file, std::move(text));
      auto& loaded = user_policies_->add_file(source, syntax::parse_file(source, library_diags_));
      user_policies_->index().add(loaded, library_diags_, &library_.index());
      extra.push_back(&loaded);
    });
    if (load_error_) return;
  }
  sema::check_program(*user_policies_, library_diags_);
  // With the built-in policies' reads the build stored, when the executable installed them.
  policies_ = lint::load_policies(library_, extra, library_diags_, library_checked, lint::installed_pack_reads());
}

std::vector<std::string> Session::input_paths() const {
  std::vector<std::string> paths;
  for (std::size_t i = 0; i < sources_.size(); ++i) {
    const SourceFile& file = sources_.file(static_cast<FileId>(i));
    if (!file.embedded()) paths.push_back(file.path());
  }
  return paths;
}

writers::WriteOptions output_options(const ParsedArgs& args, const Session& session) {
  writers::WriteOptions options;
  options.force = args.has("--force");
  options.inputs = session.input_paths();
  return options;
}

bool report_broken_library(Session& session) {
  DiagnosticEngine diags;
  diags.diagnostics() = session.library_diagnostics();
  if (!diags.has_errors()) return false;
  std::cerr << render_text(diags.diagnostics(), session.sources(), TextRenderOptions{});
  return true;
}

CollectedPaths collect_spec_files(const std::vector<std::string>& paths) {
  CollectedPaths out;
  for (const auto& path : paths) {
    std::error_code ec;
    fs::path p(path);
    if (fs::is_directory(p, ec)) {
      WalkResult walk = find_spec_files(p);
      out.files.insert(out.files.end(), walk.files.begin(), walk.files.end());
      out.problems.insert(out.problems.end(), walk.problems.begin(), walk.problems.end());
    } else if (fs::exists(p, ec)) {
      out.files.push_back(path);
    } else {
      out.missing.push_back(path);
    }
  }
  return out;
}

}  // namespace gpuspec::driver
