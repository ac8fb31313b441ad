import Foundation

/// A value that several threads read and write, one at a time.
///
/// The SDK's objects (the session, the client, the stream managers) are used from whichever
/// thread the app calls them on and from the connection's own tasks; their mutable state lives
/// in these boxes. `NSLock` rather than `Mutex`, so that the SDK runs on iOS 16.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
    // @unchecked: the only stored mutable state is `value`, and it is read or written only
    // inside `withLock`, while `lock` is held; so no two threads ever access it at once.
    private let lock = NSLock()
    private var value: Value

    /// Creates the box with its first value.
    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
