#!/usr/bin/env python3
"""The public names declared in Apple-only code, for the documentation built where it does not exist.

Usage: python3 Scripts/apple-only-symbols.py                  prints the names
       python3 Scripts/apple-only-symbols.py --accept FILE    reads docc's warnings from FILE;
                                                              fails on any but a link to one
                                                              of those names (Scripts/docs.sh)

Code under `#if canImport(ObjectiveC)` (or UIKit, AppKit, SwitchboardObjC) is not compiled on
Linux, so its symbols are missing from this machine's symbol graphs and a catalog's link to one
(``DelegateProxy``) cannot resolve here. docs.sh accepts exactly those warnings on Linux and
none with an iOS SDK, where the same catalogs are built from the iOS symbol graphs. A link with
a typo names nothing declared anywhere, so it still fails here.
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APPLE = re.compile(r"canImport\((ObjectiveC|UIKit|AppKit|SwitchboardObjC)\)|os\((iOS|macOS)\)|_runtime\(_ObjC\)")
DECLARATION = re.compile(
    r"\b(?:public|open)\s+(?:[\w()]+\s+)*?(?:class|struct|enum|protocol|actor|typealias|func|var|let|"
    r"case|init|subscript)\s*([A-Za-z_]\w*)?")


def apple_only_names():
    names = set()
    for path in sorted((ROOT / "Sources").rglob("*.swift")):
        stack = []  # per open #if: is this branch Apple-only?
        for line in path.read_text().split("\n"):
            stripped = line.strip()
            if stripped.startswith("#if "):
                stack.append(bool(APPLE.search(stripped)))
            elif stripped.startswith("#elseif ") and stack:
                stack[-1] = bool(APPLE.search(stripped))
            elif stripped.startswith("#else") and stack:
                stack[-1] = False
            elif stripped.startswith("#endif") and stack:
                stack.pop()
            elif any(stack) and not stripped.startswith("//"):
                match = DECLARATION.search(stripped)
                if match:
                    names.add(match.group(1) or "init")
    return names


def linked_name(warning):
    """The symbol a docc "doesn't exist" warning names, by its last component's base name."""
    match = re.search(r"'([^']+)' doesn't exist at", warning)
    if not match:
        return None
    last = match.group(1).split("/")[-1]
    return re.split(r"[(\-]", last, maxsplit=1)[0]


def main():
    names = apple_only_names()
    if len(sys.argv) == 3 and sys.argv[1] == "--accept":
        accepted, failing = 0, []
        for warning in Path(sys.argv[2]).read_text().splitlines():
            if linked_name(warning) in names:
                accepted += 1
            else:
                failing.append(warning)
        for warning in failing:
            print(warning)
        print(f"docs: {accepted} links to Apple-only symbols left to the iOS build")
        return 1 if failing else 0
    for name in sorted(names):
        print(name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
