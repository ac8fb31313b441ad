import Crypto
import Foundation
import TransparencyLog

/// The two proofs a delivery carries that it comes from this server.
///
/// - SignWell's `event.hash`, which SignWell's SDKs check: HMAC-SHA256 keyed by the hook's id
///   over `"<type>@<time>"`. It is weak: it does not cover the body, and its key is no secret
///   (`GET /hooks` lists it). It is there for compatibility.
/// - Chancery's `Webhook-Signature: t=<t>,v1=<hex>` header, after the Standard Webhooks
///   scheme: HMAC-SHA256 keyed by the hook's secret (see ``WebhookSecrets``) over
///   `"<t>.<body>"`, where `t` (also sent as `Webhook-Timestamp`) is the attempt's time in
///   Unix seconds. It covers every byte of the body, and its time lets a receiver refuse old
///   or replayed requests. A receiver recomputes it from the raw body and compares in constant
///   time.
enum WebhookSignature {
    /// SignWell's `event.hash` of an event of `type` at `time` (Unix seconds) for hook `hookID`.
    static func eventHash(hookID: String, type: String, time: Int) -> String {
        Hex.encode(Array(HMAC<SHA256>.authenticationCode(for: Data("\(type)@\(time)".utf8), using: SymmetricKey(data: Data(hookID.utf8)))))
    }

    /// The `Webhook-Signature` value of `body` sent at `timestamp` (Unix seconds) to a hook
    /// whose secret is `secret`.
    static func header(secret: String, timestamp: Int, body: String) -> String {
        var message = Data("\(timestamp).".utf8)
        message.append(contentsOf: body.utf8)
        let code = HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: Data(secret.utf8)))
        return "t=\(timestamp),v1=\(Hex.encode(Array(code)))"
    }
}
