// A test hook for the output transaction: GPUSPEC_FAULT_INJECT makes one step of a
// write fail or the process die there, so tests can prove that a failed, interrupted
// or killed write leaves the old output or the new one, never a mix. Unset (always,
// outside tests), every check is a no-op.
//
//   fail-rename:N          the Nth rename into place fails (EIO)
//   kill-before-rename:N   the process SIGKILLs itself before the Nth rename
//   kill-after-stage:N     ... after staging the Nth temporary file
//   signal-after-stage:N:SIG  raises SIGINT, SIGTERM or SIGHUP after staging the Nth file
#pragma once

namespace gpuspec::writers::fault {

// After a temporary file has been written and synced (1-based count).
void after_stage(int staged);
// Before a rename into place; returns false when the rename must fail.
bool before_rename(int rename);

}  // namespace gpuspec::writers::fault
