"""The ```swift blocks of the symbol documentation (`///` comments in Sources/), as
check-snippets.py type-checks them.

A block in a symbol's documentation is a fragment: it names a `proxy`, a `model`, a
`searchBar` its reader has. Each module's names live in one file of hidden context,
Scripts/snippet-context/<Module>.swift, or <Module>+<Folder>.swift for the folders whose code
builds for one platform only (Switchboard/Delegates/, SwitchboardLists/ViewProxies/ and its
AppKit/), which starts with the imports a reader's file has. A variant,
<Module>.<name>.swift, is an overlay: its declarations replace the context's of the same names
(a `proxy` of a list's messages). A block compiles in one of the shapes a reader pastes it into,
tried in this order with the context and with each variant, and fails only when it compiles in
none:

1. alone, with the context's imports (a block that declares its own types);
2. at the top level of a file after the context (statements and declarations); a name the
   block declares itself replaces the context's;
3. in the body of a method of `SnippetScreen`, a class of the context (a block that uses `self`);
4. in the body of a class that inherits `SnippetScreen` (a block of `override func`s).

A block that documents a declaration which is not public (maintainers' documentation) may use
the module's internal names: the module is imported `@testable`.

Blocks of the delegate engine and the list proxies are type-checked against an iOS SDK, AppKit's
against a macOS SDK, when check-snippets.py is given one; the others on this machine. A block of a
module that builds everywhere but shows one platform's code is marked `<!-- snippet-uikit -->`
or `<!-- snippet-appkit -->` in its comment, and type-checked against that platform's SDK, with
the overlay <Module>.uikit.swift or <Module>.appkit.swift when there is one.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONTEXTS = ROOT / "Scripts" / "snippet-context"
# The folders whose blocks need an Apple SDK, and which (by their context's name).
IOS_CONTEXTS = {"Switchboard+Delegates", "SwitchboardLists+ViewProxies"}


# The line of a declaration, after its attributes.
DECLARATION = re.compile(
    r"\b(func|var|let|class|struct|enum|protocol|extension|case|init|typealias|subscript|actor|"
    r"associatedtype)\b")


class SymbolSnippet:
    def __init__(self, path, line, code, platform=None):
        self.path = path
        self.line = line
        self.code = code
        # Marked `<!-- snippet-uikit -->` or `<!-- snippet-appkit -->` in the comment: for one
        # platform, type-checked against its SDK though its module builds everywhere.
        self.platform = platform
        # Documents a declaration that is not public: its module is imported @testable.
        self.internal = False

    @property
    def name(self):
        return f"{self.path.relative_to(ROOT)}:{self.line}"

    @property
    def context_name(self):
        parts = self.path.relative_to(ROOT / "Sources").parts
        if parts[:2] == ("Switchboard", "Delegates"):
            return "Switchboard+Delegates"
        if parts[:2] == ("SwitchboardLists", "ViewProxies"):
            appKit = parts[2] == "AppKit"
            return "SwitchboardLists+AppKit" if appKit else "SwitchboardLists+ViewProxies"
        return parts[0]

    @property
    def kind(self):
        """Where it is type-checked: "linux", "uikit" or "appkit"."""
        if self.platform:
            return self.platform
        if self.context_name == "SwitchboardLists+AppKit":
            return "appkit"
        return "uikit" if self.context_name in IOS_CONTEXTS else "linux"


def extract():
    """Every ```swift block of a `///` comment in Sources/ (a plain ``` block shows output)."""
    snippets = []
    # The library modules; the demo is an executable, documented by its README.
    for path in sorted(p for p in ROOT.glob("Sources/**/*.swift") if "switchboard-demo" not in p.parts):
        lines = path.read_text().split("\n")
        code, start, platform, waiting, enclosing = None, 0, None, [], ""
        for number, line in enumerate(lines, 1):
            text = re.sub(r"^\s*/// ?", "", line) if line.lstrip().startswith("///") else None
            if text is None:
                code, platform = None, None
                # The declaration the comment documents: public, or a requirement or case of a
                # public protocol or enum, or not.
                if waiting and DECLARATION.search(line) and not line.lstrip().startswith("@available"):
                    public = re.search(r"\b(public|open)\b|^extension\b", line) or (
                        line.startswith(" ")
                        and re.search(r"\bpublic (protocol|enum)\b", enclosing))
                    for snippet in waiting:
                        snippet.internal = not public
                    waiting = []
                if line and not line[0].isspace() and not line.startswith(("}", "@", "//", "#")):
                    enclosing = line
                continue
            if marker := re.fullmatch(r"<!-- snippet-(uikit|appkit) -->", text.strip()):
                platform = marker.group(1)
            elif text.strip() == "```swift" or (text.strip() == "```" and code is not None):
                if code is None:
                    code, start = [], number + 1
                else:
                    snippets.append(SymbolSnippet(path, start, "\n".join(code), platform))
                    waiting.append(snippets[-1])
                    code, platform = None, None
            elif code is not None:
                code.append(text)
    return snippets


DECLARED = re.compile(
    r"^\s*(?:(?:public|private|final|static|nonisolated(?:\(unsafe\))?|@\w+(?:\([^)]*\))?)\s+)*"
    r"(?:class|struct|enum|protocol|actor|typealias|let|var|func)\s+(\w+)")


TYPE = re.compile(r"^(?:[@\w()]+\s+)*(?:class|struct|enum|actor|extension)\s+(\w+)")


def declared_names(code):
    """The names `code` declares at its top level, and the members its extensions declare:
    ({name}, {(type, member)})."""
    top, members, extended = set(), set(), None
    for line in code.split("\n"):
        if not line.startswith(" "):
            found_type = TYPE.match(line)
            extended = found_type.group(1) if found_type and line.startswith("extension ") else None
        found = DECLARED.match(line)
        if found and not line.startswith(" "):
            top.add(found.group(1))
        elif found and extended:
            members.add((extended, found.group(1)))
    return top, members


def without_declarations_of(context, names):
    """`context` without its declarations of the block's `names`: a top-level one up to its
    closing brace, a member of the type the block extends on its one line."""
    top, members = names
    kept, skipping, current = [], False, None
    for line in context.split("\n"):
        if skipping:
            skipping = line != "}"
            continue
        if not line.startswith(" ") and (found_type := TYPE.match(line)):
            current = found_type.group(1)
        found = DECLARED.match(line)
        if found and not line.startswith(" ") and found.group(1) in top:
            skipping = line.rstrip().endswith("{")
            continue
        if found and line.startswith(" ") and (current, found.group(1)) in members:
            continue
        kept.append(line)
    return "\n".join(kept)


def overlaid(context, overlay):
    """`context` with `overlay`'s imports added and its declarations in place of the context's
    of the same names."""
    lines = overlay.split("\n")
    imports = [l for l in lines if l.startswith("import ") and l not in context.split("\n")]
    body = "\n".join(l for l in lines if not l.startswith("import "))
    return "\n".join(imports) + "\n" + without_declarations_of(context, declared_names(body)) + body


def shapes(snippet):
    """The sources to try, in order: each a complete main.swift."""
    own = declared_names(snippet.code)
    rel = snippet.path.relative_to(ROOT)
    located = f'#sourceLocation(file: "{rel}", line: {snippet.line})\n{snippet.code}\n#sourceLocation()\n'
    # The module's context (with its platform's overlay, for a block marked for one), then that
    # with each variant's overlay; the block's own declarations win over the context's names.
    base = (CONTEXTS / f"{snippet.context_name}.swift").read_text()
    if snippet.platform and (CONTEXTS / f"{snippet.context_name}.{snippet.platform}.swift").exists():
        base = overlaid(base, (CONTEXTS / f"{snippet.context_name}.{snippet.platform}.swift").read_text())
    variants = [f.read_text() for f in sorted(CONTEXTS.glob(f"{snippet.context_name}.*.swift"))
                if f.name.split(".")[1] not in ("uikit", "appkit")]
    contexts = [without_declarations_of(c, own) for c in [base] + [overlaid(base, v) for v in variants]]
    if snippet.internal:
        module = snippet.context_name.split("+")[0]
        contexts = [c.replace(f"\nimport {module}\n", f"\n@testable import {module}\n") for c in contexts]
    imports = "\n".join(l for l in contexts[0].split("\n") if l.startswith(("import ", "@testable")))
    sources = [f"{imports}\n{located}"]
    for context in contexts:
        sources += [
            f"{context}\n{located}",
            f"{context}\nextension SnippetScreen {{\n  func snippet() async throws {{\n{located}  }}\n}}\n",
            f"{context}\nfinal class SnippetBody: SnippetScreen {{\n{located}}}\n",
        ]
    return sources
