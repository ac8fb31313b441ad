import Foundation

/// A value that several threads read and write, one at a time.
///
/// The client SDKs keep their mutable shared state in these boxes: process-wide settings
/// (the app token, the server URL), sessions, requests, caches and stream managers, used from
/// whichever thread the app calls them on and from completion handlers and connection tasks.
/// `NSLock` rather than `Mutex`, so that the SDKs run on iOS 16.
///
/// ```swift
/// let token = LockedValue<String?>(nil)
/// token.current = "secret"
/// let length = token.withLock { $0?.count ?? 0 }
/// ```
public final class LockedValue<Value: Sendable>: @unchecked Sendable {
    // @unchecked: the only stored mutable state is `value`, and it is read or written only
    // inside `withLock`, while `lock` is held; so no two threads ever access it at once.
    private let lock = NSLock()
    private var value: Value

    /// Creates the box with its first value.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// The current value.
    public var current: Value {
        get { withLock { $0 } }
        set { withLock { $0 = newValue } }
    }
}
