#!/usr/bin/env python3
"""Checks that every Swift listing in the DocC articles is code the snippet tests run.

A ```swift block in Sources/*/*.docc/*.md must be a run of consecutive lines (leading and
trailing spaces and blank lines ignored) of a test file the article names on its "Listings:"
line, in Tests/DocumentationSnippetTests; a comment line starting `// …` in a block may leave out
lines there. Each listing must be a different test: two listings of one article at the same
place are a copy, and every test marked for the article (`// Backs Article.md, listing "name"`)
must be shown (some listing is a run of its lines), so a section showing another section's test
fails. A block that opens with a comment naming another
library ("// WireMock (Java)", "// OHHTTPStubs", "// Mocker", "// Replay") is that library's code,
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


def stripped_lines(path):
    return [line.strip() for line in open(path, encoding="utf-8") if line.strip()]


def find_run(listing, files):
    """(file, index) where `listing` starts as consecutive lines (`…` skips ahead), else None."""
    for path, lines in files:
        for start in range(len(lines)):
            at, ok = start, True
            skipping = False
            for line in listing:
                if line.startswith("// …"):
                    skipping = True
                    continue
                if skipping:
                    while at < len(lines) and lines[at] != line:
                        at += 1
                    skipping = False
                if at >= len(lines) or lines[at] != line:
                    ok = False
                    break
                at += 1
            if ok:
                return path, start
    return None


for article in sorted(glob.glob("Sources/*/*.docc/*.md")):
    text = open(article, encoding="utf-8").read()
    if not re.search(r"^```swift\n", text, re.M):
        continue
    # The package manifest may be named too, for a listing of how a test target is declared.
    named = re.findall(r"`(Tests/DocumentationSnippetTests/[A-Za-z]+\.swift|Package\.swift)`", text)
    if not named:
        problems.append(f"{article}: has Swift listings but no Listings: line naming its test file")
        continue
    lines_of(named, article)
    files = [(path, stripped_lines(path)) for path in named if os.path.exists(path)]
    seen = {}
    for found in re.finditer(r"^```swift\n(.*?)^```", text, re.S | re.M):
        block = found.group(1)
        if others.match(block.lstrip()):
            continue
        checked += 1
        headings = re.findall(r"^#+ (.+)$", text[: found.start()], re.M)
        heading = headings[-1] if headings else "(the top)"
        listing = [line.strip() for line in block.splitlines() if line.strip()]
        place = find_run(listing, files)
        if place is None:
            first = next((line for line in listing if all(line not in lines for _, lines in files)), None)
            detail = f"not in {', '.join(named)}: {first}" if first else f"not one run of lines in {', '.join(named)}"
            problems.append(f"{article}, listing under \"{heading}\": {detail}")
            continue
        if place in seen:
            problems.append(f"{article}: the listing under \"{heading}\" is a copy of the one under \"{seen[place]}\"")
            continue
        seen[place] = heading
    # Every test marked as backing this article is shown: some listing starts below its marker
    # and before the next one.
    backs = re.compile(r"Backs " + re.escape(os.path.basename(article)) + r', listing "([^"]+)"')
    for path in named:
        if not os.path.exists(path):
            continue
        lines = stripped_lines(path)
        markers = [index for index, line in enumerate(lines) if 'listing "' in line]
        starts = [start for shown_path, start in seen if shown_path == path]
        for number, index in enumerate(markers):
            name = backs.search(lines[index])
            end = markers[number + 1] if number + 1 < len(markers) else len(lines)
            if name and not any(index < start < end for start in starts):
                problems.append(
                    f"{article}: no listing shows the test marked listing \"{name.group(1)}\" in {path}"
                    " (is another section's listing there instead?)")

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
