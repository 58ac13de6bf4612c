// Tests of the Objective-C forwarding base (Sources/SwitchboardObjC) on a real Objective-C
// runtime: Debian's GNU runtime with GNUstep Base, built with GCC by
// Scripts/objc-runtime-tests.sh. Signatures from adopted, inherited and superclass protocols,
// zero answers of every return kind, delivery through NSInvocation, argument boxing, and
// remembered signatures. Manual reference counting: GCC has no ARC.
#import <Foundation/Foundation.h>
#import "SWBForwardingProxy.h"
#include <stdio.h>
#include <string.h>

typedef struct {
  double x, y;
} SWBTestPair;  // 16 bytes

typedef struct {
  double x, y, width, height;
} SWBTestBox;  // 32 bytes

// Boxed arguments are read back with -getValue:, which GNUstep's NSValue for two doubles (it
// takes them for an NSPoint) fills only in part; a structure of another shape avoids that bug
// of the test's runtime.
typedef struct {
  double value;
  NSInteger tag;
} SWBTestTagged;

// The protocols' methods are required: GCC records no @optional method in a protocol's
// metadata, so on this runtime only required ones have declared signatures (the base looks up
// required, then optional methods; Apple's runtime has both).
@protocol SWBTestBase <NSObject>
- (void)baseDidChange:(id)sender;
@end

@protocol SWBTestDelegate <SWBTestBase>
- (void)viewDidScroll:(id)view;
- (BOOL)viewShouldReturn:(id)view;
- (NSInteger)numberOfRowsIn:(id)view section:(NSInteger)section;
- (double)heightFor:(id)view row:(NSInteger)row;
- (id)titleFor:(id)view section:(NSInteger)section;
- (SWBTestPair)pairFor:(id)view;
- (SWBTestBox)boxFor:(id)view proposed:(SWBTestBox)proposed;
- (SWBTestTagged)taggedFor:(id)view;
- (NSInteger)indexFor:(id)view proposed:(NSInteger)proposed;
- (void)view:(id)view
        flag:(BOOL)flag
      number:(double)number
       count:(NSInteger)count
      object:(id)object
    selector:(SEL)selector
      tagged:(SWBTestTagged)tagged;
- (void)viewWillEndDragging:(id)view targetOffset:(SWBTestPair *)offset stop:(BOOL *)stop;
@end

/// Adopts the protocol and implements none of it: the base answers zero.
@interface TestProxy : SWBForwardingProxy <SWBTestDelegate>
@end
@implementation TestProxy
@end

/// Adopts it only through its superclass.
@interface TestProxySubclass : TestProxy
@end
@implementation TestProxySubclass
@end

/// Delivers every forwarded message to a target, and keeps what it saw.
@interface DeliveringProxy : SWBForwardingProxy <SWBTestDelegate> {
 @public
  id target;
  NSArray *lastArguments;
  BOOL lastReturnsVoid;
  NSString *lastSelector;
}
@end
@implementation DeliveringProxy
- (void)forwardMessage:(SWBForwardedMessage *)message {
  [lastArguments release];
  lastArguments = [[message arguments] retain];
  lastReturnsVoid = [message returnsVoid];
  [lastSelector release];
  lastSelector = [NSStringFromSelector([message selector]) retain];
  if (target) {
    [message invokeWithTarget:target];
  } else {
    [message answerZero];
  }
}
@end

/// Declares no protocol: the test adopts one at run time, as the list proxies adopt their
/// views' data-source protocols, whose required methods they implement in no language.
@interface RuntimeAdoptingProxy : SWBForwardingProxy {
 @public
  id target;
  NSString *lastSelector;
}
@end
@implementation RuntimeAdoptingProxy
- (void)forwardMessage:(SWBForwardedMessage *)message {
  [lastSelector release];
  lastSelector = [NSStringFromSelector([message selector]) retain];
  [message invokeWithTarget:target];
}
@end

/// Adopts protocols one proxy at a time (its class adopts none), and sends every message to its
/// target.
@interface InstanceAdoptingProxy : SWBForwardingProxy {
 @public
  id target;
}
@end
@implementation InstanceAdoptingProxy
- (void)forwardMessage:(SWBForwardedMessage *)message {
  [message invokeWithTarget:target];
}
@end

/// Sends every message to its target, reads the object it answered, and answers another one
/// for `titleFor:section:`, as a list proxy replaces a cell that was not dequeued.
@interface ReadingProxy : SWBForwardingProxy <SWBTestDelegate> {
 @public
  id target;
  id lastReturned;
  id lastValue;
}
@end
@implementation ReadingProxy
- (void)forwardMessage:(SWBForwardedMessage *)message {
  [message invokeWithTarget:target];
  [lastReturned release];
  lastReturned = [[message returnedObject] retain];
  [lastValue release];
  lastValue = [[message returnedValue] retain];
  if ([NSStringFromSelector([message selector]) isEqualToString:@"titleFor:section:"]) {
    [message answerWithValue:[NSString stringWithFormat:@"%@ (checked)", lastReturned]];
  }
}
@end

/// Answers every message with a fallback, as a delegate proxy does for a handler that is gone:
/// a value for most, the proposed argument for the `proposed:` methods.
@interface FallbackProxy : SWBForwardingProxy <SWBTestDelegate>
@end
@implementation FallbackProxy
- (void)forwardMessage:(SWBForwardedMessage *)message {
  NSString *name = NSStringFromSelector([message selector]);
  if ([name hasSuffix:@"proposed:"]) {
    [message answerWithArgumentAtIndex:1];
  } else if ([name isEqualToString:@"viewShouldReturn:"]) {
    [message answerWithValue:[NSNumber numberWithBool:YES]];
  } else if ([name isEqualToString:@"numberOfRowsIn:section:"]) {
    [message answerWithValue:[NSNumber numberWithInteger:12]];
  } else if ([name isEqualToString:@"heightFor:row:"]) {
    [message answerWithValue:[NSNumber numberWithDouble:2.5]];
  } else if ([name isEqualToString:@"titleFor:section:"]) {
    [message answerWithValue:@"fallback"];
  } else if ([name isEqualToString:@"taggedFor:"]) {
    SWBTestTagged tagged = {1.5, 9};
    [message answerWithValue:[NSValue valueWithBytes:&tagged objCType:@encode(SWBTestTagged)]];
  } else if ([name isEqualToString:@"pairFor:"]) {
    [message answerWithValue:@"not a structure"];
  } else {
    [message answerZero];
  }
}
@end

/// A handler that implements the protocol (but `baseDidChange:`), and a method no protocol
/// declares.
@interface Handler : NSObject <SWBTestDelegate> {
 @public
  int scrolls;
}
- (NSInteger)customCount;
@end
@implementation Handler
- (void)viewDidScroll:(id)view { scrolls++; }
- (BOOL)viewShouldReturn:(id)view { return YES; }
- (NSInteger)numberOfRowsIn:(id)view section:(NSInteger)section { return section + 41; }
- (double)heightFor:(id)view row:(NSInteger)row { return 44.5; }
- (id)titleFor:(id)view section:(NSInteger)section { return @"Title"; }
- (SWBTestPair)pairFor:(id)view {
  SWBTestPair pair = {1, 2};
  return pair;
}
- (SWBTestBox)boxFor:(id)view proposed:(SWBTestBox)proposed {
  proposed.width += 1;
  return proposed;
}
- (NSInteger)customCount { return 7; }
@end

static int passed = 0;
static int failed = 0;

void check(BOOL condition, const char *name) {
  if (condition) {
    passed++;
  } else {
    failed++;
    printf("FAIL: %s\n", name);
  }
}

static void signatures(void) {
  TestProxy *proxy = [[TestProxy alloc] init];
  NSMethodSignature *scroll = [proxy methodSignatureForSelector:@selector(viewDidScroll:)];
  check(scroll != nil, "a void method of an adopted protocol has a signature");
  check([scroll methodReturnLength] == 0, "its return length is 0");
  check([scroll numberOfArguments] == 3, "it takes self, _cmd and one argument");
  NSMethodSignature *rows = [proxy methodSignatureForSelector:@selector(numberOfRowsIn:section:)];
  check(rows != nil && [rows methodReturnLength] == sizeof(NSInteger),
        "an NSInteger method's signature returns an NSInteger");
  check([proxy methodSignatureForSelector:@selector(baseDidChange:)] != nil,
        "a method of a protocol the adopted protocol inherits has a signature");
  check([proxy methodSignatureForSelector:@selector(boxFor:proposed:)] != nil
            && [[proxy methodSignatureForSelector:@selector(boxFor:proposed:)] methodReturnLength]
                   == sizeof(SWBTestBox),
        "a 32-byte structure method's signature returns 32 bytes");
  check([proxy methodSignatureForSelector:@selector(description)] != nil,
        "NSObject's own methods keep their signatures");
  check([proxy methodSignatureForSelector:@selector(customCount)] == nil,
        "a selector no adopted protocol declares has none");
  check([proxy methodSignatureForSelector:@selector(viewDidScroll:)] == scroll
            || [[proxy methodSignatureForSelector:@selector(viewDidScroll:)] isEqual:scroll],
        "a second look-up gives the same signature");
  TestProxySubclass *subclass = [[TestProxySubclass alloc] init];
  check([subclass methodSignatureForSelector:@selector(heightFor:row:)] != nil,
        "a subclass finds the protocols its superclass adopts");
  [subclass release];
  [proxy release];
}

static void zeroAnswers(void) {
  TestProxy *proxy = [[TestProxy alloc] init];
  [proxy viewDidScroll:nil];
  check(YES, "a void message nobody implements is absorbed");
  check([proxy viewShouldReturn:nil] == NO, "a BOOL is answered NO");
  check([proxy numberOfRowsIn:nil section:3] == 0, "an NSInteger is answered 0");
  check([proxy heightFor:nil row:0] == 0.0, "a double is answered 0");
  check([proxy titleFor:nil section:0] == nil, "an object is answered nil");
  SWBTestPair pair = [proxy pairFor:nil];
  check(pair.x == 0 && pair.y == 0, "a 16-byte structure is answered zeroed");
  SWBTestBox proposed = {1, 2, 3, 4};
  SWBTestBox box = [proxy boxFor:nil proposed:proposed];
  check(box.x == 0 && box.y == 0 && box.width == 0 && box.height == 0,
        "a 32-byte structure is answered zeroed");
  [proxy release];
}

static void delivery(void) {
  DeliveringProxy *proxy = [[DeliveringProxy alloc] init];
  Handler *handler = [[Handler alloc] init];
  proxy->target = handler;
  [proxy viewDidScroll:nil];
  check(handler->scrolls == 1, "a void message reaches the target");
  check(proxy->lastReturnsVoid, "and is said to return nothing");
  check([proxy->lastSelector isEqualToString:@"viewDidScroll:"], "with its selector");
  check([proxy viewShouldReturn:nil] == YES, "a BOOL answer comes back");
  check(!proxy->lastReturnsVoid, "a method with an answer is said to return a value");
  check([proxy numberOfRowsIn:nil section:1] == 42, "an NSInteger answer comes back");
  check([proxy heightFor:nil row:0] == 44.5, "a double answer comes back");
  check([[proxy titleFor:nil section:0] isEqual:@"Title"], "an object answer comes back");
  SWBTestPair pair = [proxy pairFor:nil];
  check(pair.x == 1 && pair.y == 2, "a 16-byte structure answer comes back");
  SWBTestBox proposed = {1, 2, 3, 4};
  SWBTestBox box = [proxy boxFor:nil proposed:proposed];
  check(box.x == 1 && box.y == 2 && box.width == 4 && box.height == 4,
        "a 32-byte structure goes and comes back");
  [handler release];
  [proxy release];
}

static void boxing(void) {
  DeliveringProxy *proxy = [[DeliveringProxy alloc] init];
  SWBTestTagged tagged = {3.5, 4};
  [proxy view:nil
          flag:YES
        number:2.5
         count:-3
        object:@"x"
      selector:@selector(viewDidScroll:)
        tagged:tagged];
  NSArray *arguments = proxy->lastArguments;
  check([arguments count] == 7, "every argument is boxed");
  if ([arguments count] == 7) {
    check([arguments objectAtIndex:0] == [NSNull null], "nil becomes NSNull");
    check([[arguments objectAtIndex:1] boolValue] == YES, "a BOOL becomes a number");
    check([[arguments objectAtIndex:2] doubleValue] == 2.5, "a double becomes a number");
    check([[arguments objectAtIndex:3] integerValue] == -3, "an NSInteger becomes a number");
    check([[arguments objectAtIndex:4] isEqual:@"x"], "an object stays itself");
    check([[arguments objectAtIndex:5] isEqual:@"viewDidScroll:"], "a selector becomes its name");
    SWBTestTagged boxed = {0, 0};
    id value = [arguments objectAtIndex:6];
    if ([value isKindOfClass:[NSValue class]]) [value getValue:&boxed];
    check(boxed.value == 3.5 && boxed.tag == 4, "a structure becomes an NSValue of its bytes");
  }
  [proxy release];
}

/// A pointer argument is boxed as its address, which the handler may write through.
static void pointers(void) {
  DeliveringProxy *proxy = [[DeliveringProxy alloc] init];
  SWBTestPair offset = {1, 2};
  BOOL stop = NO;
  [proxy viewWillEndDragging:nil targetOffset:&offset stop:&stop];
  NSArray *arguments = proxy->lastArguments;
  check([arguments count] == 3, "a message with pointer arguments is boxed");
  if ([arguments count] == 3) {
    id address = [arguments objectAtIndex:1];
    check([address isKindOfClass:[NSNumber class]]
              && (uintptr_t)[address unsignedLongLongValue] == (uintptr_t)&offset,
          "a structure pointer becomes its address");
    check((uintptr_t)[[arguments objectAtIndex:2] unsignedLongLongValue] == (uintptr_t)&stop,
          "a BOOL pointer becomes its address");
  }
  [proxy release];
}

static void fallbackAnswers(void) {
  FallbackProxy *proxy = [[FallbackProxy alloc] init];
  check([proxy viewShouldReturn:nil] == YES, "a value answers a BOOL");
  check([proxy numberOfRowsIn:nil section:0] == 12, "a value answers an NSInteger");
  check([proxy heightFor:nil row:0] == 2.5, "a value answers a double");
  check([[proxy titleFor:nil section:0] isEqual:@"fallback"], "a value answers an object");
  SWBTestTagged tagged = [proxy taggedFor:nil];
  check(tagged.value == 1.5 && tagged.tag == 9, "an NSValue answers a structure of its size");
  SWBTestPair pair = [proxy pairFor:nil];
  check(pair.x == 0 && pair.y == 0, "a value of another kind answers zero");
  SWBTestBox proposed = {1, 2, 3, 4};
  SWBTestBox box = [proxy boxFor:nil proposed:proposed];
  check(box.x == 1 && box.y == 2 && box.width == 3 && box.height == 4,
        "the proposed argument answers a 32-byte structure");
  check([proxy indexFor:nil proposed:7] == 7, "the proposed argument answers an NSInteger");
  [proxy release];
}

static void rememberedSignatures(void) {
  Handler *handler = [[Handler alloc] init];
  TestProxy *proxy = [[TestProxy alloc] init];
  [proxy rememberSignatureOfSelector:@selector(customCount) from:handler];
  NSMethodSignature *remembered = [proxy methodSignatureForSelector:@selector(customCount)];
  check(remembered != nil && [remembered methodReturnLength] == sizeof(NSInteger),
        "a remembered signature answers for an undeclared selector");
  check([(id)proxy customCount] == 0, "and the message is answered zero once its handler is gone");
  [proxy rememberSignatureOfSelector:@selector(notImplementedByAnyone) from:handler];
  check([proxy methodSignatureForSelector:@selector(notImplementedByAnyone)] == nil,
        "nothing is remembered for a selector the object does not implement");
  TestProxy *other = [[TestProxy alloc] init];
  check([other methodSignatureForSelector:@selector(customCount)] == nil,
        "signatures are remembered per proxy");
  DeliveringProxy *delivering = [[DeliveringProxy alloc] init];
  delivering->target = handler;
  [delivering rememberSignatureOfSelector:@selector(customCount) from:handler];
  check([(id)delivering customCount] == 7, "a remembered selector is delivered to its target");
  [delivering release];
  [other release];
  [proxy release];
  [handler release];
}

/// Counts the deallocations of its instances.
static int trackedDeallocations = 0;
@interface Tracked : NSObject
@end
@implementation Tracked
- (void)dealloc {
  trackedDeallocations++;
  [super dealloc];
}
@end

/// The base's own initializer, declared in its implementation file.
@interface SWBForwardedMessage (SWBTesting)
- (instancetype)initWithInvocation:(NSInvocation *)invocation;
@end

/// Answers every message with a fresh object that it lets go of at once, as a Swift closure's
/// answer is released when the closure returns.
@interface FreshAnswerProxy : SWBForwardingProxy <SWBTestDelegate>
@end
@implementation FreshAnswerProxy
- (void)forwardMessage:(SWBForwardedMessage *)message {
  Tracked *fresh = [[Tracked alloc] init];
  [message answerWithValue:fresh];
  [fresh release];
}
@end

/// An object answered by the base lives until the caller's autorelease pool drains, as an
/// Objective-C method's answer does, by the base's own doing: the invocation here is released
/// before its answer is used (Apple's never retained it; GNUstep's releases it as it goes), so
/// without the base's retain and autorelease the answer is gone before the caller has it.
static void ownership(void) {
  NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
  // Made in a pool of its own, so that the test holds the only reference to the invocation.
  NSAutoreleasePool *making = [[NSAutoreleasePool alloc] init];
  TestProxy *declaring = [[TestProxy alloc] init];
  NSMethodSignature *signature =
      [declaring methodSignatureForSelector:@selector(titleFor:section:)];
  NSInvocation *invocation = [[NSInvocation invocationWithMethodSignature:signature] retain];
  [declaring release];
  [making drain];
  SWBForwardedMessage *message = [[SWBForwardedMessage alloc] initWithInvocation:invocation];
  int before = trackedDeallocations;
  Tracked *fresh = [[Tracked alloc] init];
  [message answerWithValue:fresh];
  [fresh release];
  id answer = nil;
  [invocation getReturnValue:&answer];
  [message release];
  [invocation release];
  check(trackedDeallocations == before,
        "an object answered and let go of by its maker outlives the invocation");
  check(trackedDeallocations == before && [answer isKindOfClass:[Tracked class]],
        "and is the object answered");
  [pool drain];
  check(trackedDeallocations == before + 1, "it is released when the caller's pool drains");

  pool = [[NSAutoreleasePool alloc] init];
  FreshAnswerProxy *proxy = [[FreshAnswerProxy alloc] init];
  before = trackedDeallocations;
  id title = [proxy titleFor:nil section:0];
  check(trackedDeallocations == before && [title isKindOfClass:[Tracked class]],
        "through the runtime, a fresh answer reaches the caller alive");
  [proxy release];
  [pool drain];
  check(trackedDeallocations == before + 1, "and is released with the caller's pool");
}

@interface NSObject (SWBNeverImplemented)
- (void)notImplementedByAnyone;
@end

/// A proxy reads the object its target answered, and can answer another in its place.
static void returnedObjects(void) {
  ReadingProxy *proxy = [[ReadingProxy alloc] init];
  Handler *handler = [[Handler alloc] init];
  proxy->target = handler;
  id title = [proxy titleFor:nil section:0];
  check([proxy->lastReturned isEqual:@"Title"], "the object a target answered can be read");
  check([title isEqual:@"Title (checked)"], "and another answer given in its place");
  check([proxy numberOfRowsIn:nil section:1] == 42, "a number answer is left as it is");
  check(proxy->lastReturned == nil, "and reads as no object");
  [proxy->lastReturned release];
  [proxy->lastValue release];
  [proxy release];
  [handler release];
}

/// A target's answer of every kind reads back boxed, as a rule that combines answers reads it.
static void returnedValues(void) {
  ReadingProxy *proxy = [[ReadingProxy alloc] init];
  Handler *handler = [[Handler alloc] init];
  proxy->target = handler;
  check([proxy viewShouldReturn:nil], "a BOOL answer comes back");
  check([proxy->lastValue isKindOfClass:[NSNumber class]] && [proxy->lastValue boolValue],
    "and reads as a number: YES");
  [proxy numberOfRowsIn:nil section:1];
  check([proxy->lastValue integerValue] == 42, "an integer answer reads as its number");
  [proxy heightFor:nil row:0];
  check([proxy->lastValue doubleValue] == 44.5, "a double answer reads as its number");
  [proxy titleFor:nil section:0];
  check([proxy->lastValue isEqual:@"Title"], "an object answer reads as the object");
  SWBTestBox proposed = {1, 2, 3, 4};
  SWBTestBox box = [proxy boxFor:nil proposed:proposed];
  check(box.width == 4, "a structure answer comes back");
  SWBTestBox read = {0, 0, 0, 0};
  if ([proxy->lastValue isKindOfClass:[NSValue class]]) [proxy->lastValue getValue:&read];
  check(strcmp([proxy->lastValue objCType], @encode(SWBTestBox)) == 0 && read.width == 4
          && read.height == 4,
    "and reads as an NSValue of its type");
  [proxy viewDidScroll:nil];
  check(proxy->lastValue == nil, "a method returning nothing reads as nil");
  [proxy->lastReturned release];
  [proxy->lastValue release];
  [proxy release];
  [handler release];
}

/// A protocol adopted at run time gives its methods signatures, and its messages arrive at
/// -forwardInvocation:, as a list proxy's modeled messages do.
static void runtimeAdoption(void) {
  RuntimeAdoptingProxy *proxy = [[RuntimeAdoptingProxy alloc] init];
  Handler *handler = [[Handler alloc] init];
  proxy->target = handler;
  SEL rows = @selector(numberOfRowsIn:section:);
  check([proxy methodSignatureForSelector:rows] == nil, "before adoption, no signature");
  check(class_addProtocol([RuntimeAdoptingProxy class], @protocol(SWBTestDelegate)),
    "the class adopts the protocol at run time");
  check([proxy conformsToProtocol:@protocol(SWBTestDelegate)], "and conforms to it");
  check([proxy methodSignatureForSelector:rows] != nil, "its required method has a signature");
  check([(id<SWBTestDelegate>)proxy numberOfRowsIn:nil section:1] == 42,
    "its message reaches forwardInvocation: and the target's answer comes back");
  check([proxy->lastSelector isEqualToString:@"numberOfRowsIn:section:"], "with its selector");
  [proxy->lastSelector release];
  [proxy release];
  [handler release];
}

/// A protocol adopted by one proxy alone: that proxy conforms and has signatures, another proxy
/// of the same class does not, and its messages arrive at -forwardInvocation:.
static void instanceAdoption(void) {
  InstanceAdoptingProxy *adopting = [[InstanceAdoptingProxy alloc] init];
  InstanceAdoptingProxy *other = [[InstanceAdoptingProxy alloc] init];
  Handler *handler = [[Handler alloc] init];
  adopting->target = handler;
  SEL height = @selector(heightFor:row:);
  check(![adopting conformsToProtocol:@protocol(SWBTestDelegate)]
          && [adopting methodSignatureForSelector:height] == nil,
    "before adoption, neither conformance nor signature");
  [adopting adoptProtocol:@protocol(SWBTestDelegate)];
  [adopting adoptProtocol:@protocol(SWBTestDelegate)];
  check([adopting adoptedProtocolCount] == 1
          && protocol_isEqual([adopting adoptedProtocolAtIndex:0], @protocol(SWBTestDelegate)),
    "a protocol adopted twice is listed once");
  check([adopting conformsToProtocol:@protocol(SWBTestDelegate)],
    "the adopting proxy conforms to the protocol");
  check([adopting conformsToProtocol:@protocol(SWBTestBase)], "and to the one it inherits");
  check(class_conformsToProtocol(object_getClass(adopting), @protocol(SWBTestDelegate)),
    "class_conformsToProtocol says so of its runtime class");
  other->target = handler;
  check(!class_conformsToProtocol(object_getClass(other), @protocol(SWBTestDelegate))
          && ![other conformsToProtocol:@protocol(SWBTestBase)],
    "and not of another proxy's class, whose target adopts it");
  check([adopting methodSignatureForSelector:@selector(baseDidChange:)] != nil,
    "an inherited protocol's method has a signature");
  check(![other conformsToProtocol:@protocol(SWBTestDelegate)]
          && [other methodSignatureForSelector:height] == nil,
    "another proxy of the class is unchanged");
  check([(id<SWBTestDelegate>)adopting heightFor:nil row:0] == 44.5,
    "its message reaches forwardInvocation: and the target's answer comes back");
  // The adopting classes are remembered by the class a proxy had and the protocol it adopted.
  InstanceAdoptingProxy *again = [[InstanceAdoptingProxy alloc] init];
  [again adoptProtocol:@protocol(SWBTestDelegate)];
  check(object_getClass(again) == object_getClass(adopting),
    "a second proxy adopting the same protocol takes the same class");
  [other adoptProtocol:@protocol(SWBTestBase)];
  check(object_getClass(other) != object_getClass(adopting)
          && [other conformsToProtocol:@protocol(SWBTestBase)]
          && ![other conformsToProtocol:@protocol(SWBTestDelegate)],
    "a proxy adopting another protocol takes another class");
  [again adoptProtocol:@protocol(SWBTestBase)];
  check(object_getClass(again) != object_getClass(adopting)
          && object_getClass(again) != object_getClass(other)
          && [again conformsToProtocol:@protocol(SWBTestDelegate)]
          && class_getSuperclass(object_getClass(again)) == [InstanceAdoptingProxy class],
    "adopting a second protocol takes a class made from the proxy's own, not the first's");
  [again release];
  [adopting release];
  [other release];
  [handler release];
}

void directPathTests(void);
void blockCallTests(void);

int main(void) {
  NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
  signatures();
  rememberedSignatures();
  runtimeAdoption();
  // Twice: the first message of each selector reaches -forwardInvocation:, which gives the
  // proxy's class its direct-path method, and the second pass takes that path.
  for (int pass = 0; pass < 2; pass++) {
    zeroAnswers();
    delivery();
    boxing();
    fallbackAnswers();
    ownership();
    pointers();
    returnedObjects();
    returnedValues();
    instanceAdoption();
    if (pass == 0) {
      TestProxy *proxy = [[TestProxy alloc] init];
      check([proxy deliversDirectly:@selector(viewShouldReturn:)]
              && [proxy deliversDirectly:@selector(heightFor:row:)]
              && [proxy deliversDirectly:@selector(titleFor:section:)]
              && [proxy deliversDirectly:@selector(pairFor:)]
              && [proxy deliversDirectly:@selector(boxFor:proposed:)]
              && [proxy deliversDirectly:@selector(viewDidScroll:)],
        "after the first pass, the tested shapes take the direct path");
      check(![proxy deliversDirectly:@selector(taggedFor:)]
              && ![proxy deliversDirectly:@selector(view:flag:number:count:object:selector:tagged:)],
        "a structure of a double and an integer, and seven arguments, keep forwardInvocation:");
      [proxy release];
    }
  }
  directPathTests();
  blockCallTests();
  [pool drain];
  printf("objc runtime: %d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
