// Program::find: a name resolves to the program's own declaration or to the library's,
// whatever the size of either index (each is hashed, and the program hashes a name once
// for both), and a name neither declares is not found.
#include "sema/program.h"

#include <gtest/gtest.h>

#include <string>

#include "syntax/parser.h"

namespace gpuspec::sema {
namespace {

std::string declarations(const std::string& prefix, int count) {
  std::string text;
  for (int i = 0; i < count; ++i) text += "part " + prefix + std::to_string(i) + " {}\n";
  return text;
}

TEST(ProgramFind, OwnAndLibraryNamesAtEverySize) {
  for (int library_size : {0, 1, 40}) {
    for (int own_size : {0, 1, 2, 5, 17, 40}) {
      SourceManager sources;
      DiagnosticEngine diags;
      Library library;
      library.add_file(sources, diags, "lib.gpuspec", declarations("lib", library_size) + "part shared {}\n");
      Program program(library);
      const SourceFile& source = sources.add("spec.gpuspec", declarations("own", own_size));
      LoadedFile& file = program.add_file(source, syntax::parse_file(source, diags));
      program.index().add(file, diags, &library.index());
      ASSERT_FALSE(diags.has_errors()) << library_size << " " << own_size;
      const LoadedFile& library_file = *library.files_with_deferred_bodies().front();

      // Every one of `count` names `prefix`0.. is found, in `in`.
      auto expect_found = [&](const std::string& prefix, int count, const LoadedFile* in) {
        for (int i = 0; i < count; ++i) {
          std::string name = prefix + std::to_string(i);
          const DeclEntry* entry = program.find(name);
          ASSERT_NE(entry, nullptr) << name;
          EXPECT_EQ(entry->file, in) << name;
          EXPECT_EQ(entry->decl.header().name, name);
        }
      };
      expect_found("own", own_size, &file);
      expect_found("lib", library_size, &library_file);
      ASSERT_NE(program.find("shared"), nullptr);
      EXPECT_EQ(program.find("shared")->file, &library_file);
      for (const char* absent : {"", "own", "lib", "own00", "lib400", "shared ", "Shared", "part"}) {
        EXPECT_EQ(program.find(absent), nullptr) << absent;
      }
    }
  }
}

}  // namespace
}  // namespace gpuspec::sema
