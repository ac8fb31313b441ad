import Crypto
import Foundation

/// Checks that a webhook call comes from the server and was not changed or replayed.
///
/// Two checks exist:
///
/// - **The event hash**, which SignWell itself sends: HMAC-SHA256 of `"{type}@{time}"` keyed
///   by the webhook's id. It proves little (the id is no secret: `GET /hooks` lists it, and
///   the body is not covered) but it is all SignWell offers:
///   ``verify(eventType:time:hash:webhookID:tolerance:now:)``.
/// - **The body signature**, which a Chancery server adds in a header,
///   `Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed by the
///   webhook's ``Webhook/secret``. It covers the whole body and the time:
///   ``verifySignature(body:header:secret:tolerance:now:)``.
///
/// Both compare in constant time.
///
/// ```swift
/// // In the handler of POST /signwell-events:
/// try SignWellWebhook.verifySignature(body: body, header: request.headers["Webhook-Signature"] ?? "", secret: hookSecret)
/// let event = try SignWellJSON.decoder().decode(WebhookEvent.self, from: body)
/// ```
public enum SignWellWebhook {
    /// The header that carries the body signature.
    public static let signatureHeaderName = "Webhook-Signature"

    /// Why a webhook call failed a check.
    public enum VerificationError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The key (webhook id or secret) is empty.
        case missingKey
        /// The event hash is not the one the webhook id gives.
        case hashMismatch
        /// No signature in the header matches the body.
        case signatureMismatch
        /// The header is not `t=<seconds>,v1=<hex>`.
        case malformedHeader(String)
        /// The event's or signature's time is further from now than the tolerance allows.
        case outsideTolerance(secondsOff: Int)

        /// What failed, in a sentence.
        public var description: String {
            switch self {
            case .missingKey: "the webhook key is empty"
            case .hashMismatch: "the event hash does not match the webhook id"
            case .signatureMismatch: "the Webhook-Signature does not match the body"
            case .malformedHeader(let header): "'\(header)' is not a Webhook-Signature (t=<seconds>,v1=<hex>)"
            case .outsideTolerance(let seconds): "the webhook's time is \(seconds) s away from now, beyond the tolerance"
            }
        }
    }

    /// Checks SignWell's event hash: that `hash` is HMAC-SHA256 of `"{eventType}@{time}"` keyed
    /// by `webhookID`, and, with a tolerance, that `time` is that close to `now`.
    ///
    /// - Parameters:
    ///   - eventType: The event's `type`, such as `document_completed`.
    ///   - time: The event's `time`, in seconds since 1970.
    ///   - hash: The event's `hash`, in hexadecimal.
    ///   - webhookID: The id of the webhook called (``Webhook/id``).
    ///   - tolerance: How far from `now` `time` may be, in seconds; `nil` to not check it.
    ///   - now: The time to check against.
    /// - Throws: ``VerificationError``.
    public static func verify(
        eventType: String, time: Int, hash: String, webhookID: String, tolerance: TimeInterval? = nil, now: Date = Date()
    ) throws {
        guard !webhookID.isEmpty else { throw VerificationError.missingKey }
        if let tolerance { try checkFreshness(of: time, tolerance: tolerance, now: now) }
        let key = SymmetricKey(data: Data(webhookID.utf8))
        guard let code = bytes(ofHex: hash),
            HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: Data("\(eventType)@\(time)".utf8), using: key)
        else { throw VerificationError.hashMismatch }
    }

    /// Checks the event hash of `event`, as ``verify(eventType:time:hash:webhookID:tolerance:now:)``.
    public static func verify(_ event: WebhookEvent, webhookID: String, tolerance: TimeInterval? = nil, now: Date = Date()) throws {
        try verify(eventType: event.type.rawValue, time: event.time, hash: event.hash, webhookID: webhookID, tolerance: tolerance, now: now)
    }

    /// Checks the body signature: that one `v1` of `header` is HMAC-SHA256 of `"<t>.<body>"`
    /// keyed by `secret`, and that `t` is within `tolerance` of `now`.
    ///
    /// - Parameters:
    ///   - body: The request's body, exactly as received.
    ///   - header: The `Webhook-Signature` header, `t=<unix seconds>,v1=<hex>` (several `v1`
    ///     are allowed, while a secret is being replaced).
    ///   - secret: The webhook's ``Webhook/secret``.
    ///   - tolerance: How far from `now` `t` may be, in seconds (default 5 minutes), which
    ///     bounds replays; `nil` to not check it.
    ///   - now: The time to check against.
    /// - Throws: ``VerificationError``.
    public static func verifySignature(body: Data, header: String, secret: String, tolerance: TimeInterval? = 300, now: Date = Date()) throws {
        guard !secret.isEmpty else { throw VerificationError.missingKey }
        var time: Int?
        var signatures: [Data] = []
        for part in header.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { throw VerificationError.malformedHeader(header) }
            switch pair[0] {
            case "t":
                guard let seconds = Int(pair[1]) else { throw VerificationError.malformedHeader(header) }
                time = seconds
            case "v1":
                guard let signature = bytes(ofHex: pair[1]) else { throw VerificationError.malformedHeader(header) }
                signatures.append(signature)
            default:
                continue  // a later scheme, such as v2
            }
        }
        guard let time, !signatures.isEmpty else { throw VerificationError.malformedHeader(header) }
        if let tolerance { try checkFreshness(of: time, tolerance: tolerance, now: now) }
        let key = SymmetricKey(data: Data(secret.utf8))
        let signed = Data("\(time).".utf8) + body
        guard signatures.contains(where: { HMAC<SHA256>.isValidAuthenticationCode($0, authenticating: signed, using: key) }) else {
            throw VerificationError.signatureMismatch
        }
    }

    /// Throws ``VerificationError/outsideTolerance(secondsOff:)`` when `time` is further than
    /// `tolerance` seconds from `now`.
    private static func checkFreshness(of time: Int, tolerance: TimeInterval, now: Date) throws {
        let offset = abs(now.timeIntervalSince1970 - TimeInterval(time))
        guard offset <= tolerance else { throw VerificationError.outsideTolerance(secondsOff: Int(offset)) }
    }

    /// The bytes spelled by `hex`, or `nil` if it is not an even number of hexadecimal digits.
    private static func bytes(ofHex hex: String) -> Data? {
        let digits = Array(hex.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes = Data(capacity: digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = value(ofHexDigit: digits[index]), let low = value(ofHexDigit: digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    /// The value of one ASCII hexadecimal digit.
    private static func value(ofHexDigit digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
