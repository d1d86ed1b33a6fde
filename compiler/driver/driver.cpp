#include "driver/driver.h"

#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "driver/commands.h"

#ifndef GPUSPEC_VERSION
#define GPUSPEC_VERSION "0.0.0"
#endif

namespace gpuspec::driver {

namespace {

constexpr const char* kUsage = R"(usage: gpuspec <command> [options]

commands:
  check [PATH...]     parse, type-check and lint .gpuspec files or folders
  facts FILE [NAME]   the resolved facts of servers, clouds and workloads, as JSON
  catalog [KIND]      what the stdlib knows (--format text|json)
  test [PATH...]      run policy tests (spec files with expected-... comments)
  explain RULE        a rule's doc, source, severity and examples
  rules               every rule (--format md|json)
  terraform FILE      Terraform for cloud declarations (-o DIR, --json)
  bom FILE            bill of materials for a server (--format csv|json|md)
  quote FILE          price quote with the cloud-versus-own break-even
  suggest FILE        the cheapest configurations that pass the pack, for a workload
  dump-ast FILE       print the syntax tree (for debugging the grammar)

  gpuspec <command> --help    options of one command
  gpuspec --version           the version
)";

}  // namespace

int run(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    std::fputs(kUsage, stderr);
    return kExitToolFailure;
  }
  const std::string command = args.front();
  std::vector<std::string> rest(args.begin() + 1, args.end());
  try {
    if (command == "--version" || command == "version") {
      std::printf("gpuspec %s\n", GPUSPEC_VERSION);
      return kExitClean;
    }
    if (command == "--help" || command == "help" || command == "-h") {
      std::fputs(kUsage, stdout);
      return kExitClean;
    }
    if (command == "check") return run_check(rest);
    if (command == "dump-ast") return run_dump_ast(rest);
    if (command == "facts") return run_facts(rest);
    if (command == "catalog") return run_catalog(rest);
    if (command == "terraform") return run_terraform(rest);
    if (command == "bom") return run_bom(rest);
    if (command == "quote") return run_quote(rest);
    if (command == "suggest") return run_suggest(rest);
    if (command == "explain") return run_explain(rest);
    if (command == "rules") return run_rules(rest);
    if (command == "test") return run_test(rest);
    return tool_failure("unknown command '" + command + "'\n" + kUsage);
  } catch (const std::exception& e) {
    // A bug, not a user mistake: say so instead of aborting with a core dump.
    return tool_failure(std::string("internal error: ") + e.what());
  }
}

}  // namespace gpuspec::driver
