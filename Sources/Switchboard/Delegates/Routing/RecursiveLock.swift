#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A recursive mutex in one allocation: the routing's lock.
///
/// `NSRecursiveLock` costs two allocations on Linux (the object and its mutex), and a list
/// whose rows each attach a delegate proxy pays them per row (`ProxyAttach`'s heap row); the
/// mutex here is stored in the object's own allocation, the way `ManagedBuffer` stores its
/// elements, at an address that never moves.
///
/// ```swift
/// let lock = RecursiveLock.make()
/// lock.lock(); lock.lock(); lock.unlock(); lock.unlock()
/// ```
final class RecursiveLock: ManagedBuffer<Void, pthread_mutex_t> {
  /// A lock that no thread holds.
  static func make() -> RecursiveLock {
    let lock = unsafeDowncast(create(minimumCapacity: 1) { _ in () }, to: RecursiveLock.self)
    lock.withUnsafeMutablePointerToElements { mutex in
      var attributes = pthread_mutexattr_t()
      pthread_mutexattr_init(&attributes)
      pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
      let status = pthread_mutex_init(mutex, &attributes)
      pthread_mutexattr_destroy(&attributes)
      precondition(status == 0, "Switchboard: pthread_mutex_init failed (\(status)).")
    }
    return lock
  }

  deinit {
    _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
  }

  /// Waits until no other thread holds the lock, then holds it (once more, on a thread that
  /// holds it already).
  func lock() {
    _ = withUnsafeMutablePointerToElements { pthread_mutex_lock($0) }
  }

  /// Lets go of the lock once.
  func unlock() {
    _ = withUnsafeMutablePointerToElements { pthread_mutex_unlock($0) }
  }
}
