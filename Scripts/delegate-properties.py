#!/usr/bin/env python3
"""Writes one `DelegateProxy.attach` per delegate or data-source property an SDK declares.

Usage: python3 Scripts/delegate-properties.py SDK OUTPUT.swift

Reads the Objective-C headers of every framework in SDK (an iPhoneOS.sdk), finds each
`@property id<Protocol> …delegate…` or `…dataSource…` of a class, and writes a Swift file with
one function per property attaching a proxy in the one documented form:
`DelegateProxy.attach(to:delegate:handlers:)`, or for a read-only property (set by a method)
`attach(to:delegate:settingWith:handlers:)`. Type-check it in a package that depends on
SwitchboardDelegates, against the same SDK; properties Swift does not import (unavailable,
renamed) fail for that reason, which the compiler says. Prints how many properties and
frameworks it found.
"""

import glob
import re
import sys

PROPERTY = re.compile(
    r"@property\s*(\(([^)]*)\))?\s*(IBOutlet\s+)?(__kindof\s+)?id\s*<\s*([\w\s,]+?)\s*>\s*"
    r"(_Nullable\s+|__nullable\s+|_Nonnull\s+)?(\w+)\s*([^;]*);")
INTERFACE = re.compile(r"^@interface\s+(\w+)")


def properties(sdk):
    found, seen = [], set()
    for header in sorted(glob.glob(f"{sdk}/System/Library/Frameworks/*.framework/Headers/*.h")):
        framework = header.split("/")[-3].removesuffix(".framework")
        owner = None
        for line in open(header, errors="ignore"):
            text = line.strip()
            if match := INTERFACE.match(text):
                owner = match.group(1)
                continue
            if text.startswith("@end"):
                owner = None
                continue
            if owner is None or not (match := PROPERTY.search(line)):
                continue
            name, attributes, tail = match.group(7), match.group(2) or "", match.group(8)
            if not re.search(r"[dD]elegate|[dD]ataSource", name):
                continue
            if re.search(r"NS_UNAVAILABLE|API_UNAVAILABLE\([^)]*\bios\b", tail):
                continue
            if (owner, name) in seen:
                continue
            seen.add((owner, name))
            found.append((framework, owner, name, "readonly" in attributes, match.group(5)))
    return found


def main(sdk, output):
    found = properties(sdk)
    frameworks = sorted({framework for framework, *_ in found})
    lines = ["import Foundation", "import SwitchboardDelegates"]
    lines += [f"import {framework}" for framework in frameworks if framework != "Foundation"]
    lines.append("")
    for index, (framework, owner, name, read_only, protocols) in enumerate(found):
        lines.append(f"// {framework}: {owner}.{name} <{protocols}>{' read-only' if read_only else ''}")
        if read_only:
            lines.append(
                f"@MainActor func attach{index}(_ parent: {owner}) {{ _ = DelegateProxy.attach("
                f"to: parent, delegate: \\{owner}.{name}, settingWith: {{ _, _ in }}, "
                "handlers: [:]) }")
        else:
            lines.append(
                f"@MainActor func attach{index}(_ parent: {owner}) {{ DelegateProxy.attach("
                f"to: parent, delegate: \\.{name}, handlers: [:]) }}")
    open(output, "w").write("\n".join(lines) + "\n")
    read_only = sum(row[3] for row in found)
    print(f"{len(found)} properties in {len(frameworks)} frameworks ({read_only} read-only)")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
