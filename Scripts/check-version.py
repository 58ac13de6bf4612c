#!/usr/bin/env python3
"""Checks that README.md names the version CHANGELOG.md is at (CI).

The CHANGELOG's first release heading (`## [Unreleased] — 3.0.0` or `## [3.0.0]`) gives the
version; the README must say `Switchboard <major>.<minor>` and `from: "<version>"`.
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

changelog = (ROOT / "CHANGELOG.md").read_text()
match = re.search(r"^## \[?(?:Unreleased\]? — )?(\d+)\.(\d+)\.(\d+)", changelog, re.MULTILINE)
if not match:
    sys.exit("version: CHANGELOG.md has no release heading such as '## [Unreleased] — 3.0.0'")
major, minor, patch = match.groups()
version = f"{major}.{minor}.{patch}"
readme = (ROOT / "README.md").read_text()
missing = [text for text in (f"Switchboard {major}.{minor} ", f'from: "{version}"') if text not in readme]
if missing:
    sys.exit(f"version: CHANGELOG.md is at {version}, but README.md lacks " + " and ".join(
        f"'{text.strip()}'" for text in missing))
print(f"version: README.md names {version}, as CHANGELOG.md does")
