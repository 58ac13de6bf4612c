// Tests of the direct path (Sources/SwitchboardObjC/SWBDirectPath.m) on the GNU runtime: which
// message takes it, its arguments and answers of every kind, forwarding targets, broadcasts,
// answers read back from several handlers, `respondsToSelector:`, and protocols adopted by one
// proxy alone. Manual reference counting.
#import <Foundation/Foundation.h>
#import "SWBForwardingProxy.h"
#import <objc/runtime.h>
#include <string.h>

void check(BOOL condition, const char *name);

typedef struct {
  double x, y;
} SWBDirectTestPoint;

typedef struct {
  double top, left, bottom, right;
} SWBDirectTestInsets;

typedef struct {
  unsigned long location, length;
} SWBDirectTestRange;

// Required methods: GCC records no optional ones (see ForwardingProxyTests.m).
@protocol SWBDirectDelegate <NSObject>
- (void)viewDidChange:(id)view;
- (BOOL)view:(id)view allows:(BOOL)flag count:(int)count scale:(double)scale;
- (long)view:(id)view index:(long)index;
- (double)view:(id)view heightAt:(unsigned long)row;
- (id)view:(id)view titleFor:(long)section;
- (SWBDirectTestPoint)view:(id)view
          targetFor:(SWBDirectTestPoint)proposed
           velocity:(SWBDirectTestPoint)velocity;
- (SWBDirectTestInsets)view:(id)view insetsFor:(SWBDirectTestInsets)insets;
- (SWBDirectTestRange)view:(id)view range:(SWBDirectTestRange)range;
- (BOOL)view:(id)view shouldChange:(SWBDirectTestRange)range text:(id)text;
- (void)view:(id)view moved:(float)distance;
@end

/// The same selector as SWBDirectDelegate's `view:index:`, of another type: a proxy adopting one
/// protocol and a proxy adopting the other must each read their own.
@protocol SWBDirectOtherDelegate <NSObject>
- (double)view:(id)view index:(double)index;
@end

/// Implements SWBDirectOtherDelegate's `view:index:`.
@interface DoubleIndexHandler : NSObject <SWBDirectOtherDelegate>
@end
@implementation DoubleIndexHandler
- (double)view:(id)view index:(double)index { return index * 2; }
@end

@interface DirectHandler : NSObject <SWBDirectDelegate> {
 @public
  int changes;
  BOOL lastFlag;
  int lastCount;
}
@end
@implementation DirectHandler
- (void)viewDidChange:(id)view { changes++; }
- (BOOL)view:(id)view allows:(BOOL)flag count:(int)count scale:(double)scale {
  lastFlag = flag;
  lastCount = count;
  return flag && count < 0 && scale == 1.5;
}
- (long)view:(id)view index:(long)index { return index * 2; }
- (double)view:(id)view heightAt:(unsigned long)row { return row + 0.5; }
- (id)view:(id)view titleFor:(long)section {
  return [NSString stringWithFormat:@"section %ld", section];
}
- (SWBDirectTestPoint)view:(id)view
          targetFor:(SWBDirectTestPoint)proposed
           velocity:(SWBDirectTestPoint)velocity {
  SWBDirectTestPoint target = {proposed.x + velocity.x, proposed.y + velocity.y};
  return target;
}
- (SWBDirectTestInsets)view:(id)view insetsFor:(SWBDirectTestInsets)insets {
  insets.right += 1;
  return insets;
}
- (SWBDirectTestRange)view:(id)view range:(SWBDirectTestRange)range {
  range.length += 10;
  return range;
}
- (BOOL)view:(id)view shouldChange:(SWBDirectTestRange)range text:(id)text {
  return range.location == 3 && range.length == 4 && [text isEqual:@"abc"];
}
- (void)view:(id)view moved:(float)distance {}
@end

/// Sends every message to its target; counts the messages of each path.
@interface CountingProxy : SWBForwardingProxy <SWBDirectDelegate> {
 @public
  id target;
  int invocations;
  int direct;
  NSArray *lastArguments;
}
@end
@implementation CountingProxy
- (void)forwardMessage:(SWBForwardedMessage *)message {
  if ([message isDirect]) direct++; else invocations++;
  [lastArguments release];
  lastArguments = [[message arguments] retain];
  [message invokeWithTarget:target];
}
@end

/// Names its handler as the forwarding target, as a delegate proxy does for a method one
/// handler implements and nothing observes.
@interface TargetingProxy : SWBForwardingProxy <SWBDirectDelegate> {
 @public
  id target;
  int forwarded;
}
@end
@implementation TargetingProxy
- (id)forwardingTargetForSelector:(SEL)selector { return target; }
- (void)forwardMessage:(SWBForwardedMessage *)message {
  forwarded++;
  [message invokeWithTarget:target];
}
@end

/// Sends each direct message to every target without an SWBForwardedMessage, as a broadcast
/// does; answers what the last target answered.
@interface BroadcastingProxy : SWBForwardingProxy <SWBDirectDelegate> {
 @public
  NSArray *targets;
}
@end
@implementation BroadcastingProxy
- (void)forwardMessage:(SWBForwardedMessage *)message {
  for (id target in targets) [message invokeWithTarget:target];
}
- (void)forwardDirectMessage:(SWBDirectMessage *)message {
  for (id target in targets) SWBSendDirectMessage(message, target);
}
@end

/// A TargetingProxy that says it responds to what its target does, as a delegate proxy does:
/// a handler that implements no method itself.
@interface NestedProxy : TargetingProxy
@end
@implementation NestedProxy
- (BOOL)respondsToSelector:(SEL)selector {
  return [super respondsToSelector:selector] || [target respondsToSelector:selector];
}
@end

/// Answers as its instance variables say, so two of them answer differently.
@interface AnsweringHandler : NSObject {
 @public
  BOOL allows;
  id title;
  double scale;
}
@end
@implementation AnsweringHandler
- (BOOL)view:(id)view allows:(BOOL)flag count:(int)count scale:(double)ignored {
  return allows;
}
- (double)view:(id)view heightAt:(unsigned long)row { return row * scale; }
- (id)view:(id)view titleFor:(long)section { return title; }
- (SWBDirectTestInsets)view:(id)view insetsFor:(SWBDirectTestInsets)insets {
  insets.right *= scale;
  return insets;
}
@end

/// Reads back each target's answer where SWBSendDirectMessage stored it, as a rule that
/// combines answers does (the routing then reads it as the method declares it: RawAnswer in
/// Sources/Switchboard): the bytes of each answer, in order, with no SWBForwardedMessage.
@interface ReadBackProxy : SWBForwardingProxy <SWBDirectDelegate> {
 @public
  NSArray *targets;
  NSMutableArray *answers;
  int direct;
}
@end
@implementation ReadBackProxy
- (void)forwardMessage:(SWBForwardedMessage *)message {
  for (id target in targets) {
    if ([target respondsToSelector:[message selector]]) [message invokeWithTarget:target];
  }
}
- (void)forwardDirectMessage:(SWBDirectMessage *)message {
  direct++;
  [answers removeAllObjects];
  NSUInteger length = message->answerKind == 'R' ? 32 : message->answerKind == 'P' ? 16 : 8;
  for (id target in targets) {
    // The routing sends it only to the handlers that implement it.
    if (![target respondsToSelector:message->selector]) continue;
    SWBSendDirectMessage(message, target);
    [answers addObject:[NSData dataWithBytes:message->answer length:length]];
  }
}
@end

/// The answer at `index` that a ReadBackProxy read, as a `T`.
#define READ_BACK(proxy, index, T) (*(const T *)[[(proxy)->answers objectAtIndex:(index)] bytes])

/// Adopts protocols one proxy at a time, and sends every message to its target.
@interface DirectAdoptingProxy : SWBForwardingProxy {
 @public
  id target;
  int direct;
}
@end
@implementation DirectAdoptingProxy
- (void)forwardMessage:(SWBForwardedMessage *)message {
  if ([message isDirect]) direct++;
  [message invokeWithTarget:target];
}
@end

/// Every kind of argument and answer arrives and comes back on both paths.
static void shapes(void) {
  CountingProxy *proxy = [[CountingProxy alloc] init];
  DirectHandler *handler = [[DirectHandler alloc] init];
  proxy->target = handler;
  id<SWBDirectDelegate> delegate = (id<SWBDirectDelegate>)proxy;
  SWBDirectTestPoint proposed = {1, 2};
  SWBDirectTestPoint velocity = {10, 20};
  SWBDirectTestInsets insets = {1, 2, 3, 4};
  SWBDirectTestRange range = {3, 4};
  for (int pass = 0; pass < 2; pass++) {
    const char *path = pass == 0 ? " (forwardInvocation:)" : " (direct path)";
    char name[200];
#define CHECK(condition, text)                    \
  snprintf(name, sizeof name, "%s%s", text, path); \
  check(condition, name)
    [delegate viewDidChange:nil];
    CHECK(handler->changes == pass + 1, "a notification reaches the target");
    CHECK([delegate view:nil allows:YES count:-3 scale:1.5] == YES,
          "a BOOL, a negative int and a double arrive, and a BOOL answer comes back");
    CHECK(handler->lastFlag == YES && handler->lastCount == -3, "with their values");
    NSArray *arguments = proxy->lastArguments;
    CHECK([arguments count] == 4 && [[arguments objectAtIndex:1] boolValue]
            && [[arguments objectAtIndex:2] intValue] == -3
            && [[arguments objectAtIndex:3] doubleValue] == 1.5,
          "and box as numbers");
    CHECK([delegate view:nil index:-21] == -42, "a long arrives and comes back");
    CHECK([delegate view:nil heightAt:7] == 7.5, "a double answer comes back");
    CHECK([[delegate view:nil titleFor:2] isEqual:@"section 2"], "an object answer comes back");
    SWBDirectTestPoint target = [delegate view:nil targetFor:proposed velocity:velocity];
    CHECK(target.x == 11 && target.y == 22, "two CGPoint-like structures arrive and one comes back");
    SWBDirectTestInsets moved = [delegate view:nil insetsFor:insets];
    CHECK(moved.top == 1 && moved.left == 2 && moved.bottom == 3 && moved.right == 5,
          "an inset-like structure of four doubles arrives and comes back");
    SWBDirectTestRange longer = [delegate view:nil range:range];
    CHECK(longer.location == 3 && longer.length == 14, "a range arrives and comes back");
    CHECK([delegate view:nil shouldChange:range text:@"abc"],
          "a range between objects arrives (a text field's shouldChangeCharactersInRange:)");
    [delegate view:nil moved:2.5f];
#undef CHECK
  }
  check(proxy->invocations == 11 && proxy->direct == 9,
        "the first message of each of 10 selectors is forwarded, the second takes the direct "
        "path (9), but a float's, which keeps forwardInvocation: (11)");
  check([proxy deliversDirectly:@selector(view:insetsFor:)]
          && ![proxy deliversDirectly:@selector(view:moved:)],
        "deliversDirectly: says which");
  check(![proxy respondsToSelector:@selector(view:insetsFor:)]
          && ![proxy respondsToSelector:@selector(viewDidChange:)],
        "a direct-path method is no method of the proxy's own: it does not respond to it");
  check([proxy respondsToSelector:@selector(forwardMessage:)], "its own methods it responds to");
  [proxy->lastArguments release];
  [proxy release];
  [handler release];
}

/// A forwarding target takes the direct message straight from the proxy's method.
static void forwardingTargets(void) {
  TargetingProxy *proxy = [[TargetingProxy alloc] init];
  DirectHandler *handler = [[DirectHandler alloc] init];
  proxy->target = handler;
  id<SWBDirectDelegate> delegate = (id<SWBDirectDelegate>)proxy;
  check([delegate view:nil index:4] == 8, "the first message is forwarded (the GNU runtime asks no target)");
  check(proxy->forwarded == 1, "through forwardInvocation:");
  check([delegate view:nil index:5] == 10 && [delegate view:nil index:6] == 12,
        "the next ones reach the target");
  check(proxy->forwarded == 1, "without forwardInvocation: or forwardMessage:");
  [proxy release];
  [handler release];
}

/// A proxy reads the direct message itself and sends it to several targets.
static void broadcasts(void) {
  BroadcastingProxy *proxy = [[BroadcastingProxy alloc] init];
  DirectHandler *first = [[DirectHandler alloc] init];
  DirectHandler *second = [[DirectHandler alloc] init];
  proxy->targets = [[NSArray alloc] initWithObjects:first, second, nil];
  id<SWBDirectDelegate> delegate = (id<SWBDirectDelegate>)proxy;
  for (int index = 0; index < 3; index++) [delegate viewDidChange:nil];
  check(first->changes == 3 && second->changes == 3, "a notification reaches both targets");
  SWBDirectTestInsets insets = {1, 1, 1, 1};
  [delegate view:nil insetsFor:insets];
  SWBDirectTestInsets answer = [delegate view:nil insetsFor:insets];
  check(answer.right == 2, "a structure answer comes back from the targets");
  [proxy->targets release];
  [proxy release];
  [first release];
  [second release];
}

/// Each handler's answer is read back where it stored it, message after message: a BOOL in
/// its low byte, an object, a double and a structure; from a handler that does not implement
/// the method itself too (a proxy that names a forwarding target, as a parent's old delegate
/// may be); a handler that does not implement it at all is not sent it.
static void readBack(void) {
  AnsweringHandler *yes = [[AnsweringHandler alloc] init];
  AnsweringHandler *no = [[AnsweringHandler alloc] init];
  yes->allows = YES;
  yes->title = @"first";
  yes->scale = 2;
  no->allows = NO;
  no->title = nil;
  no->scale = 3;
  NestedProxy *nested = [[NestedProxy alloc] init];
  nested->target = yes;
  NSObject *bystander = [[NSObject alloc] init];
  ReadBackProxy *proxy = [[ReadBackProxy alloc] init];
  proxy->targets = [[NSArray alloc] initWithObjects:yes, bystander, no, nested, nil];
  proxy->answers = [[NSMutableArray alloc] init];
  id<SWBDirectDelegate> delegate = (id<SWBDirectDelegate>)proxy;
  SWBDirectTestInsets insets = {1, 1, 1, 1};
  for (int pass = 0; pass < 3; pass++) {
    [delegate view:nil allows:YES count:1 scale:1];
    [delegate view:nil heightAt:10];
    [delegate view:nil titleFor:0];
    [delegate view:nil insetsFor:insets];
  }
  check(proxy->direct == 8, "the messages after the first of each selector take the direct path");
  check([proxy->answers count] == 3, "three handlers implement the method: three answers read");
  [delegate view:nil allows:YES count:1 scale:1];
  check((READ_BACK(proxy, 0, uintptr_t) & 0xFF) == YES && (READ_BACK(proxy, 1, uintptr_t) & 0xFF) == NO
          && (READ_BACK(proxy, 2, uintptr_t) & 0xFF) == YES,
        "a BOOL answer is read back from each handler in its low byte, YES after NO after YES");
  [delegate view:nil heightAt:10];
  check(READ_BACK(proxy, 0, double) == 20 && READ_BACK(proxy, 1, double) == 30
          && READ_BACK(proxy, 2, double) == 20,
        "a double answer is read back from each handler");
  [delegate view:nil titleFor:0];
  check(READ_BACK(proxy, 0, id) == yes->title && READ_BACK(proxy, 1, id) == nil
          && READ_BACK(proxy, 2, id) == yes->title,
        "an object answer, or nil, is read back from each handler");
  [delegate view:nil insetsFor:insets];
  check(READ_BACK(proxy, 0, SWBDirectTestInsets).right == 2
          && READ_BACK(proxy, 1, SWBDirectTestInsets).right == 3
          && READ_BACK(proxy, 2, SWBDirectTestInsets).top == 1,
        "a structure answer is read back from each handler");
  [proxy->targets release];
  [proxy->answers release];
  [proxy release];
  [nested release];
  [bystander release];
  [yes release];
  [no release];
}

/// Proxies of one class that adopted different protocols alone each read their own types.
static void adoptedAlone(void) {
  DirectHandler *handler = [[DirectHandler alloc] init];
  DoubleIndexHandler *doubleHandler = [[DoubleIndexHandler alloc] init];
  DirectAdoptingProxy *integers = [[DirectAdoptingProxy alloc] init];
  DirectAdoptingProxy *doubles = [[DirectAdoptingProxy alloc] init];
  DirectAdoptingProxy *plain = [[DirectAdoptingProxy alloc] init];
  integers->target = handler;
  doubles->target = doubleHandler;
  plain->target = handler;
  [integers adoptProtocol:@protocol(SWBDirectDelegate)];
  [doubles adoptProtocol:@protocol(SWBDirectOtherDelegate)];
  check([integers class] == [DirectAdoptingProxy class] && [doubles class] == [DirectAdoptingProxy class]
          && [integers isKindOfClass:[DirectAdoptingProxy class]],
        "a proxy that adopted a protocol alone still says it is of its class");
  for (int pass = 0; pass < 2; pass++) {
    check([(id<SWBDirectDelegate>)integers view:nil index:3] == 6, "a long index arrives as a long");
    check([(id<SWBDirectOtherDelegate>)doubles view:nil index:1.25] == 2.5,
          "the same selector of another protocol arrives as a double");
  }
  check(integers->direct == 1 && doubles->direct == 1,
        "each took the direct path the second time, with its own method");
  check(![plain deliversDirectly:@selector(view:index:)]
          && [plain methodSignatureForSelector:@selector(view:index:)] == nil,
        "a proxy of the class that adopted neither gets neither");
  [integers release];
  [doubles release];
  [plain release];
  [handler release];
  [doubleHandler release];
}

void directPathTests(void) {
  shapes();
  forwardingTargets();
  broadcasts();
  readBack();
  adoptedAlone();
}
