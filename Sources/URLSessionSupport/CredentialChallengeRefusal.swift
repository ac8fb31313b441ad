import Foundation
import Locking

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A URLSession delegate that cancels every challenge for credentials, for clients that send
/// their credentials themselves in each request's headers, and remembers which tasks it
/// refused one for.
///
/// A challenge then means the server did not accept what was sent. Answering it with a stored
/// credential would send a password the caller never meant for this server; and on Linux,
/// URLSession never completed a request whose 401 carried a `WWW-Authenticate` challenge
/// unless the delegate cancelled it. So the challenge is cancelled and URLSession fails the
/// request with `URLError.cancelled`, which callers report as the refusal (401) it was; those
/// that must tell it from a cancellation of their own ask ``wasRefused(_:)``.
///
/// Server trust and client certificate challenges are not about credentials: on Apple
/// platforms they get URLSession's default handling, so HTTPS keeps working.
///
/// ```swift
/// let refusal = CredentialChallengeRefusal()
/// let session = URLSession(configuration: .ephemeral, delegate: refusal, delegateQueue: nil)
/// // after a task failed with URLError.cancelled:
/// let status = refusal.wasRefused(task.taskIdentifier) ? 401 : nil
/// ```
public final class CredentialChallengeRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    private let refusedTasks = LockedValue<Set<Int>>([])

    /// Creates the delegate.
    override public init() {
        super.init()
    }

    /// Cancels `challenge` when it asks for credentials, and remembers that it did for `task`.
    public func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if !canImport(FoundationNetworking)
        let method = challenge.protectionSpace.authenticationMethod
        if method == NSURLAuthenticationMethodServerTrust || method == NSURLAuthenticationMethodClientCertificate {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        #endif
        refusedTasks.withLock { _ = $0.insert(task.taskIdentifier) }
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    /// Whether a challenge of the task `taskIdentifier` was refused; it is forgotten once asked.
    public func wasRefused(_ taskIdentifier: Int) -> Bool {
        refusedTasks.withLock { $0.remove(taskIdentifier) != nil }
    }
}
