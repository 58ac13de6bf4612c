#if __APPLE__ || defined(GNUSTEP)
// The adopting classes: the subclass of its class a proxy takes when it adopts a protocol, so
// that the direct path's methods for that protocol's selectors go to the proxies that adopted it
// and to no other proxy of the class.
#import "SWBDirectPath.h"
#import <objc/runtime.h>
#include <stdlib.h>

/// `-class` of an adopting class: the class it was made from, as the proxy was made.
static Class SWBAdoptingClassClass(id self, SEL _cmd) {
  (void)_cmd;
  return class_getSuperclass(object_getClass(self));
}

/// The class of the proxies of `base` that adopted `protocols` (NSValues of Protocol pointers)
/// alone, made the first time: a subclass that gets the direct path's methods for their
/// selectors without giving them to every proxy of `base`, and that calls itself `base`.
static Class SWBMakeAdoptingClass(Class base, NSArray *protocols) {
  NSMutableString *name = [NSMutableString stringWithFormat:@"SWBAdopting_%s", class_getName(base)];
  for (NSValue *boxed in protocols) {
    [name appendFormat:@"_%s", protocol_getName((SWB_BRIDGE Protocol *)[boxed pointerValue])];
  }
  Class found = objc_getClass([name UTF8String]);
  if (found) return found;
  Class made = objc_allocateClassPair(base, [name UTF8String], 0);
  if (!made) return base;
  class_addMethod(made, @selector(class), (IMP)SWBAdoptingClassClass, "#@:");
  // The runtime is told the truth: class_conformsToProtocol answers for the class, as the
  // proxy's -conformsToProtocol: does.
  for (NSValue *boxed in protocols) {
    class_addProtocol(made, (SWB_BRIDGE Protocol *)[boxed pointerValue]);
  }
  objc_registerClassPair(made);
  return made;
}

/// The adopting classes proxies took: a proxy of class `from` that adopted `protocol` took `to`.
/// Remembered, so that a list whose 10,000 rows each attach a proxy does not format an adopting
/// class's name and look it up 10,000 times (about 600 ns a proxy on the GNU runtime). Classes
/// and protocols live as long as the process.
typedef struct {
  SWB_UNRETAINED Class from;
  SWB_UNRETAINED Protocol *protocol;
  SWB_UNRETAINED Class to;
} SWBAdoption;
static SWBAdoption *SWBAdoptions;
static NSUInteger SWBAdoptionCount;

Class SWBAdoptingClass(Class from, Protocol *protocol, Class base, NSArray *protocols) {
  // The adopting class follows from the proxy's class and the protocol: the same for every
  // proxy that adopts the same protocols in the same order.
  @synchronized([SWBForwardingProxy class]) {
    for (NSUInteger index = 0; index < SWBAdoptionCount; index++) {
      if (SWBAdoptions[index].from == from && SWBAdoptions[index].protocol == protocol) {
        return SWBAdoptions[index].to;
      }
    }
    Class made = SWBMakeAdoptingClass(base, protocols);
    SWBAdoption *grown = realloc(SWBAdoptions, (SWBAdoptionCount + 1) * sizeof(SWBAdoption));
    // Not remembered when memory runs out: the next proxy finds the class by its name.
    if (grown) {
      SWBAdoptions = grown;
      SWBAdoptions[SWBAdoptionCount++] = (SWBAdoption){from, protocol, made};
    }
    return made;
  }
}

#endif
