import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
import Locking
#endif

/// The SDK's URLSession delegate: it refuses every HTTP authentication challenge, and
/// remembers which tasks it refused one for.
///
/// The SDK authenticates each request itself (a `Basic` header or a token, see
/// ``NUXAuthenticator``), so a challenge means the server did not accept what was sent.
/// Answering with a stored credential would send a password the app never meant for this
/// server; and on Linux, URLSession never completes a request whose 401 carries a
/// `WWW-Authenticate` challenge unless the delegate cancels it. So the challenge is cancelled,
/// URLSession fails the task with `URLError.cancelled`, and ``HTTPTransport`` asks
/// ``wasRefused(_:)`` to turn that into the 401 it was.
///
/// Server trust and client certificate challenges are not about credentials: they get
/// URLSession's default handling.
final class ChallengeRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    private let refusedTasks = LockedValue<Set<Int>>([])

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard Self.asksForCredentials(challenge) else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        refusedTasks.withLock { _ = $0.insert(task.taskIdentifier) }
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    /// Whether `challenge` asks for a user's credentials, rather than about certificates.
    private static func asksForCredentials(_ challenge: URLAuthenticationChallenge) -> Bool {
        #if canImport(FoundationNetworking)
        // swift-corelibs-foundation only raises HTTP authentication challenges.
        return true
        #else
        let method = challenge.protectionSpace.authenticationMethod
        return method != NSURLAuthenticationMethodServerTrust && method != NSURLAuthenticationMethodClientCertificate
        #endif
    }

    /// Whether a challenge of the task `taskIdentifier` was refused; it is forgotten once asked.
    func wasRefused(_ taskIdentifier: Int) -> Bool {
        refusedTasks.withLock { $0.remove(taskIdentifier) != nil }
    }
}
