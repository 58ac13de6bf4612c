#!/usr/bin/env python3
"""Sorts the delegate and data-source protocols of AppKit by how Swift isolates their methods.

Usage: python3 Scripts/appkit-isolation.py SDK      (a MacOSX.sdk; never part of this repository)

For each `@protocol …Delegate` or `…DataSource` of AppKit's headers, counts its methods marked
`NS_SWIFT_UI_ACTOR` (main-actor), `NS_SWIFT_NONISOLATED` (nonisolated) and neither (unannotated:
nonisolated in Swift 6), a protocol marked `NS_SWIFT_UI_ACTOR` as a whole counting as main-actor,
and prints one line per protocol: its kind (main-actor, nonisolated, unannotated or mixed) and the
counts. "On the Mac" (SwitchboardLists' DocC) lists the result and the form for each kind.
"""

import pathlib
import re
import sys

PROTOCOL = re.compile(r"^(NS_SWIFT_UI_ACTOR\s+)?@protocol\s+(\w+(?:Delegate|DataSource)\w*)\b[^;]*$")


def kinds(sdk):
    headers = pathlib.Path(sdk, "System/Library/Frameworks/AppKit.framework/Headers")
    for header in sorted(headers.glob("*.h")):
        lines = header.read_text(errors="ignore").splitlines()
        index = 0
        while index < len(lines):
            found = PROTOCOL.match(lines[index].strip())
            previous = lines[index - 1].strip() if index else ""
            index += 1
            if not found:
                continue
            whole = bool(found.group(1)) or previous == "NS_SWIFT_UI_ACTOR"
            main = nonisolated = plain = 0
            declaration = ""
            while index < len(lines) and not lines[index].startswith("@end"):
                text = lines[index].strip()
                index += 1
                if text.startswith(("- (", "+ (")) or declaration:
                    declaration += " " + text
                    if ";" not in text:
                        continue
                    if "NS_SWIFT_NONISOLATED" in declaration:
                        nonisolated += 1
                    elif "NS_SWIFT_UI_ACTOR" in declaration or whole:
                        main += 1
                    else:
                        plain += 1
                    declaration = ""
            counts = {"main-actor": main, "nonisolated": nonisolated, "unannotated": plain}
            present = [kind for kind, count in counts.items() if count]
            if not present:
                continue  # no methods (NSMatrixDelegate)
            kind = present[0] if len(present) == 1 else ("main-actor" if whole else "mixed")
            yield found.group(2), kind, counts, header.name


def main(sdk):
    for name, kind, counts, header in sorted(kinds(sdk), key=lambda row: (row[1], row[0])):
        detail = ", ".join(f"{count} {kind}" for kind, count in counts.items() if count)
        print(f"{kind}\t{name}\t{detail}\t{header}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
