#!/usr/bin/env python3
"""Lists every method of the SDK's delegate and data-source protocols that takes a completion
handler (a block argument) and returns nothing, with what its header says happens when a
delegate does not implement it, for a hand review of the defaults Switchboard calls.

  python3 Scripts/completion-handlers.py <path to iPhoneOS.sdk> [--defaults]

Each line: framework, protocol, selector, the block's argument index, the block's parameters,
and the header's sentence about an unimplemented method or a default (empty when it states
none). With --defaults, only the methods whose header states one. The SDK is not part of this
repository (see CONTRIBUTING.md); the reviewed result is the presets in
Sources/Switchboard/Delegates/Presets (NSURLSessionDelegate.swift, WKNavigationDelegate.swift,
UNUserNotificationCenterDelegate.swift) and the DocC article "Completion handlers".
"""
import re
import sys

from sdk_headers import print_rows, protocol_methods, sentence_matching

DEFAULT = re.compile(
    r"(not implemented|do not implement|don.t implement|does not implement|doesn't implement|"
    r"is not called|isn't called|default (?:behavior|behaviour|handling|value|is)|defaults to|"
    r"if (?:this|the) (?:method|delegate) (?:is|does) not)", re.I)


def main(sdk, only_defaults):
    rows = set()
    for framework, protocol, selector, declaration, comment, blocks in protocol_methods(sdk):
        if not declaration.startswith("- (void)") or not blocks:
            continue
        index, parameters = blocks[-1]
        sentence = sentence_matching(comment, DEFAULT)
        if only_defaults and not sentence:
            continue
        rows.add((framework, protocol, selector, str(index), parameters, sentence))
    print_rows(rows)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1], "--defaults" in sys.argv[2:])
