#!/usr/bin/env python3
"""Checks test/bench/lines.py: how it classifies lines and which files it counts."""

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import lines  # noqa: E402


class ClassifyTest(unittest.TestCase):
    def test_blank_comment_and_code_lines(self):
        text = "\n".join([
            "// a comment line",
            "",
            "int x = 1;  // code with a trailing comment",
            "/* a block",
            "   still the block",
            "   ends here */",
            "/* one-line block */",
            "   ",
            "return x;",
        ])
        self.assertEqual(lines.classify(text), (9, 2, 5))

    def test_block_closed_on_its_first_line_does_not_run_on(self):
        self.assertEqual(lines.classify("/**/\nint y;\n"), (2, 0, 1))


class CountedFilesTest(unittest.TestCase):
    def test_tests_and_their_helpers_are_left_out(self):
        for path in ["compiler/lint/lint_test.cpp", "compiler/diag/diag_test_helpers.h",
                     "compiler/eval/test_support.h", "test/bench/parse_bench.cpp",
                     "compiler/lsp/test/x.cpp", "docs/x.cpp", "compiler/lint/lint.py"]:
            self.assertFalse(lines.is_counted(path, []), path)

    def test_sources_are_counted_unless_excluded(self):
        self.assertTrue(lines.is_counted("compiler/driver/cmd_run_tests.cpp", []))
        self.assertTrue(lines.is_counted("backends/probe/lscpu.h", []))
        self.assertFalse(lines.is_counted("backends/probe/lscpu.h", ["backends/probe"]))
        self.assertTrue(lines.is_counted("backends/probe2/x.h", ["backends/probe"]))

    def test_the_tree_is_counted(self):
        rows = lines.count(None, [])
        self.assertGreater(rows["total"][0], 100)
        self.assertIn("compiler/facts", rows)
        self.assertEqual(rows["total"][1], rows["total"][2] + rows["total"][3] + rows["total"][4])


if __name__ == "__main__":
    unittest.main()
