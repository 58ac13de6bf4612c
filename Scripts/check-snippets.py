#!/usr/bin/env python3
"""Compiles every ```swift block of README.md, the DocC catalogs and the symbol documentation
(`///` comments, see symbol_snippets.py), and runs the ones that check what they show.

Usage: python3 Scripts/check-snippets.py            (from the repository root; CI runs it)

Each block becomes its own `main.swift`, compiled (to SIL, so the data-race checks run too)
against the package's built modules, so a documented example that stops compiling fails CI.
Errors point at the Markdown file and line.

Hidden context lives next to the block it serves, in HTML comments that GitHub and DocC do not
show:

    <!-- snippet-before
    final class Post {}                 // declarations the fragment needs
    -->
    ```swift
    ...the example readers see...
    ```
    <!-- snippet-after
    precondition(feed.items.isEmpty)    // checks of the output the example shows; runs it
    -->

A block compiles with exactly the imports a reader pastes: its own `import` lines or, when it
shows none, those of the nearest block above it in the same file that shows some (the reader's
file already has them). The checker adds none, and hidden context may not import anything. A
block with a `snippet-after` comment is linked and run, and fails when it traps. A block that
imports Testing is only compiled, not run.

A block that shows what the compiler rejects is marked with the error it must produce:

    <!-- snippet-must-fail: risks causing data races -->
    ```swift
    ...
    ```

The same run checks the wording of those files, the demo and the Examples' README: no words
for the project's history (INSIDER), and the README's sections in a newcomer's order.

README.md is one program, as a reader would build it: its manifest block (marked
`<!-- snippet-manifest -->`) becomes the Package.swift of a package beside a link named
Switchboard to this repository, its blocks that need no UIKit are pasted top to bottom into
that package's `Sources/MyApp/main.swift` (each with its `snippet-after` checks right after it),
and its blocks that import Testing become the package's tests. The package is built, its program
run and its tests run; a README block may not have a `snippet-before` (hidden context may check
what a block did, never declare what it needs). The DocC catalogs' blocks are checked one by one.

A block for AppKit (SwitchboardAppKit) is marked `<!-- snippet-appkit -->`, and type-checked
the same way against a macOS SDK when SNIPPETS_MACOS_SDK, SNIPPETS_MACOS_MODULES (the scratch
folder's arm64-apple-macosx/debug/Modules), SNIPPETS_MACOS_TARGET (default
arm64-apple-macosx13.0) and SNIPPETS_MACOS_RESOURCE_DIR are set; counted otherwise.

A block for UIKit (SwitchboardUIKit) is marked `<!-- snippet-uikit -->`. Where there is no
UIKit it is counted, not compiled. To type-check
those blocks against an iOS SDK you have (the package built for iOS into a scratch folder
first), set SNIPPETS_IOS_SDK (the .sdk folder), SNIPPETS_IOS_MODULES (the scratch folder's
arm64-apple-ios/debug/Modules), SNIPPETS_IOS_TARGET (default arm64-apple-ios17.0) and, on
Linux, SNIPPETS_IOS_RESOURCE_DIR.
"""

import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import symbol_snippets

ROOT = Path(__file__).resolve().parent.parent
SOURCES = [ROOT / "README.md"] + sorted(ROOT.glob("Sources/*/*.docc/*.md"))
RUN_MODULES = ["Switchboard", "SwitchboardLists"]

FENCE = re.compile(r"^(\s*)```swift\s*$")
BEFORE = re.compile(r"^\s*<!--\s*snippet-before\s*$")
AFTER = re.compile(r"^\s*<!--\s*snippet-after\s*$")
MUST_FAIL = re.compile(r"^\s*<!--\s*snippet-must-fail:\s*(.+?)\s*-->\s*$")
UIKIT = re.compile(r"^\s*<!--\s*snippet-uikit\s*-->\s*$")
APPKIT = re.compile(r"^\s*<!--\s*snippet-appkit\s*-->\s*$")
MANIFEST = re.compile(r"^\s*<!--\s*snippet-manifest\s*-->\s*$")
README = ROOT / "README.md"
IOS_SDK = os.environ.get("SNIPPETS_IOS_SDK")
MACOS_SDK = os.environ.get("SNIPPETS_MACOS_SDK")


class Snippet:
    def __init__(self, path, line, code):
        self.path = path
        self.line = line  # line of the first code line, 1-based
        self.code = code
        self.before = None  # (line, text)
        self.after = None
        self.must_fail = None  # the error text the compiler must print
        self.uikit = False  # compiled only against an iOS SDK
        self.appkit = False  # compiled only against a macOS SDK
        self.manifest = False  # README's Package.swift
        self.prelude = ""  # README's program, before one of its UIKit blocks
        self.imports = []  # the import lines it compiles with

    @property
    def name(self):
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def read_comment(lines, start):
    """The body of an HTML comment whose opening line is lines[start]: (first line, text, end)."""
    body = []
    index = start + 1
    while index < len(lines) and lines[index].strip() != "-->":
        body.append(lines[index])
        index += 1
    if index == len(lines):
        sys.exit(f"{lines[start]!r} at line {start + 1} is never closed with '-->'")
    return start + 2, "\n".join(body), index


def extract(path):
    lines = path.read_text().split("\n")
    snippets = []
    pending_before = None
    pending_failure = None
    pending_uikit = False
    pending_appkit = False
    pending_manifest = False
    shown_imports = []
    index = 0
    while index < len(lines):
        line = lines[index]
        if UIKIT.match(line):
            pending_uikit = True
        elif APPKIT.match(line):
            pending_appkit = True
        elif MANIFEST.match(line):
            pending_manifest = True
        elif MUST_FAIL.match(line):
            pending_failure = MUST_FAIL.match(line).group(1)
        elif BEFORE.match(line):
            first, text, index = read_comment(lines, index)
            pending_before = (first, text)
        elif FENCE.match(line):
            indent = len(FENCE.match(line).group(1))
            code = []
            index += 1
            start = index + 1
            while not lines[index].strip().startswith("```"):
                code.append(lines[index][indent:])
                index += 1
            snippet = Snippet(path, start, "\n".join(code))
            snippet.before, pending_before = pending_before, None
            snippet.must_fail, pending_failure = pending_failure, None
            snippet.uikit, pending_uikit = pending_uikit, False
            snippet.appkit, pending_appkit = pending_appkit, False
            snippet.manifest, pending_manifest = pending_manifest, False
            own = [l.strip() for l in code if l.startswith("import ")]
            if own:
                shown_imports = own
            snippet.imports = own or shown_imports
            # A snippet-after comment may follow, separated by blank lines only.
            look = index + 1
            while look < len(lines) and not lines[look].strip():
                look += 1
            if look < len(lines) and AFTER.match(lines[look]):
                first, text, index = read_comment(lines, look)
                snippet.after = (first, text)
            for hidden in (snippet.before, snippet.after):
                if hidden and any(l.startswith("import ") for l in hidden[1].split("\n")):
                    sys.exit(
                        f"{snippet.name}: hidden context may not import; show the import in "
                        "the block")
            snippets.append(snippet)
        elif line.strip() and pending_before is not None and not line.lstrip().startswith("<!--"):
            sys.exit(
                f"{path.relative_to(ROOT)}:{index + 1}: a snippet-before comment must come right "
                "before its ```swift block")
        index += 1
    return snippets


def source_of(snippet):
    rel = snippet.path.relative_to(ROOT)
    # The imports go first, so a block may show them above code that hidden context wraps in a
    # type (they are blanked in place to keep line numbers).
    parts = list(snippet.imports) + [snippet.prelude]
    for section in (snippet.before, (snippet.line, snippet.code), snippet.after):
        if section is None:
            continue
        line, text = section
        lines = text.split("\n")
        text = "\n".join("" if l.startswith("import ") else l for l in lines)
        parts.append(f'#sourceLocation(file: "{rel}", line: {line})')
        parts.append(text)
    parts.append("#sourceLocation()")
    return "\n".join(parts) + "\n"


def bin_path():
    return Path(
        subprocess.run(
            ["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True,
            text=True,
        ).stdout.strip())


def sdk_command(kind, main):
    """The command that type-checks `main` against the SDK `kind` ("uikit", "appkit") names, or
    None when none was given."""
    prefix, sdk, target = (
        ("SNIPPETS_IOS", IOS_SDK, "arm64-apple-ios17.0") if kind == "uikit"
        else ("SNIPPETS_MACOS", MACOS_SDK, "arm64-apple-macosx13.0"))
    if not sdk:
        return None
    modules = os.environ[prefix + "_MODULES"]
    command = [
        "swiftc", "-swift-version", "6", "-typecheck", "-warnings-as-errors",
        "-target", os.environ.get(prefix + "_TARGET", target),
        "-sdk", sdk, "-I", modules,
        # The Objective-C base of the proxies, as SwiftPM built it.
        "-Xcc", "-fmodule-map-file=" + str(
            Path(modules).parent / "SwitchboardObjC.build" / "module.modulemap"),
        "-Xcc", "-I" + str(ROOT / "Sources" / "SwitchboardObjC" / "include"), str(main)]
    if os.environ.get(prefix + "_RESOURCE_DIR"):
        command[1:1] = ["-resource-dir", os.environ[prefix + "_RESOURCE_DIR"]]
    return command


def check_symbol(snippet, workdir, bins):
    """Type-checks a block of symbol documentation in the shapes symbol_snippets gives; the
    errors of its shape as a method's body when it compiles in none."""
    folder = workdir / ("symbol_" + re.sub(r"[^A-Za-z0-9]+", "_", snippet.name))
    folder.mkdir()
    main = folder / "main.swift"
    outputs = []
    for source in symbol_snippets.shapes(snippet):
        main.write_text(source)
        if snippet.kind == "linux":
            command = ["swiftc", "-swift-version", "6", "-typecheck",
                       "-I", str(bins / "Modules"), "-I", str(bins), str(main)]
        else:
            command = sdk_command(snippet.kind, main)
            if command is None:
                return snippet, True, "", snippet.kind + "-skipped"
            # A fragment may leave a result unused; errors, data races included, still fail it.
            command.remove("-warnings-as-errors")
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode == 0:
            return snippet, True, "", "symbol-" + snippet.kind
        outputs.append(result.stderr)
    # The errors of the shape most fragments take: the body of a method.
    return snippet, False, outputs[2], "symbol-" + snippet.kind


def check(snippet, workdir, bins):
    folder = workdir / re.sub(r"[^A-Za-z0-9]+", "_", snippet.name)
    folder.mkdir()
    main = folder / "main.swift"
    main.write_text(source_of(snippet))
    if snippet.uikit or snippet.appkit:
        kind = "uikit" if snippet.uikit else "appkit"
        command = sdk_command(kind, main)
        if command is None:
            return snippet, True, "", kind + "-skipped"
        result = subprocess.run(command, capture_output=True, text=True)
        return snippet, result.returncode == 0, result.stderr, kind
    common = ["swiftc", "-swift-version", "6", "-I", str(bins / "Modules"), "-I", str(bins)]
    runs = snippet.after is not None and "import Testing" not in main.read_text()
    if snippet.must_fail is not None:
        result = subprocess.run(
            common + ["-emit-sil", "-o", os.devnull, str(main)], capture_output=True, text=True)
        if result.returncode == 0:
            return snippet, False, "compiled, but must fail with: " + snippet.must_fail, "rejected"
        if snippet.must_fail not in result.stderr:
            return snippet, False, result.stderr, "rejected"
        return snippet, True, "", "rejected"
    if not runs:
        result = subprocess.run(
            common + ["-emit-sil", "-o", os.devnull, str(main)], capture_output=True, text=True)
        return snippet, result.returncode == 0, result.stderr, "compiled"
    # Only objects of sources that still exist: a build folder keeps those of deleted files.
    objects = [
        str(o) for m in RUN_MODULES for o in sorted((bins / f"{m}.build").glob("*.o"))
        if not o.name.endswith(".swift.o")
        or any((ROOT / "Sources" / m).rglob(o.name[: -len(".o")]))]
    exe = folder / "snippet"
    result = subprocess.run(
        common + [str(main), *objects, "-o", str(exe)], capture_output=True, text=True)
    if result.returncode != 0:
        return snippet, False, result.stderr, "compiled"
    result = subprocess.run(
        [str(exe)], capture_output=True, text=True, timeout=120,
        env={**os.environ, "SWIFT_BACKTRACE": "enable=no"})
    output = "\n".join((result.stdout + result.stderr).strip().split("\n")[:20])
    return snippet, result.returncode == 0, output, "ran"


def located(snippet, section):
    line, text = section
    rel = snippet.path.relative_to(ROOT)
    return f'#sourceLocation(file: "{rel}", line: {line})\n{text}\n#sourceLocation()\n'


def check_readme_program(snippets):
    """Builds README.md's blocks as one package, runs its program and its tests.

    Returns (problems, what was checked). README's UIKit blocks get the program as their
    prelude: they use its declarations, as in a reader's app."""
    manifests = [s for s in snippets if s.manifest]
    if len(manifests) != 1:
        return [f"README.md: {len(manifests)} blocks marked snippet-manifest; one is the package"], ""
    program, tests, problems = [], [], []
    for snippet in snippets:
        if snippet.manifest or snippet.uikit or snippet.appkit or snippet.must_fail is not None:
            continue
        if snippet.before is not None:
            problems.append(
                f"{snippet.name}: a README block may not have a snippet-before; the program "
                "is what a reader pastes, so the block must declare what it uses")
            continue
        is_test = any(l.strip() == "import Testing" for l in snippet.code.split("\n"))
        target = tests if is_test else program
        target.append(located(snippet, (snippet.line, snippet.code)))
        if snippet.after is not None:
            target.append(located(snippet, snippet.after))
    if problems:
        return problems, ""
    for snippet in snippets:
        if snippet.uikit:
            snippet.prelude = "".join(program)
    # The package sits beside a link named like the repository's clone, as the manifest says.
    work = ROOT / ".build" / "readme-program"
    package = work / "MyApp"
    (package / "Sources" / "MyApp").mkdir(parents=True, exist_ok=True)
    (package / "Tests" / "MyAppTests").mkdir(parents=True, exist_ok=True)
    link = work / "Switchboard"
    if not link.is_symlink():
        link.symlink_to(ROOT)
    files = {
        package / "Package.swift": manifests[0].code + "\n",
        package / "Sources" / "MyApp" / "main.swift": "".join(program),
        package / "Tests" / "MyAppTests" / "ReadmeTests.swift": "".join(tests),
    }
    for path, text in files.items():
        if not path.exists() or path.read_text() != text:  # unchanged files keep the build
            path.write_text(text)
    steps = [
        ("built", ["swift", "build", "--build-tests"]),
        ("ran", ["swift", "run", "--skip-build", "MyApp"]),
        ("tested", ["swift", "test", "--skip-build"]),
    ]
    for what, command in steps:
        result = subprocess.run(
            command, cwd=package, capture_output=True, text=True,
            env={**os.environ, "SWIFT_BACKTRACE": "enable=no"})
        if what == "built" and result.returncode != 0:
            # An incremental build may miss files added to the package since: build anew once.
            shutil.rmtree(package / ".build", ignore_errors=True)
            result = subprocess.run(command, cwd=package, capture_output=True, text=True)
        output = result.stdout + result.stderr
        if result.returncode != 0 or re.search(r"\.swift:\d+:\d+: warning:", output):
            lines = [
                l for l in output.split("\n")
                if re.search(r"error:|warning:|failed|✘", l, re.IGNORECASE)]
            return [f"README.md as one program: not {what}:"] + (lines or output.split("\n"))[:40], ""
    return [], f"README.md as one program: {len(program)} parts built and ran, {len(tests)} test parts passed"


# Words for the project's history, not for users: the articles it grew from by number, the
# Objective-C project it started as, and rounds of work. User-facing docs and the demo use none.
INSIDER = re.compile(
    r"\bseed (?:article|\d{3})|the seed's|Objective-C original|\bround \d|this round|"
    r"at the start of this",
    re.IGNORECASE)
# The README's order: an iOS user meets the two proxies first, then the list use case on any
# platform, reference material last.
README_ORDER = [
    "## On iOS",
    "## Any delegate",
    "## Install",
    "## Splitting a list data source between view and view model",
    "## Sharing a view model",
    "## The routing core, for your own protocols",
    "## When something is wrong",
    "## Reference",
]


def check_wording():
    """The user-facing docs' insider words and the README's order; returns the problems."""
    problems = []
    texts = SOURCES + sorted(ROOT.glob("Sources/switchboard-demo/*.swift"))
    texts += [ROOT / "Examples" / "README.md"]
    for path in texts:
        for number, line in enumerate(path.read_text().split("\n"), 1):
            if INSIDER.search(line):
                problems.append(f"{path.relative_to(ROOT)}:{number}: insider words: {line.strip()}")
    readme = (ROOT / "README.md").read_text().split("\n")
    positions = [readme.index(h) if h in readme else -1 for h in README_ORDER]
    if -1 in positions or positions != sorted(positions):
        problems.append(f"README.md: sections must appear in this order: {README_ORDER}")
    return problems


def main():
    os.chdir(ROOT)
    wording = check_wording()
    for problem in wording:
        print(problem)
    build = subprocess.run(
        ["swift", "build", "--target", "SwitchboardLists"], capture_output=True, text=True)
    if build.returncode == 0:
        build = subprocess.run(
            ["swift", "build", "--target", "SwitchboardTesting"], capture_output=True, text=True)
    if build.returncode != 0:
        print(build.stdout + build.stderr)
        sys.exit("snippets: the package does not build")
    bins = bin_path()
    readme_snippets = extract(README)
    program_problems, program_summary = check_readme_program(readme_snippets)
    # README's blocks run as one program above; only its UIKit and must-fail blocks alone.
    snippets = [s for s in readme_snippets if s.uikit or s.appkit or s.must_fail is not None]
    snippets += [s for path in SOURCES if path != README for s in extract(path)]
    failures = 0
    ran = 0
    rejected = 0
    uikit = {"uikit": 0, "uikit-skipped": 0, "appkit": 0, "appkit-skipped": 0,
             "symbol-linux": 0, "symbol-uikit": 0, "symbol-appkit": 0}
    symbols = symbol_snippets.extract()
    with tempfile.TemporaryDirectory() as tmp, concurrent.futures.ThreadPoolExecutor(2) as pool:
        checked = list(pool.map(lambda s: check(s, Path(tmp), bins), snippets))
        checked += list(pool.map(lambda s: check_symbol(s, Path(tmp), bins), symbols))
        for snippet, ok, output, what in checked:
            if what == "ran" and ok:
                ran += 1
            if what == "rejected" and ok:
                rejected += 1
            if what in uikit and ok:
                uikit[what] += 1
            if not ok:
                failures += 1
                print(f"FAILED ({what}): {snippet.name}")
                print(output.strip())
                print()
    print(
        f"snippets: {len(checked) - failures} of {len(checked)} as documented "
        f"({len(symbols)} of symbol documentation: {uikit['symbol-linux']} type-checked here, "
        f"{uikit['symbol-uikit']} against an iOS SDK, {uikit['symbol-appkit']} against a macOS "
        f"SDK): {ran} ran "
        f"their checks, {rejected} rejected by the compiler as they must be, "
        f"{uikit['uikit']} type-checked against an iOS SDK, {uikit['appkit']} against a macOS SDK")
    if uikit["uikit-skipped"]:
        print(
            f"snippets: {uikit['uikit-skipped']} UIKit blocks not compiled (no UIKit here; "
            "SNIPPETS_IOS_SDK type-checks them against an iOS SDK)")
    if uikit["appkit-skipped"]:
        print(
            f"snippets: {uikit['appkit-skipped']} AppKit blocks not compiled (no AppKit here; "
            "SNIPPETS_MACOS_SDK type-checks them against a macOS SDK)")
    for problem in program_problems:
        print(problem)
    if program_summary:
        print(program_summary)
    if failures or wording or program_problems:
        sys.exit(1)


if __name__ == "__main__":
    main()
