import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The SDK's URLSession delegate: it refuses every authentication challenge.
///
/// The SDK authenticates with its own `Authorization: app-token …` header, sent with every
/// request, so a challenge means the server did not accept that header. Answering it with a
/// stored credential would send a password the app never meant for this server; and on Linux,
/// URLSession never completes a request whose 401 carries a `WWW-Authenticate` challenge
/// unless the delegate cancels it. So the challenge is cancelled, URLSession fails the request
/// with `URLError.cancelled`, and ``QEDConnection`` reports that as a 401.
///
/// Server trust and client certificate challenges are not about credentials: they get
/// URLSession's default handling, so HTTPS keeps working on Apple platforms.
final class ChallengeRefusal: NSObject, URLSessionTaskDelegate, Sendable {
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
