"""The documentation a user reads cites only what a user of the repository has.

Usage: check_doc_citations.py ROOT [NAME]
Reads README.md, docs/*.md and editors/vscode/README.md under ROOT and, when NAME is
given, Markdown on stdin under that name (the output of a command that writes a doc).
Reports, one line each:
- a Markdown file it names (a link or a bare `NAME.md`) that no folder of the
  repository holds, unless the line says whose it is ("`RELEASE.md` of
  pytorch/pytorch"): the design documents LANGUAGE.md, RULES.md and CATALOG-FACTS.md
  were cited this way;
- a document that cites a section of the two source documents ("000 §5", "002 Q1")
  and never says where they are digested (sources.md).
Prints a summary last; exits 1 on any problem."""
import os
import re
import sys

root = sys.argv[1]
CITATION = re.compile(r"(?<![0-9A-Za-z.])(000|002) (§\d|Q\d|summary)")
MD_NAME = re.compile(r"(?<![\w/.-])((?:[\w.-]+/)*[\w-]+\.md)\b")

held = set()
for folder, subfolders, files in os.walk(root):
    subfolders[:] = [s for s in subfolders if s not in (".git", "node_modules") and not s.startswith("build")]
    held.update(f for f in files if f.endswith(".md"))

docs = ["README.md", "editors/vscode/README.md"]
docs += sorted(f"docs/{n}" for n in os.listdir(f"{root}/docs") if n.endswith(".md"))

problems = []


def check(doc, text):
    lines = text.splitlines()
    for n, line in enumerate(lines, 1):
        for name in MD_NAME.findall(line):
            if os.path.basename(name) in held:
                continue
            if re.search(re.escape(name) + r"`? of [\w.-]+/[\w.-]+", line):
                continue
            problems.append(f"{doc}:{n}: names {name}, which is not in the repository")
    if not doc.endswith("sources.md") and CITATION.search(text) and "sources.md" not in text:
        first = next(n for n, line in enumerate(lines, 1) if CITATION.search(line))
        problems.append(f"{doc}:{first}: cites the source documents (000, 002) but never says where they are (sources.md)")


for doc in docs:
    with open(f"{root}/{doc}", encoding="utf-8") as f:
        check(doc, f.read())
if len(sys.argv) > 2:
    check(sys.argv[2], sys.stdin.read())
    docs.append(sys.argv[2])

for problem in problems:
    print("PROBLEM:", problem)
print(f"{len(docs)} documents, {len(problems)} problems")
sys.exit(1 if problems else 0)
