#!/usr/bin/env python3
"""Lists every public type of the library modules, and keeps the README's list of them current.

Usage: python3 Scripts/public-api.py            prints the list
       python3 Scripts/public-api.py --check    fails when README.md's list differs (CI)
       python3 Scripts/public-api.py --write    rewrites README.md's list

It reads the sources, Apple-only code included (`#if canImport(UIKit)`), so the list is the same
on every machine. A type counts when it is declared `public` or `open` (nested types by their
full name), `@_spi` ones included, and so do the Objective-C classes of SwitchboardObjC (by
their Swift names). A typealias is no type: deprecated names kept for source compatibility are
listed apart, with the release that removes them.
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULES = ["Switchboard", "SwitchboardLists", "SwitchboardTesting"]
OBJC_HEADER = ROOT / "Sources" / "SwitchboardObjC" / "include"
START, END = "<!-- public-api -->", "<!-- /public-api -->"

DECLARATION = re.compile(
    r"^(\s*)((?:@[\w]+(?:\([^)]*\))?\s+)*)((?:public|open|private|fileprivate|internal|package)\s+)?"
    r"(?:final\s+|indirect\s+|nonisolated\s+)*(class|struct|enum|protocol|actor|typealias|extension)"
    r"\s+([\w.]+)")


def objc_types():
    names = []
    for path in sorted(OBJC_HEADER.glob("*.h")):
        names += re.findall(r"NS_SWIFT_NAME\((\w+)\)\s*\n@interface", path.read_text())
    return sorted(names)


def deprecated_names(module):
    names = []
    for path in sorted((ROOT / "Sources" / module).rglob("*.swift")):
        text = path.read_text()
        for match in re.finditer(r"@available\([^)]*deprecated[^)]*\)\s*public typealias (\w+)", text):
            names.append(match.group(1))
    return sorted(names)


def public_types(module):
    names = []
    for path in sorted((ROOT / "Sources" / module).rglob("*.swift")):
        stack = []  # (indent, name) of the enclosing types and extensions
        previous = ""
        for line in path.read_text().split("\n"):
            match = DECLARATION.match(line)
            if match and not line.strip().startswith("//"):
                indent = len(match.group(1))
                while stack and stack[-1][0] >= indent:
                    stack.pop()
                attributes, access, kind, name = match.group(2, 3, 4, 5)
                if kind not in ("extension", "typealias") and access and access.strip() in ("public", "open"):
                    names.append(".".join([n for _, n in stack] + [name]))
                if line.rstrip().endswith("{"):
                    stack.append((indent, name))
            if line.strip():
                previous = line
    return sorted(set(names))


def listing():
    lines = []
    for module in MODULES:
        names = public_types(module)
        shown = ", ".join(f"`{n}`" for n in names) or "none of its own; it re-exports others"
        lines.append(f"- **{module}** ({len(names)}): {shown}")
    objc = objc_types()
    lines.append(f"- **SwitchboardObjC** ({len(objc)}): " + ", ".join(f"`{n}`" for n in objc))
    total = sum(len(public_types(m)) for m in MODULES) + len(objc)
    lines.append(f"\n{total} public types in all.")
    deprecated = [n for m in MODULES for n in deprecated_names(m)]
    if deprecated:
        lines.append(
            "Deprecated names, removed at the next major version: " + ", ".join(f"`{n}`" for n in deprecated) + ".")
    return "\n".join(lines)


def main():
    text = listing()
    readme_path = ROOT / "README.md"
    readme = readme_path.read_text()
    start, end = readme.index(START) + len(START), readme.index(END)
    block = "\n" + text + "\n"
    if "--write" in sys.argv:
        readme_path.write_text(readme[:start] + block + readme[end:])
    elif "--check" in sys.argv:
        if readme[start:end] != block:
            print(text)
            sys.exit(
                "public-api: README.md's list of public types differs from the code (above); "
                "run python3 Scripts/public-api.py --write")
        print("public-api: README.md lists every public type")
    else:
        print(text)


if __name__ == "__main__":
    main()
