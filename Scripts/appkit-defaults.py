#!/usr/bin/env python3
"""Lists every value-returning method of AppKit's (or, with --ios, UIKit's) delegate and
data-source protocols, with the header's sentence about what the parent does when a delegate does
not implement it, or about the answer that lets it do what it would do anyway, for a hand review
of the defaults a proxy answers for a handler that is gone.

  python3 Scripts/appkit-defaults.py <path to MacOSX.sdk> [PROTOCOL ...] [--defaults]
  python3 Scripts/appkit-defaults.py <path to iPhoneOS.sdk> --ios [PROTOCOL ...] [--defaults]

Each line: protocol, selector, return type, header file:line (of that sentence, or of the
declaration when there is none), and that sentence (empty when the header states none). With
--defaults, only the methods whose header states one. The count per protocol goes to standard
error. The script only finds the sentences: which are defaults, and what answer each one means,
is a hand review. The SDK is not part of this repository (see CONTRIBUTING.md); the reviewed
result is the presets in Sources/Switchboard/Delegates/Presets and the table in
Specs/SwitchboardDelegatesSpecs/AppKitDefaultsSpecs.swift.
"""
import collections
import re
import sys

from sdk_headers import located_protocol_methods

APPKIT = [
    "NSTableViewDelegate", "NSTableViewDataSource", "NSOutlineViewDelegate",
    "NSOutlineViewDataSource", "NSCollectionViewDelegate", "NSCollectionViewDataSource",
    "NSCollectionViewDelegateFlowLayout", "NSControlTextEditingDelegate", "NSTextFieldDelegate",
    "NSTextDelegate", "NSTextViewDelegate", "NSSearchFieldDelegate", "NSWindowDelegate",
    "NSMenuDelegate", "NSSplitViewDelegate",
]
UIKIT = [
    "UITableViewDelegate", "UITableViewDataSource", "UICollectionViewDelegate",
    "UICollectionViewDataSource",
]

# Sentences that state a default, strongest first: the first sentence of the comment that the
# first pattern finds is the one printed.
DEFAULTS = [re.compile(pattern, re.I) for pattern in [
    r"not implemented|isn't implemented|can be unimplemented|"
    r"(?:does not|doesn't|do not|don't) (?:implement|respond to this)",
    r"as if|will default|would otherwise|as-is|merely returning|YES means|a return of|"
    r"(?:return|returning|returns) (?:a height of )?(?:-1|nil|NO|YES|NSZeroRect|an empty|"
    r"the existing|\w+ to allow|proposed)|(?:NO|YES|nil) is returned|to prevent|"
    r"allows? (?:the )?(?:delegate to )?(?:modify|customiz|control)|a chance to customize|"
    r"via the return value",
    r"by default|defaults? (?:to|is|value|behavior|behaviour)|instead\b",
]]


def return_type(declaration):
    """The return type of a method declaration, without nullability or `__kindof`."""
    match = re.match(r"-\s*\(((?:[^()]|\([^()]*\))*)\)", declaration)
    kind = re.sub(r"\b(?:nullable|nonnull|null_unspecified|_Nullable|_Nonnull|__kindof)\b", "",
                  match.group(1) if match else "")
    return " ".join(re.sub(r"\s*\*", " *", kind).split())


def stated_default(comment, declaration):
    """The comment's (or the declaration line's trailing comment's) sentence that states a
    default, or ''."""
    trailing = declaration.split(";", 1)[1].strip().lstrip("/ ") if ";" in declaration else ""
    text = " ".join([comment, trailing]).replace("\\c ", "").strip()
    sentences = re.split(r"(?<=[.!])\s+", text)
    for pattern in DEFAULTS:
        found = [sentence for sentence in sentences if pattern.search(sentence)]
        if found:
            return found[0]
    return ""


def sentence_line(header, line, sentence):
    """The line of `header`, at or above the declaration on `line`, where `sentence` starts; or
    `line` when none is found."""
    start = " ".join(sentence.split())[:24]
    lines = header.read_text(errors="ignore").splitlines()
    for number in range(line, max(line - 80, 0), -1):
        if start in " ".join(lines[number - 1].replace("\\c ", "").split()):
            return number
    return line


def main(arguments):
    sdk = arguments[0]
    names = [argument for argument in arguments[1:] if not argument.startswith("--")]
    only_defaults = "--defaults" in arguments
    protocols = names or (UIKIT if "--ios" in arguments else APPKIT)
    rows = set()
    counts = collections.Counter()
    stated = collections.Counter()
    for method in located_protocol_methods(sdk):
        _, protocol, header, line, selector, declaration, comment, _ = method
        kind = return_type(declaration)
        if protocol not in protocols or kind == "void":
            continue
        sentence = stated_default(comment, declaration)
        counts[protocol] += 1
        stated[protocol] += bool(sentence)
        if sentence or not only_defaults:
            line = sentence_line(header, line, sentence) if sentence else line
            rows.add((protocols.index(protocol), header.name, line, protocol, selector, kind,
                      sentence))
    for _, header, line, protocol, selector, kind, sentence in sorted(rows):
        print("\t".join([protocol, selector, kind, f"{header}:{line}", sentence]))
    for protocol in protocols:
        print(f"# {protocol}: {counts[protocol]} value-returning methods, "
              f"{stated[protocol]} with a sentence", file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
