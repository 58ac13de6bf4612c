// What attaching a delegate proxy costs on a real Objective-C runtime (Debian's GNU runtime with
// GNUstep Base, built with GCC by Benchmarks/objc-attach-cost.sh), per proxy, for 1,000 and
// 10,000 text fields, against a hand-written delegate in the same run; and the memory a live one
// holds. The Objective-C half of DelegateProxy's attach: the Swift half (the routing, its
// tables, the handlers) is the ProxyAttach benchmark's.
//
// A cycle, per text field:
//
// - proxy: a proxy object made (SWBForwardingProxy, as DelegateProxy's init makes one) over two
//   handlers (the row's view and the screen's analytics); it adopts the property's protocol for
//   itself (-adoptProtocol:, which moves it to the adopting class of its class and protocol,
//   made by the first proxy), is checked to conform (Swift's `self is Delegate`), is read from
//   and set to the parent's property, and kept by the parent. The parent asks whether it
//   implements textFieldDidEndEditing: (the proxy names the selector for its routing) and sends
//   it: it goes to both handlers, so the runtime finds no forwarding target. The first proxy's
//   message reaches -forwardInvocation:, which gives the class its direct-path method; every
//   other proxy's goes through that method to -forwardDirectMessage:, which sends it to each
//   handler. Then every proxy is detached: the property set back to nil, the parent lets it go.
// - hand-written: a delegate object that calls both handlers, allocated, kept by the parent,
//   assigned, asked and sent the same message, then unassigned and released.
//
// Left out, as the GNU runtime has no such thing or Apple's differs: the associated object that
// keeps DelegateProxy's proxies (a parent's instance variable here), weak references (GCC has no
// ARC; the handlers are held unretained), and Bundle(for:) over the parent's classes (timed apart:
// GNUstep's NSBundle is not Apple's).
//
// Manual reference counting: GCC has no ARC.
#import <Foundation/Foundation.h>
#import <objc/runtime.h>
#import "SWBForwardingProxy.h"
#include <malloc.h>
#include <stdio.h>
#include <time.h>

/// UITextFieldDelegate's 13 methods, with objects for UIKit's types. Required, where UIKit's are
/// optional: GCC's traditional ABI does not store a protocol's optional methods
/// (protocol_getMethodDescription finds none), so a proxy could give none a signature, and no
/// message would take the direct path; Apple's runtime stores them.
@protocol SWBAttachTextFieldDelegate <NSObject>
- (BOOL)textFieldShouldBeginEditing:(id)textField;
- (void)textFieldDidBeginEditing:(id)textField;
- (BOOL)textFieldShouldEndEditing:(id)textField;
- (void)textFieldDidEndEditing:(id)textField;
- (void)textFieldDidEndEditing:(id)textField reason:(long)reason;
- (BOOL)textField:(id)textField
    shouldChangeCharactersInRange:(NSRange)range
                replacementString:(NSString *)string;
- (BOOL)textField:(id)textField
    shouldChangeCharactersInRanges:(NSArray *)ranges
                 replacementString:(NSString *)string;
- (void)textFieldDidChangeSelection:(id)textField;
- (BOOL)textFieldShouldClear:(id)textField;
- (BOOL)textFieldShouldReturn:(id)textField;
- (id)textField:(id)textField
    editMenuForCharactersInRange:(NSRange)range
                suggestedActions:(NSArray *)suggestedActions;
- (void)textField:(id)textField willPresentEditMenuWithAnimator:(id)animator;
- (void)textField:(id)textField willDismissEditMenuWithAnimator:(id)animator;
@end

/// A row's view: three of the protocol's methods.
@interface AttachRowView : NSObject {
 @public
  long ended;
}
@end
@implementation AttachRowView
- (void)textFieldDidEndEditing:(id)textField { ended++; }
- (BOOL)textFieldShouldReturn:(id)textField { return YES; }
- (BOOL)textField:(id)textField
    shouldChangeCharactersInRange:(NSRange)range
                replacementString:(NSString *)string {
  return YES;
}
@end

/// The screen's analytics: two.
@interface AttachAnalytics : NSObject {
 @public
  long ended;
}
@end
@implementation AttachAnalytics
- (void)textFieldDidBeginEditing:(id)textField {}
- (void)textFieldDidEndEditing:(id)textField { ended++; }
@end

/// A text field: its delegate (unretained, as UIKit holds it) and what it owns.
@interface AttachField : NSObject {
 @public
  id delegate;
  id owned;
}
- (id)delegate;
- (void)setDelegate:(id)object;
- (void)endEditing;
@end
@implementation AttachField
- (id)delegate { return delegate; }
- (void)setDelegate:(id)object { delegate = object; }
/// As UIKit sends an optional method: asks first.
- (void)endEditing {
  if ([delegate respondsToSelector:@selector(textFieldDidEndEditing:)]) {
    [delegate textFieldDidEndEditing:self];
  }
}
@end

/// The hand-written delegate: calls both handlers. (It implements the one method sent; it does
/// not declare the protocol, whose other methods GCC would then ask it for.)
@interface AttachGlue : NSObject {
 @public
  AttachRowView *view;
  AttachAnalytics *analytics;
}
@end
@implementation AttachGlue
- (void)textFieldDidEndEditing:(id)textField {
  [view textFieldDidEndEditing:textField];
  [analytics textFieldDidEndEditing:textField];
}
@end

/// The proxy's Objective-C half: what RoutingProxy's overrides do before the routing (the Swift
/// half) decides, which here is a constant: textFieldDidEndEditing: goes to both handlers.
@interface AttachProxy : SWBForwardingProxy {
 @public
  id view;
  id analytics;
  BOOL named;
}
@end
@implementation AttachProxy
/// RoutingProxy's: the selector's name for the routing, and the class's own methods.
- (BOOL)respondsToSelector:(SEL)selector {
  NSString *name = NSStringFromSelector(selector);
  if ([super respondsToSelector:selector]) return YES;
  return [name isEqualToString:@"textFieldDidEndEditing:"];
}
/// RoutingProxy's: the routing is asked by the selector's address, and names it once; no target
/// for a broadcast.
- (id)forwardingTargetForSelector:(SEL)selector {
  if (!named) {
    named = YES;
    (void)NSStringFromSelector(selector);
  }
  return nil;
}
/// The first proxy's message, through -forwardInvocation:.
- (void)forwardMessage:(SWBForwardedMessage *)message {
  [message invokeWithTarget:view];
  [message invokeWithTarget:analytics];
}
/// Every other proxy's, through the class's direct-path method.
- (void)forwardDirectMessage:(SWBDirectMessage *)message {
  SWBSendDirectMessage(message, view);
  SWBSendDirectMessage(message, analytics);
}
@end

static double now(void) {
  struct timespec time;
  clock_gettime(CLOCK_MONOTONIC, &time);
  return time.tv_sec * 1e9 + time.tv_nsec;
}

/// Attaches a proxy over `view` and `analytics` to `field`, and sends its first message.
static void attachProxy(AttachField *field, AttachRowView *view, AttachAnalytics *analytics) {
  AttachProxy *proxy = [[AttachProxy alloc] init];
  proxy->view = view;
  proxy->analytics = analytics;
  [proxy adoptProtocol:@protocol(SWBAttachTextFieldDelegate)];
  if (![proxy conformsToProtocol:@protocol(SWBAttachTextFieldDelegate)]) abort();
  // What the property held, kept as a handler when there is one.
  if ([field delegate] != nil) abort();
  field->owned = proxy;
  [field setDelegate:proxy];
  [field endEditing];
}

/// Detaches the proxy `field` holds: the property gets back what it had, the field lets it go.
static void detachProxy(AttachField *field) {
  if ([field delegate] == field->owned) [field setDelegate:nil];
  [field->owned release];
  field->owned = nil;
}

static void assignGlue(AttachField *field, AttachRowView *view, AttachAnalytics *analytics) {
  AttachGlue *glue = [[AttachGlue alloc] init];
  glue->view = view;
  glue->analytics = analytics;
  field->owned = glue;
  [field setDelegate:glue];
  [field endEditing];
}

static void unassignGlue(AttachField *field) {
  [field setDelegate:nil];
  [field->owned release];
  field->owned = nil;
}

typedef void (*Attach)(AttachField *, AttachRowView *, AttachAnalytics *);
typedef void (*Detach)(AttachField *);

/// The fastest of five runs of attaching to `count` fields and detaching, in nanoseconds per
/// field; the autorelease pool of each run drains inside it, as the run loop's would.
static double measureCycle(long count, AttachField **fields, AttachRowView **views,
                           AttachAnalytics *analytics, Attach attach, Detach detach) {
  double best = 1e30;
  for (int run = 0; run < 5; run++) {
    double start = now();
    NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
    for (long index = 0; index < count; index++) attach(fields[index], views[index], analytics);
    for (long index = 0; index < count; index++) detach(fields[index]);
    [pool drain];
    double perObject = (now() - start) / count;
    if (perObject < best) best = perObject;
  }
  return best;
}

/// The heap bytes (glibc's mallinfo2) `count` live attached objects hold, per object.
static double measureMemory(long count, AttachField **fields, AttachRowView **views,
                            AttachAnalytics *analytics, Attach attach, Detach detach) {
  malloc_trim(0);
  size_t before = mallinfo2().uordblks;
  NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
  for (long index = 0; index < count; index++) attach(fields[index], views[index], analytics);
  [pool drain];
  size_t after = mallinfo2().uordblks;
  for (long index = 0; index < count; index++) detach(fields[index]);
  return ((double)after - (double)before) / count;
}

static void verdict(const char *what, double value, double bound, const char *unit) {
  printf("  %-44s %9.2f%s  target <= %g%s  %s\n", what, value, unit, bound, unit,
         value <= bound ? "pass" : "FAIL");
}

int main(void) {
  NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
  enum { most = 10000 };
  AttachField **fields = calloc(most, sizeof(AttachField *));
  AttachRowView **views = calloc(most, sizeof(AttachRowView *));
  for (long index = 0; index < most; index++) {
    fields[index] = [[AttachField alloc] init];
    views[index] = [[AttachRowView alloc] init];
  }
  AttachAnalytics *analytics = [[AttachAnalytics alloc] init];

  // The first proxy of its kind: the adopting class is made, and its first message installs
  // the class's direct-path method through -forwardInvocation:.
  double start = now();
  attachProxy(fields[0], views[0], analytics);
  detachProxy(fields[0]);
  double first = now() - start;
  start = now();
  attachProxy(fields[0], views[0], analytics);
  detachProxy(fields[0]);
  double second = now() - start;
  // Every proxy after the first takes the direct path the first one installed.
  AttachProxy *probe = [[AttachProxy alloc] init];
  [probe adoptProtocol:@protocol(SWBAttachTextFieldDelegate)];
  if (![probe deliversDirectly:@selector(textFieldDidEndEditing:)]) {
    printf("objc attach cost: the adopting class has no direct-path method\n");
    return 1;
  }
  [probe release];

  long counts[2] = {1000, most};
  double proxy[2], glue[2], proxyHeap[2], glueHeap[2];
  for (int size = 0; size < 2; size++) {
    long count = counts[size];
    proxy[size] = measureCycle(count, fields, views, analytics, attachProxy, detachProxy);
    glue[size] = measureCycle(count, fields, views, analytics, assignGlue, unassignGlue);
    proxyHeap[size] = measureMemory(count, fields, views, analytics, attachProxy, detachProxy);
    glueHeap[size] = measureMemory(count, fields, views, analytics, assignGlue, unassignGlue);
  }
  // Every message reached both handlers: 2 single cycles, then per size 5 timed runs and one
  // measured for memory, each way.
  long expected = 2 + 2 * (6 * 1000 + 6 * (long)most);
  long ended = 0;
  for (long index = 0; index < most; index++) ended += views[index]->ended;
  if (ended != expected || analytics->ended != expected) {
    printf("objc attach cost: %ld and %ld messages delivered, %ld expected\n", ended,
           analytics->ended, expected);
    return 1;
  }
  // Where a proxy's time goes: made and released alone, and with its protocol adopted.
  double made = 1e30, adopted = 1e30;
  for (int run = 0; run < 5; run++) {
    NSAutoreleasePool *inner = [[NSAutoreleasePool alloc] init];
    start = now();
    for (long index = 0; index < most; index++) [[[AttachProxy alloc] init] release];
    double alone = (now() - start) / most;
    start = now();
    for (long index = 0; index < most; index++) {
      AttachProxy *proxy = [[AttachProxy alloc] init];
      [proxy adoptProtocol:@protocol(SWBAttachTextFieldDelegate)];
      [proxy release];
    }
    [inner drain];
    double adopting = (now() - start) / most;
    if (alone < made) made = alone;
    if (adopting < adopted) adopted = adopting;
  }

  // Bundle(for:) over the parent's classes, which attach asks to tell a UIKit parent: timed
  // apart, since GNUstep's NSBundle is not Apple's.
  start = now();
  for (long index = 0; index < most; index++) {
    for (Class cls = object_getClass(fields[index]); cls; cls = class_getSuperclass(cls)) {
      (void)[[NSBundle bundleForClass:cls] bundleIdentifier];
    }
  }
  double bundles = (now() - start) / most;

  printf("Attach, first message and detach of a proxy over two handlers, the Objective-C half "
         "(fastest of 5 runs):\n");
  printf("  first proxy of its class (class made, method installed) %9.0f ns\n", first);
  printf("  second proxy                                          %9.0f ns\n", second);
  for (int size = 0; size < 2; size++) {
    printf("  %5ld fields: proxy %7.0f ns, hand-written %6.0f ns per field\n", counts[size],
           proxy[size], glue[size]);
  }
  verdict("proxy / hand-written, 1,000", proxy[0] / glue[0], 20, "x");
  verdict("proxy / hand-written, 10,000", proxy[1] / glue[1], 20, "x");
  verdict("per proxy, 10,000 / 1,000", proxy[1] / proxy[0], 1.5, "x");
  printf("  (hand-written per field, 10,000 / 1,000: %.2fx)\n", glue[1] / glue[0]);
  printf("Heap per live object (mallinfo2, beyond the same fields and handlers):\n");
  printf("  proxy %6.0f B at 1,000, %6.0f B at 10,000; hand-written %4.0f B, %4.0f B\n",
         proxyHeap[0], proxyHeap[1], glueHeap[0], glueHeap[1]);
  verdict("heap per live proxy, 10,000", proxyHeap[1], 2048, " B");
  verdict("heap per proxy, 10,000 / 1,000", proxyHeap[1] / proxyHeap[0], 1.1, "x");
  printf("Of a proxy's cycle: made and released %.0f ns; made, adopting its protocol, released "
         "%.0f ns\n", made, adopted);
  printf("Bundle(for:) over the parent's 2 classes (GNUstep's): %.0f ns per attach\n", bundles);
  [pool drain];
  return 0;
}
