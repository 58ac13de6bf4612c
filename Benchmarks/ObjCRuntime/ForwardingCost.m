// What a notification sent to two handlers costs on a real Objective-C runtime (Debian's GNU
// runtime with GNUstep Base, built with GCC by Benchmarks/objc-forwarding-cost.sh), per message,
// against hand-written glue measured in the same run:
//
// - glue: an object whose method calls both handlers, as a screen's glue method would;
// - typed: a proxy class that implements the method itself and calls each handler with a plain
//   message, as DelegateProxy's and the list proxies' typed scroll-view methods do;
// - broadcast: the Objective-C half of a broadcast the proxy class does not implement, on the
//   direct path: the first message reaches forwardInvocation:, which gives the class its
//   method; from then on that method hands the message's arguments, where they are, to
//   -forwardDirectMessage:, which sends it to each handler (SWBSendDirectMessage), as
//   DelegateProxy's routing does (the Swift between is not on this runtime).
//
// And what a method of four arguments that returns a BOOL costs through the proxy, against a
// direct message to a handler that implements it:
//
// - method answer: one handler implements it and nothing observes it, so the proxy names it as
//   the forwarding target, as DelegateProxy does; the direct-path method sends it there;
// - closure answer: the Objective-C half of a closure handler's answer: the direct-path method
//   hands the message to -forwardDirectMessage:, which reads the arguments where they are and
//   stores the answer; the Swift half between (reading them as the closure's types, the call)
//   is the ProxyDispatch benchmark's "delegate proxy closure handler, direct" row;
// - combined answer read back: a rule that combines two handlers' answers (all must allow,
//   and both allow, so both are asked): the direct-path method hands the message to
//   -forwardDirectMessage:, which sends it to each handler (SWBSendDirectMessage) and reads
//   the answer where that stored it, the low byte of a BOOL, as DelegateProxy's routing does
//   (RawAnswer.value(declaredAs:); the Swift half between, boxing it as an NSNumber and the
//   rule, is not on this runtime);
// - read through SWBForwardedMessage: the same, each answer read through an
//   SWBForwardedMessage made for the read (its signature looked up, the answer boxed), as the
//   routing did before, and still does for a type it does not read in place.
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

/// A proxy class that does not implement it: the direct path sends each message to every
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
- (void)forwardDirectMessage:(SWBDirectMessage *)message {
  for (id target in targets) SWBSendDirectMessage(message, target);
}
@end

static double now(void);

@protocol SWBAnswerDelegate <NSObject>
- (BOOL)view:(id)view shouldShow:(long)count scale:(double)scale animated:(BOOL)animated;
@end

@interface AnswerHandler : NSObject <SWBAnswerDelegate>
@end
@implementation AnswerHandler
- (BOOL)view:(id)view shouldShow:(long)count scale:(double)scale animated:(BOOL)animated {
  return animated && count > 0 && scale > 0;
}
@end

/// Names its handler as the forwarding target of every message.
@interface MethodAnswerProxy : SWBForwardingProxy <SWBAnswerDelegate> {
 @public
  id handler;
}
@end
@implementation MethodAnswerProxy
- (id)forwardingTargetForSelector:(SEL)selector {
  return handler;
}
- (void)forwardMessage:(SWBForwardedMessage *)message {
  [message invokeWithTarget:handler];
}
@end

/// Asks its handlers in turn until one answers NO (all must allow), reading each answer back
/// in place on the direct path, or through an SWBForwardedMessage (`boxed`).
@interface ReadAnswerProxy : SWBForwardingProxy <SWBAnswerDelegate> {
 @public
  id handlers[2];
  BOOL boxed;
  long reads;
}
@end
@implementation ReadAnswerProxy
- (void)forwardMessage:(SWBForwardedMessage *)message {
  for (int index = 0; index < 2; index++) {
    [message invokeWithTarget:handlers[index]];
    reads++;
    if (![[message returnedValue] boolValue]) return;
  }
}
- (void)forwardDirectMessage:(SWBDirectMessage *)message {
  for (int index = 0; index < 2; index++) {
    SWBSendDirectMessage(message, handlers[index]);
    reads++;
    if (boxed) {
      // As the routing read each answer before: an SWBForwardedMessage made for the read.
      SWBForwardedMessage *read = [[SWBForwardedMessage alloc] initWithDirectMessage:message
                                                                            receiver:self];
      BOOL allows = [[read returnedValue] boolValue];
      [read release];
      if (!allows) return;
    } else if (*(unsigned char *)message->answer == NO) {
      // A BOOL is the word's low byte: the method may have left anything above it.
      return;
    }
  }
}
@end

/// Answers every message as a closure handler's Objective-C half does on the direct path: the
/// arguments read where they are, the answer stored.
@interface ClosureAnswerProxy : SWBForwardingProxy <SWBAnswerDelegate>
@end
@implementation ClosureAnswerProxy
- (void)forwardMessage:(SWBForwardedMessage *)message {
  NSArray *arguments = [message arguments];
  BOOL answer = [[arguments objectAtIndex:3] boolValue] && [[arguments objectAtIndex:1] longValue] > 0
                && [[arguments objectAtIndex:2] doubleValue] > 0;
  [message answerWithValue:[NSNumber numberWithBool:answer]];
}
- (void)forwardDirectMessage:(SWBDirectMessage *)message {
  long count = *(long *)message->arguments[1];
  double scale = *(double *)message->arguments[2];
  BOOL animated = *(BOOL *)message->arguments[3];
  *(uintptr_t *)message->answer = animated && count > 0 && scale > 0;
}
@end

/// The fastest of five rounds of `counts[row]` answers from `receivers[row]`, in nanoseconds
/// per message, in `best`: each round measures every row in turn, so that a machine busy for a
/// while slows every row alike, and the ratios between rows hold.
static void measureAnswers(int rows, id<SWBAnswerDelegate> receivers[], const long counts[],
                           double best[], long *yes) {
  for (int row = 0; row < rows; row++) best[row] = 1e30;
  for (int round = 0; round < 5; round++) {
    for (int row = 0; row < rows; row++) {
      NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
      double start = now();
      for (long index = 0; index < counts[row]; index++) {
        if ([receivers[row] view:nil shouldShow:3 scale:1.5 animated:YES]) (*yes)++;
      }
      double perMessage = (now() - start) / counts[row];
      if (perMessage < best[row]) best[row] = perMessage;
      [pool drain];
    }
  }
}

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
  double forwardedCost = measure(forwarded, 2000000);
  long expected = 2 * 5 * (2000000L + 2000000L + 2000000L) + 5 * 2000000L;
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
  printf("  broadcast, direct path (ObjC half)   %8.1f ns  %6.2fx glue (target 10x)\n",
         forwardedCost, forwardedCost / glued);

  AnswerHandler *answerer = [[AnswerHandler alloc] init];
  MethodAnswerProxy *methodProxy = [[MethodAnswerProxy alloc] init];
  methodProxy->handler = answerer;
  ClosureAnswerProxy *closureProxy = [[ClosureAnswerProxy alloc] init];
  AnswerHandler *secondAnswerer = [[AnswerHandler alloc] init];
  ReadAnswerProxy *readProxy = [[ReadAnswerProxy alloc] init];
  ReadAnswerProxy *boxedProxy = [[ReadAnswerProxy alloc] init];
  readProxy->handlers[0] = boxedProxy->handlers[0] = answerer;
  readProxy->handlers[1] = boxedProxy->handlers[1] = secondAnswerer;
  boxedProxy->boxed = YES;
  long yes = 0;
  id<SWBAnswerDelegate> receivers[] = {answerer, methodProxy, closureProxy, readProxy, boxedProxy};
  const long counts[] = {2000000, 2000000, 2000000, 2000000, 200000};
  double best[5];
  measureAnswers(5, receivers, counts, best, &yes);
  double directAnswer = best[0], methodAnswer = best[1], closureAnswer = best[2];
  double readAnswer = best[3], boxedAnswer = best[4];
  long expectedYes = 5 * (4 * 2000000L + 200000L);
  if (yes != expectedYes || readProxy->reads != 2 * 5 * 2000000L
      || boxedProxy->reads != 2 * 5 * 200000L) {
    printf("objc forwarding cost: %ld answers were yes, %ld expected\n", yes, expectedYes);
    return 1;
  }
  SEL answering = @selector(view:shouldShow:scale:animated:);
  if (![forwarded deliversDirectly:@selector(viewDidScroll:)]
      || ![methodProxy deliversDirectly:answering] || ![closureProxy deliversDirectly:answering]
      || ![readProxy deliversDirectly:answering] || ![boxedProxy deliversDirectly:answering]) {
    printf("objc forwarding cost: a proxy did not take the direct path\n");
    return 1;
  }
  printf("A method of four arguments that returns a BOOL, per message (fastest of 5 rounds):\n");
  printf("  direct message to its handler        %8.1f ns  (baseline)\n", directAnswer);
  printf("  a method answers, direct path        %8.1f ns  %6.2fx (target 10x)\n", methodAnswer,
         methodAnswer / directAnswer);
  printf("  a closure answers (ObjC half)        %8.1f ns  %6.2fx (target 50x)\n", closureAnswer,
         closureAnswer / directAnswer);
  // Issue 70's bound for a combined answer read back: 10 times a direct message.
  printf("  two answers combined, read in place  %8.1f ns  %6.2fx (target 10x: %s)\n",
         readAnswer, readAnswer / directAnswer, readAnswer <= 10 * directAnswer ? "met" : "NOT MET");
  printf("  the same, read through SWBForwardedMessage (before) %.1f ns  %.2fx\n", boxedAnswer,
         boxedAnswer / directAnswer);
  [pool drain];
  return 0;
}
