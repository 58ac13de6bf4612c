#!/usr/bin/env python3
"""Lists every method of the SDK's delegate and data-source protocols that takes a completion
handler (a block argument) and returns nothing, with what its header says happens when a
delegate does not implement it, for a hand review of the defaults Switchboard calls.

  python3 Scripts/completion-handlers.py <path to iPhoneOS.sdk> [--defaults]

Each line: protocol, selector, the block's argument index, the block's parameters, and the
header's sentence about an unimplemented method or a default (empty when it states none). With
--defaults, only the methods whose header states one. The SDK is not part of this repository
(see CONTRIBUTING.md); the reviewed result is `Presets/CompletionDefaults.swift` and the table
in the DocC article "Completion handlers".
"""
import pathlib
import re
import sys

DEFAULT = re.compile(
    r"(not implemented|do not implement|don.t implement|does not implement|doesn't implement|is not called|isn't called|"
    r"default (?:behavior|behaviour|handling|value|is)|defaults to|if (?:this|the) (?:method|"
    r"delegate) (?:is|does) not)", re.I)


def methods(body):
    """Each method declaration in a protocol body, with the comment just above it."""
    comment = []
    pending = ""
    in_block = False
    for line in body.splitlines():
        stripped = line.strip()
        if in_block or stripped.startswith("/*"):
            in_block = "*/" not in stripped
            comment.append(stripped.strip("/*! "))
            continue
        if pending:
            pending += " " + stripped
            if ";" in stripped:
                yield " ".join(comment), pending
                comment, pending = [], ""
            continue
        if stripped.startswith(("//", "/*", "*")) or stripped.endswith("*/"):
            comment.append(stripped.strip("/* "))
        elif stripped.startswith("- ("):
            if ";" in stripped:
                yield " ".join(comment), stripped
                comment = []
            else:
                pending = stripped
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
        return None, []
    selector = "".join(name + ":" for name, _ in parts)
    blocks = []
    for index, (_, kind) in enumerate(parts):
        match = re.search(r"\(\s*\^\s*\w*\s*\)\s*\((.*)\)", kind)
        if match:
            blocks.append((index, " ".join(match.group(1).split())))
    return selector, blocks


def main(sdk, only_defaults):
    headers = sorted(pathlib.Path(sdk, "System/Library/Frameworks").glob("*.framework/Headers/*.h"))
    rows = []
    for header in headers:
        text = header.read_text(errors="ignore")
        for match in re.finditer(r"@protocol\s+(\w+(?:Delegate|DataSource)\w*)\b[^;]*?\n(.*?)@end",
                                 text, re.S):
            protocol, body = match.groups()
            for comment, declaration in methods(body):
                if not declaration.startswith("- (void)"):
                    continue
                selector, blocks = selector_and_blocks(declaration)
                if not selector or not blocks:
                    continue
                index, parameters = blocks[-1]
                sentence = ""
                for part in re.split(r"(?<=[.!])\s+", comment):
                    if DEFAULT.search(part):
                        sentence = part
                        break
                if only_defaults and not sentence:
                    continue
                rows.append((protocol, selector, index, parameters, sentence,
                             header.parent.parent.name.replace(".framework", "")))
    for protocol, selector, index, parameters, sentence, framework in sorted(set(rows)):
        print("\t".join([framework, protocol, selector, str(index), parameters, sentence]))
    print(f"# {len(set(rows))} methods", file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1], "--defaults" in sys.argv[2:])
