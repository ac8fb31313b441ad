import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A URLSession delegate that cancels every challenge for credentials, for clients that send
/// their credentials themselves in each request's headers.
///
/// A challenge then means the server did not accept what was sent. Answering it with a stored
/// credential would send a password the caller never meant for this server; and on Linux,
/// URLSession never completes a request whose 401 carries a `WWW-Authenticate` challenge unless
/// the delegate cancels it. So the challenge is cancelled and URLSession fails the request with
/// `URLError.cancelled`, which callers report as the refusal (401) it was.
///
/// Server trust and client certificate challenges are not about credentials: on Apple
/// platforms they get URLSession's default handling, so HTTPS keeps working.
///
/// ```swift
/// let session = URLSession(configuration: .ephemeral, delegate: CredentialChallengeRefusal(), delegateQueue: nil)
/// ```
public final class CredentialChallengeRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    /// Creates the delegate.
    override public init() {
        super.init()
    }

    /// Cancels `challenge` when it asks for credentials.
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
        completionHandler(.cancelAuthenticationChallenge, nil)
    }
}
