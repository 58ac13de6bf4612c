#if __APPLE__ || defined(GNUSTEP)
#import "SWBForwardingProxy.h"
#import <objc/runtime.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// The same file compiles with ARC for Apple platforms and with GCC (no ARC, no blocks, no
// literals or subscripts) for the GNU runtime its tests run on.
#ifndef __has_feature
#define __has_feature(feature) 0
#endif
#if __has_feature(objc_arc)
#define SWB_RETAIN(object) (object)
#define SWB_RELEASE(object)
#define SWB_UNRETAINED __unsafe_unretained
#define SWB_BRIDGE __bridge
#else
#define SWB_RETAIN(object) [(object) retain]
#define SWB_RELEASE(object) [(object) release]
#define SWB_UNRETAINED
#define SWB_BRIDGE
#endif

@interface SWBForwardedMessage ()
- (instancetype)initWithInvocation:(NSInvocation *)invocation;
@end

@implementation SWBForwardedMessage

- (instancetype)initWithInvocation:(NSInvocation *)invocation {
  if ((self = [super init])) {
    _invocation = SWB_RETAIN(invocation);
  }
  return self;
}

#if !__has_feature(objc_arc)
- (void)dealloc {
  SWB_RELEASE(_invocation);
  [super dealloc];
}
#endif

- (SEL)selector {
  return [_invocation selector];
}

- (BOOL)returnsVoid {
  return [[_invocation methodSignature] methodReturnLength] == 0;
}

/// The type encoding without its qualifiers (const, in, out, …).
static const char *SWBBareType(const char *type) {
  while (*type && strchr("rnNoORV", *type)) type++;
  return type;
}

// A value of type `type` at `buffer`, boxed: objects as they are (NSNull for nil, or nil when
// `nilAsNil`), numbers and BOOLs as NSNumber, selectors as their names, pointers as their
// addresses, structures as NSValue; a block argument is copied to the heap (`copyBlocks`).
static id SWBBoxedValue(const char *type, void *buffer, BOOL copyBlocks, BOOL nilAsNil) {
  switch (type[0]) {
    case '@': {
      SWB_UNRETAINED id object = *(SWB_UNRETAINED id *)buffer;
      if (object && copyBlocks && type[1] == '?') {
        // A block may live on its caller's stack; a closure handler that keeps it (a
        // completion handler called later) needs it on the heap.
#if __has_feature(objc_arc)
        return [object copy];
#else
        return [[object copy] autorelease];
#endif
      }
      return object ? object : (nilAsNil ? nil : [NSNull null]);
    }
    case '#': {
      SWB_UNRETAINED Class cls = *(SWB_UNRETAINED Class *)buffer;
      return cls ? (id)cls : (nilAsNil ? nil : [NSNull null]);
    }
    case ':': return NSStringFromSelector(*(SEL *)buffer);
    // A pointer (`targetContentOffset:`, `stop:`) or a Core Foundation object
    // (`CMSampleBufferRef`): its address, which Swift reads as the pointer or object type a
    // closure names. Every runtime boxes a number; not every Foundation boxes a pointer.
    case '^':
    case '*':
      return [NSNumber numberWithUnsignedLongLong:(unsigned long long)(uintptr_t)*(void **)buffer];
    case 'c': return [NSNumber numberWithChar:*(char *)buffer];
    case 'C': return [NSNumber numberWithUnsignedChar:*(unsigned char *)buffer];
    case 's': return [NSNumber numberWithShort:*(short *)buffer];
    case 'S': return [NSNumber numberWithUnsignedShort:*(unsigned short *)buffer];
    case 'i': return [NSNumber numberWithInt:*(int *)buffer];
    case 'I': return [NSNumber numberWithUnsignedInt:*(unsigned int *)buffer];
    case 'l': return [NSNumber numberWithLong:*(long *)buffer];
    case 'L': return [NSNumber numberWithUnsignedLong:*(unsigned long *)buffer];
    case 'q': return [NSNumber numberWithLongLong:*(long long *)buffer];
    case 'Q': return [NSNumber numberWithUnsignedLongLong:*(unsigned long long *)buffer];
    case 'f': return [NSNumber numberWithFloat:*(float *)buffer];
    case 'd': return [NSNumber numberWithDouble:*(double *)buffer];
    case 'B': return [NSNumber numberWithBool:*(bool *)buffer];
    default: return [NSValue valueWithBytes:buffer objCType:type];
  }
}

- (NSArray *)arguments {
  NSMethodSignature *signature = [_invocation methodSignature];
  NSMutableArray *arguments = [NSMutableArray array];
  for (NSUInteger index = 2; index < [signature numberOfArguments]; index++) {
    const char *type = SWBBareType([signature getArgumentTypeAtIndex:index]);
    NSUInteger size = 0;
    NSGetSizeAndAlignment(type, &size, NULL);
    void *buffer = calloc(1, MAX(size, sizeof(void *)));
    [_invocation getArgument:buffer atIndex:(NSInteger)index];
    [arguments addObject:SWBBoxedValue(type, buffer, YES, NO)];
    free(buffer);
  }
  return arguments;
}

- (void)invokeWithTarget:(id)target {
  [_invocation invokeWithTarget:target];
}

- (id)returnedObject {
  const char *type = SWBBareType([[_invocation methodSignature] methodReturnType]);
  if (type[0] != '@') return nil;
  SWB_UNRETAINED id object = nil;
  [_invocation getReturnValue:&object];
  return object;
}

- (id)returnedValue {
  NSMethodSignature *signature = [_invocation methodSignature];
  NSUInteger length = [signature methodReturnLength];
  const char *type = SWBBareType([signature methodReturnType]);
  if (length == 0 || type[0] == 'v') return nil;
  void *buffer = calloc(1, MAX(length, sizeof(double)));
  [_invocation getReturnValue:buffer];
  id boxed = SWBBoxedValue(type, buffer, NO, YES);
  free(buffer);
  return boxed;
}

- (void)answerZero {
  NSUInteger length = [[_invocation methodSignature] methodReturnLength];
  if (length == 0) return;
  void *zero = calloc(1, length);
  [_invocation setReturnValue:zero];
  free(zero);
}

- (void)answerWithValue:(id)value {
  NSMethodSignature *signature = [_invocation methodSignature];
  NSUInteger length = [signature methodReturnLength];
  if (length == 0) return;
  const char *type = SWBBareType([signature methodReturnType]);
  void *answer = calloc(1, MAX(length, sizeof(double)));
  if (type[0] == '@' || type[0] == '#') {
    // Answered as an Objective-C method returns an object: retained and autoreleased, so it
    // lives until the caller's autorelease pool drains, whoever else lets it go (a closure's
    // fresh object is released by Swift as the closure returns), and whether or not the
    // invocation retains its return value (Apple's does not; GNUstep's does, until it goes).
#if __has_feature(objc_arc)
    __autoreleasing id kept = value;
    *(void **)answer = (__bridge void *)kept;
#else
    *(id *)answer = [[value retain] autorelease];
#endif
  } else if ([value isKindOfClass:[NSNumber class]]) {
    NSNumber *number = value;
    switch (type[0]) {
      case 'c': *(char *)answer = [number charValue]; break;
      case 'C': *(unsigned char *)answer = [number unsignedCharValue]; break;
      case 's': *(short *)answer = [number shortValue]; break;
      case 'S': *(unsigned short *)answer = [number unsignedShortValue]; break;
      case 'i': *(int *)answer = [number intValue]; break;
      case 'I': *(unsigned int *)answer = [number unsignedIntValue]; break;
      case 'l': *(long *)answer = [number longValue]; break;
      case 'L': *(unsigned long *)answer = [number unsignedLongValue]; break;
      case 'q': *(long long *)answer = [number longLongValue]; break;
      case 'Q': *(unsigned long long *)answer = [number unsignedLongLongValue]; break;
      case 'f': *(float *)answer = [number floatValue]; break;
      case 'd': *(double *)answer = [number doubleValue]; break;
      case 'B': *(bool *)answer = [number boolValue]; break;
      default: break;
    }
  } else if ([value isKindOfClass:[NSValue class]]) {
    NSUInteger size = 0;
    NSGetSizeAndAlignment([value objCType], &size, NULL);
    if (size == length) [value getValue:answer];
  }
  [_invocation setReturnValue:answer];
  free(answer);
}

- (void)answerWithArgumentAtIndex:(NSUInteger)index {
  NSMethodSignature *signature = [_invocation methodSignature];
  NSUInteger length = [signature methodReturnLength];
  if (length == 0) return;
  void *answer = calloc(1, MAX(length, sizeof(void *)));
  NSUInteger position = index + 2;
  if (position < [signature numberOfArguments]) {
    const char *argumentType = SWBBareType([signature getArgumentTypeAtIndex:position]);
    const char *returnType = SWBBareType([signature methodReturnType]);
    NSUInteger size = 0;
    NSGetSizeAndAlignment(argumentType, &size, NULL);
    if (size == length && argumentType[0] == returnType[0]) {
      [_invocation getArgument:answer atIndex:(NSInteger)position];
    }
  }
  [_invocation setReturnValue:answer];
  free(answer);
}

@end

@implementation SWBForwardingProxy

/// Declared signatures by class and selector ("Class selector"), shared by every proxy class.
static NSMutableDictionary *SWBSignatureCache;

+ (void)initialize {
  if (self == [SWBForwardingProxy class]) SWBSignatureCache = [[NSMutableDictionary alloc] init];
}

#if !__has_feature(objc_arc)
- (void)dealloc {
  SWB_RELEASE(_rememberedSignatures);
  SWB_RELEASE(_adoptedProtocols);
  [super dealloc];
}
#endif

/// The signature one of `pending`'s protocols (NSValues of Protocol pointers), or a protocol
/// they inherit, declares for `selector`, or nil.
static NSMethodSignature *SWBSignatureInProtocols(NSMutableArray *pending, SEL selector) {
  NSMutableSet *visited = [NSMutableSet set];
  while ([pending count] > 0) {
    Protocol *protocol = (SWB_BRIDGE Protocol *)[[pending lastObject] pointerValue];
    [pending removeLastObject];
    NSString *name = NSStringFromProtocol(protocol);
    if ([visited containsObject:name]) continue;
    [visited addObject:name];
    for (int required = 1; required >= 0; required--) {
      struct objc_method_description description =
          protocol_getMethodDescription(protocol, selector, (BOOL)required, YES);
      if (description.types) return [NSMethodSignature signatureWithObjCTypes:description.types];
    }
    unsigned int inheritedCount = 0;
    Protocol *SWB_UNRETAINED *inherited = protocol_copyProtocolList(protocol, &inheritedCount);
    for (unsigned int index = 0; index < inheritedCount; index++) {
      [pending addObject:[NSValue valueWithPointer:(SWB_BRIDGE const void *)inherited[index]]];
    }
    free(inherited);
  }
  return nil;
}

/// The signature a protocol adopted by `cls` (or by one of its superclasses, or by a protocol
/// those adopt) declares for `selector`, or nil.
static NSMethodSignature *SWBDeclaredSignature(Class cls, SEL selector) {
  NSString *key = [NSString stringWithFormat:@"%s %s", class_getName(cls), sel_getName(selector)];
  @synchronized(SWBSignatureCache) {
    NSMethodSignature *known = [SWBSignatureCache objectForKey:key];
    if (known) return known;
  }
  NSMethodSignature *found = nil;
  for (Class current = cls; current && !found; current = class_getSuperclass(current)) {
    unsigned int count = 0;
    Protocol *SWB_UNRETAINED *protocols = class_copyProtocolList(current, &count);
    // Protocols travel as pointers in an NSValue: on the GNU runtime a Protocol is no NSObject.
    NSMutableArray *pending = [NSMutableArray array];
    for (unsigned int index = 0; index < count; index++) {
      [pending addObject:[NSValue valueWithPointer:(SWB_BRIDGE const void *)protocols[index]]];
    }
    free(protocols);
    found = SWBSignatureInProtocols(pending, selector);
  }
  if (found) {
    @synchronized(SWBSignatureCache) {
      [SWBSignatureCache setObject:found forKey:key];
    }
  }
  return found;
}

- (NSMethodSignature *)methodSignatureForSelector:(SEL)selector {
  NSMethodSignature *signature = [super methodSignatureForSelector:selector];
  if (signature) return signature;
  signature = SWBDeclaredSignature([self class], selector);
  if (signature) return signature;
  @synchronized(self) {
    if ([_adoptedProtocols count] > 0) {
      signature = SWBSignatureInProtocols([NSMutableArray arrayWithArray:_adoptedProtocols], selector);
      if (signature) return signature;
    }
    return [_rememberedSignatures objectForKey:NSStringFromSelector(selector)];
  }
}

- (void)adoptProtocol:(Protocol *)protocol {
  @synchronized(self) {
    if (!_adoptedProtocols) _adoptedProtocols = [[NSMutableArray alloc] init];
    NSValue *boxed = [NSValue valueWithPointer:(SWB_BRIDGE const void *)protocol];
    if (![_adoptedProtocols containsObject:boxed]) [_adoptedProtocols addObject:boxed];
  }
}

- (NSUInteger)adoptedProtocolCount {
  @synchronized(self) {
    return [_adoptedProtocols count];
  }
}

- (Protocol *)adoptedProtocolAtIndex:(NSUInteger)index {
  @synchronized(self) {
    return (SWB_BRIDGE Protocol *)[[_adoptedProtocols objectAtIndex:index] pointerValue];
  }
}

- (BOOL)conformsToProtocol:(Protocol *)protocol {
  if ([super conformsToProtocol:protocol]) return YES;
  @synchronized(self) {
    for (NSValue *boxed in _adoptedProtocols) {
      Protocol *adopted = (SWB_BRIDGE Protocol *)[boxed pointerValue];
      if (protocol_isEqual(adopted, protocol) || protocol_conformsToProtocol(adopted, protocol)) {
        return YES;
      }
    }
  }
  return NO;
}

- (void)rememberSignatureOfSelector:(SEL)selector from:(id)object {
  NSMethodSignature *signature = [object methodSignatureForSelector:selector];
  if (!signature) return;
  @synchronized(self) {
    if (!_rememberedSignatures) _rememberedSignatures = [[NSMutableDictionary alloc] init];
    [_rememberedSignatures setObject:signature forKey:NSStringFromSelector(selector)];
  }
}

- (void)forwardInvocation:(NSInvocation *)invocation {
  SWBForwardedMessage *message = [[SWBForwardedMessage alloc] initWithInvocation:invocation];
  [self forwardMessage:message];
  SWB_RELEASE(message);
}

- (void)forwardMessage:(SWBForwardedMessage *)message {
  [message answerZero];
}

@end
#endif
