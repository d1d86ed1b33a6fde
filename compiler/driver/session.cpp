#include "driver/session.h"

#include <algorithm>
#include <filesystem>

#include <iostream>

#include "diag/render_text.h"
#include "driver/embedded.h"
#include "sema/checker.h"
#include "sema/loader.h"
#include "syntax/parser.h"

namespace gpuspec::driver {

namespace fs = std::filesystem;

namespace {

std::vector<fs::path> gpuspec_files_under(const fs::path& dir) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end; it != end;
       it.increment(ec)) {
    if (ec) break;
    if (it->is_regular_file(ec) && it->path().extension() == ".gpuspec") files.push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

Session::Session(const LibraryOptions& options) {
  if (options.stdlib_dir) {
    fs::path root(*options.stdlib_dir);
    std::error_code ec;
    if (!fs::is_directory(root, ec)) {
      load_error_ = "cannot read stdlib folder '" + *options.stdlib_dir + "'";
    } else {
      for (const auto& file : gpuspec_files_under(root)) {
        auto text = sema::read_file(file);
        if (text) library_.add_file(sources_, library_diags_, file.string(), std::move(*text));
      }
    }
  } else {
    for (const auto& file : embedded::stdlib_files()) {
      library_.add_file(sources_, library_diags_, "<stdlib>/" + std::string(file.path), std::string(file.text));
    }
  }
  for (const auto& file : embedded::policy_files()) {
    library_.add_file(sources_, library_diags_, "<policies>/" + std::string(file.path), std::string(file.text));
  }
  sema::check_library(library_, library_diags_);

  // User policy folders are checked like specs, against the library's names.
  user_policies_.emplace(library_);
  std::vector<const sema::LoadedFile*> extra;
  for (const auto& dir : options.policy_dirs) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
      load_error_ = "cannot read policy folder '" + dir + "'";
      return;
    }
    for (const auto& file : gpuspec_files_under(dir)) {
      auto text = sema::read_file(file);
      if (!text) continue;
      const SourceFile& source = sources_.add(file.string(), std::move(*text));
      auto& loaded = user_policies_->add_file(source, syntax::parse_file(source, library_diags_));
      user_policies_->index().add(loaded, library_diags_, &library_.index());
      extra.push_back(&loaded);
    }
  }
  sema::check_program(*user_policies_, library_diags_);
  policies_ = lint::load_policies(library_, extra, library_diags_);
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
      for (const auto& file : gpuspec_files_under(p)) out.files.push_back(file.string());
    } else if (fs::exists(p, ec)) {
      out.files.push_back(path);
    } else {
      out.missing.push_back(path);
    }
  }
  return out;
}

}  // namespace gpuspec::driver
