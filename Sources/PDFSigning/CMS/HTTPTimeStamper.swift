import Foundation
import TimeStamping
import URLSessionSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Time-stamps signatures with a remote RFC 3161 authority over HTTP (RFC 3161 §3.4): POSTs an
/// `application/timestamp-query` and reads the `application/timestamp-reply`.
public struct HTTPTimeStamper: SignatureTimeStamper {
    /// The TSA's endpoint.
    public let url: URL
    /// Header fields sent with every request, such as the credentials a TSA requires
    /// (Chancery's own `/tsa` takes `X-Api-Key`).
    public let headers: [String: String]
    /// How long to wait for the TSA, in seconds.
    public let timeout: TimeInterval

    /// Creates a time-stamper for the TSA at `url`, sending `headers` with each request.
    public init(url: URL, headers: [String: String] = [:], timeout: TimeInterval = 30) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
    }

    /// Sends a request for the SHA-256 digest `digest` and returns the token of the answer.
    public func timeStampToken(forSHA256Digest digest: [UInt8]) async throws -> [UInt8] {
        let exchange = try TimeStampExchange(sha256Digest: digest)
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue("application/timestamp-query", forHTTPHeaderField: "Content-Type")
        request.setValue("application/timestamp-reply", forHTTPHeaderField: "Accept")
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        request.httpBody = Data(try exchange.requestDER())
        let session = URLSession(configuration: .ephemeral, delegate: CredentialChallengeRefusal(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let body: Data
        let response: URLResponse
        do {
            (body, response) = try await session.data(for: request)
        } catch let error as URLError where error.code == .cancelled {
            throw CMSSignatureError.timeStampFailed("the TSA at \(url) asked for credentials (HTTP 401)")
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else {
            throw CMSSignatureError.timeStampFailed("the TSA at \(url) answered HTTP \(status)")
        }
        return try exchange.token(from: TimeStampResp(derEncoded: Array(body)))
    }
}
