#include "backends/writers/output_journal.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <nlohmann/json.hpp>
#include <thread>

#include "backends/writers/output_manifest.h"
#include "backends/writers/posix_io.h"
#include "source/confinement.h"
#include "source/json_io.h"

namespace gpuspec::writers {

namespace fs = std::filesystem;

namespace {

constexpr int kJournalVersion = 2;  // 1 (before 0.2) named absolute paths and recorded no identity
constexpr std::uint64_t kLargestJournal = 256ull << 20;
constexpr std::chrono::seconds kLockWait{30};

const char* state_name(Journal::State state) {
  switch (state) {
    case Journal::State::Staging: return "staging";
    case Journal::State::Committing: return "committing";
    case Journal::State::Committed: return "committed";
  }
  return "staging";
}

// An open folder descriptor, closed when it goes out of scope.
class Folder {
 public:
  explicit Folder(int fd) : fd_(fd) {}
  Folder(const Folder&) = delete;
  Folder& operator=(const Folder&) = delete;
  ~Folder() {
    if (fd_ >= 0) ::close(fd_);
  }
  int fd() const { return fd_; }
  bool ok() const { return fd_ >= 0; }

 private:
  int fd_;
};

nlohmann::json identity_json(const FileIdentity& identity) {
  nlohmann::json json{{"inode", identity.inode}};
  if (identity.has_birth) json["born"] = {identity.birth_seconds, identity.birth_nanoseconds};
  return json;
}

std::string render(const Journal& journal, const FileIdentity& identity) {
  nlohmann::json json;
  json["version"] = kJournalVersion;
  json["pid"] = journal.pid;
  json["token"] = journal.token;
  json["state"] = state_name(journal.state);
  json["file"] = identity_json(identity);
  json["created_folders"] = nlohmann::json::array();
  for (const auto& folder : journal.created_folders) json["created_folders"].push_back(folder.string());
  json["files"] = nlohmann::json::array();
  for (const auto& entry : journal.files) {
    json["files"].push_back({{"target", entry.target.string()}, {"existed", entry.existed}, {"hash", entry.hash}});
  }
  return dump_json(json, -1) + "\n";
}

// The journal `text` describes, checked to name nothing outside its folder; nullopt
// with `problem` set otherwise. `identity` is the identity of the file it was read from.
std::optional<Journal> parse(const std::string& text, const FileIdentity& identity, std::string& problem) {
  std::string error;
  auto json = parse_json_input(text, error);
  if (!json || !json->is_object()) {
    problem = json ? "it is not a JSON object" : "it is not JSON (" + error + ")";
    return std::nullopt;
  }
  try {
    if (json->value("version", 0) != kJournalVersion) {
      problem = "it is not a journal of this gpuspec (no \"version\": 2)";
      return std::nullopt;
    }
    // Ours: the identity it records is the identity of the file it is in.
    const nlohmann::json& recorded = json->at("file");
    bool same = recorded.at("inode").get<std::uint64_t>() == identity.inode;
    if (identity.has_birth) same = same && recorded.contains("born") && recorded["born"] == identity_json(identity)["born"];
    if (!same) {
      problem = "it records the identity of another file: gpuspec did not write it here (it was copied, unpacked or "
                "checked out)";
      return std::nullopt;
    }
    Journal journal;
    journal.pid = json->at("pid").get<long>();
    journal.token = json->at("token").get<std::string>();
    std::string state = json->at("state").get<std::string>();
    journal.state = state == "committing" ? Journal::State::Committing
                    : state == "committed" ? Journal::State::Committed
                                           : Journal::State::Staging;
    for (const auto& folder : json->at("created_folders")) journal.created_folders.emplace_back(folder.get<std::string>());
    for (const auto& entry : json->at("files")) {
      journal.files.push_back({fs::path(entry.at("target").get<std::string>()), entry.at("existed").get<bool>(),
                               entry.at("hash").get<std::string>()});
    }
    // The token names files to remove: it must not be able to name anything else.
    if (journal.token.empty() || journal.token.find_first_not_of("0123456789abcdef-") != std::string::npos) {
      problem = "its token is not one gpuspec makes";
      return std::nullopt;
    }
    std::vector<fs::path> paths = journal.created_folders;
    for (const auto& entry : journal.files) paths.push_back(entry.target);
    for (const auto& path : paths) {
      if (auto wrong = relative_path_problem(path)) {
        problem = "it names a path outside its folder: " + *wrong;
        return std::nullopt;
      }
    }
    return journal;
  } catch (const nlohmann::json::exception&) {
    problem = "it lacks a field a journal has, or one has the wrong type";
    return std::nullopt;
  }
}

bool alive(long pid) { return pid > 0 && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM); }

bool exists_at(int dir, const std::string& name, struct stat* info = nullptr) {
  struct stat ignored {};
  return ::fstatat(dir, name.c_str(), info ? info : &ignored, AT_SYMLINK_NOFOLLOW) == 0;
}

bool same_file_at(int dir, const std::string& a, const std::string& b) {
  struct stat x {}, y {};
  return exists_at(dir, a, &x) && exists_at(dir, b, &y) && x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

// Whether `name` in `dir` is a regular file holding what the run wrote (`hash`).
bool holds_what_was_written(int dir, const std::string& name, const std::string& hash) {
  std::string error;
  auto contents = read_regular_file_at(dir, name, kLargestReadableFile, error);
  return contents && content_hash(*contents) == hash;
}

// Every folder a journal names must be reached without a link: a journal whose paths
// pass through one would act outside its folder.
std::optional<std::string> linked_part(int root, const Journal& journal) {
  std::vector<fs::path> folders = journal.created_folders;
  for (const auto& entry : journal.files) folders.push_back(entry.target.parent_path());
  for (const auto& folder : folders) {
    fs::path at;
    for (const auto& part : folder) {
      at /= part;
      Folder opened(open_folder_below(root, at));
      if (opened.ok()) continue;
      if (errno == ENOENT) break;  // removed since: nothing there to act on
      return "'" + at.string() + "' in its folder is a symbolic link or not a folder";
    }
  }
  return std::nullopt;
}

}  // namespace

fs::path temp_path(const fs::path& target, const std::string& token) {
  return target.parent_path() / ("." + target.filename().string() + ".gpuspec-new-" + token);
}

fs::path backup_path(const fs::path& target, const std::string& token) {
  return target.parent_path() / ("." + target.filename().string() + ".gpuspec-old-" + token);
}

bool JournalFile::write_temp(const Journal& journal, fs::path& temp, std::string& error) {
  temp = folder_ / (std::string(kJournalName) + ".tmp-" + journal.token);
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) {
    error = "cannot write '" + path_.string() + "': " + std::strerror(errno);
    return false;
  }
  // The identity is the temporary's: renamed or linked into place, the journal keeps it.
  auto identity = identity_of(fd);
  bool ok = identity && write_all(fd, render(journal, *identity)) && ::fsync(fd) == 0;
  int saved = errno;
  ::close(fd);
  if (!ok) {
    ::unlink(temp.c_str());
    error = "cannot write '" + path_.string() + "': " + std::strerror(saved);
  }
  return ok;
}

std::optional<Journal> JournalFile::read_own(std::string& problem) const {
  Folder folder(::open(folder_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!folder.ok()) {
    problem = std::strerror(errno);
    return std::nullopt;
  }
  FileIdentity identity;
  std::string error;
  auto text = read_regular_file_at(folder.fd(), kJournalName, kLargestJournal, error, &identity);
  if (!text) {
    problem = exists_at(folder.fd(), kJournalName) ? "it " + error : "";
    return std::nullopt;
  }
  auto journal = parse(*text, identity, problem);
  if (journal) {
    if (auto linked = linked_part(folder.fd(), *journal)) {
      problem = *linked;
      return std::nullopt;
    }
  }
  return journal;
}

bool JournalFile::create(const Journal& journal, std::string& error) {
  fs::path temp;
  if (!write_temp(journal, temp, error)) return false;
  // link() is an exclusive create that cannot leave a half-written journal behind.
  // Another run writing into the folder holds it for milliseconds: wait for it (up to
  // kLockWait), so parallel runs into one folder take turns instead of failing.
  auto give_up = std::chrono::steady_clock::now() + kLockWait;
  while (true) {
    if (::link(temp.c_str(), path_.c_str()) == 0) {
      ::unlink(temp.c_str());
      sync_folder(folder_);
      return true;
    }
    if (errno != EEXIST) break;
    std::string problem;
    auto other = read_own(problem);
    if (!other && problem.empty()) continue;  // the other run just finished
    if (!other) {
      error = "cannot write into '" + folder_.string() + "': '" + path_.string() + "' is not a journal gpuspec left there (" +
              problem + "); it was left as it is: remove it if no gpuspec run is writing there";
      ::unlink(temp.c_str());
      return false;
    }
    if (!alive(other->pid)) {
      roll_back(folder_, *other);  // a run that died half-way: put its folder back first
      ::unlink(path_.c_str());
      continue;
    }
    if (std::chrono::steady_clock::now() > give_up) {
      error = "cannot write into '" + folder_.string() + "': another gpuspec run (pid " + std::to_string(other->pid) +
              ") has been writing there for " + std::to_string(kLockWait.count()) + " s; remove '" + path_.string() +
              "' if that process is not gpuspec";
      ::unlink(temp.c_str());
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  error = "cannot write '" + path_.string() + "': " + std::strerror(errno);
  ::unlink(temp.c_str());
  return false;
}

bool JournalFile::update(const Journal& journal, std::string& error) {
  fs::path temp;
  if (!write_temp(journal, temp, error)) return false;
  if (::rename(temp.c_str(), path_.c_str()) != 0) {
    error = "cannot write '" + path_.string() + "': " + std::strerror(errno);
    ::unlink(temp.c_str());
    return false;
  }
  sync_folder(folder_);
  return true;
}

void JournalFile::remove() {
  ::unlink(path_.c_str());
  sync_folder(folder_);
}

void roll_back(const fs::path& folder, const Journal& journal) {
  Folder root(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!root.ok()) return;
  for (auto it = journal.files.rbegin(); it != journal.files.rend(); ++it) {
    Folder dir(open_folder_below(root.fd(), it->target.parent_path()));
    if (!dir.ok()) continue;  // the folder is gone (or became a link): nothing of ours is there
    std::string name = it->target.filename().string();
    std::string temp = temp_path(name, journal.token).string();
    std::string backup = backup_path(name, journal.token).string();
    bool keep_backup = false;
    if (journal.state == Journal::State::Committing) {
      if (exists_at(dir.fd(), backup)) {
        // Not renamed yet: the backup is a second link to the old file itself. Renamed:
        // put the old file back, unless what is there now is not what the run wrote.
        if (!same_file_at(dir.fd(), backup, name)) {
          if (!exists_at(dir.fd(), name) || holds_what_was_written(dir.fd(), name, it->hash)) {
            ::renameat(dir.fd(), backup.c_str(), dir.fd(), name.c_str());
          } else {
            keep_backup = true;  // changed since: both are someone's; neither is thrown away
          }
        }
      } else if (!it->existed && !exists_at(dir.fd(), temp) && holds_what_was_written(dir.fd(), name, it->hash)) {
        ::unlinkat(dir.fd(), name.c_str(), 0);  // a new file already renamed into place
      }
    }
    ::unlinkat(dir.fd(), temp.c_str(), 0);
    if (!keep_backup) ::unlinkat(dir.fd(), backup.c_str(), 0);
    ::fsync(dir.fd());
  }
  if (journal.state != Journal::State::Committed) {
    for (auto it = journal.created_folders.rbegin(); it != journal.created_folders.rend(); ++it) {
      Folder parent(open_folder_below(root.fd(), it->parent_path()));
      // Only when empty: never a folder someone put files in meanwhile.
      if (parent.ok()) ::unlinkat(parent.fd(), it->filename().c_str(), AT_REMOVEDIR);
    }
  }
  ::fsync(root.fd());
}

}  // namespace gpuspec::writers
