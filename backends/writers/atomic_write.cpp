#include "backends/writers/atomic_write.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <deque>
#include <filesystem>
#include <map>
#include <optional>
#include <random>
#include <set>

#include "backends/writers/fault_injection.h"
#include "backends/writers/output_checks.h"
#include "backends/writers/output_journal.h"
#include "backends/writers/output_manifest.h"
#include "backends/writers/posix_io.h"
#include "source/file_reader.h"

namespace gpuspec::writers {

namespace fs = std::filesystem;

namespace {

// SIGINT, SIGTERM and SIGHUP are held while a transaction runs: the transaction
// rolls back (or finishes committing) and then the signal takes its normal course.
volatile std::sig_atomic_t g_pending_signal = 0;
extern "C" void note_signal(int signal) { g_pending_signal = signal; }

class SignalDeferral {
 public:
  SignalDeferral() {
    g_pending_signal = 0;
    struct sigaction action {};
    action.sa_handler = note_signal;
    sigemptyset(&action.sa_mask);
    for (std::size_t i = 0; i < std::size(kSignals); ++i) {
      ::sigaction(kSignals[i], &action, &previous_[i]);
      // A signal the process was told to ignore (a background job's SIGINT) stays ignored.
      if (previous_[i].sa_handler == SIG_IGN) ::sigaction(kSignals[i], &previous_[i], nullptr);
    }
  }
  ~SignalDeferral() {
    for (std::size_t i = 0; i < std::size(kSignals); ++i) ::sigaction(kSignals[i], &previous_[i], nullptr);
    if (int signal = g_pending_signal) std::raise(signal);
  }
  static bool pending() { return g_pending_signal != 0; }

 private:
  static constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};
  struct sigaction previous_[3] {};
};

std::string system_error(const std::string& what, const fs::path& path, int error_number) {
  return "cannot " + what + " '" + path.string() + "': " + std::strerror(error_number);
}

// Writes `contents` to a new file `path` (never through a link), synced, with `mode`.
bool write_new_file(const fs::path& path, const std::string& contents, mode_t mode, const Existing* owner,
                    std::string& error) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) {
    error = system_error("write", path, errno);
    return false;
  }
  bool ok = write_all(fd, contents) && ::fchmod(fd, mode) == 0 && ::fsync(fd) == 0;
  int saved = errno;
  // Run as root over someone's file, keep it theirs.
  if (ok && owner && ::geteuid() == 0) (void)::fchown(fd, owner->info.st_uid, owner->info.st_gid);
  if (::close(fd) != 0 && ok) {
    ok = false;
    saved = errno;
  }
  if (!ok) error = system_error("write", path, saved);
  return ok;
}

mode_t new_file_mode() {
  mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

std::string random_token() {
  std::random_device device;
  std::uniform_int_distribution<unsigned> hex(0, 15);
  std::string token = std::to_string(::getpid()) + "-";
  for (int i = 0; i < 12; ++i) token += "0123456789abcdef"[hex(device)];
  return token;
}

// Creates `folder` and missing parents; records the ones it created, outermost first.
bool create_folders(const fs::path& folder, std::vector<fs::path>& created, std::string& error) {
  if (folder.empty()) return true;
  struct stat info {};
  if (::lstat(folder.c_str(), &info) == 0) {
    std::error_code ec;
    if (S_ISDIR(info.st_mode) || (S_ISLNK(info.st_mode) && fs::is_directory(folder, ec))) return true;
    error = "cannot create folder '" + folder.string() + "': a file is in the way";
    return false;
  }
  if (!create_folders(folder.parent_path(), created, error)) return false;
  if (::mkdir(folder.c_str(), 0777) != 0 && errno != EEXIST) {
    error = system_error("create folder", folder, errno);
    return false;
  }
  created.push_back(folder);
  return true;
}

// The folders under `root` that `targets` need and that do not exist yet, outermost first.
std::vector<fs::path> missing_folders(const std::vector<fs::path>& targets) {
  std::vector<fs::path> missing;
  for (const auto& target : targets) {
    std::vector<fs::path> chain;
    std::error_code ec;
    for (fs::path at = target.parent_path(); !at.empty() && !fs::exists(fs::symlink_status(at, ec)); at = at.parent_path()) {
      chain.push_back(at);
    }
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      if (std::find(missing.begin(), missing.end(), *it) == missing.end()) missing.push_back(*it);
    }
  }
  return missing;
}

// A hard link to the old file, so it can be put back; a copy where links are not supported.
bool keep_old_file(const fs::path& target, const fs::path& backup, const Existing& existing, std::string& error) {
  if (::link(target.c_str(), backup.c_str()) == 0) return true;
  std::string reason;
  auto old = read_regular_file(target.string(), kLargestReadableFile, reason);
  if (!old) {
    error = "cannot keep a copy of '" + target.string() + "': " + reason;
    return false;
  }
  return write_new_file(backup, *old, existing.info.st_mode & 0777, &existing, error);
}

fs::path absolute_folder(const fs::path& folder) {
  std::error_code ec;
  fs::path out = fs::absolute(folder.empty() ? fs::path(".") : folder, ec).lexically_normal();
  if (out.has_parent_path() && out.filename().empty()) out = out.parent_path();  // "out/" -> "out"
  return out;
}

// The deepest folder holding every file: the output root when the caller names none.
fs::path common_folder(const std::vector<OutputFile>& files) {
  fs::path common = absolute_folder(fs::path(files.front().path).parent_path());
  for (const auto& file : files) {
    fs::path folder = absolute_folder(fs::path(file.path).parent_path());
    while (!common.empty() && common != common.root_path()) {
      auto rel = folder.lexically_relative(common);
      if (!rel.empty() && *rel.begin() != "..") break;
      common = common.parent_path();
    }
  }
  return common;
}

class Transaction {
 public:
  Transaction(const std::vector<OutputFile>& files, const WriteOptions& options) : files_(files), options_(options) {}

  ~Transaction() {
    if (!finished_) abandon();
  }

  bool run(std::string& error) {
    if (!plan(error)) return false;
    if (!lock(error)) return false;
    if (!check(error)) return fail();
    if (!stage(error)) return fail();
    if (!commit(error)) return fail();
    finished_ = true;
    return true;
  }

 private:
  struct Target {
    fs::path path;  // absolute
    std::string shown;  // as the user named it
    const std::string* contents = nullptr;
    Existing existing;
  };

  bool plan(std::string& error) {
    std::error_code ec;
    root_ = options_.root.empty() ? common_folder(files_) : absolute_folder(options_.root);
    if (auto reason = unusable_path_reason(root_.string())) {
      error = "cannot write into '" + root_.string() + "': " + *reason;
      return false;
    }
    std::set<fs::path> folders;
    for (const auto& file : files_) {
      fs::path target = fs::absolute(file.path, ec).lexically_normal();
      if (auto reason = unusable_path_reason(target.string())) {
        error = "cannot write '" + file.path + "': " + *reason;
        return false;
      }
      if (target.filename() == kManifestName || target.filename() == kJournalName) {
        error = "cannot write '" + file.path + "': the name is gpuspec's own bookkeeping file";
        return false;
      }
      fs::path inside = target.parent_path().lexically_relative(root_);
      if (inside.empty() || *inside.begin() == "..") {
        error = "cannot write '" + file.path + "': it is outside the output folder '" + root_.string() + "'";
        return false;
      }
      targets_.push_back({target, file.path, &file.contents, {}});
      folders.insert(target.parent_path());
    }
    if (options_.kind == WriteOptions::Kind::Generated) {
      manifest_folders_.assign(folders.begin(), folders.end());
    }
    return true;
  }

  bool lock(std::string& error) {
    if (!create_folders(root_, root_created_, error)) return false;
    journal_.pid = ::getpid();
    journal_.token = random_token();
    JournalFile file(root_);
    if (!file.create(journal_, error)) {  // another run's journal is never touched
      remove_created_root();
      return false;
    }
    journal_file_.emplace(std::move(file));
    return true;
  }

  bool check(std::string& error) {
    InputFiles inputs(options_.inputs);
    std::map<fs::path, Manifest> manifests;
    for (const auto& folder : manifest_folders_) manifests[folder] = read_manifest(folder);
    bool owned = options_.kind == WriteOptions::Kind::Generated;
    for (auto& target : targets_) {
      if (auto problem = linked_folder(root_, target.path, target.shown)) return refuse(*problem, error);
      const Manifest& manifest = owned ? manifests[target.path.parent_path()] : Manifest{};
      if (auto problem = refusal(target.path, target.shown, manifest, owned, inputs, options_.force, target.existing)) {
        return refuse(*problem, error);
      }
    }
    // Each folder's manifest: what it listed and still exists, plus what this run writes.
    for (const auto& folder : manifest_folders_) {
      Manifest& manifest = manifests[folder];
      fs::path path = folder / kManifestName;
      if (manifest.state == Manifest::State::Foreign && !options_.force) {
        return refuse("refusing to overwrite '" + path.string() + "': it is not a manifest gpuspec wrote; --force replaces it",
                      error);
      }
      Manifest updated;
      updated.state = Manifest::State::Valid;
      if (manifest.state == Manifest::State::Valid) {
        for (const auto& [name, hash] : manifest.files) {
          std::error_code ec;
          if (fs::exists(fs::symlink_status(folder / name, ec))) updated.files[name] = hash;
        }
      }
      for (const auto& target : targets_) {
        if (target.path.parent_path() == folder) updated.files[target.path.filename().string()] = content_hash(*target.contents);
      }
      manifest_texts_.push_back(render_manifest(updated));
      Target entry{path, path.string(), &manifest_texts_.back(), {}};
      if (::lstat(path.c_str(), &entry.existing.info) == 0) {
        entry.existing.exists = true;
        if (!S_ISREG(entry.existing.info.st_mode)) {
          return refuse("refusing to replace '" + path.string() + "': it is not a regular file", error);
        }
      }
      manifest_targets_.push_back(std::move(entry));
    }
    // The manifests are renamed last: a folder's files are in place before it lists them.
    for (auto& entry : manifest_targets_) targets_.push_back(std::move(entry));
    return true;
  }

  bool refuse(std::string problem, std::string& error) {
    error = std::move(problem);
    return false;
  }

  bool stage(std::string& error) {
    std::vector<fs::path> paths;
    for (const auto& target : targets_) paths.push_back(target.path);
    // The journal names paths relative to the folder it is in, and the hash of what
    // goes there: a recovery acts only below the folder, only on files the run wrote.
    for (const auto& folder : missing_folders(paths)) journal_.created_folders.push_back(folder.lexically_relative(root_));
    for (const auto& target : targets_) {
      journal_.files.push_back({target.path.lexically_relative(root_), target.existing.exists, content_hash(*target.contents)});
    }
    if (!journal_file_->update(journal_, error)) return false;
    for (const auto& relative : journal_.created_folders) {
      fs::path folder = root_ / relative;
      if (::mkdir(folder.c_str(), 0777) != 0 && errno != EEXIST) {
        error = system_error("create folder", folder, errno);
        return false;
      }
    }
    mode_t fresh = new_file_mode();
    int staged = 0;
    for (const auto& target : targets_) {
      mode_t mode = target.existing.exists ? (target.existing.info.st_mode & 0777) : fresh;
      if (!write_new_file(temp_path(target.path, journal_.token), *target.contents, mode,
                          target.existing.exists ? &target.existing : nullptr, error)) {
        return false;
      }
      fault::after_stage(++staged);
      if (SignalDeferral::pending()) return interrupted(error);
    }
    for (const auto& target : targets_) {
      if (target.existing.exists &&
          !keep_old_file(target.path, backup_path(target.path, journal_.token), target.existing, error)) {
        return false;
      }
    }
    if (SignalDeferral::pending()) return interrupted(error);
    journal_.state = Journal::State::Committing;
    return journal_file_->update(journal_, error);
  }

  bool interrupted(std::string& error) {
    error = "interrupted: the output was left as it was";
    return false;
  }

  bool commit(std::string& error) {
    int renames = 0;
    for (const auto& target : targets_) {
      fs::path temp = temp_path(target.path, journal_.token);
      if (!fault::before_rename(++renames)) {
        error = system_error("write", target.path, EIO);
        return false;
      }
      if (::rename(temp.c_str(), target.path.c_str()) != 0) {
        error = system_error("write", target.path, errno);
        return false;
      }
    }
    journal_.state = Journal::State::Committed;
    std::string ignored;
    journal_file_->update(journal_, ignored);  // from here on a recovery keeps the new output
    roll_back(root_, journal_);                // committed: only removes the old files' links
    journal_file_->remove();
    return true;
  }

  bool fail() {
    abandon();
    return false;
  }

  void abandon() {
    finished_ = true;
    roll_back(root_, journal_);
    if (journal_file_) journal_file_->remove();
    remove_created_root();
  }

  void remove_created_root() {
    for (auto it = root_created_.rbegin(); it != root_created_.rend(); ++it) ::rmdir(it->c_str());
    root_created_.clear();
  }

  const std::vector<OutputFile>& files_;
  const WriteOptions& options_;
  fs::path root_;
  std::vector<fs::path> root_created_;
  std::vector<Target> targets_;
  std::vector<fs::path> manifest_folders_;
  std::vector<Target> manifest_targets_;
  std::deque<std::string> manifest_texts_;  // stable addresses for Target::contents
  Journal journal_;
  std::optional<JournalFile> journal_file_;
  bool finished_ = false;
};

}  // namespace

bool write_outputs(const std::vector<OutputFile>& files, const WriteOptions& options, std::string& error) {
  if (files.empty()) return true;
  SignalDeferral signals;
  Transaction transaction(files, options);
  return transaction.run(error);
}

bool write_files_atomically(const std::vector<OutputFile>& files, std::string& error) {
  return write_outputs(files, WriteOptions{}, error);
}

}  // namespace gpuspec::writers
