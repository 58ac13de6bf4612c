#if __APPLE__
#import "SWBForwardingProxy.h"
#import <objc/runtime.h>

@interface SWBForwardedMessage ()
- (instancetype)initWithInvocation:(NSInvocation *)invocation;
@end

@implementation SWBForwardedMessage {
  NSInvocation *_invocation;
}

- (instancetype)initWithInvocation:(NSInvocation *)invocation {
  if ((self = [super init])) {
    _invocation = invocation;
  }
  return self;
}

- (SEL)selector {
  return _invocation.selector;
}

- (BOOL)returnsVoid {
  return _invocation.methodSignature.methodReturnLength == 0;
}

/// The type encoding without its qualifiers (const, in, out, …).
static const char *SWBBareType(const char *type) {
  while (*type && strchr("rnNoORV", *type)) type++;
  return type;
}

- (NSArray *)arguments {
  NSMethodSignature *signature = _invocation.methodSignature;
  NSMutableArray *arguments = [NSMutableArray array];
  for (NSUInteger index = 2; index < signature.numberOfArguments; index++) {
    const char *type = SWBBareType([signature getArgumentTypeAtIndex:index]);
    NSUInteger size = 0;
    NSGetSizeAndAlignment(type, &size, NULL);
    void *buffer = calloc(1, MAX(size, sizeof(void *)));
    [_invocation getArgument:buffer atIndex:(NSInteger)index];
    id boxed;
    switch (type[0]) {
      case '@': {
        __unsafe_unretained id object = *(__unsafe_unretained id *)buffer;
        boxed = object ?: [NSNull null];
        break;
      }
      case '#': {
        __unsafe_unretained Class cls = *(__unsafe_unretained Class *)buffer;
        boxed = cls ? (id)cls : [NSNull null];
        break;
      }
      case ':': boxed = NSStringFromSelector(*(SEL *)buffer); break;
      case 'c': boxed = @(*(char *)buffer); break;
      case 'C': boxed = @(*(unsigned char *)buffer); break;
      case 's': boxed = @(*(short *)buffer); break;
      case 'S': boxed = @(*(unsigned short *)buffer); break;
      case 'i': boxed = @(*(int *)buffer); break;
      case 'I': boxed = @(*(unsigned int *)buffer); break;
      case 'l': boxed = @(*(long *)buffer); break;
      case 'L': boxed = @(*(unsigned long *)buffer); break;
      case 'q': boxed = @(*(long long *)buffer); break;
      case 'Q': boxed = @(*(unsigned long long *)buffer); break;
      case 'f': boxed = @(*(float *)buffer); break;
      case 'd': boxed = @(*(double *)buffer); break;
      case 'B': boxed = @(*(bool *)buffer); break;
      default: boxed = [NSValue valueWithBytes:buffer objCType:type]; break;
    }
    free(buffer);
    [arguments addObject:boxed];
  }
  return arguments;
}

- (void)invokeWithTarget:(id)target {
  [_invocation invokeWithTarget:target];
}

- (void)answerZero {
  NSUInteger length = _invocation.methodSignature.methodReturnLength;
  if (length == 0) return;
  void *zero = calloc(1, length);
  [_invocation setReturnValue:zero];
  free(zero);
}

@end

@implementation SWBForwardingProxy {
  NSMutableDictionary<NSString *, NSMethodSignature *> *_rememberedSignatures;
}

/// The signature a protocol adopted by `cls` (or by one of its superclasses, or by a protocol
/// those adopt) declares for `selector`, or nil.
static NSMethodSignature *SWBDeclaredSignature(Class cls, SEL selector) {
  static NSMutableDictionary<NSString *, NSMethodSignature *> *cache;
  static dispatch_once_t once;
  dispatch_once(&once, ^{
    cache = [NSMutableDictionary dictionary];
  });
  NSString *key = [NSString stringWithFormat:@"%s %s", class_getName(cls), sel_getName(selector)];
  @synchronized(cache) {
    NSMethodSignature *known = cache[key];
    if (known) return known;
  }
  NSMethodSignature *found = nil;
  for (Class current = cls; current && !found; current = class_getSuperclass(current)) {
    unsigned int count = 0;
    Protocol *__unsafe_unretained *protocols = class_copyProtocolList(current, &count);
    NSMutableArray<Protocol *> *pending = [NSMutableArray array];
    for (unsigned int index = 0; index < count; index++) [pending addObject:protocols[index]];
    free(protocols);
    NSMutableSet<NSString *> *visited = [NSMutableSet set];
    while (pending.count > 0 && !found) {
      Protocol *protocol = pending.lastObject;
      [pending removeLastObject];
      NSString *name = NSStringFromProtocol(protocol);
      if ([visited containsObject:name]) continue;
      [visited addObject:name];
      for (int required = 1; required >= 0 && !found; required--) {
        struct objc_method_description description =
            protocol_getMethodDescription(protocol, selector, (BOOL)required, YES);
        if (description.types) found = [NSMethodSignature signatureWithObjCTypes:description.types];
      }
      unsigned int inheritedCount = 0;
      Protocol *__unsafe_unretained *inherited = protocol_copyProtocolList(protocol, &inheritedCount);
      for (unsigned int index = 0; index < inheritedCount; index++) {
        [pending addObject:inherited[index]];
      }
      free(inherited);
    }
  }
  if (found) {
    @synchronized(cache) {
      cache[key] = found;
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
    return _rememberedSignatures[NSStringFromSelector(selector)];
  }
}

- (void)rememberSignatureOfSelector:(SEL)selector from:(id)object {
  NSMethodSignature *signature = [object methodSignatureForSelector:selector];
  if (!signature) return;
  @synchronized(self) {
    if (!_rememberedSignatures) _rememberedSignatures = [NSMutableDictionary dictionary];
    _rememberedSignatures[NSStringFromSelector(selector)] = signature;
  }
}

- (void)forwardInvocation:(NSInvocation *)invocation {
  [self forwardMessage:[[SWBForwardedMessage alloc] initWithInvocation:invocation]];
}

- (void)forwardMessage:(SWBForwardedMessage *)message {
  [message answerZero];
}

@end
#endif
