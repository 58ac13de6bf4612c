#!/usr/bin/env python3
"""Attaches a proxy, in the documented one-line form, to every delegate an SDK declares, and
writes the result as a Markdown table.

Usage: python3 Scripts/delegate-sweep.py SDK MODULES [RESOURCE_DIR] > TABLE.md

SDK is an iPhoneOS.sdk; MODULES the `Modules` folder of Switchboard built for iOS against it
(`swift build --triple arm64-apple-ios17.0 --sdk SDK …`); RESOURCE_DIR a Swift resource folder
for that SDK when the toolchain's own does not fit. Neither the SDK nor the build is part of
this repository.

Reads the Objective-C headers of every framework in SDK and finds each delegate or data source
of a class: an `@property id<…> …delegate…` or `…dataSource…`, and a `-set…Delegate:` method
with no such property (`CXProvider`'s `setDelegate:queue:`). Then type-checks, in two passes:

1. Swift's view of each: `let _: Int = \\Owner.delegate` fails, and the compiler's message
   names the key path's type (read-only or writable, and the delegate's type: its protocols).
2. The one-line `DelegateProxy.attach(to:delegate:handlers:)` for each. Where a proxy can serve
   the delegate it must compile; where that form cannot (a read-only property, a Swift-only
   protocol) its error must name the working form, and that form must compile:
   `attach(to:delegate:settingWith:handlers:)` for a delegate a method sets,
   `DelegateProxy.delegate(as:handlers:)` for one given at initialization, `\\.__delegate` for a
   Swift overlay's protocol; `attach(to:settingWith:handlers:)` for a delegate with no property.

Each row says which form serves the delegate, the protocols `attach` adopts (those of the Swift
type, read from its metadata: both of a composition) and, for a failure, its cause. The counts
come first. Exits non-zero when a form the table promises does not compile, or an error names
the wrong form.
"""

import os
import pathlib
import re
import subprocess
import sys
import tempfile

PROPERTY = re.compile(
    r"@property\s*(\(([^)]*)\))?\s*(IBOutlet\s+)?(__kindof\s+)?id\s*<\s*([\w\s,]+?)\s*>\s*"
    r"(_Nullable\s+|__nullable\s+|_Nonnull\s+)?(\w+)\s*([^;]*);")
SETTER = re.compile(
    r"^\s*-\s*\(void\)\s*(set\w*(?:Delegate|DataSource))\s*:\s*\((?:nullable\s+)?"
    r"(?:__kindof\s+)?id\s*<\s*([\w\s,]+?)\s*>\s*(?:_Nullable\s*)?\)\s*\w+([^;]*);")
INTERFACE = re.compile(r"^@interface\s+(\w+)")
UNAVAILABLE = re.compile(r"NS_UNAVAILABLE|API_UNAVAILABLE\([^)]*\bios\b|__IOS_PROHIBITED")


def declarations(sdk):
    """Each (framework, owner, name, kind, protocols) the headers declare; `kind` is
    "property", "read-only" (with "+setter" when a method sets it) or "setter"."""
    found = []
    for header in sorted(pathlib.Path(sdk, "System/Library/Frameworks").glob("*.framework/Headers/*.h")):
        framework = header.parent.parent.name.removesuffix(".framework")
        owner, properties, setters = None, {}, {}
        for line in header.read_text(errors="ignore").splitlines():
            text = line.strip()
            if match := INTERFACE.match(text):
                owner, properties, setters = match.group(1), {}, {}
                continue
            if text.startswith("@end") and owner:
                for name, (read_only, protocols) in properties.items():
                    setter = next((s for s in setters if s.lower().startswith("set" + name.lower() + ":")), None)
                    kind = ("read-only+setter" if setter else "read-only") if read_only else "property"
                    found.append((framework, owner, name, kind, protocols, setter))
                for selector, protocols in setters.items():
                    if not any(selector.lower().startswith("set" + n.lower() + ":") for n in properties):
                        found.append((framework, owner, selector, "setter", protocols, selector))
                owner = None
                continue
            if owner is None or UNAVAILABLE.search(line):
                continue
            if (match := PROPERTY.search(line)) and re.search(r"[dD]elegate|[dD]ataSource", match.group(7)):
                properties.setdefault(match.group(7), ("readonly" in (match.group(2) or ""), match.group(5)))
            elif match := SETTER.match(line):
                rest = re.findall(r"(\w+)\s*:\s*\(", match.group(3))
                setters.setdefault(match.group(1) + ":" + "".join(p + ":" for p in rest), match.group(2))
    seen, unique = set(), []
    for row in found:
        if (row[1], row[2]) not in seen:
            seen.add((row[1], row[2]))
            unique.append(row)
    return unique


def typecheck(source, sdk, modules, resource_dir):
    """The compiler's errors for `source`, by line: {line: [message, …]}."""
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder, "sweep.swift")
        path.write_text(source)
        command = [
            # The SDK's own version: every delegate it declares is available.
            "swiftc", "-swift-version", "6", "-typecheck", "-target", "arm64-apple-ios18.6",
            "-sdk", sdk, "-I", modules,
            "-Xcc", "-fmodule-map-file=" + str(pathlib.Path(modules).parent / "SwitchboardObjC.build" / "module.modulemap"),
            "-Xcc", "-I" + str(pathlib.Path(__file__).resolve().parent.parent / "Sources/SwitchboardObjC/include"),
            str(path)]
        if resource_dir:
            command[1:1] = ["-resource-dir", resource_dir]
        output = subprocess.run(command, capture_output=True, text=True).stderr
    errors = {}
    for match in re.finditer(r"sweep\.swift:(\d+):\d+: error: (.*)", output):
        errors.setdefault(int(match.group(1)), []).append(match.group(2))
    return errors


def swift_method(selector):
    """`setDelegate:queue:` as Swift names it: `setDelegate(_:queue:)`."""
    pieces = selector.rstrip(":").split(":")
    return pieces[0], pieces[1:]


# The SDK's generic parents, with type arguments a probe can name.
GENERIC = {"NSFetchedResultsController": "NSFetchedResultsController<NSManagedObject>",
           "NSCache": "NSCache<NSString, AnyObject>"}


def header_lines(rows):
    frameworks = sorted({row[0] for row in rows})
    return ["import Foundation", "import Switchboard"] + [
        f"import {f}" for f in frameworks if f != "Foundation"] + [""]


def swift_view(rows, sdk, modules, resource_dir):
    """Each row's key path type (or the setter's function type), or the compiler's reason."""
    lines = header_lines(rows)
    at = {}
    for index, (_, owner, name, kind, _, _) in enumerate(rows):
        owner = GENERIC.get(owner, owner)
        if kind == "setter":
            base, labels = swift_method(name)
            reference = f"{owner}.{base}(_:{''.join(l + ':' for l in labels)})"
            lines.append(f"@MainActor func view{index}() {{ let probe = {reference}; let _: Int = probe }}")
        else:
            lines.append(f"@MainActor func view{index}() {{ let probe = \\{owner}.{name}; let _: Int = probe }}")
        at[len(lines)] = index
    errors = typecheck("\n".join(lines) + "\n", sdk, modules, resource_dir)
    views = {}
    for line, index in at.items():
        messages = errors.get(line, ["no error: the probe compiled"])
        unavailable = next((m for m in messages if "unavailable" in m), None)
        if unavailable:
            views[index] = ("missing", unavailable)
            continue
        found = next((re.search(r"value of type '(.*?)'(?: \(aka .*\))? to specified type 'Int'", m)
                      for m in messages if "to specified type 'Int'" in m), None)
        if found:
            # A key path to a `Sendable` class's property is `any KeyPath<…> & Sendable`.
            view = found.group(1).removeprefix("any ").removesuffix(" & Sendable")
            views[index] = ("type", view.removeprefix("@Sendable "))
        else:
            views[index] = ("missing", messages[0])
    return views


def delegate_type(keypath_type):
    """`(any A & B)?` from `ReferenceWritableKeyPath<Owner, (any A & B)?>`."""
    inner = keypath_type[keypath_type.index("<") + 1:-1]
    depth = 0
    for position, character in enumerate(inner):
        depth += character in "<(["
        depth -= character in ">)]"
        if character == "," and depth == 0:
            return inner[position + 1:].strip()
    return inner


def protocols_of(swift_type):
    """The protocols a Swift delegate type names: `(any A & B)?` gives [A, B]."""
    text = swift_type.removesuffix("?").strip("()")
    text = text.removeprefix("any ")
    return [p.strip() for p in text.split("&")] if text not in ("AnyObject", "Any") else []


def setter_parameters(function_type):
    """The parameter types of a setter method's type: `(Owner) -> ((any P)?, DispatchQueue?) ->
    Void` gives [`(any P)?`, `DispatchQueue?`]."""
    inner = function_type[function_type.index("-> (") + 4:]
    parameters, depth, current = [], 0, ""
    for character in inner:
        if character == ")" and depth == 0:
            break
        depth += character in "<(["
        depth -= character in ">)]"
        if character == "," and depth == 0:
            parameters.append(current.strip())
            current = ""
        else:
            current += character
    return parameters + [current.strip()]


def setter_call(selector, function_type):
    """`{ $0.setDelegate($1, queue: .main) }` for `setDelegate:queue:`, whose other arguments
    get `nil` when optional and the main queue when a queue."""
    base, labels = swift_method(selector)
    kinds = setter_parameters(function_type)[1:]
    optional = (setter_parameters(function_type) or ["?"])[0].endswith("?")
    arguments = ["$1" if optional else "delegate"]
    for label, kind in zip(labels, kinds + [""] * len(labels)):
        value = ("nil" if kind.endswith("?") else ".main" if "DispatchQueue" in kind or "dispatch_queue" in kind
                 else "nil")
        arguments.append(f"{label}: {value}")
    if optional:
        return f"{{ $0.{base}({', '.join(arguments)}) }}"
    # A setter that takes no nil (Matter's) is given the proxy only; the closure names its
    # types, as a closure of two statements must.
    delegate = setter_parameters(function_type)[0].removeprefix("any ")
    return (f"{{ (parent, delegate: (any {delegate})?) in if let delegate {{ "
            f"parent.{base}({', '.join(arguments)}) }} }}")


def view_of_setter(selector, delegate):
    """The setter's type as the compiler would print it, its other arguments taken as queues
    (`setSampleBufferDelegate:queue:`)."""
    others = ", ".join("DispatchQueue?" for _ in swift_method(selector)[1])
    return f"-> ({delegate}{', ' + others if others else ''}) -> Void"


def forms(row, view):
    """The one-line form and, where it cannot serve, the form that must (with the words its
    error must name)."""
    _, owner, name, kind, _, setter = row
    one_line = f"DelegateProxy.attach(to: parent, delegate: \\.{name}, handlers: [:])"
    if kind == "setter":
        return None, (f"DelegateProxy.attach(to: parent, settingWith: {setter_call(name, view)}, handlers: [:])",
                      "attach(to:settingWith:)")
    delegate = delegate_type(view)
    writable = view.startswith("ReferenceWritableKeyPath")
    if writable:
        twin = f"DelegateProxy.attach(to: parent, delegate: \\.__{name}, handlers: [:])"
        return one_line, (twin, "\\.__delegate")
    if setter:
        return one_line, (f"DelegateProxy.attach(to: parent, delegate: \\.{name}, settingWith: "
                          f"{setter_call(setter, view_of_setter(setter, delegate))}, handlers: [:])",
                          "settingWith:")
    return one_line, (f"_ = DelegateProxy.delegate(as: ({delegate.removesuffix('?')}).self, handlers: [:])",
                      "delegate(as:")


def main(sdk, modules, resource_dir=None):
    rows = declarations(sdk)
    # A parent or property Swift renamed (`NSURLSession` is `URLSession`, `UIDelegate` is
    # `uiDelegate`) is named so from the second pass on; the compiler says so only once the
    # key path's type is right.
    for _ in range(3):
        views, at, errors = attach_all(rows, sdk, modules, resource_dir)
        renames = {}
        for line, (index, _) in at.items():
            for message in errors.get(line, []):
                if found := re.search(r"'(\w+)' has been renamed to '([\w.]+)'", message):
                    renames[(index, found.group(1))] = found.group(2)
        if not renames:
            break
        rows = [(f, renames.get((i, o), o), renames.get((i, n), n), *rest)
                for i, (f, o, n, *rest) in enumerate(rows)]
    return report(rows, views, at, errors)


def attach_all(rows, sdk, modules, resource_dir):
    """Swift's view of each row, then each row's forms type-checked: the views, each form's
    line, and the errors by line."""
    views = swift_view(rows, sdk, modules, resource_dir)
    lines = header_lines(rows)
    at = {}
    for index, row in enumerate(rows):
        state, view = views[index]
        if state != "type":
            continue
        one_line, (other, _) = forms(row, view)
        for which, code in (("one-line", one_line), ("other", other)):
            if code:
                parent = GENERIC.get(row[1], row[1])
                lines.append(f"@MainActor func attach{index}{which.replace('-', '')}(_ parent: {parent}) {{ {code} }}")
                at[len(lines)] = (index, which)
    return views, at, typecheck("\n".join(lines) + "\n", sdk, modules, resource_dir)


def report(rows, views, at, errors):
    """Prints the table; 1 when a form it promises does not compile or an error names the
    wrong form."""
    results, failures = [], 0
    for index, row in enumerate(rows):
        framework, owner, name, kind, header_protocols, _ = row
        state, view = views[index]
        entry = f"`{owner}.{name}`"
        declared = ", ".join(p.strip() for p in header_protocols.split(","))
        if state != "type":
            results.append((framework, entry, declared, "not imported", "", view))
            continue
        one_line, (_, names) = forms(row, view)
        line_of = {which: line for line, (i, which) in at.items() if i == index}
        one_errors = errors.get(line_of.get("one-line", -1), [])
        other_errors = errors.get(line_of.get("other", -1), [])
        unavailable = next((e for e in one_errors + other_errors if "unavailable in iOS" in e), None)
        if unavailable:
            results.append((framework, entry, declared, "not imported", "", unavailable))
            continue
        adopted = protocols_of(delegate_type(view) if kind != "setter" else setter_parameters(view)[0])
        if one_line and not one_errors:
            form, note = "one line", ""
        elif one_line and not any(names in e for e in one_errors):
            form, note = "WRONG ERROR", one_errors[0]
            failures += 1
        elif other_errors:
            form = "none" if names == "\\.__delegate" else "BROKEN"
            note = ("a Swift protocol with no Objective-C twin: no proxy can serve it; the "
                    "compiler says so" if form == "none" else other_errors[0])
            failures += form == "BROKEN"
        else:
            form = {"\\.__delegate": "`\\.__" + name + "` in one line", "settingWith:": "settingWith:",
                    "delegate(as:": "delegate(as:)", "attach(to:settingWith:)": "attach(to:settingWith:)"}[names]
            note = "the one-line form's error names it" if one_line else "no property: set by a method"
        results.append((framework, entry, declared, form, " & ".join(adopted), note))
    print_table(results, failures)
    return 1 if failures else 0


def print_table(results, failures):
    count = lambda form: sum(1 for r in results if r[3] == form)
    print(f"{len(results)} delegates in {len({r[0] for r in results})} frameworks: "
          f"{count('one line')} in one line; {sum(1 for r in results if r[3].endswith('in one line') and r[3] != 'one line')} through the `__` twin; "
          f"{count('settingWith:')} set by a method (`settingWith:`); "
          f"{count('attach(to:settingWith:)')} with no property (`attach(to:settingWith:)`); "
          f"{count('delegate(as:)')} given at initialization (`delegate(as:)`); "
          f"{count('none')} no proxy can serve; {count('not imported')} not imported by Swift; "
          f"{failures} failures.\n")
    print("| Framework | Delegate | Header's protocols | Form | Adopted (the Swift type's) | Note |")
    print("|---|---|---|---|---|---|")
    for row in results:
        print("| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |")


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
