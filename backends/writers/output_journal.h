// The journal of an output transaction (atomic_write.h): what a write is about to do,
// kept in `.gpuspec-journal` in the output folder while it runs, so that a run that
// died half-way (SIGKILL, power loss) can be undone by the next one. It is also the
// folder's write lock: two runs never write into one folder at once.
//
// Temporary and backup names derive from the journal's token, so the journal is
// written three times per transaction however many files it has: staging (temporary
// files are being written; the old output is untouched), committing (backups of the
// old files exist; renames are under way) and committed (every new file is in place).
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
    std::filesystem::path target;  // absolute
    bool existed = false;          // an old file was there (and has a backup while committing)
  };
  long pid = 0;
  std::string token;
  State state = State::Staging;
  std::vector<std::filesystem::path> created_folders;  // absolute, outermost first
  std::vector<Entry> files;
};

std::filesystem::path temp_path(const std::filesystem::path& target, const std::string& token);
std::filesystem::path backup_path(const std::filesystem::path& target, const std::string& token);

// Holds the journal file of one folder.
class JournalFile {
 public:
  explicit JournalFile(std::filesystem::path folder) : path_(std::move(folder) / kJournalName) {}
  // Creates the journal only if none exists. A journal left by a run that is gone is
  // rolled back and replaced; one whose run is alive is an error (another writer).
  bool create(const Journal& journal, std::string& error);
  bool update(const Journal& journal, std::string& error);
  void remove();
  const std::filesystem::path& path() const { return path_; }

 private:
  bool write_temp(const Journal& journal, std::filesystem::path& temp, std::string& error);
  std::filesystem::path path_;
};

// Puts the folder back the way the journal's state says: before committed, the old
// output (backups restored, new files and temporaries removed, created folders
// removed when empty); committed, the new output (backups removed).
void roll_back(const Journal& journal);

}  // namespace gpuspec::writers
