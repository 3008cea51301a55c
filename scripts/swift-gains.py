#!/usr/bin/env python3
"""Fails when the generated Swift bindings lose or reshape what the iOS app compiles against.

The iOS app is compiled on another machine than the one that changes the core, so the generated
Swift may only gain between the commit the app last compiled against (the baseline) and now:

- no line of the baseline's Swift or C header may be gone (a removed or renamed function, type,
  argument or checksum shows as a lost line);
- every enum (errors included) keeps exactly its cases: a new case breaks the app's exhaustive
  `switch`es;
- every struct keeps exactly its stored fields: a new field breaks the app's initialisers;
- every callback protocol (one the app implements: a protocol not named `…Protocol`) keeps
  exactly its requirements.

    scripts/swift-gains.py [BASELINE]      (default: the commit named in scripts/swift-baseline.txt)

Where the baseline commit is not in this clone's history (a shallow clone), it says so and
skips, exit 0.
"""
import collections
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
FILES = [
    "ios/SlidePuzzleKit/Sources/SlidePuzzleCore/SlidePuzzleCore.swift",
    "ios/SlidePuzzleKit/Sources/SlidePuzzleCoreFFI/SlidePuzzleCoreFFI.h",
]
SWIFT = FILES[0]
BASELINE_FILE = ROOT / "scripts" / "swift-baseline.txt"


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def blocks(text):
    """{(kind, name): [member declarations at depth one]} for public enums, structs, protocols."""
    text = strip_comments(text)
    found = {}
    for m in re.finditer(r"^public\s+(enum|struct|protocol)\s+(\w+)[^{]*\{", text, flags=re.M):
        kind, name = m.group(1), m.group(2)
        depth, i, start = 1, m.end(), m.end()
        while depth and i < len(text):
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        body, members, level, current = text[start : i - 1], [], 0, ""
        for ch in body:
            if ch == "{":
                level += 1
            elif ch == "}":
                level -= 1
            elif level == 0:
                current += ch
        for line in current.splitlines():
            line = " ".join(line.split())
            if kind == "enum" and line.startswith("case "):
                members.append(line)
            elif kind == "struct" and re.match(r"public (var|let) ", line):
                members.append(line)
            elif kind == "protocol" and line.startswith("func "):
                members.append(line)
        # A case's associated values span lines: join them back onto their case.
        if kind == "enum":
            members = re.findall(r"case \w+(?:\([^)]*\))?", " ".join(current.split()))
        found[(kind, name)] = sorted(members)
    return found


def main():
    baseline = sys.argv[1] if len(sys.argv) > 1 else BASELINE_FILE.read_text().split()[0]
    known = subprocess.run(
        ["git", "-C", str(ROOT), "cat-file", "-e", f"{baseline}^{{commit}}"], capture_output=True
    )
    if known.returncode != 0:
        print(f"swift gains: skipped, the baseline {baseline[:12]} is not in this clone's history")
        return 0
    problems = []
    for path in FILES:
        old = subprocess.run(
            ["git", "-C", str(ROOT), "show", f"{baseline}:{path}"],
            capture_output=True, text=True, check=True,
        ).stdout
        new = (ROOT / path).read_text()
        was = collections.Counter(l.strip() for l in old.splitlines() if l.strip())
        now = collections.Counter(l.strip() for l in new.splitlines() if l.strip())
        for line, count in was.items():
            if now[line] < count:
                problems.append(f"{path}: a line is gone: {line[:140]}")
        if path == SWIFT:
            before, after = blocks(old), blocks(new)
            for (kind, name), members in before.items():
                if kind == "protocol" and name.endswith("Protocol"):
                    continue  # an object's protocol: the app calls it, never implements it
                if (kind, name) not in after:
                    problems.append(f"{path}: {kind} {name} is gone")
                elif after[(kind, name)] != members:
                    added = sorted(set(after[(kind, name)]) - set(members))
                    lost = sorted(set(members) - set(after[(kind, name)]))
                    problems.append(f"{path}: {kind} {name} changed shape: +{added} -{lost}")
    if problems:
        print("swift gains: the generated Swift must only gain (the iOS app compiles unchanged):")
        print("\n".join("  " + p for p in problems))
        return 1
    print(f"swift gains: every declaration of {baseline[:12]} is still there, unchanged in shape")
    return 0


if __name__ == "__main__":
    sys.exit(main())
