import CivilTime
import Crypto
import Foundation

/// Signs S3 requests with AWS Signature Version 4, header form.
///
/// The signature covers the method, the path, the query, the host, every `x-amz-*` header and
/// any other header given, and the SHA-256 of the payload (`x-amz-content-sha256`), so the
/// store refuses a request whose body was changed on the way. The signing key is derived
/// from the secret per day, region and service, as SigV4 defines it.
///
/// ```swift
/// let signer = S3RequestSigner(credentials: credentials, region: "us-east-1")
/// let headers = signer.headers(method: "GET", host: "bucket.s3.amazonaws.com", path: "/key",
///                              query: [], headers: [:], payloadHash: S3RequestSigner.emptyPayloadHash, date: Date())
/// ```
public struct S3RequestSigner: Sendable {
    /// The SHA-256 of an empty payload, in hex.
    public static let emptyPayloadHash = SHA256.hash(data: [UInt8]()).hex

    /// The credentials whose secret derives the signing key.
    public let credentials: S3Credentials
    /// The region the store answers for (`us-east-1` where a store has no regions).
    public let region: String
    /// The service name in the credential scope.
    public let service = "s3"

    /// Creates a signer for `region`.
    public init(credentials: S3Credentials, region: String) {
        self.credentials = credentials
        self.region = region
    }

    /// The headers to send: `headers`, plus `host`, `x-amz-date`, `x-amz-content-sha256`,
    /// `x-amz-security-token` for temporary credentials, and `authorization`.
    ///
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - host: The `Host` header's value, with the port when it is not the scheme's default.
    ///   - path: The request's path, not yet percent-encoded.
    ///   - query: The query parameters, not yet percent-encoded; order does not matter.
    ///   - headers: Further headers to send and sign, by name.
    ///   - payloadHash: The hex SHA-256 of the body.
    ///   - date: The signing time.
    public func headers(
        method: String, host: String, path: String, query: [(String, String)], headers: [String: String], payloadHash: String, date: Date
    ) -> [(String, String)] {
        let (timestamp, day) = Self.timestamps(of: date)
        var signed: [String: String] = [:]
        for (name, value) in headers { signed[name.lowercased()] = value.trimmingCharacters(in: .whitespaces) }
        signed["host"] = host
        signed["x-amz-date"] = timestamp
        signed["x-amz-content-sha256"] = payloadHash
        if let token = credentials.sessionToken { signed["x-amz-security-token"] = token }
        let names = signed.keys.sorted()
        let canonicalRequest = [
            method,
            Self.encode(path, keepingSlashes: true),
            Self.canonicalQuery(query),
            names.map { "\($0):\(signed[$0]!)\n" }.joined(),
            names.joined(separator: ";"),
            payloadHash,
        ].joined(separator: "\n")
        let scope = "\(day)/\(region)/\(service)/aws4_request"
        let stringToSign = ["AWS4-HMAC-SHA256", timestamp, scope, SHA256.hash(data: Data(canonicalRequest.utf8)).hex].joined(separator: "\n")
        let signature = HMAC<SHA256>.authenticationCode(for: Data(stringToSign.utf8), using: signingKey(day: day)).hex
        let authorization =
            "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope),SignedHeaders=\(names.joined(separator: ";")),Signature=\(signature)"
        return names.map { ($0, signed[$0]!) } + [("authorization", authorization)]
    }

    /// The query string as sent and as signed: pairs encoded and sorted by name, then value.
    public static func canonicalQuery(_ query: [(String, String)]) -> String {
        let encoded: [(name: String, value: String)] = query.map { name, value in
            (encode(name, keepingSlashes: false), encode(value, keepingSlashes: false))
        }
        let sorted = encoded.sorted { left, right in left.name == right.name ? left.value < right.value : left.name < right.name }
        return sorted.map { pair in pair.name + "=" + pair.value }.joined(separator: "&")
    }

    /// `text` percent-encoded as SigV4 requires: every byte but `A–Z a–z 0–9 - _ . ~` (and
    /// `/` in a path) as `%XX` with upper-case hex.
    public static func encode(_ text: String, keepingSlashes: Bool) -> String {
        var encoded = ""
        for byte in text.utf8 {
            if unreserved.contains(byte) || (keepingSlashes && byte == UInt8(ascii: "/")) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += String(format: "%%%02X", byte)
            }
        }
        return encoded
    }

    /// The bytes SigV4 leaves as they are: `A–Z a–z 0–9 - _ . ~`.
    private static let unreserved = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~".utf8))

    /// The key that signs requests of `day`: the secret, narrowed by day, region and service.
    private func signingKey(day: String) -> SymmetricKey {
        var key = SymmetricKey(data: Data("AWS4\(credentials.secretAccessKey)".utf8))
        for part in [day, region, service, "aws4_request"] {
            key = SymmetricKey(data: Data(HMAC<SHA256>.authenticationCode(for: Data(part.utf8), using: key)))
        }
        return key
    }

    /// `date` as SigV4's timestamp (`20130524T000000Z`) and day (`20130524`), in UTC.
    private static func timestamps(of date: Date) -> (timestamp: String, day: String) {
        let time = UTCDateTime(date)
        let day = String(format: "%04d%02d%02d", time.date.year, time.date.month, time.date.day)
        return (day + String(format: "T%02d%02d%02dZ", time.hour, time.minute, time.second), day)
    }
}
