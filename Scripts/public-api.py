#!/usr/bin/env python3
"""Lists every public type of the library modules, and keeps the README's list of them current.

Usage: python3 Scripts/public-api.py            prints the list
       python3 Scripts/public-api.py --users    and, for each type, where a user names it
       python3 Scripts/public-api.py --check    fails when README.md's list differs, when there
                                                are more than 85 public types, or when one is
                                                named by no user (CI)
       python3 Scripts/public-api.py --write    rewrites README.md's list

A user names a type in a doc (README.md or a DocC article), in an example (the Examples
package, or a block of README.md), or in a signature users call (a public declaration of
another type or member that mentions it: a parameter, a result, a constraint, a superclass).
The count may not grow past 85: a new public type replaces one.

It reads the sources, Apple-only code included (`#if canImport(UIKit)`), so the list is the same
on every machine. A type counts when it is declared `public` or `open` (nested types by their
full name), `@_spi` ones included, and so do the Objective-C classes of SwitchboardObjC (by
their Swift names). A typealias is no type: deprecated names kept for source compatibility are
listed apart, with the release that removes them.
"""

import functools
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


BOUND = 85


@functools.cache
def public_signatures():
    """The public declarations of every module, one string each (with the lines that continue
    them), and the type they belong to."""
    found = []
    for module in MODULES:
        for path in sorted((ROOT / "Sources" / module).rglob("*.swift")):
            lines = path.read_text().split("\n")
            for index, line in enumerate(lines):
                stripped = line.strip()
                if stripped.startswith("//") or not re.search(r"\b(public|open)\b", stripped):
                    continue
                signature = stripped
                more = index + 1
                while more < len(lines) and (
                    signature.count("(") > signature.count(")")
                    or lines[more].strip().startswith(("throws", "->", "where", "async", "rethrows"))
                ):
                    signature += " " + lines[more].strip()
                    more += 1
                found.append((f"{path.relative_to(ROOT)}:{index + 1}", signature))
    return found


@functools.cache
def prose():
    """README.md and the DocC articles, each path with its text; README's own list of the
    public types, which names every one, left out."""
    found = []
    for path in [ROOT / "README.md"] + sorted(ROOT.glob("Sources/*/*.docc/*.md")):
        text = path.read_text()
        if START in text:
            text = text[: text.index(START)] + text[text.index(END):]
        found.append((path, text))
    return found


@functools.cache
def example_sources():
    """The Examples package's sources, each path with its text."""
    return [(p, p.read_text()) for p in sorted(ROOT.glob("Examples/Sources/**/*.swift"))]


def users(name):
    """Where a user names `name` (its last component): (docs, examples, signatures)."""
    short = name.split(".")[-1]
    word = re.compile(r"(?<![\w.])" + re.escape(short) + r"\b")
    docs = [path for path, text in prose() if word.search(text)]
    named_in_examples = [path for path, text in example_sources() if word.search(text)]
    declaring = re.compile(
        r"\b(class|struct|enum|protocol|actor|typealias)\s+" + re.escape(short) + r"\b")
    signatures = [place for place, text in public_signatures()
                  if word.search(text) and not declaring.search(text)]
    return docs, named_in_examples, signatures


def users_listing():
    lines, unused = [], []
    for module in MODULES:
        for name in public_types(module):
            docs, examples, signatures = users(name)
            where = []
            if docs:
                where.append(f"doc: {docs[0].relative_to(ROOT)} (+{len(docs) - 1})")
            if examples:
                where.append(f"example: {examples[0].relative_to(ROOT)} (+{len(examples) - 1})")
            if signatures:
                where.append(f"signature: {signatures[0]} (+{len(signatures) - 1})")
            if not where:
                unused.append(name)
            lines.append(f"{module}.{name}: " + ("; ".join(where) or "NAMED BY NO USER"))
    return lines, unused


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
    if "--users" in sys.argv:
        print("\n".join(users_listing()[0]))
    if "--write" in sys.argv:
        readme_path.write_text(readme[:start] + block + readme[end:])
    elif "--check" in sys.argv:
        if readme[start:end] != block:
            print(text)
            sys.exit(
                "public-api: README.md's list of public types differs from the code (above); "
                "run python3 Scripts/public-api.py --write")
        total = sum(len(public_types(m)) for m in MODULES) + len(objc_types())
        if total > BOUND:
            sys.exit(f"public-api: {total} public types, more than {BOUND}: a new one replaces one")
        _, unused = users_listing()
        if unused:
            sys.exit("public-api: named by no doc, example or public signature: " + ", ".join(unused))
        print(f"public-api: README.md lists every public type; {total} of at most {BOUND}, each named by a user")
    elif "--users" not in sys.argv:
        print(text)


if __name__ == "__main__":
    main()
