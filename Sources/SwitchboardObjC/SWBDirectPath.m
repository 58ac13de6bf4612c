#if __APPLE__ || defined(GNUSTEP)
#import "SWBDirectPath.h"
#import <objc/runtime.h>
#if !defined(__APPLE__)
#import <objc/message.h>
#endif
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// The direct path: a method implementation, one per shape of arguments and answer, that the
// runtime calls as it would a handler's method, so a message a proxy delivers costs no
// NSInvocation. A shape names how the C calling convention passes each value: a word (an
// object, an integer or a BOOL, in a general register), a double, two doubles (CGPoint,
// CGSize), four (CGRect, UIEdgeInsets, NSEdgeInsets) or two words (NSRange), each a class of
// its own on arm64 and x86-64 alike. Narrower integers share the word: a caller extends them
// in their register, and the low bytes are the value either way.
//
// The first argument of a shape with any is a word: a delegate's or data source's methods
// take their sender first. Other shapes keep -forwardInvocation:, which takes every one, and
// the table stays at 942 shapes (it would be 5 times as many with any first argument).

typedef struct {
  double first, second;
} SWBDirectPair;

typedef struct {
  double first, second, third, fourth;
} SWBDirectQuad;

typedef struct {
  uintptr_t first, second;
} SWBDirectWords;

/// `target`'s implementation of `selector`, called as the runtime would call it.
static IMP SWBImplementation(id target, SEL selector, BOOL returnsLargeStructure) {
#if defined(__APPLE__)
#if defined(__x86_64__)
  // A structure of more than 16 bytes comes back through memory there, and a method the class
  // forwards needs the forwarding entry point that knows it.
  if (returnsLargeStructure) return class_getMethodImplementation_stret(object_getClass(target), selector);
#endif
  (void)returnsLargeStructure;
  return class_getMethodImplementation(object_getClass(target), selector);
#else
  (void)returnsLargeStructure;
  return objc_msg_lookup(target, selector);
#endif
}

void SWBSendDirectMessage(SWBDirectMessage *message, id target) {
  if (target) message->send(message, (SWB_BRIDGE void *)target);
}

void SWBDeliverDirectMessage(id proxy, SWBDirectMessage *message) {
  // What the runtime does for a method a class lacks: the forwarding target first.
  id target = [proxy forwardingTargetForSelector:message->selector];
  if (target && target != proxy) {
    SWBSendDirectMessage(message, target);
    return;
  }
  [(SWBForwardingProxy *)proxy forwardDirectMessage:message];
}

// How each answer kind is declared, zeroed, stored and returned.
#define SWB_LARGE_v NO
#define SWB_LARGE_W NO
#define SWB_LARGE_D NO
#define SWB_LARGE_P NO
#define SWB_LARGE_R YES
#define SWB_LARGE_N NO
#define SWB_ANSWER_v(RT) void *answerAddress = NULL;
#define SWB_ANSWER_W(RT) RT answer; memset(&answer, 0, sizeof answer); void *answerAddress = &answer;
#define SWB_ANSWER_D SWB_ANSWER_W
#define SWB_ANSWER_P SWB_ANSWER_W
#define SWB_ANSWER_R SWB_ANSWER_W
#define SWB_ANSWER_N SWB_ANSWER_W
#define SWB_RETURN_v return;
#define SWB_RETURN_W return answer;
#define SWB_RETURN_D SWB_RETURN_W
#define SWB_RETURN_P SWB_RETURN_W
#define SWB_RETURN_R SWB_RETURN_W
#define SWB_RETURN_N SWB_RETURN_W
#define SWB_STORE_v(RT, message, call) call;
#define SWB_STORE_W(RT, message, call) *(RT *)(message)->answer = call;
#define SWB_STORE_D SWB_STORE_W
#define SWB_STORE_P SWB_STORE_W
#define SWB_STORE_R SWB_STORE_W
#define SWB_STORE_N SWB_STORE_W

// One shape: the method the proxy's class gets (SWBDirect_…) and the send to a target
// (SWBSend_…), for an answer of kind `r` (type RT) and arguments of kinds a, b, … (types AT, …).
#define SWB_SHAPE(r, RT, name, parameters, types, addresses, count, values)                     \
  static void SWBSend_##r##_##name(SWBDirectMessage *message, void *target) {                   \
    SWB_UNRETAINED id receiver = (SWB_BRIDGE id)target;                                        \
    RT (*implementation)(id, SEL types) =                                                      \
        (RT(*)(id, SEL types))SWBImplementation(receiver, message->selector, SWB_LARGE_##r);   \
    SWB_STORE_##r(RT, message, implementation(receiver, message->selector values))             \
  }                                                                                            \
  static RT SWBDirect_##r##_##name(id self, SEL _cmd parameters) {                             \
    void *arguments[] = {addresses};                                                           \
    SWB_ANSWER_##r(RT)                                                                         \
    SWBDirectMessage message = {_cmd, count, arguments, answerAddress, #r[0],                  \
                                SWBSend_##r##_##name};                                         \
    SWBDeliverDirectMessage(self, &message);                                                   \
    SWB_RETURN_##r                                                                             \
  }

#define SWB_ARGUMENT(index, T) (*(T *)message->arguments[index])
#define SWB_NOTHING

#define SWB_SHAPE_0(r, RT) SWB_SHAPE(r, RT, , SWB_NOTHING, SWB_NOTHING, NULL, 0, SWB_NOTHING)
#define SWB_SHAPE_1(r, RT, a, AT) \
  SWB_SHAPE(r, RT, a, SWB_COMMA AT x0, SWB_COMMA AT, &x0, 1, SWB_COMMA SWB_ARGUMENT(0, AT))
#define SWB_SHAPE_2(r, RT, a, AT, b, BT)                                                  \
  SWB_SHAPE(r, RT, a##b, SWB_COMMA AT x0 SWB_COMMA BT x1, SWB_COMMA AT SWB_COMMA BT,      \
            &x0 SWB_COMMA & x1, 2,                                                        \
            SWB_COMMA SWB_ARGUMENT(0, AT) SWB_COMMA SWB_ARGUMENT(1, BT))
#define SWB_SHAPE_3(r, RT, a, AT, b, BT, c, CT)                                           \
  SWB_SHAPE(r, RT, a##b##c, SWB_COMMA AT x0 SWB_COMMA BT x1 SWB_COMMA CT x2,              \
            SWB_COMMA AT SWB_COMMA BT SWB_COMMA CT, &x0 SWB_COMMA & x1 SWB_COMMA & x2, 3, \
            SWB_COMMA SWB_ARGUMENT(0, AT) SWB_COMMA SWB_ARGUMENT(1, BT)                   \
                SWB_COMMA SWB_ARGUMENT(2, CT))
#define SWB_SHAPE_4(r, RT, a, AT, b, BT, c, CT, d, DT)                                     \
  SWB_SHAPE(r, RT, a##b##c##d, SWB_COMMA AT x0 SWB_COMMA BT x1 SWB_COMMA CT x2            \
                                   SWB_COMMA DT x3,                                       \
            SWB_COMMA AT SWB_COMMA BT SWB_COMMA CT SWB_COMMA DT,                          \
            &x0 SWB_COMMA & x1 SWB_COMMA & x2 SWB_COMMA & x3, 4,                          \
            SWB_COMMA SWB_ARGUMENT(0, AT) SWB_COMMA SWB_ARGUMENT(1, BT)                   \
                SWB_COMMA SWB_ARGUMENT(2, CT) SWB_COMMA SWB_ARGUMENT(3, DT))
#define SWB_COMMA ,

// The first argument's kind, then every argument kind, in the order of their digits in a
// shape's index (0 to 4). One copy per argument position: a macro cannot expand inside itself.
#define SWB_KINDS_A(F, ...) F(__VA_ARGS__, W, uintptr_t)
#define SWB_EVERY_KIND(F, ...)                                                         \
  F(__VA_ARGS__, W, uintptr_t) F(__VA_ARGS__, D, double) F(__VA_ARGS__, P, SWBDirectPair) \
      F(__VA_ARGS__, R, SWBDirectQuad) F(__VA_ARGS__, N, SWBDirectWords)
#define SWB_KINDS_B(F, ...) SWB_EVERY_KIND(F, __VA_ARGS__)
#define SWB_KINDS_C(F, ...)                                                            \
  F(__VA_ARGS__, W, uintptr_t) F(__VA_ARGS__, D, double) F(__VA_ARGS__, P, SWBDirectPair) \
      F(__VA_ARGS__, R, SWBDirectQuad) F(__VA_ARGS__, N, SWBDirectWords)
#define SWB_KINDS_D(F, ...)                                                            \
  F(__VA_ARGS__, W, uintptr_t) F(__VA_ARGS__, D, double) F(__VA_ARGS__, P, SWBDirectPair) \
      F(__VA_ARGS__, R, SWBDirectQuad) F(__VA_ARGS__, N, SWBDirectWords)

// Every shape of `arity` arguments for the answer kind r, each given to the leaf macro L.
#define SWB_ARITY_1(L, r, RT) SWB_KINDS_A(L, r, RT)
#define SWB_ARITY_2(L, r, RT) SWB_KINDS_A(SWB_NEST_2B, L, r, RT)
#define SWB_NEST_2B(L, r, RT, a, AT) SWB_KINDS_B(L, r, RT, a, AT)
#define SWB_ARITY_3(L, r, RT) SWB_KINDS_A(SWB_NEST_3B, L, r, RT)
#define SWB_NEST_3B(L, r, RT, a, AT) SWB_KINDS_B(SWB_NEST_3C, L, r, RT, a, AT)
#define SWB_NEST_3C(L, r, RT, a, AT, b, BT) SWB_KINDS_C(L, r, RT, a, AT, b, BT)
#define SWB_ARITY_4(L, r, RT) SWB_KINDS_A(SWB_NEST_4B, L, r, RT)
#define SWB_NEST_4B(L, r, RT, a, AT) SWB_KINDS_B(SWB_NEST_4C, L, r, RT, a, AT)
#define SWB_NEST_4C(L, r, RT, a, AT, b, BT) SWB_KINDS_C(SWB_NEST_4D, L, r, RT, a, AT, b, BT)
#define SWB_NEST_4D(L, r, RT, a, AT, b, BT, c, CT) SWB_KINDS_D(L, r, RT, a, AT, b, BT, c, CT)

// Every answer kind, in the order of a shape's index.
#define SWB_ANSWER_KINDS(F)                                                          \
  F(v, void) F(W, uintptr_t) F(D, double) F(P, SWBDirectPair) F(R, SWBDirectQuad)   \
      F(N, SWBDirectWords)

#define SWB_DEFINE_ALL(r, RT)                                                         \
  SWB_SHAPE_0(r, RT)                                                                  \
  SWB_ARITY_1(SWB_SHAPE_1, r, RT) SWB_ARITY_2(SWB_SHAPE_2, r, RT)                     \
      SWB_ARITY_3(SWB_SHAPE_3, r, RT) SWB_ARITY_4(SWB_SHAPE_4, r, RT)
SWB_ANSWER_KINDS(SWB_DEFINE_ALL)

#define SWB_ENTRY_0(r, RT) (IMP)SWBDirect_##r##_,
#define SWB_ENTRY_1(r, RT, a, AT) (IMP)SWBDirect_##r##_##a,
#define SWB_ENTRY_2(r, RT, a, AT, b, BT) (IMP)SWBDirect_##r##_##a##b,
#define SWB_ENTRY_3(r, RT, a, AT, b, BT, c, CT) (IMP)SWBDirect_##r##_##a##b##c,
#define SWB_ENTRY_4(r, RT, a, AT, b, BT, c, CT, d, DT) (IMP)SWBDirect_##r##_##a##b##c##d,
#define SWB_ENTRY_ALL(r, RT)                                                          \
  SWB_ENTRY_0(r, RT)                                                                  \
  SWB_ARITY_1(SWB_ENTRY_1, r, RT) SWB_ARITY_2(SWB_ENTRY_2, r, RT)                     \
      SWB_ARITY_3(SWB_ENTRY_3, r, RT) SWB_ARITY_4(SWB_ENTRY_4, r, RT)

/// Shapes per answer kind: 1 + 1 + 5 + 25 + 125 (the first argument is a word).
enum { SWBShapesPerAnswer = 157, SWBShapes = 6 * 157 };

/// Every shape's method, by index: the answer kind's (v W D P R N) times 157, then the shapes
/// of fewer arguments, then the kinds (W D P R N) of the arguments after the first as base-5
/// digits, the second argument's the highest.
static const IMP SWBDirectImplementations[SWBShapes] = {SWB_ANSWER_KINDS(SWB_ENTRY_ALL)};

/// The kind (0 to 4 for W D P R N) of a value of type `type`, or -1 for one the direct path
/// does not take: a float, a long double, a structure of other members, a union, an array, a
/// bit field.
static int SWBValueKind(const char *type) {
  while (*type && strchr("rnNoORV", *type)) type++;
  switch (type[0]) {
    case '@': case '#': case ':': case '^': case '*':
    case 'c': case 'C': case 's': case 'S': case 'i': case 'I':
    case 'l': case 'L': case 'q': case 'Q': case 'B':
      return 0;
    case 'd':
      return 1;
    case '{': {
      // Only doubles, however nested (CGRect is {CGRect={CGPoint=dd}{CGSize=dd}}), or two
      // 64-bit integers (NSRange is {_NSRange=QQ}).
      const char *member = strchr(type, '=');
      if (!member) return -1;
      int doubles = 0;
      int words = 0;
      for (member++; *member; member++) {
        if (*member == 'd') {
          doubles++;
        } else if (strchr("qQ", *member) || (sizeof(long) == 8 && strchr("lL", *member))) {
          words++;
        } else if (*member == '{') {
          member = strchr(member, '=');
          if (!member) return -1;
        } else if (*member != '}') {
          return -1;
        }
      }
      if (words == 0) return doubles == 2 ? 2 : doubles == 4 ? 3 : -1;
      return doubles == 0 && words == 2 ? 4 : -1;
    }
    default:
      return -1;
  }
}

IMP SWBDirectImplementation(NSMethodSignature *signature) {
  NSUInteger count = [signature numberOfArguments];
  if (count < 2 || count > 6) return NULL;
  const char *returnType = [signature methodReturnType];
  while (*returnType && strchr("rnNoORV", *returnType)) returnType++;
  int answer = returnType[0] == 'v' ? 0 : SWBValueKind(returnType) + 1;
  if (answer <= 0 && returnType[0] != 'v') return NULL;
  NSUInteger index = 0;
  NSUInteger shapesBefore = 0;
  NSUInteger shapesOfArity = 1;
  for (NSUInteger argument = 2; argument < count; argument++) {
    int kind = SWBValueKind([signature getArgumentTypeAtIndex:argument]);
    if (kind < 0 || (argument == 2 && kind != 0)) return NULL;
    if (argument > 2) index = index * 5 + (NSUInteger)kind;
    shapesBefore += shapesOfArity;
    if (argument > 2) shapesOfArity *= 5;
  }
  return SWBDirectImplementations[(NSUInteger)answer * SWBShapesPerAnswer + shapesBefore + index];
}

/// SWBDirectImplementations by address, for a binary search.
static uintptr_t SWBSortedImplementations[SWBShapes];

static int SWBCompareAddresses(const void *one, const void *other) {
  uintptr_t left = *(const uintptr_t *)one;
  uintptr_t right = *(const uintptr_t *)other;
  return left < right ? -1 : left > right;
}

void SWBPrepareDirectImplementations(void) {
  for (NSUInteger index = 0; index < SWBShapes; index++) {
    SWBSortedImplementations[index] = (uintptr_t)SWBDirectImplementations[index];
  }
  qsort(SWBSortedImplementations, SWBShapes, sizeof(uintptr_t), SWBCompareAddresses);
}

BOOL SWBIsDirectImplementation(IMP implementation) {
  if (!implementation) return NO;
  uintptr_t address = (uintptr_t)implementation;
  return bsearch(&address, SWBSortedImplementations, SWBShapes, sizeof(uintptr_t),
                 SWBCompareAddresses)
         != NULL;
}
#endif
