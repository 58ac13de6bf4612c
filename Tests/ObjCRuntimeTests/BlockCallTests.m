// SWBCallBlockWithWords on the GNU runtime: GCC has no block syntax, so each test block is laid
// out by hand as the blocks ABI lays one out (isa, flags, reserved, invoke), which is all the
// function reads.
#import <Foundation/Foundation.h>
#include <stdint.h>
#import "SWBForwardingProxy.h"

void check(BOOL condition, const char *name);

struct TestBlock {
  void *isa;
  int flags;
  int reserved;
  void *invoke;
  intptr_t seen[4];
  int calls;
};

static void invokeNone(struct TestBlock *block) { block->calls++; }

static void invokeOne(struct TestBlock *block, intptr_t first) {
  block->calls++;
  block->seen[0] = first;
}

static void invokeTwo(struct TestBlock *block, NSInteger disposition, id credential) {
  block->calls++;
  block->seen[0] = disposition;
  block->seen[1] = (intptr_t)credential;
}

static void invokeFlag(struct TestBlock *block, BOOL flag) {
  block->calls++;
  block->seen[0] = flag ? 1 : 0;
}

void blockCallTests(void) {
  struct TestBlock none = {0, 0, 0, (void *)invokeNone, {0}, 0};
  SWBCallBlockWithWords((id)&none, 0, NULL);
  check(none.calls == 1, "a block of no argument is called once");

  struct TestBlock one = {0, 0, 0, (void *)invokeOne, {0}, 0};
  intptr_t policy[1] = {1};
  SWBCallBlockWithWords((id)&one, 1, policy);
  check(one.calls == 1 && one.seen[0] == 1, "an enumeration's value arrives (WKNavigationActionPolicyAllow)");

  struct TestBlock two = {0, 0, 0, (void *)invokeTwo, {0}, 0};
  NSString *credential = @"credential";
  intptr_t challenge[2] = {1, (intptr_t)credential};
  SWBCallBlockWithWords((id)&two, 2, challenge);
  check(two.calls == 1 && two.seen[0] == 1 && two.seen[1] == (intptr_t)credential,
        "an integer and an object arrive (a challenge's disposition and credential)");

  struct TestBlock flag = {0, 0, 0, (void *)invokeFlag, {0}, 0};
  intptr_t no[1] = {0};
  SWBCallBlockWithWords((id)&flag, 1, no);
  check(flag.calls == 1 && flag.seen[0] == 0, "a BOOL arrives");

  SWBCallBlockWithWords(nil, 1, policy);
  struct TestBlock many = {0, 0, 0, (void *)invokeNone, {0}, 0};
  intptr_t five[5] = {0, 0, 0, 0, 0};
  SWBCallBlockWithWords((id)&many, 5, five);
  check(many.calls == 0, "a nil block, or one of more than four arguments, is not called");
}
