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

#include "backends/writers/posix_io.h"
#include "source/file_reader.h"

namespace gpuspec::writers {

namespace fs = std::filesystem;

namespace {

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

std::string render(const Journal& journal) {
  nlohmann::json json;
  json["pid"] = journal.pid;
  json["token"] = journal.token;
  json["state"] = state_name(journal.state);
  json["created_folders"] = nlohmann::json::array();
  for (const auto& folder : journal.created_folders) json["created_folders"].push_back(folder.string());
  json["files"] = nlohmann::json::array();
  for (const auto& entry : journal.files) json["files"].push_back({{"target", entry.target.string()}, {"existed", entry.existed}});
  return json.dump() + "\n";
}

std::optional<Journal> parse(const std::string& text) {
  auto json = nlohmann::json::parse(text, nullptr, false);
  if (!json.is_object()) return std::nullopt;
  try {
    Journal journal;
    journal.pid = json.at("pid").get<long>();
    journal.token = json.at("token").get<std::string>();
    std::string state = json.at("state").get<std::string>();
    journal.state = state == "committing" ? Journal::State::Committing
                    : state == "committed" ? Journal::State::Committed
                                           : Journal::State::Staging;
    for (const auto& folder : json.at("created_folders")) journal.created_folders.emplace_back(folder.get<std::string>());
    for (const auto& entry : json.at("files")) {
      journal.files.push_back({fs::path(entry.at("target").get<std::string>()), entry.at("existed").get<bool>()});
    }
    // The token names files to remove: it must not be able to name anything else.
    if (journal.token.empty() || journal.token.find_first_not_of("0123456789abcdef-") != std::string::npos) {
      return std::nullopt;
    }
    return journal;
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
}

bool alive(long pid) { return pid > 0 && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM); }

bool exists_no_follow(const fs::path& path) {
  struct stat info {};
  return ::lstat(path.c_str(), &info) == 0;
}

bool same_file(const fs::path& a, const fs::path& b) {
  struct stat x {}, y {};
  return ::lstat(a.c_str(), &x) == 0 && ::lstat(b.c_str(), &y) == 0 && x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

}  // namespace

fs::path temp_path(const fs::path& target, const std::string& token) {
  return target.parent_path() / ("." + target.filename().string() + ".gpuspec-new-" + token);
}

fs::path backup_path(const fs::path& target, const std::string& token) {
  return target.parent_path() / ("." + target.filename().string() + ".gpuspec-old-" + token);
}

bool JournalFile::write_temp(const Journal& journal, fs::path& temp, std::string& error) {
  temp = path_.parent_path() / (std::string(kJournalName) + ".tmp-" + journal.token);
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) {
    error = "cannot write '" + path_.string() + "': " + std::strerror(errno);
    return false;
  }
  bool ok = write_all(fd, render(journal)) && ::fsync(fd) == 0;
  int saved = errno;
  ::close(fd);
  if (!ok) {
    ::unlink(temp.c_str());
    error = "cannot write '" + path_.string() + "': " + std::strerror(saved);
  }
  return ok;
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
      sync_folder(path_.parent_path());
      return true;
    }
    if (errno != EEXIST) break;
    std::string reason;
    auto text = read_regular_file(path_.string(), kLargestJournal, reason);
    if (!text && !exists_no_follow(path_)) continue;  // the other run just finished
    auto other = text ? parse(*text) : std::nullopt;
    if (!other) {
      error = "cannot write into '" + path_.parent_path().string() + "': '" + path_.string() +
              "' is not a journal gpuspec can read; remove it if no gpuspec run is writing there";
      ::unlink(temp.c_str());
      return false;
    }
    if (!alive(other->pid)) {
      roll_back(*other);  // a run that died half-way: put its folder back first
      ::unlink(path_.c_str());
      continue;
    }
    if (std::chrono::steady_clock::now() > give_up) {
      error = "cannot write into '" + path_.parent_path().string() + "': another gpuspec run (pid " +
              std::to_string(other->pid) + ") has been writing there for " +
              std::to_string(kLockWait.count()) + " s; remove '" + path_.string() + "' if that process is not gpuspec";
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
  sync_folder(path_.parent_path());
  return true;
}

void JournalFile::remove() {
  ::unlink(path_.c_str());
  sync_folder(path_.parent_path());
}

void roll_back(const Journal& journal) {
  for (auto it = journal.files.rbegin(); it != journal.files.rend(); ++it) {
    const fs::path& target = it->target;
    fs::path temp = temp_path(target, journal.token);
    fs::path backup = backup_path(target, journal.token);
    if (journal.state == Journal::State::Committing) {
      if (exists_no_follow(backup)) {
        // Not renamed yet: the backup is a second link to the old file itself.
        if (!same_file(backup, target)) ::rename(backup.c_str(), target.c_str());
      } else if (!it->existed && !exists_no_follow(temp)) {
        ::unlink(target.c_str());  // a new file already renamed into place
      }
    }
    ::unlink(temp.c_str());
    ::unlink(backup.c_str());
  }
  if (journal.state != Journal::State::Committed) {
    for (auto it = journal.created_folders.rbegin(); it != journal.created_folders.rend(); ++it) {
      ::rmdir(it->c_str());  // only when empty: never a folder someone put files in meanwhile
    }
  }
  for (const auto& entry : journal.files) sync_folder(entry.target.parent_path());
}

}  // namespace gpuspec::writers
