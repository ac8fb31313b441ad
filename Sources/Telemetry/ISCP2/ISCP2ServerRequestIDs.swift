import Synchronization

/// The request ids a connection gives the requests the server sends (downstream metadata):
/// odd numbers from 1, so that they never collide with the client's even ones
/// (specs/intdash.md §1.4).
final class ISCP2ServerRequestIDs: Sendable {
    private let next = Mutex<UInt32>(1)

    /// Creates a sequence starting at 1.
    init() {}

    /// The next odd id; after 4 294 967 295 it starts again at 1.
    func take() -> UInt32 {
        next.withLock { next in
            defer { next &+= 2 }
            return next
        }
    }
}
