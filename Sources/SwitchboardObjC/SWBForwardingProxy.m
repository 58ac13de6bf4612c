#if __APPLE__ || defined(GNUSTEP)
#import "SWBDirectPath.h"
#import <objc/runtime.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/// Method signatures by the address of their type encoding (a protocol's or a method's, which
/// live as long as the program), made once each; created by SWBForwardingProxy's +initialize.
static NSMutableDictionary *SWBSignaturesByTypes;

/// The signature of `types`, made the first time it is asked for.
static NSMethodSignature *SWBSignature(const char *types) {
  NSValue *key = [NSValue valueWithPointer:types];
  @synchronized(SWBSignaturesByTypes) {
    NSMethodSignature *signature = [SWBSignaturesByTypes objectForKey:key];
    if (!signature) {
      signature = [NSMethodSignature signatureWithObjCTypes:types];
      [SWBSignaturesByTypes setObject:signature forKey:key];
    }
    return signature;
  }
}

@interface SWBForwardedMessage ()
- (instancetype)initWithInvocation:(NSInvocation *)invocation;
- (void)invalidate;
@end

@implementation SWBForwardedMessage

- (instancetype)initWithInvocation:(NSInvocation *)invocation {
  if ((self = [super init])) {
    _invocation = SWB_RETAIN(invocation);
  }
  return self;
}

- (instancetype)initWithDirectMessage:(SWBDirectMessage *)direct receiver:(id)receiver {
  if ((self = [super init])) {
    _direct = direct;
    Method method = class_getInstanceMethod(object_getClass(receiver), direct->selector);
    _signature = SWB_RETAIN(SWBSignature(method_getTypeEncoding(method)));
  }
  return self;
}

#if !__has_feature(objc_arc)
- (void)dealloc {
  SWB_RELEASE(_invocation);
  SWB_RELEASE(_signature);
  [super dealloc];
}
#endif

/// Forgets the direct message, whose method returned: the message reads as one with no
/// arguments that returns nothing.
- (void)invalidate {
  _direct = NULL;
}

- (BOOL)isDirect {
  return _invocation == nil;
}

// The four things every other method is made of, for either kind of message.

- (NSMethodSignature *)signature {
  return _invocation ? [_invocation methodSignature] : _signature;
}

- (void)getArgument:(void *)buffer atIndex:(NSUInteger)index size:(NSUInteger)size {
  if (_invocation) {
    [_invocation getArgument:buffer atIndex:(NSInteger)index];
  } else if (_direct && index - 2 < _direct->argumentCount) {
    // A word's low bytes are its value: the machines Apple and Debian run on are little-endian.
    memcpy(buffer, _direct->arguments[index - 2], size);
  }
}

- (void)getReturnValue:(void *)buffer length:(NSUInteger)length {
  if (_invocation) {
    [_invocation getReturnValue:buffer];
  } else if (_direct && _direct->answer) {
    memcpy(buffer, _direct->answer, length);
  }
}

- (void)setReturnValue:(void *)buffer length:(NSUInteger)length {
  if (_invocation) {
    [_invocation setReturnValue:buffer];
  } else if (_direct && _direct->answer) {
    // The whole word: a target's answer may have left bytes above a narrower value.
    if (_direct->answerKind == 'W') memset(_direct->answer, 0, sizeof(uintptr_t));
    memcpy(_direct->answer, buffer, length);
  }
}

- (SEL)selector {
  return _invocation ? [_invocation selector] : _direct ? _direct->selector : NULL;
}

- (BOOL)returnsVoid {
  return _direct ? _direct->answer == NULL : [[self signature] methodReturnLength] == 0;
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
  NSMethodSignature *signature = [self signature];
  NSMutableArray *arguments = [NSMutableArray array];
  for (NSUInteger index = 2; index < [signature numberOfArguments]; index++) {
    const char *type = SWBBareType([signature getArgumentTypeAtIndex:index]);
    NSUInteger size = 0;
    NSGetSizeAndAlignment(type, &size, NULL);
    void *buffer = calloc(1, MAX(size, sizeof(void *)));
    [self getArgument:buffer atIndex:index size:size];
    [arguments addObject:SWBBoxedValue(type, buffer, YES, NO)];
    free(buffer);
  }
  return arguments;
}

- (void)invokeWithTarget:(id)target {
  if (_invocation) {
    [_invocation invokeWithTarget:target];
  } else if (_direct) {
    SWBSendDirectMessage(_direct, target);
  }
}

- (id)returnedObject {
  const char *type = SWBBareType([[self signature] methodReturnType]);
  if (type[0] != '@') return nil;
  SWB_UNRETAINED id object = nil;
  [self getReturnValue:&object length:sizeof(id)];
  return object;
}

- (id)returnedValue {
  NSMethodSignature *signature = [self signature];
  NSUInteger length = [signature methodReturnLength];
  const char *type = SWBBareType([signature methodReturnType]);
  if (length == 0 || type[0] == 'v') return nil;
  void *buffer = calloc(1, MAX(length, sizeof(double)));
  [self getReturnValue:buffer length:length];
  id boxed = SWBBoxedValue(type, buffer, NO, YES);
  free(buffer);
  return boxed;
}

- (void)answerZero {
  NSUInteger length = [[self signature] methodReturnLength];
  if (length == 0) return;
  void *zero = calloc(1, length);
  [self setReturnValue:zero length:length];
  free(zero);
}

- (void)answerWithValue:(id)value {
  NSMethodSignature *signature = [self signature];
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
  [self setReturnValue:answer length:length];
  free(answer);
}

- (void)answerWithArgumentAtIndex:(NSUInteger)index {
  NSMethodSignature *signature = [self signature];
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
      [self getArgument:answer atIndex:position size:size];
    }
  }
  [self setReturnValue:answer length:length];
  free(answer);
}

@end

@implementation SWBForwardingProxy

/// Declared signatures by class and selector ("Class selector"), shared by every proxy class.
static NSMutableDictionary *SWBSignatureCache;

+ (void)initialize {
  if (self == [SWBForwardingProxy class]) {
    SWBSignatureCache = [[NSMutableDictionary alloc] init];
    SWBSignaturesByTypes = [[NSMutableDictionary alloc] init];
    SWBPrepareDirectImplementations();
  }
}

#if !__has_feature(objc_arc)
- (void)dealloc {
  SWB_RELEASE(_rememberedSignatures);
  SWB_RELEASE(_adoptedProtocols);
  [super dealloc];
}
#endif

/// The type encoding one of `pending`'s protocols (NSValues of Protocol pointers), or a
/// protocol they inherit, declares for `selector`, or NULL. It lives as long as the protocol.
static const char *SWBTypesInProtocols(NSMutableArray *pending, SEL selector) {
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
      if (description.types) return description.types;
    }
    unsigned int inheritedCount = 0;
    Protocol *SWB_UNRETAINED *inherited = protocol_copyProtocolList(protocol, &inheritedCount);
    for (unsigned int index = 0; index < inheritedCount; index++) {
      [pending addObject:[NSValue valueWithPointer:(SWB_BRIDGE const void *)inherited[index]]];
    }
    free(inherited);
  }
  return NULL;
}

/// The type encoding a protocol adopted by `cls` (or by one of its superclasses, or by a
/// protocol those adopt) declares for `selector`, or NULL.
static const char *SWBDeclaredTypes(Class cls, SEL selector) {
  NSString *key = [NSString stringWithFormat:@"%s %s", class_getName(cls), sel_getName(selector)];
  @synchronized(SWBSignatureCache) {
    NSValue *known = [SWBSignatureCache objectForKey:key];
    if (known) return (const char *)[known pointerValue];
  }
  const char *found = NULL;
  for (Class current = cls; current && !found; current = class_getSuperclass(current)) {
    unsigned int count = 0;
    Protocol *SWB_UNRETAINED *protocols = class_copyProtocolList(current, &count);
    // Protocols travel as pointers in an NSValue: on the GNU runtime a Protocol is no NSObject.
    NSMutableArray *pending = [NSMutableArray array];
    for (unsigned int index = 0; index < count; index++) {
      [pending addObject:[NSValue valueWithPointer:(SWB_BRIDGE const void *)protocols[index]]];
    }
    free(protocols);
    found = SWBTypesInProtocols(pending, selector);
  }
  if (found) {
    @synchronized(SWBSignatureCache) {
      [SWBSignatureCache setObject:[NSValue valueWithPointer:found] forKey:key];
    }
  }
  return found;
}

/// Whether `cls` answers `selector` with one of the direct path's methods.
static BOOL SWBHasDirectPath(Class cls, SEL selector) {
  return SWBIsDirectImplementation(class_getMethodImplementation(cls, selector));
}

- (NSMethodSignature *)methodSignatureForSelector:(SEL)selector {
  Class cls = object_getClass(self);
  BOOL direct = SWBHasDirectPath(cls, selector);
  if (!direct) {
    NSMethodSignature *signature = [super methodSignatureForSelector:selector];
    if (signature) return signature;
  }
  const char *types = SWBDeclaredTypes([self class], selector);
  @synchronized(self) {
    if (!types && [_adoptedProtocols count] > 0) {
      types = SWBTypesInProtocols([NSMutableArray arrayWithArray:_adoptedProtocols], selector);
    }
    if (!types) return [_rememberedSignatures objectForKey:NSStringFromSelector(selector)];
  }
  NSMethodSignature *signature = SWBSignature(types);
  // A declared method of a shape the direct path takes gets its method: this message goes on
  // through -forwardInvocation:, the next ones do not. Every proxy of `cls` declares it alike
  // (a protocol one proxy adopted alone moved that proxy to a class of its own).
  IMP implementation = direct ? NULL : SWBDirectImplementation(signature);
  if (implementation) class_addMethod(cls, selector, implementation, types);
  return signature;
}

- (void)adoptProtocol:(Protocol *)protocol {
  @synchronized(self) {
    if (!_adoptedProtocols) _adoptedProtocols = [[NSMutableArray alloc] init];
    NSValue *boxed = [NSValue valueWithPointer:(SWB_BRIDGE const void *)protocol];
    if ([_adoptedProtocols containsObject:boxed]) return;
    [_adoptedProtocols addObject:boxed];
    object_setClass(
      self, SWBAdoptingClass(object_getClass(self), protocol, [self class], _adoptedProtocols));
  }
}

- (BOOL)respondsToSelector:(SEL)selector {
  // A direct-path method stands for forwarding: it is no method of the proxy's own.
  if (SWBHasDirectPath(object_getClass(self), selector)) return NO;
  return [super respondsToSelector:selector];
}

- (BOOL)deliversDirectly:(SEL)selector {
  return SWBHasDirectPath(object_getClass(self), selector);
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

/// Yes for exactly the protocols the proxy's runtime class adopts (with those its protocols
/// inherit): NSObject's asks `-class`, which an adopting class answers with its base.
- (BOOL)conformsToProtocol:(Protocol *)protocol {
  for (Class cls = object_getClass(self); cls; cls = class_getSuperclass(cls)) {
    if (class_conformsToProtocol(cls, protocol)) return YES;
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

- (void)forwardDirectMessage:(SWBDirectMessage *)message {
  SWBForwardedMessage *forwarded = [[SWBForwardedMessage alloc] initWithDirectMessage:message
                                                                               receiver:self];
  [self forwardMessage:forwarded];
  // The direct message's method is about to return: a message kept past it reads as empty.
  [forwarded invalidate];
  SWB_RELEASE(forwarded);
}

@end

#endif
