import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The time-stamper's URLSession delegate: it cancels challenges for credentials.
///
/// A TSA's credentials travel in headers the caller sets, so a challenge means they were not
/// accepted; and on Linux URLSession never completes a request whose 401 carries a
/// `WWW-Authenticate` challenge unless the delegate cancels it. The request then fails with
/// `URLError.cancelled`, which ``HTTPTimeStamper`` reports as the refusal it was. Certificate
/// challenges on Apple platforms get the default handling.
final class CredentialChallengeRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    /// Cancels `challenge` when it asks for credentials.
    func urlSession(
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
