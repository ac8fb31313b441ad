import Locking

/// The session an API object uses, settable from any thread.
struct SessionHolder: Sendable {
    private let box: LockedValue<IntdashClient.Session?>

    /// Holds `session`.
    init(_ session: IntdashClient.Session?) {
        box = LockedValue(session)
    }

    /// The session.
    var session: IntdashClient.Session? {
        get { box.withLock { $0 } }
        nonmutating set { box.withLock { $0 = newValue } }
    }

    /// The transport of the session, or ``RESTError/Kind/sessionNotSet``.
    func transport() throws -> RESTTransport {
        guard let session else { throw RESTError(kind: .sessionNotSet, message: "the API object has no session") }
        return RESTTransport(session: session)
    }
}
