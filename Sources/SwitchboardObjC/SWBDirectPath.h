// What SWBForwardingProxy.m, SWBDirectPath.m and SWBAdoptingClass.m share: the direct path's
// method implementations, the adopting classes, and the retain and release spellings of a file that compiles with ARC
// (Apple platforms) and without it (GCC, for the GNU runtime).
#import "SWBForwardingProxy.h"

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

/// The direct path's method for a method of `signature`, or NULL for a shape it does not take.
IMP _Nullable SWBDirectImplementation(NSMethodSignature *_Nonnull signature);
/// Whether `implementation` is one of the direct path's methods.
BOOL SWBIsDirectImplementation(IMP _Nullable implementation);
/// Sorts the direct path's methods for SWBIsDirectImplementation; called once, before any
/// proxy exists.
void SWBPrepareDirectImplementations(void);
/// The class a proxy of class `from` takes when it adopts `protocol`, its protocols then being
/// `protocols` (NSValues of Protocol pointers) and its base class `base`: made the first time.
Class _Nonnull SWBAdoptingClass(
    Class _Nonnull from, Protocol *_Nonnull protocol, Class _Nonnull base,
    NSArray *_Nonnull protocols);
/// Delivers a message a direct-path method of `proxy` received: to the target
/// -forwardingTargetForSelector: names, or else to -forwardDirectMessage:.
void SWBDeliverDirectMessage(id _Nonnull proxy, SWBDirectMessage *_Nonnull message);
