#!/usr/bin/env python3
"""Lists the methods of the SDK's delegate and data-source protocols whose mere presence changes
what the parent does ("if the delegate implements …", "is implemented", "instead of", "will not
be called"), for a hand review: observing such a method alone would make a proxy implement it.

  python3 Scripts/presence-effects.py <path to iPhoneOS.sdk>

Each line: framework, protocol, selector, and the header's sentence. The SDK is not part of this
repository (see CONTRIBUTING.md); the reviewed result is each preset's `presenceEffects`
(Sources/Switchboard/Delegates/Presets/PresenceEffects.swift) and the table in the DocC article
"Completion handlers and presence".
"""
import re
import sys

from sdk_headers import print_rows, protocol_methods, sentence_matching

PRESENCE = re.compile(
    r"(if (?:the |this |your )?(?:delegate|method|class) (?:also )?implements|"
    r"(?:is|are) implemented|if implemented|implementing this|instead of|"
    r"will not be (?:called|invoked|sent)|won't be (?:called|invoked)|takes precedence|"
    r"supersedes|overrides|presence of|implementing (?:one of )?(?:this|these) methods?|"
    r"is ignored|are ignored|will be ignored|in place of)", re.I)


def main(sdk):
    rows = set()
    for framework, protocol, selector, _, comment, _ in protocol_methods(sdk):
        sentence = sentence_matching(comment, PRESENCE)
        if sentence:
            rows.add((framework, protocol, selector, sentence))
    print_rows(rows)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1])
