// Build step: loads the embedded stdlib and policy pack the way a run does (parse,
// index, check, load and type-check the policies), records every embedded text that
// parsed without a diagnostic (the library files and the holes of the pack's
// messages and hints), and writes them with their serialized trees as a C++ source
// (parse_snapshot_data.h), with the facts each built-in policy reads
// (lint/pack_reads.h) and its compiled form (lint/policy_store.h). Texts of the
// embedded files are referenced, not copied.
//
// usage: gpuspec_snapshot_gen OUT.cpp
#include <cstdio>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "diag/diagnostic.h"
#include "driver/embedded.h"
#include "driver/embedded_library.h"
#include "lint/pack_reads.h"
#include "lint/policy.h"
#include "lint/policy_store.h"
#include "sema/program.h"
#include "syntax/ast_snapshot.h"
#include "syntax/parse_snapshot.h"
#include "syntax/parser.h"

namespace {

using namespace gpuspec;

// `bytes` as a C++ array named `name` (a 0 after them), appended to `arrays`; the
// expression that views them.
std::string byte_array(const std::string& name, std::string_view bytes, std::string& arrays) {
  arrays += "const unsigned char " + name + "[] = {";
  for (unsigned char c : bytes) arrays += std::to_string(c) + ",";
  arrays += "0};\n";
  return "view(" + name + ", " + std::to_string(bytes.size()) + ")";
}

// Where the text of a recorded parse comes from in the generated source.
std::string text_expression(const std::string& text, std::size_t index, std::string& arrays) {
  auto find_in = [&](std::span<const embedded::EmbeddedFile> files, const char* table) -> std::string {
    for (std::size_t i = 0; i < files.size(); ++i) {
      if (files[i].text == text) return std::string("embedded::") + table + "()[" + std::to_string(i) + "].text";
    }
    return {};
  };
  if (auto e = find_in(embedded::stdlib_files(), "stdlib_files"); !e.empty()) return e;
  if (auto e = find_in(embedded::policy_files(), "policy_files"); !e.empty()) return e;
  return byte_array("text_" + std::to_string(index), text, arrays);
}

// The pack's fact-reader index and compiled form as C++: one array of fact ids and one
// of bytes (lint::store_policy) per policy, in load order, and the table
// lint::install_pack_reads takes. Ids are the fact table's
// numbers, which this build shares with the executable it is linked into.
std::string pack_reads_source(const lint::PolicySet& pack, std::string& arrays) {
  std::string table = "const lint::StoredPolicyReads pack_reads[] = {\n";
  for (std::size_t i = 0; i < pack.policies().size(); ++i) {
    const lint::Policy& policy = pack.policies()[i];
    std::vector<facts::FactId> reads = lint::policy_reads(policy);
    std::string span = "{}";
    if (!reads.empty()) {
      std::string name = "reads_" + std::to_string(i);
      arrays += "const facts::FactId " + name + "[] = {";
      for (facts::FactId id : reads) arrays += std::to_string(id) + ",";
      arrays += "};\n";
      span = "{" + name + ", " + std::to_string(reads.size()) + "}";
    }
    const std::string form = byte_array("form_" + std::to_string(i), lint::store_policy(policy), arrays);
    // A policy id is a declaration name: letters, digits, '.', '-' and '_', never a quote.
    table += "    {\"" + policy.id + "\", " + span + ", " + form + "},\n";
  }
  return table + "};\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: gpuspec_snapshot_gen OUT.cpp\n");
    return 2;
  }
  std::vector<std::string> texts;
  std::set<std::string> seen;
  syntax::set_parse_observer([&](const SourceFile& source, bool clean) {
    if (clean && seen.insert(source.text()).second) texts.push_back(source.text());
  });

  // As driver::Session loads the embedded library.
  SourceManager sources;
  DiagnosticEngine diags;
  sema::Library library;
  const lint::PolicySet pack = embedded::load_and_check_library(library, sources, diags);
  syntax::set_parse_observer({});
  // Whether the library as embedded checks without a diagnostic: a run with it then
  // need not check it again (sema::check_library only reports).
  const bool clean = diags.diagnostics().empty();

  std::string arrays;
  std::string entries;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    // Parsed again on a source of its own, so every range is relative to it.
    SourceManager own;
    DiagnosticEngine parse_diags;
    const SourceFile& source = own.add("<snapshot>", texts[i]);
    auto bytes = syntax::serialize_ast(syntax::parse_file(source, parse_diags));
    if (!bytes || !parse_diags.diagnostics().empty()) {
      std::fprintf(stderr, "gpuspec_snapshot_gen: cannot snapshot text %zu\n", i);
      return 1;
    }
    std::string text = text_expression(texts[i], i, arrays);
    entries += "      {" + text + ", " + byte_array("ast_" + std::to_string(i), *bytes, arrays) + "},\n";
  }

  const std::string pack_reads = pack_reads_source(pack, arrays);  // after the arrays it names
  arrays += pack_reads;
  std::string out =
      "// Generated by compiler/snapshot/snapshot_gen.cpp. Do not edit.\n"
      "#include \"snapshot/parse_snapshot_data.h\"\n\n#include <string_view>\n\n#include \"driver/embedded.h\"\n"
      "#include \"lint/pack_reads.h\"\n\n"
      "namespace gpuspec::snapshot {\nnamespace {\n"
      "std::string_view view(const unsigned char* bytes, std::size_t size) {\n"
      "  return std::string_view(reinterpret_cast<const char*>(bytes), size);\n}\n" +
      arrays +
      "}  // namespace\n\nstd::vector<syntax::ParseSnapshotEntry> parse_snapshot_entries() {\n  return {\n" + entries +
      "  };\n}\n\nvoid install() {\n  static const bool installed = (syntax::install_parse_snapshot(parse_snapshot_entries(), " +
      std::string(clean ? "true" : "false") +
      "), true);\n  (void)installed;\n  lint::install_pack_reads(pack_reads);\n}\n\n"
      "std::span<const lint::StoredPolicyReads> stored_pack_reads() { return pack_reads; }\n\n"
      "}  // namespace gpuspec::snapshot\n";
  std::string tmp = std::string(argv[1]) + ".tmp";
  {
    std::ofstream file(tmp, std::ios::binary);
    file << out;
    if (!file) {
      std::fprintf(stderr, "gpuspec_snapshot_gen: cannot write %s\n", tmp.c_str());
      return 1;
    }
  }
  if (std::rename(tmp.c_str(), argv[1]) != 0) {
    std::fprintf(stderr, "gpuspec_snapshot_gen: cannot write %s\n", argv[1]);
    return 1;
  }
  return 0;
}
