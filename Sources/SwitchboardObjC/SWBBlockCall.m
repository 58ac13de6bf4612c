#if __APPLE__ || defined(GNUSTEP)
#import "SWBDirectPath.h"
#include <stdint.h>

/// The start of every block object, as the blocks ABI lays it out: the function to call is its
/// `invoke`, whose first argument is the block itself.
struct SWBBlockLayout {
  void *isa;
  int flags;
  int reserved;
  void *invoke;
};

// Each argument travels in one word: the C calling convention of arm64 and x86-64 passes the
// first integer and pointer arguments in registers, a narrower integer or BOOL extended by the
// caller, so one function type per count serves every block of word-sized parameters.
void SWBCallBlockWithWords(id block, NSUInteger count, const intptr_t *words) {
  if (!block || count > 4 || (count > 0 && !words)) return;
  struct SWBBlockLayout *layout = (SWB_BRIDGE struct SWBBlockLayout *)block;
  void *invoke = layout->invoke;
  switch (count) {
    case 0:
      ((void (*)(void *))invoke)(layout);
      break;
    case 1:
      ((void (*)(void *, intptr_t))invoke)(layout, words[0]);
      break;
    case 2:
      ((void (*)(void *, intptr_t, intptr_t))invoke)(layout, words[0], words[1]);
      break;
    case 3:
      ((void (*)(void *, intptr_t, intptr_t, intptr_t))invoke)(layout, words[0], words[1],
                                                              words[2]);
      break;
    default:
      ((void (*)(void *, intptr_t, intptr_t, intptr_t, intptr_t))invoke)(
          layout, words[0], words[1], words[2], words[3]);
      break;
  }
}
#endif
