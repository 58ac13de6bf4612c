// What a notification sent to two handlers costs on a real Objective-C runtime (Debian's GNU
// runtime with GNUstep Base, built with GCC by Benchmarks/objc-forwarding-cost.sh), per message,
// against hand-written glue measured in the same run:
//
// - glue: an object whose method calls both handlers, as a screen's glue method would;
// - typed: a proxy class that implements the method itself and calls each handler with a plain
//   message, as DelegateProxy's and the list proxies' typed scroll-view methods do;
// - forwarded: the Objective-C half of a broadcast the proxy class does not implement: the
//   runtime builds an NSInvocation (methodSignatureForSelector:, forwardInvocation:), and the
//   base's message invokes it on each handler (the Swift routing between is not on this runtime).
//
// Manual reference counting: GCC has no ARC.
#import <Foundation/Foundation.h>
#import "SWBForwardingProxy.h"
#include <stdio.h>
#include <time.h>

@protocol SWBCostDelegate <NSObject>
- (void)viewDidScroll:(id)view;
@end

@interface CostHandler : NSObject <SWBCostDelegate> {
 @public
  long scrolls;
}
@end
@implementation CostHandler
- (void)viewDidScroll:(id)view { scrolls++; }
@end

/// Hand-written glue: one method that calls both handlers.
@interface CostGlue : NSObject <SWBCostDelegate> {
 @public
  CostHandler *first;
  CostHandler *second;
}
@end
@implementation CostGlue
- (void)viewDidScroll:(id)view {
  [first viewDidScroll:view];
  [second viewDidScroll:view];
}
@end

/// A proxy class that implements the notification itself: a plain message to each handler.
@interface TypedProxy : SWBForwardingProxy <SWBCostDelegate> {
 @public
  NSArray *targets;
}
@end
@implementation TypedProxy
- (void)viewDidScroll:(id)view {
  for (id target in targets) [target viewDidScroll:view];
}
@end

/// A proxy class that does not implement it: every message is an NSInvocation, invoked on each
/// handler.
@interface ForwardedProxy : SWBForwardingProxy <SWBCostDelegate> {
 @public
  NSArray *targets;
}
@end
@implementation ForwardedProxy
- (void)forwardMessage:(SWBForwardedMessage *)message {
  for (id target in targets) [message invokeWithTarget:target];
}
@end

static double now(void) {
  struct timespec time;
  clock_gettime(CLOCK_MONOTONIC, &time);
  return time.tv_sec * 1e9 + time.tv_nsec;
}

/// The fastest of five runs of `count` messages to `receiver`, in nanoseconds per message.
static double measure(id<SWBCostDelegate> receiver, long count) {
  double best = 1e30;
  for (int run = 0; run < 5; run++) {
    NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
    double start = now();
    for (long index = 0; index < count; index++) [receiver viewDidScroll:nil];
    double perMessage = (now() - start) / count;
    if (perMessage < best) best = perMessage;
    [pool drain];
  }
  return best;
}

int main(void) {
  NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
  CostHandler *first = [[CostHandler alloc] init];
  CostHandler *second = [[CostHandler alloc] init];
  NSArray *targets = [[NSArray alloc] initWithObjects:first, second, nil];
  CostGlue *glue = [[CostGlue alloc] init];
  glue->first = first;
  glue->second = second;
  TypedProxy *typed = [[TypedProxy alloc] init];
  typed->targets = targets;
  ForwardedProxy *forwarded = [[ForwardedProxy alloc] init];
  forwarded->targets = targets;

  double direct = measure(first, 2000000);
  double glued = measure(glue, 2000000);
  double typedCost = measure(typed, 2000000);
  double forwardedCost = measure(forwarded, 100000);
  long expected = 2 * 5 * (2000000L + 2000000L + 100000L) + 5 * 2000000L;
  if (first->scrolls + second->scrolls != expected) {
    printf("objc forwarding cost: %ld messages delivered, %ld expected\n",
           first->scrolls + second->scrolls, expected);
    return 1;
  }
  printf("A notification to two handlers, per message (fastest of 5 runs):\n");
  printf("  direct message to one handler        %8.1f ns\n", direct);
  printf("  hand-written glue                    %8.1f ns  (baseline)\n", glued);
  printf("  proxy class's own method (typed)     %8.1f ns  %6.2fx glue\n", typedCost,
         typedCost / glued);
  printf("  forwarded (NSInvocation, ObjC half)  %8.1f ns  %6.0fx glue\n", forwardedCost,
         forwardedCost / glued);
  [pool drain];
  return 0;
}
