// The journal of an output transaction (atomic_write.h): what a write is about to do,
// kept in `.gpuspec-journal` in the output folder while it runs, so that a run that
// died half-way (SIGKILL, power loss) can be undone by the next one. It is also the
// folder's write lock: two runs never write into one folder at once.
//
// Temporary and backup names derive from the journal's token, so the journal is
// written three times per transaction however many files it has: staging (temporary
// files are being written; the old output is untouched), committing (backups of the
// old files exist; renames are under way) and committed (every new file is in place).
//
// A journal found in a folder is acted on only when it is gpuspec's own and names
// nothing outside its folder (docs/security.md): it records the identity of its own
// file (inode and birth time, file_reader.h), which a journal committed to a
// repository, copied or unpacked does not have; every path in it is relative, without
// "..", and reached without following a symbolic link; and a file is removed or put
// back only when its contents still have the hash of what the run wrote. A journal
// that fails is reported and left alone.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace gpuspec::writers {

inline constexpr const char* kJournalName = ".gpuspec-journal";

struct Journal {
  enum class State { Staging, Committing, Committed };
  struct Entry {
    std::filesystem::path target;  // relative to the journal's folder
    bool existed = false;          // an old file was there (and has a backup while committing)
    std::string hash;              // content_hash of what the run writes there
  };
  long pid = 0;
  std::string token;
  State state = State::Staging;
  std::vector<std::filesystem::path> created_folders;  // relative to the journal's folder, outermost first
  std::vector<Entry> files;
};

// The staged copy and the backup of `target` (any folder: the names are siblings).
std::filesystem::path temp_path(const std::filesystem::path& target, const std::string& token);
std::filesystem::path backup_path(const std::filesystem::path& target, const std::string& token);

// Holds the journal file of one folder.
class JournalFile {
 public:
  explicit JournalFile(std::filesystem::path folder) : folder_(std::move(folder)), path_(folder_ / kJournalName) {}
  // Creates the journal only if none exists. A journal gpuspec left behind, whose run is
  // gone, is rolled back and replaced; one whose run is alive is waited for (another
  // writer); any other is an error naming it, and is left as it is.
  bool create(const Journal& journal, std::string& error);
  bool update(const Journal& journal, std::string& error);
  void remove();
  const std::filesystem::path& path() const { return path_; }

 private:
  bool write_temp(const Journal& journal, std::filesystem::path& temp, std::string& error);
  // The journal in the folder, if it is one gpuspec wrote there; otherwise nullopt
  // with `problem` saying why ("" when it vanished meanwhile).
  std::optional<Journal> read_own(std::string& problem) const;
  std::filesystem::path folder_;
  std::filesystem::path path_;
};

// Puts `folder` back the way the journal's state says: before committed, the old
// output (backups restored, new files and temporaries removed, created folders
// removed when empty); committed, the new output (backups removed). Every path is
// taken relative to `folder` and never through a symbolic link; a file whose contents
// are no longer what the run wrote is left as it is.
void roll_back(const std::filesystem::path& folder, const Journal& journal);

}  // namespace gpuspec::writers
