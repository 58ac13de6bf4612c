#!/usr/bin/env python3
"""Lists the kinds of argument and return types that delegate and data-source protocols declare
in an SDK's public Objective-C headers, with a count and an example method for each.

  python3 Scripts/delegate-argument-kinds.py <path to iPhoneOS.sdk>

The SDK is not part of this repository (see CONTRIBUTING.md); the kinds it prints are the rows of
`ArgumentKindSpecs` (Specs/SwitchboardDelegatesSpecs), which drives each through closures,
`observe(_:as:)` and `events` on Linux.
"""
import collections
import pathlib
import re
import sys

STRUCTS = {
    "CGPoint", "CGSize", "CGRect", "CGVector", "CGAffineTransform", "UIEdgeInsets",
    "NSDirectionalEdgeInsets", "UIOffset", "NSRange", "CLLocationCoordinate2D", "CMTime",
    "CMTimeRange", "MKCoordinateRegion", "MKMapRect", "simd_float4x4", "CATransform3D",
}
SCALARS = {
    "BOOL": "Bool", "NSInteger": "integer", "NSUInteger": "integer", "int": "integer",
    "CGFloat": "floating-point", "double": "floating-point", "float": "floating-point",
    "NSTimeInterval": "floating-point", "CLLocationDistance": "floating-point",
    "CLLocationDirection": "floating-point", "int64_t": "integer", "uint64_t": "integer",
    "int32_t": "integer", "uint32_t": "integer", "UInt32": "integer", "SInt32": "integer",
}


def classify(declared, enums):
    t = re.sub(r"\b(nullable|nonnull|_Nullable|_Nonnull|_Null_unspecified|__kindof|const|"
               r"NS_NOESCAPE|__autoreleasing|__unsafe_unretained|__strong|__weak|"
               r"NS_RELEASES_ARGUMENT|oneway|in|out|inout|bycopy|byref)\b", "", declared)
    t = " ".join(t.split())
    optional = "nullable" in declared or "_Nullable" in declared
    if "^" in t:
        return "block"
    if t == "SEL":
        return "selector"
    if t == "Class":
        return "class"
    if t == "id" or re.fullmatch(r"id\s*<.*>", t):
        kind = "protocol existential (id<P>)" if "<" in t else "object (id)"
        return kind + (", optional" if optional else "")
    if re.fullmatch(r"\w+\s*(<.*>)?\s*\*", t):
        name = t.split()[0].split("<")[0].rstrip("*")
        if name in ("BOOL", "CGPoint", "CGFloat", "NSInteger", "NSUInteger", "CGRect", "CGSize"):
            return "pointer to " + ("BOOL" if name == "BOOL" else "a value")
        if name in ("NSError",):
            return "NSError (any Error)" + (", optional" if optional else "")
        return "object (class)" + (", optional" if optional else "")
    if re.fullmatch(r"\w+\s*\*\s*\*", t):
        return "pointer to an object (out parameter)"
    if t.endswith("Ref"):
        return "Core Foundation object (pointer)"
    if t in STRUCTS:
        return "structure (" + t + ")"
    if t in SCALARS:
        return SCALARS[t]
    if t in enums:
        return "NS_ENUM / NS_OPTIONS (" + enums[t] + ")"
    if t == "void":
        return "void"
    return "other (" + t + ")"


def main(sdk):
    headers = list(pathlib.Path(sdk, "System/Library/Frameworks").glob("*.framework/Headers/*.h"))
    enums = {}
    for header in headers:
        text = header.read_text(errors="ignore")
        for kind, name in re.findall(r"(NS_ENUM|NS_OPTIONS|NS_CLOSED_ENUM)\s*\(\s*\w+\s*,\s*(\w+)\s*\)", text):
            enums[name] = kind
    counts = collections.Counter()
    examples = {}
    protocols = set()
    for header in headers:
        text = header.read_text(errors="ignore")
        for match in re.finditer(r"@protocol\s+(\w+(?:Delegate|DataSource)\w*)\b[^;]*?\n(.*?)@end",
                                 text, re.S):
            name, body = match.group(1), match.group(2)
            protocols.add(name)
            for method in re.finditer(r"^\s*-\s*\(([^)]*(?:\([^)]*\)[^)]*)*)\)\s*([^;]*?);", body,
                                      re.S | re.M):
                parts = re.findall(r"(\w+)\s*:\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)\s*\w+",
                                   method.group(2))
                returned = classify(method.group(1), enums)
                selector = "".join(p[0] + ":" for p in parts) or method.group(2).split()[0]
                for label, declared in parts:
                    kind = classify(declared, enums)
                    counts["argument: " + kind] += 1
                    examples.setdefault("argument: " + kind, f"{name} {selector}")
                counts["return: " + returned] += 1
                examples.setdefault("return: " + returned, f"{name} {selector}")
    print(f"{len(protocols)} delegate and data-source protocols in {len(headers)} headers")
    for kind, count in sorted(counts.items(), key=lambda item: -item[1]):
        if kind.startswith(("argument: other", "return: other")) and count < 20:
            continue
        print(f"{count:6d}  {kind:60s}  {examples[kind]}")


if __name__ == "__main__":
    main(sys.argv[1])
