#include "driver/command_table.h"

#include "driver/commands.h"

namespace gpuspec::driver {

namespace {

int (*provided_lsp)(const std::vector<std::string>&) = nullptr;

// Options several commands share, spelled once.
const OptionSpec kStdlib{"--stdlib", "DIR", "use the stdlib in DIR instead of the embedded one", false, Completion::Folder};
const OptionSpec kPolicies{"--policies", "DIR", "also load the policies in DIR (repeatable)", true, Completion::Folder};
const OptionSpec kPrices{"--prices", "FILE",
                         "a price book of your own, added to gpuspec.json's \"prices\" (repeatable)", true,
                         Completion::Spec};
const OptionSpec kRequirePrices{"--require-prices", "",
                                "exit 1 when a part, role or rate has no price (else a warning, and lower bounds)"};
const OptionSpec kCurrency{"--currency", "CUR", "report money in CNY or USD", false, Completion::None, {"CNY", "USD"}};
const OptionSpec kForce{"--force", "", "with -o: replace a file gpuspec did not write, or that changed since (docs/outputs.md)"};
const OptionSpec kRate{"--rate", "FROM/TO=RATE", "an exchange rate of your own, e.g. USD/CNY=7.2 (repeatable)", true};

// A priced report's options (bom, quote): the command's own, then where it writes and
// the price book's, in that order in --help.
std::vector<OptionSpec> priced_report(std::initializer_list<OptionSpec> own) {
  std::vector<OptionSpec> out(own);
  out.insert(out.end(), {{"-o", "FILE", "write to FILE instead of standard output", false, Completion::File},
                         kForce, kPrices, kRequirePrices, kRate, kCurrency, kStdlib});
  return out;
}

const std::vector<CommandSpec>& table() {
  static const std::vector<CommandSpec> kCommands = {
      {"check",
       {"[options] [PATH...]"},
       "parse, type-check and lint .gpuspec files or folders (default: .)",
       "Parse, type-check and lint .gpuspec files; folders are searched recursively, and\n"
       "with no PATH the current folder is. Settings come from the nearest gpuspec.json\n"
       "above each file; flags override them.",
       {
           {"--format", "FORMAT",
            "text (default), concise (one line per finding), json, sarif (SARIF 2.1.0), github (Actions annotations) "
            "or junit",
            false, Completion::None, {"text", "concise", "json", "sarif", "github", "junit"}},
           {"--fix", "", "apply the fix-its that are certainly right, in place, then check again"},
           {"--baseline", "FILE", "report only findings that are not in FILE (see --write-baseline)", false,
            Completion::File},
           {"--write-baseline", "FILE", "record the current findings in FILE and exit 0", false, Completion::File},
           {"--verify", "", "compare diagnostics with the files' expected-... comments"},
           {"--no-color", "", "never colour the output (NO_COLOR is honoured too)"},
           {"--config", "FILE", "use this config for every file instead of looking for gpuspec.json", false,
            Completion::File},
           {"--policies", "DIR", "also run the policies in DIR (repeatable)", true, Completion::Folder},
           {"--select", "RULES", "run only these rules: ids, prefixes (ops) or globs (ops.*), comma-separated (repeatable)",
            true, Completion::Rule},
           {"--ignore", "RULES", "do not run these rules: ids, prefixes or globs, comma-separated (repeatable)", true,
            Completion::Rule},
           {"--disable", "RULE", "the older name of --ignore (repeatable)", true, Completion::Rule},
           {"--severity", "RULE=LEVEL", "report RULE as error, warning or info (repeatable)", true},
           {"--fail-on", "LEVEL", "exit 1 on findings at or above error (default), warning or info", false,
            Completion::None, {"error", "warning", "info"}},
           {"--min-severity", "LEVEL", "leave out findings below error, warning or info (they neither show nor fail the run)",
            false, Completion::None, {"error", "warning", "info"}},
           {"--exit-zero", "", "exit 0 even when findings fail the run (2 still means the tool could not run)"},
           {"--statistics", "", "count the findings per rule instead of showing them (text or json)"},
           {"--verbose", "", "text output: show every info instead of counting them on one line"},
           {"--no-waivers", "", "ignore every waiver"},
           {"--no-lint", "", "parse and type-check only"},
           kPrices,
           kStdlib,
           {"--stdlib-only", "", "check only the stdlib and the policies"},
           {"--allow-skipped", "", "report unreadable or skipped paths as warnings instead of exiting 2"},
           {"--force-exclude", "", "skip files under the config's \"exclude\" folders even when named (for pre-commit)"},
           {"--jobs", "N", "check N files at a time (default: the machine's hardware threads); the output is the same"},
       },
       0, SIZE_MAX, "PATH", Completion::Spec,
       "0 clean, 1 findings at or above --fail-on (or --verify mismatches), 2 the tool could not run\n"
       "or could not read everything it was given",
       run_check},
      {"fmt",
       {"[--check] [--diff] [PATH...]"},
       "rewrite .gpuspec files in the canonical layout (default: .)",
       "Rewrites .gpuspec files in the one canonical layout, in place and atomically;\n"
       "comments are kept. Folders are searched recursively, and with no PATH the current\n"
       "folder is. PATH '-' formats standard input to standard output. Prints the files it\n"
       "changed. A file with syntax errors is reported and left alone.",
       {
           {"--check", "", "change nothing; list the files that are not formatted, and exit 1 if any"},
           {"--diff", "", "change nothing; print a unified diff of what would change, and exit 1 if anything would"},
       },
       0, SIZE_MAX, "PATH", Completion::Spec,
       "0 done (or, with --check or --diff, every file is formatted), 1 a file is not formatted\n"
       "(--check, --diff),\n"
       "2 a file could not be read, parsed or written",
       run_fmt},
      {"facts",
       {"FILE [DECLARATION|FACT] [--prices FILE]...", "--schema [--format text|json|md]"},
       "the resolved facts of servers, clouds and workloads, as JSON",
       "Prints the facts of every server, cloud and workload in FILE as JSON, the\n"
       "cost.* facts priced from the stdlib's price book and any --prices files.\n"
       "A second argument selects one declaration, or one fact in each. With --schema,\n"
       "lists every fact a policy may read, with its type (docs/fact-index.md).",
       {kPrices, kStdlib,
        {"--schema", "", "list every fact a policy may read, with its type and meaning"},
        {"--format", "FORMAT", "with --schema: text (default), json or md", false, Completion::None,
         {"text", "json", "md"}}},
       0, 2, "FILE", Completion::Spec, "0 no errors, 1 the file has errors, 2 the tool could not run", run_facts},
      {"catalog",
       {"[KIND] [--format text|json]", "[KIND] --prices [FILE]... [--stale DURATION] [--unpriced] [--format text|json]"},
       "what the stdlib knows (--format text|json), or its price book (--prices)",
       "Lists the catalog (every entry with its source and date), or with --prices the price\n"
       "book: every price with its kind, region, amount, as_of, age and source, including the\n"
       "entries of each FILE (a user price book). --stale 12mo keeps only prices older than\n"
       "that; --unpriced lists the catalog items (and instance x region pairs) with no price.",
       {{"--format", "FORMAT", "text (default) or json", false, Completion::None, {"text", "json"}},
        {"--prices", "", "list the price book instead, with the entries of each FILE that follows"},
        {"--stale", "DURATION", "with --prices: only prices older than DURATION (e.g. 12mo)"},
        {"--unpriced", "", "with --prices: the catalog items with no price"},
        kStdlib},
       0, 1, "KIND", Completion::Kind, "0 listed, 2 unknown kind or the tool could not run", run_catalog},
      {"test",
       {"[options] PATH..."},
       "run policy tests (spec files with expected-... comments)",
       "Run policy tests: spec files whose expected-error/-warning/-info comments list\n"
       "every diagnostic they must produce. Folders are searched recursively (files under\n"
       "a folder named Inputs are skipped: they are imported helpers).\n"
       "\n"
       "A test runs only the rules it is about: those its expected-...[RULE] comments name,\n"
       "and the rule its folder is named after (test/policies/RULE/...). A test naming no\n"
       "rule runs every rule. Compiler diagnostics are always checked.",
       {
           {"--policies", "DIR", "load the policies in DIR too (repeatable): test your own policies", true,
            Completion::Folder},
           {"--all-rules", "", "run every rule on every test, not only the rules a test names"},
           {"--junit", "FILE", "also write a JUnit XML report (one testcase per file)", false, Completion::File},
           kStdlib,
       },
       1, SIZE_MAX, "PATH", Completion::Spec, "0 every test passed, 1 a test failed, 2 the tool could not run",
       run_test},
      {"explain",
       {"[--policies DIR]... RULE"},
       "a rule's doc, source, severity and examples",
       "The rule's doc, source, default severity, what it applies to, the requirement\n"
       "and an example that fires and one that passes (a policy's example_fail /\n"
       "example_pass, or for built-in rules the pack's own test specs).",
       {kPolicies, kStdlib},
       1, 1, "RULE", Completion::Rule, "0 explained, 1 the policies do not load, 2 unknown rule or the tool could not run", run_explain},
      {"rules",
       {"[--format text|md|json] [--policies DIR]..."},
       "every rule (--format md|json)",
       "Every rule: id, default severity, what it applies to, its source and message.\n"
       "--format md prints the rule reference (docs/rules.md is generated with it);\n"
       "--format json prints {\"version\": 1, \"rules\": [{\"id\", \"severity\", \"severity_when\",\n"
       "\"suggest_instances\", \"applies\", \"source\", \"source_english\", \"message\", \"hint\", \"doc\",\n"
       "\"builtin\"}]}: \"source\" quotes the cited passage as written, \"source_english\" gives it in English.",
       {{"--format", "FORMAT", "text (default), md or json", false, Completion::None, {"text", "md", "json"}},
        kPolicies,
        kStdlib},
       0, 0, "", Completion::None, "0 listed, 1 the policies do not load, 2 the tool could not run", run_rules},
      {"terraform",
       {"FILE [--name DECL] [-o DIR] [--json] [--force]"},
       "Terraform for cloud declarations (-o DIR, --json)",
       "Compiles each cloud declaration of FILE to a Terraform root module: versions.tf,\n"
       "main.tf, variables.tf, outputs.tf (with --json: the same as *.tf.json) and\n"
       "cloud-init.yaml.tftpl (the nodes' first boot).",
       {
           {"-o", "DIR", "write DIR/<declaration>/*.tf (with --name: DIR/*.tf); default: stdout", false,
            Completion::Folder},
           {"--output", "DIR", "the same as -o", false, Completion::Folder},
           {"--name", "DECL", "only the cloud declaration DECL"},
           {"--json", "", "Terraform's JSON syntax"},
           {"--force", "", "emit even when linting reports errors, and replace files in DIR gpuspec did not write"},
           kStdlib,
       },
       1, 1, "FILE", Completion::Spec, "0 written, 1 the spec has errors, 2 the tool could not run", run_terraform},
      {"bom",
       {"PATH... [--name SERVER] [--format csv|json|md] [-o FILE] [--force] [--prices FILE]... [--rate FROM/TO=RATE]... [--currency CNY|USD] [--require-prices]"},
       "bill of materials for a server (--format csv|json|md)",
       "The bill of materials of each server in the files and folders given, priced from the\n"
       "price book (stdlib prices, gpuspec.json's \"prices\", each --prices file), each line a\n"
       "point or a range. A part without a price, or a role the build lacks (a tower case's\n"
       "motherboard), is a warning and makes the total a lower bound (\"at least ...\");\n"
       "--require-prices (or gpuspec.json's \"fail-on\": \"warning\") makes it exit 1.",
       priced_report({
           {"--name", "SERVER", "only the server SERVER"},
           {"--format", "FORMAT", "csv, json or md", false, Completion::None, {"csv", "json", "md"}},
       }),
       1, SIZE_MAX, "PATH", Completion::Spec,
       "0 written (a missing price is a warning), 1 the spec has errors, or a price is missing under --require-prices, "
       "2 the tool could not run",
       run_bom},
      {"quote",
       {"PATH... [--name DECL] [--currency CNY|USD] [--format text|json|md|csv|html] [--prices FILE]... [--rate FROM/TO=RATE]... [--compare] [--require-prices] [-o FILE] [--force]",
        "--diff OLD NEW [--fail-above AMOUNT|PCT] [--prices FILE]... [--rate FROM/TO=RATE]..."},
       "price quote with the cloud-versus-own break-even",
       "On-premises cost of ownership, cloud cost (instances and storage) and the break-even\n"
       "month of each server and cloud option serving the same workload (--compare: every\n"
       "pair), across the files and folders given and what they import, as ranges where a\n"
       "price is one. A total with an unpriced part is a lower bound (\"at least ...\") and a\n"
       "warning; --require-prices (or gpuspec.json's \"fail-on\") makes it exit 1.\n"
       "--rate USD/CNY=7.2 overrides the dated exchange rates. --format html writes one\n"
       "self-contained page with charts (cumulative cost and break-even, capex by component,\n"
       "power and memory balance), the BOMs and every price's source and date.\n"
       "--diff compares option by option and exits 1 when any option's capex, TCO or cloud\n"
       "total rises above --fail-above (10% or 50000CNY).",
       priced_report({
           {"--name", "DECL", "only the declaration DECL"},
           {"--format", "FORMAT", "text (default), json, md, csv or html", false, Completion::None,
            {"text", "json", "md", "csv", "html"}},
           {"--compare", "", "compare every server with every cloud option"},
           {"--diff", "", "compare the quotes of two versions of a spec: OLD NEW"},
           {"--fail-above", "LIMIT", "with --diff: exit 1 when a total rises by more (10% or 50000CNY)"},
       }),
       1, SIZE_MAX, "PATH", Completion::Spec,
       "0 quoted (a missing price is a warning), 1 the spec has errors, a price is missing under --require-prices, or "
       "--diff went over, 2 the tool could not run",
       run_quote},
      {"prices",
       {"import FILE... [--format aws-offer|azure-retail|alicloud|csv] [-o OUT.gpuspec] [--region R] [--as-of DATE] [--catalog FILE]... [--report text|json] [--force]"},
       "turn a provider's price list or a vendor quote into a dated price-book file",
       "Reads the providers' and vendors' own price formats and writes the prices of what the\n"
       "catalog knows as a price-book file, with source and as_of taken from the files:\n"
       "  aws-offer     the AWS Price List offer file for AmazonEC2 (JSON)\n"
       "  azure-retail  pages of the Azure Retail Prices API (JSON: Items, NextPageLink)\n"
       "  alicloud      an Alibaba Cloud GPU VM price catalog (SkyPilot's vms.csv layout)\n"
       "  csv           a vendor quote: part, quantity, unit price, currency, date...\n"
       "Without --format, a JSON file with an Items or BillingCurrency key is an Azure page\n"
       "and any other JSON an offer file, a CSV file with an InstanceType column an Alibaba\n"
       "Cloud catalog and any other CSV a vendor quote. Every row it does not import is\n"
       "counted with the reason (docs/cost.md, \"Importing prices\").",
       {
           {"-o", "FILE", "write the price book to FILE (atomically) instead of standard output", false, Completion::File},
           {"--format", "FORMAT", "the input's format (default: from the file)", false, Completion::None,
            {"aws-offer", "azure-retail", "alicloud", "csv"}},
           {"--region", "R", "cloud formats: only rows of region R; csv: the market the quote holds for (cn, us...)"},
           {"--as-of", "DATE", "the date of a file that states none (recorded as stated by you), YYYY-MM-DD"},
           {"--catalog", "FILE", "also price the parts and instances declared in FILE (repeatable)", true, Completion::Spec},
           {"--source-url", "URL", "where the files came from, written as each entry's source_url"},
           {"--prefix", "NAME", "the first part of every price's name (default: imported)"},
           {"--report", "FORMAT", "the report: text (default, on standard error) or json (on standard output; needs -o)",
            false, Completion::None, {"text", "json"}},
           kForce,
           kStdlib,
       },
       2, SIZE_MAX, "import FILE", Completion::File,
       "0 written, 1 an input is malformed or nothing could be imported (nothing written), 2 the tool could not run",
       run_prices},
      {"suggest",
       {"FILE [--workload NAME] [--budget AMOUNT] [--region R] [--uptime office_hours|24x7] [--onprem|--cloud] [--top N] [--format text|json|gpuspec|html] [-o FILE] [--force]"},
       "the cheapest configurations that pass the pack, for a workload",
       "From a workload to the cheapest configurations that pass every error and warning rule\n"
       "of the policy pack (with the policies and settings of the nearest gpuspec.json):\n"
       "on-premises servers assembled from catalog parts and cloud deployments of catalog\n"
       "instances, ranked by the total cost over the workload's horizon, with the break-even\n"
       "between the best owned and the best rented option (docs/suggest.md).",
       {
           {"--workload", "NAME", "the workload to serve (default: the only workload in FILE)"},
           {"--budget", "AMOUNT", "a capital budget for the candidates, e.g. 150000CNY (default: the workload's)"},
           {"--region", "R", "a site region (cn, us, eu, jp, sg, other; default us) or one cloud region (us-east-1)"},
           {"--uptime", "WHEN",
            "how the servers will run: 24x7 (the default) or office_hours, which power.redundant-psu does not hold "
            "to redundant supplies (a workstation)",
            false, Completion::None, {"office_hours", "24x7"}},
           {"--onprem", "", "only owned options"},
           {"--cloud", "", "only rented options"},
           {"--top", "N", "options to show (default 5)"},
           {"--format", "FORMAT",
            "text (default), json, gpuspec (the best owned and rented declarations, ready to commit next to FILE) or "
            "html (a self-contained report)",
            false, Completion::None, {"text", "json", "gpuspec", "html"}},
           {"-o", "FILE", "write to FILE (atomically) instead of standard output", false, Completion::File},
           kForce,
           kPrices,
           {"--config", "FILE", "use this config instead of looking for gpuspec.json", false, Completion::File},
           kPolicies,
           kStdlib,
           {"--timing", "", "print the search's pack runs and wall time to standard error"},
       },
       1, 1, "FILE", Completion::Spec, "0 an option passes, 1 none does (or FILE has errors), 2 the tool could not run",
       run_suggest},
      {"probe",
       {"[-o FILE] [--from DIR] [--name NAME] [--force]"},
       "a .gpuspec server declaration of this machine, or of its saved tool outputs",
       "Reads this machine's hardware and software with nvidia-smi, lscpu, /proc/meminfo,\n"
       "dmidecode (as root), lsblk, nvme, ip, ibstat, ipmitool (as root), /etc/os-release and\n"
       "python3 (for PyTorch), or the same outputs saved in DIR (scripts/probe-collect.sh\n"
       "saves them), and writes the server declaration that describes it: catalog parts where\n"
       "the hardware matches one, the rest declared as probed. Every value says where it came\n"
       "from; what could not be read is a `# not probed:` line (docs/probe.md).",
       {
           {"-o", "FILE", "write to FILE (atomically) instead of standard output", false, Completion::File},
           {"--from", "DIR", "read the tool outputs saved in DIR instead of this machine's", false, Completion::Folder},
           {"--name", "NAME", "the server's name (default: the host name, or DIR's name)"},
           kForce,
           kStdlib,
       },
       0, 0, "", Completion::None, "0 written, 2 DIR cannot be read, a bad --name, or the output cannot be written",
       run_probe},
      {"init",
       {"[DIR]"},
       "start a project: a workload, a server, a cloud option, config, prices, a policy and CI",
       "Writes a small project that checks clean into DIR (default: the current folder):\n"
       "a workload, a server and a cloud option serving it, gpuspec.json, a price book,\n"
       "a policy folder with one rule and its test, and a GitHub Actions workflow.\n"
       "Refuses to overwrite a file that exists.",
       {},
       0, 1, "DIR", Completion::Folder, "0 written, 2 a file exists or could not be written", run_init},
      {"completions",
       {"bash|zsh|fish"},
       "a shell completion script (bash, zsh or fish)",
       "Prints a completion script for the shell, generated from the same option tables\n"
       "the argument parser uses. For example:\n"
       "  bash:  source <(gpuspec completions bash)\n"
       "  zsh:   gpuspec completions zsh > \"${fpath[1]}/_gpuspec\"\n"
       "  fish:  gpuspec completions fish > ~/.config/fish/completions/gpuspec.fish",
       {},
       1, 1, "SHELL", Completion::Shell, "0 printed, 2 unknown shell", run_completions},
      {"lsp",
       {"[--stdio] [--debounce-ms N]"},
       "the language server, on stdin/stdout (for editors)",
       "Runs the Language Server Protocol server on stdin and stdout (what editors start;\n"
       "--stdio is accepted for clients that pass it). Diagnostics follow `gpuspec check`\n"
       "with the nearest gpuspec.json; hover shows resolved facts and rule explanations;\n"
       "go-to-definition reaches imports and the stdlib (written read-only to\n"
       "$XDG_CACHE_HOME/gpuspec, default ~/.cache/gpuspec); completion knows property\n"
       "names, enum values and catalog names; code actions apply fix-its and add waivers.",
       {{"--stdio", "", "talk on stdin and stdout (the default; accepted for clients that pass it)"},
        {"--debounce-ms", "N", "quiet time after an edit before diagnostics are recomputed (default 200)"}},
       0, 0, "", Completion::None, "0 after the client's shutdown and exit, 1 when the input ends without them", run_lsp},
      {"dump-ast",
       {"FILE [--no-positions]"},
       "print the syntax tree (for debugging the grammar)",
       "Prints the syntax tree of FILE with half-open line:column ranges, then its comments.",
       {{"--no-positions", "", "leave out positions: two layouts of one file dump the same"}},
       1, 1, "FILE", Completion::Spec, "0 parsed, 1 syntax errors, 2 the file cannot be read", run_dump_ast},
  };
  return kCommands;
}

}  // namespace

void provide_lsp(int (*run)(const std::vector<std::string>& args)) { provided_lsp = run; }

int run_lsp(const std::vector<std::string>& args) {
  return provided_lsp ? provided_lsp(args) : tool_failure("this gpuspec was built without the language server");
}

std::span<const CommandSpec> commands() { return table(); }

const CommandSpec* find_command(std::string_view name) {
  for (const auto& command : table()) {
    if (command.name == name) return &command;
  }
  return nullptr;
}

ArgSpec arg_spec(const CommandSpec& command) {
  ArgSpec spec;
  spec.flags = {"--help", "-h"};
  for (const auto& option : command.options) {
    (option.value.empty() ? spec.flags : spec.options).insert(std::string(option.name));
    if (option.repeatable) spec.repeatable.insert(std::string(option.name));
  }
  return spec;
}

}  // namespace gpuspec::driver
