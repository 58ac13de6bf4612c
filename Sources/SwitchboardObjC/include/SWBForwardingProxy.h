// A base class for delegate proxies that never raise "unrecognized selector" for a method of a
// protocol they adopt: what Swift cannot write, because it has no NSInvocation. Apple platforms,
// and the GNU Objective-C runtime with GNUstep Base, where its tests run
// (Tests/ObjCRuntimeTests); elsewhere this header declares nothing.
#if __APPLE__ || defined(GNUSTEP)
#import <Foundation/Foundation.h>

// GNUstep's headers have no Swift annotations.
#ifndef NS_SWIFT_NAME
#define NS_SWIFT_NAME(name)
#endif
// Nor does GCC know nullability.
#ifndef __clang__
#define _Nullable
#define _Nonnull
#endif

NS_ASSUME_NONNULL_BEGIN

/// A message a proxy's own method implementation received (the direct path): its arguments
/// where the runtime put them and a place for its answer, with no NSInvocation and nothing
/// boxed. It lives on that method's stack, for the message's delivery only.
///
/// A proxy gets such a method for each selector its protocols declare whose arguments (at most
/// four) are each an object, an integer, a BOOL, a double (CGFloat), two doubles (CGPoint,
/// CGSize) or four (CGRect, UIEdgeInsets, NSEdgeInsets), and whose answer is nothing or one of
/// those: the first message goes through -forwardInvocation:, the next ones here.
typedef struct SWBDirectMessage {
  /// The message's selector.
  SEL selector;
  /// How many arguments follow the receiver and selector: 0 to 4.
  unsigned int argumentCount;
  /// The address of each argument. An integer, a BOOL or an object is stored in a word whose
  /// low bytes are its value; a double, or doubles, as they are.
  void *const _Nullable *_Nonnull arguments;
  /// Where the answer goes, zeroed to begin with; NULL for a method returning nothing.
  void *_Nullable answer;
  /// What the answer is stored as: 'v' nothing, 'W' a word (an integer, a BOOL or an object),
  /// 'D' a double, 'P' two doubles, 'R' four doubles.
  char answerKind;
  /// Sends the message with these arguments to a target, whose answer is stored in `answer`
  /// (SWBSendDirectMessage calls it).
  void (*_Nonnull send)(struct SWBDirectMessage *_Nonnull message, void *_Nonnull target);
} SWBDirectMessage;

/// Sends `message` to `target` with its arguments; a method's answer is stored in
/// `message->answer`.
void SWBSendDirectMessage(SWBDirectMessage *message, id target);

/// Calls `block`, a block that returns nothing, with `count` (at most four) arguments that
/// each travel in one word: an object, an integer, an enumeration's value, a BOOL. A proxy
/// calls a completion handler nobody answered this way, with the default its SDK header
/// states. Does nothing for a nil block or more than four arguments.
void SWBCallBlockWithWords(id _Nullable block, NSUInteger count, const intptr_t *_Nullable words)
    NS_SWIFT_NAME(callBlock(_:count:words:));

/// A message the runtime handed to -forwardInvocation:, or that a proxy's own method received
/// (SWBDirectMessage), for a Swift subclass to deliver.
NS_SWIFT_NAME(ForwardedMessage)
@interface SWBForwardedMessage : NSObject {
  // Instance variables here rather than in the implementation: GCC accepts them nowhere else.
 @private
  NSInvocation *_invocation;
  SWBDirectMessage *_direct;
  NSMethodSignature *_signature;
}

- (instancetype)init NS_UNAVAILABLE;
/// The message `direct`, which `receiver`'s own method received: valid until that method
/// returns.
- (instancetype)initWithDirectMessage:(SWBDirectMessage *)direct
                             receiver:(id)receiver NS_SWIFT_NAME(init(direct:receiver:));

/// Whether the message came by the direct path (SWBDirectMessage), not -forwardInvocation:.
@property(nonatomic, readonly) BOOL isDirect;

/// The message's selector.
@property(nonatomic, readonly) SEL selector;
/// Whether the method returns nothing.
@property(nonatomic, readonly) BOOL returnsVoid;
/// The arguments, boxed: objects as they are (NSNull for nil), numbers and BOOLs as NSNumber,
/// selectors as their names, structures and pointers as NSValue.
@property(nonatomic, readonly, copy) NSArray *arguments;

/// Sends the message to `target`; for a method that returns a value, its answer becomes the
/// answer.
- (void)invokeWithTarget:(id)target NS_SWIFT_NAME(invoke(target:));
/// The object the message's answer is, once a target or an answer gave it; nil for a method
/// that returns no object.
@property(nonatomic, readonly, nullable) id returnedObject;
/// The answer so far, boxed as the arguments are (nil for no object): an NSNumber for a number
/// or a BOOL, an NSValue for a structure, the object; nil for a method that returns nothing.
@property(nonatomic, readonly, nullable) id returnedValue;
/// Answers zero: 0, NO, nil, or a zeroed structure.
- (void)answerZero;
/// Answers `value` converted to the method's return type: an object as it is, an NSNumber as
/// the number type returned, an NSValue's bytes for a structure of its size; zero for anything
/// else.
- (void)answerWithValue:(id)value NS_SWIFT_NAME(answer(value:));
/// Answers the argument at `index` (0 for the first after the selector's receiver), when it has
/// the method's return type; zero otherwise.
- (void)answerWithArgumentAtIndex:(NSUInteger)index NS_SWIFT_NAME(answer(argumentAt:));

@end

/// Answers -methodSignatureForSelector: for every method of the protocols the class adopts (and
/// for other selectors whose signature a subclass remembered), and hands each message that
/// reaches -forwardInvocation: to -forwardMessage:.
NS_SWIFT_NAME(ForwardingProxy)
@interface SWBForwardingProxy : NSObject {
 @private
  NSMutableDictionary *_rememberedSignatures;
  NSMutableArray *_adoptedProtocols;
}

/// Delivers a message no forwarding target took. The default answers zero.
- (void)forwardMessage:(SWBForwardedMessage *)message NS_SWIFT_NAME(forward(_:));

/// Delivers a message the proxy's own method received (the direct path) when
/// -forwardingTargetForSelector: named no target. The default hands it to -forwardMessage:,
/// as a message from -forwardInvocation: is; a subclass may read it without that object.
- (void)forwardDirectMessage:(SWBDirectMessage *)message NS_SWIFT_NAME(forwardDirect(_:));

/// Whether the next `selector` sent to this proxy takes the direct path: the proxy's class got
/// its method when the first one was forwarded.
- (BOOL)deliversDirectly:(SEL)selector NS_SWIFT_NAME(deliversDirectly(_:));

/// Adopts `protocol` for this proxy alone, as if its class did: it conforms to it (and to the
/// protocols it inherits), and the methods they declare get signatures. Other proxies of the
/// class are unchanged.
- (void)adoptProtocol:(Protocol *)protocol NS_SWIFT_NAME(adopt(_:));
/// How many protocols this proxy adopted alone.
@property(nonatomic, readonly) NSUInteger adoptedProtocolCount;
/// The protocol at `index` among those this proxy adopted alone, in the order adopted.
- (Protocol *)adoptedProtocolAtIndex:(NSUInteger)index NS_SWIFT_NAME(adoptedProtocol(at:));

/// Keeps the signature `object` gives for `selector`, for a selector no adopted protocol
/// declares, so that the message can still be answered once `object` is gone.
- (void)rememberSignatureOfSelector:(SEL)selector from:(id)object
    NS_SWIFT_NAME(rememberSignature(of:from:));

@end

NS_ASSUME_NONNULL_END
#endif
