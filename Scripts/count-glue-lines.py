#!/usr/bin/env python3
"""Counts the lines a screen spends on sharing a delegate, written with Switchboard and by hand.

Usage: python3 Scripts/count-glue-lines.py SWITCHBOARD_DIR HAND_WRITTEN_DIR

Each directory holds one file per screen, the same file name on both sides. A file's first line
names what the screen does (`// screen: sharing, closure`): `sharing` when two or more objects
share the delegate, `closure` when a closure answers a method. The counted lines are those
between `// glue:begin` and `// glue:end` that are neither blank nor comments: with Switchboard,
the proxy declaration, attach, rules, closures (bodies included) and observations; by hand, the
delegate class, the methods that only pass a message on (or combine answers), and the wiring.
The objects that handle the messages are outside the regions on both sides.

Prints a Markdown table, the totals, and whether the targets hold: at most 0.7x the
hand-written lines over the sharing screens, and at most 1.0x on every screen. Exits with 1
when one does not.
"""

import sys
from pathlib import Path

BEGIN, END = "// glue:begin", "// glue:end"


def count(path):
    lines = path.read_text().splitlines()
    tags = []
    if lines and lines[0].startswith("// screen:"):
        tags = [tag.strip() for tag in lines[0].split(":", 1)[1].split(",")]
    counted, inside = 0, False
    for line in lines:
        text = line.strip()
        if text == BEGIN:
            inside = True
        elif text == END:
            inside = False
        elif inside and text and not text.startswith("//"):
            counted += 1
    if inside:
        sys.exit(f"{path}: {BEGIN} without {END}")
    return tags, counted


def main(switchboard_dir, hand_dir):
    rows = []
    for path in sorted(Path(switchboard_dir).glob("*.swift")):
        other = Path(hand_dir) / path.name
        if not other.exists():
            sys.exit(f"{path.name}: no hand-written version in {hand_dir}")
        tags, ours = count(path)
        _, theirs = count(other)
        rows.append((path.stem, tags, ours, theirs))
    if not rows:
        sys.exit("no screens")
    print("| Screen | Shares / closure | Switchboard | Hand-written | Ratio |")
    print("| --- | --- | ---: | ---: | ---: |")
    for name, tags, ours, theirs in rows:
        print(f"| {name} | {', '.join(tags) or '-'} | {ours} | {theirs} | {ours / theirs:.2f}x |")
    sharing = [row for row in rows if "sharing" in row[1]]
    total_ours, total_theirs = sum(r[2] for r in rows), sum(r[3] for r in rows)
    print(f"| **All {len(rows)}** | | {total_ours} | {total_theirs} | "
          f"{total_ours / total_theirs:.2f}x |")
    share_ours, share_theirs = sum(r[2] for r in sharing), sum(r[3] for r in sharing)
    share_ratio = share_ours / share_theirs if share_theirs else 0
    print(f"| **{len(sharing)} sharing** | | {share_ours} | {share_theirs} | {share_ratio:.2f}x |")
    worst = max(rows, key=lambda r: r[2] / r[3])
    closures = sum("closure" in r[1] for r in rows)
    print()
    print(f"{len(rows)} screens, {len(sharing)} sharing a delegate, {closures} with a closure.")
    held = share_ratio <= 0.7 and worst[2] / worst[3] <= 1.0
    print(f"sharing screens: {share_ratio:.2f}x (target at most 0.70x); "
          f"worst screen: {worst[0]} {worst[2] / worst[3]:.2f}x (target at most 1.00x): "
          + ("held" if held else "MISSED"))
    return 0 if held else 1


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
