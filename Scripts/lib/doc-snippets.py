#!/usr/bin/env python3
"""Checks that every Swift listing in the DocC articles is code the snippet tests run.

Each line of a ```swift block in Sources/*/*.docc/*.md must appear (leading and trailing
spaces ignored) in the test file the article names on its "Listings:" line, in
Tests/DocumentationSnippetTests. A block that opens with a comment naming another library
("// WireMock (Java)", "// OHHTTPStubs", "// Mocker", "// Replay") is that library's code,
shown for comparison, and is skipped.

Tutorials (Sources/*/*.docc/**/*.tutorial) are held to the same rule: every line of every file
a step shows with @Code must appear in one of the files its "Listings:" comment names (the
example's own sources, tests and stubs). Exit status 1 lists every line that drifted.
"""
import glob
import os
import re
import sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
os.chdir(root)
others = re.compile(r"^// (WireMock|OHHTTPStubs|Mocker|Replay)\b")
problems = []
checked = 0


def lines_of(paths, owner):
    """Every line (stripped) of the files named; a name that does not exist is a problem."""
    lines = set()
    for path in paths:
        if not os.path.exists(path):
            problems.append(f"{owner}: names {path}, which does not exist")
            continue
        lines |= {line.strip() for line in open(path, encoding="utf-8")}
    return lines


for article in sorted(glob.glob("Sources/*/*.docc/*.md")):
    text = open(article, encoding="utf-8").read()
    blocks = re.findall(r"^```swift\n(.*?)^```", text, re.S | re.M)
    if not blocks:
        continue
    named = re.findall(r"`(Tests/DocumentationSnippetTests/[A-Za-z]+\.swift)`", text)
    if not named:
        problems.append(f"{article}: has Swift listings but no Listings: line naming its test file")
        continue
    lines = lines_of(named, article)
    for block in blocks:
        if others.match(block.lstrip()):
            continue
        checked += 1
        for line in block.splitlines():
            if line.strip() and line.strip() not in lines:
                problems.append(f"{article}: not in {', '.join(named)}: {line.strip()}")

for tutorial in sorted(glob.glob("Sources/*/*.docc/**/*.tutorial", recursive=True)):
    text = open(tutorial, encoding="utf-8").read()
    files = re.findall(r'@Code\([^)]*file:\s*"([^"]+)"', text)
    if not files:
        continue
    listings = re.search(r"Listings:(.*?)(?:\n\s*\n|\})", text, re.S)
    named = re.findall(r"`([^`]+)`", listings.group(1)) if listings else []
    if not named:
        problems.append(f"{tutorial}: shows code but has no Listings: comment naming where it lives")
        continue
    lines = lines_of(named, tutorial)
    catalog = tutorial[: tutorial.index(".docc") + len(".docc")]
    for name in files:
        found = glob.glob(f"{catalog}/**/{name}", recursive=True)
        if not found:
            problems.append(f"{tutorial}: @Code file {name} is not in {catalog}")
            continue
        checked += 1
        for line in open(found[0], encoding="utf-8"):
            if line.strip() and line.strip() not in lines:
                problems.append(f"{tutorial}: {name} is not the example's code: {line.strip()}")
for problem in problems:
    print(problem, file=sys.stderr)
if problems:
    sys.exit(1)
print(f"== {checked} Swift listings match the snippet tests")
