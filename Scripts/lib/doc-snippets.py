#!/usr/bin/env python3
"""Checks that every Swift listing in the DocC articles is code the snippet tests run.

Each line of a ```swift block in Sources/*/*.docc/*.md must appear (leading and trailing
spaces ignored) in the test file the article names on its "Listings:" line, in
Tests/DocumentationSnippetTests. A block that opens with a comment naming another library
("// WireMock (Java)", "// OHHTTPStubs", "// Mocker", "// Replay") is that library's code,
shown for comparison, and is skipped. Exit status 1 lists every line that drifted.
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
for article in sorted(glob.glob("Sources/*/*.docc/*.md")):
    text = open(article, encoding="utf-8").read()
    blocks = re.findall(r"^```swift\n(.*?)^```", text, re.S | re.M)
    if not blocks:
        continue
    named = re.findall(r"`(Tests/DocumentationSnippetTests/[A-Za-z]+\.swift)`", text)
    if not named:
        problems.append(f"{article}: has Swift listings but no Listings: line naming its test file")
        continue
    lines = set()
    for test in named:
        if not os.path.exists(test):
            problems.append(f"{article}: names {test}, which does not exist")
            continue
        lines |= {line.strip() for line in open(test, encoding="utf-8")}
    for block in blocks:
        if others.match(block.lstrip()):
            continue
        checked += 1
        for line in block.splitlines():
            if line.strip() and line.strip() not in lines:
                problems.append(f"{article}: not in {', '.join(named)}: {line.strip()}")
for problem in problems:
    print(problem, file=sys.stderr)
if problems:
    sys.exit(1)
print(f"== {checked} Swift listings match the snippet tests")
