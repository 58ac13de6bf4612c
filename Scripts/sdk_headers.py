"""Reads the delegate and data-source protocols of an SDK's public Objective-C headers: each
method's declaration, the comment above it, its selector and its block arguments. Shared by
completion-handlers.py, presence-effects.py and appkit-defaults.py; the SDK is never part of this
repository."""
import pathlib
import re
import sys


def methods(body):
    """Each method declaration in a protocol body, with the comment just above it."""
    for comment, declaration, _ in numbered_methods(body):
        yield comment, declaration


def numbered_methods(body):
    """Each method declaration in a protocol body, with the comment just above it and the index
    of the body's line it starts on."""
    comment = []
    pending = ""
    start = 0
    in_block = False
    for index, line in enumerate(body.splitlines()):
        stripped = line.strip()
        if in_block or stripped.startswith("/*"):
            in_block = "*/" not in stripped
            comment.append(stripped.strip("/*! "))
            continue
        if pending:
            pending += " " + stripped
            if ";" in stripped:
                yield " ".join(comment), pending, start
                comment, pending = [], ""
            continue
        if stripped.startswith("//") or stripped.startswith("*"):
            comment.append(stripped.strip("/* "))
        elif stripped.startswith("- ("):
            if ";" in stripped:
                yield " ".join(comment), stripped, index
                comment = []
            else:
                pending, start = stripped, index
        elif stripped and not stripped.startswith(("@optional", "@required", "#")):
            comment = []


def selector_and_blocks(declaration):
    """The selector of a method declaration, and each block argument's index and parameters."""
    # Macros (API_AVAILABLE(…), NS_SWIFT_NAME(…), WK_SWIFT_UI_ACTOR, __attribute__…) go first.
    declaration = re.sub(
        r"\b(?:[A-Z][A-Z0-9]*_[A-Z0-9_]+|__\w+)\b\s*(\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\))?",
        "", declaration)
    parts = re.findall(r"(\w+)\s*:\s*\(((?:[^()]|\((?:[^()]|\([^()]*\))*\))*)\)\s*\w+", declaration)
    if not parts:
        name = re.search(r"\)\s*(\w+)\s*;", declaration)
        return (name.group(1) if name else None), []
    selector = "".join(name + ":" for name, _ in parts)
    blocks = []
    for index, (_, kind) in enumerate(parts):
        match = re.search(r"\(\s*\^\s*\w*\s*\)\s*\((.*)\)", kind)
        if match:
            blocks.append((index, " ".join(match.group(1).split())))
    return selector, blocks


def protocol_methods(sdk):
    """Each (framework, protocol, selector, declaration, comment, block arguments) of the
    SDK's delegate and data-source protocols."""
    for method in located_protocol_methods(sdk):
        yield method[:2] + method[4:]


def located_protocol_methods(sdk):
    """Each (framework, protocol, header, line, selector, declaration, comment, block arguments)
    of the SDK's delegate and data-source protocols: the header's path and the line the
    declaration starts on."""
    headers = sorted(pathlib.Path(sdk, "System/Library/Frameworks").glob("*.framework/Headers/*.h"))
    for header in headers:
        framework = header.parent.parent.name.replace(".framework", "")
        text = header.read_text(errors="ignore")
        for match in re.finditer(r"@protocol\s+(\w+(?:Delegate|DataSource)\w*)\b[^;]*?\n(.*?)@end",
                                 text, re.S):
            protocol, body = match.groups()
            first_line = text.count("\n", 0, match.start(2)) + 1
            for comment, declaration, index in numbered_methods(body):
                selector, blocks = selector_and_blocks(declaration)
                if selector:
                    yield (framework, protocol, header, first_line + index, selector,
                           declaration, comment, blocks)


def sentence_matching(comment, pattern):
    """The first sentence of `comment` that `pattern` finds, or ''."""
    for part in re.split(r"(?<=[.!])\s+", comment):
        if pattern.search(part):
            return part
    return ""


def print_rows(rows):
    """Prints `rows` (tuples of text) sorted, one tab-separated line each, and their count on
    standard error."""
    for row in sorted(rows):
        print("\t".join(row))
    print(f"# {len(rows)} methods", file=sys.stderr)
