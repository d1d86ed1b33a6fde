"""Every source-document citation of every rule resolves to a heading of docs/sources.md.

Reads `gpuspec rules --format json` on stdin; the citations are found in each rule's
source, doc, message and hint ("000 §3", "000 §6.3", "002 Q1", "002 summary"), turned
into the anchors gpuspec prints ("000-3", "000-6-3", "002-q1", "002-summary") and looked
up among the `<a id="...">` anchors of docs/sources.md. The `sources.md#...` links of
docs/rules.md are checked the same way. Prints one line per problem and a summary;
exits 1 on any problem."""
import json
import re
import sys

CITATION = re.compile(r"(?<![0-9A-Za-z])(000|002) (?:§(\d+(?:\.\d+)?)|Q(\d+)|(summary))")

root = sys.argv[1]
anchors = set(re.findall(r'<a id="([^"]+)"></a>', open(f"{root}/docs/sources.md", encoding="utf-8").read()))
rules = json.load(sys.stdin)["rules"]

problems = []
cited = set()
for rule in rules:
    text = " ".join(filter(None, (rule["source"], rule["doc"], rule["message"], rule["hint"])))
    for doc, section, question, summary in CITATION.findall(text):
        if section:
            anchor = f"{doc}-{section.replace('.', '-')}"
        elif question:
            anchor = f"{doc}-q{question}"
        else:
            anchor = f"{doc}-summary"
        cited.add(anchor)
        if anchor not in anchors:
            problems.append(f"{rule['id']}: cites {anchor}, which docs/sources.md has no heading for")
    if not CITATION.search(rule["source"]) and rule["builtin"]:
        problems.append(f"{rule['id']}: its source cites no section of 000 or 002")

rules_md = open(f"{root}/docs/rules.md", encoding="utf-8").read()
for anchor in re.findall(r"\(sources\.md#([^)]+)\)", rules_md):
    if anchor not in anchors:
        problems.append(f"docs/rules.md links sources.md#{anchor}, which does not exist")

for problem in problems:
    print("PROBLEM", problem)
print(f"{len(rules)} rules, {len(cited)} sections cited, {len(problems)} problems")
sys.exit(1 if problems or not cited else 0)
