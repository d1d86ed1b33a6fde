# lit configuration: one behaviour per file; %gpuspec is the built binary.
import os
import shutil
import lit.formats

config.name = "gpuspec"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".gpuspec", ".test"]
config.excludes = ["Inputs"]
config.substitutions.append(("%gpuspec", config.gpuspec_bin))
config.substitutions.append(("FileCheck", config.filecheck))
config.substitutions.append(("%examples", os.path.join(config.source_root, "examples")))
config.substitutions.append(("%root", config.source_root))
# For tools that find gpuspec on the PATH (pre-commit's `language: system` hooks).
config.substitutions.append(("%bindir", os.path.dirname(config.gpuspec_bin)))
config.substitutions.append(("%path", os.environ.get("PATH", "")))
# Deterministic, colour-free output regardless of the caller's terminal.
config.environment["NO_COLOR"] = "1"
config.environment["LC_ALL"] = "C.UTF-8"
# Permission tests need a user that permissions apply to. CI runs as root, so
# %nonroot runs a command as nobody through setpriv; without setpriv a root run
# marks those tests UNSUPPORTED.
if os.geteuid() != 0:
    config.substitutions.append(("%nonroot", ""))
    config.available_features.add("nonroot")
elif shutil.which("setpriv"):
    config.substitutions.append(("%nonroot", "setpriv --reuid=65534 --regid=65534 --clear-groups"))
    config.available_features.add("nonroot")
# Real Terraform (`terraform fmt -check`): tests that need it say `REQUIRES: terraform`
# and are UNSUPPORTED where the binary is absent.
if shutil.which("terraform"):
    config.available_features.add("terraform")
# The real pre-commit (Debian's package; scripts/setup.sh installs it) runs the hooks.
if shutil.which("pre-commit") and shutil.which("git"):
    config.available_features.add("pre-commit")
