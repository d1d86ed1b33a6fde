// Writing a whole output — a module set, a BOM, a quote — as one transaction: the old
// output stays in place or the new one replaces it entirely, never a mix, on every
// path out (an error, an exception, SIGINT/SIGTERM/SIGHUP, and a SIGKILL or power
// loss, which the next run in the folder rolls back). docs/outputs.md has the steps.
//
//   1. Lock the output folder with a journal (output_journal.h), rolling back a run
//      that died there.
//   2. Check every target (output_checks.h): never a link, a device, an input of the
//      run, or a file gpuspec did not write (output_manifest.h), unless --force.
//   3. Stage every file as a synced temporary beside its target, with the old file's
//      mode (new files get 0666 minus the umask).
//   4. Commit: keep a hard link to each old file, rename every temporary into place,
//      then drop the links. A failed rename puts the old files back.
#pragma once

#include <string>
#include <vector>

namespace gpuspec::writers {

struct OutputFile {
  std::string path;      // target path; its folder is created when missing
  std::string contents;
};

struct WriteOptions {
  enum class Kind {
    Generated,  // outputs gpuspec generates: listed in each folder's manifest, replacing only its own files
    InPlace,    // files the user owns, rewritten on request (formatting, fix-its): no manifest
  };
  Kind kind = Kind::Generated;
  bool force = false;               // replace generated files gpuspec did not write, or that changed since
  // Files this run read: never replaced, by any spelling, even with --force. An
  // in-place write that rewrites its own inputs (fmt, --fix) lists none.
  std::vector<std::string> inputs;
  std::string root;                 // the folder the user named (-o DIR); default: the one holding every file
};

// Returns true on success; otherwise sets `error` (one line, e.g. "cannot write
// 'out/main.tf': Permission denied" or "refusing to overwrite 'main.tf': ...") and the
// files are as they were.
bool write_outputs(const std::vector<OutputFile>& files, const WriteOptions& options, std::string& error);

// write_outputs with the default options: generated files, no --force, no inputs.
bool write_files_atomically(const std::vector<OutputFile>& files, std::string& error);

}  // namespace gpuspec::writers
