import Foundation
import Locking
import URLSessionSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request to the configured Chancery server's QED API, under `qed/v1/`, and its answer.
struct QEDConnection: Sendable {
    /// The server's root URL.
    let serverURL: URL
    /// The app token, if one was set up.
    let apiKey: String?

    /// The session every request goes through: no cache (a report's status must be read
    /// fresh), no stored credentials or cookies, and challenges refused.
    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCredentialStorage = nil
        configuration.httpCookieStorage = nil
        return URLSession(configuration: configuration, delegate: CredentialChallengeRefusal(), delegateQueue: nil)
    }()

    /// Characters a path segment may hold unescaped (RFC 3986 "unreserved").
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// The connection ``QEDAPI`` is set up for.
    ///
    /// - Throws: ``QEDAPIError/serverURLNotSet`` when there is no server URL.
    static func configured() throws -> QEDConnection {
        guard let serverURL = QEDAPI.serverURL else { throw QEDAPIError.serverURLNotSet }
        return QEDConnection(serverURL: serverURL, apiKey: QEDAPI.settings.current.apiKey)
    }

    /// Sends a request to `qed/v1/` followed by `segments` (each one percent-encoded).
    ///
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - segments: The path below `qed/v1/`, such as `["reports", slug]`.
    ///   - trailingSlash: Whether the path ends with `/`, as QED's `reports/` and `pdf/` do.
    ///   - json: The JSON body to send, if any.
    ///   - accept: The media type expected back.
    ///   - respondAsync: Whether to ask the server not to wait for its work to finish
    ///     (`Prefer: respond-async`).
    /// - Returns: The body of a 2xx answer, its media type and its status.
    /// - Throws: ``QEDAPIError/server(statusCode:message:fieldErrors:)`` for any other status,
    ///   or the `URLError` of a network failure.
    func send(
        _ method: String, _ segments: [String], trailingSlash: Bool = false, json: Data? = nil, accept: String, respondAsync: Bool = false
    ) async throws -> (body: Data, mediaType: String?, statusCode: Int) {
        var request = URLRequest(url: url(segments, trailingSlash: trailingSlash))
        request.httpMethod = method
        request.setValue(accept, forHTTPHeaderField: "Accept")
        if respondAsync {
            request.setValue("respond-async", forHTTPHeaderField: "Prefer")
        }
        if let apiKey {
            request.setValue("app-token \(apiKey)", forHTTPHeaderField: "Authorization")
        }
        if let json {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = json
        }
        let (body, response) = try await data(for: request)
        guard let http = response as? HTTPURLResponse else {
            throw QEDAPIError.unexpectedResponse(statusCode: 0, description: "not an HTTP response")
        }
        guard (200..<300).contains(http.statusCode) else {
            throw QEDAPIError.refusal(statusCode: http.statusCode, body: body)
        }
        return (body, http.mimeType, http.statusCode)
    }

    /// Sends a request whose answer is one report, and decodes it.
    ///
    /// - Returns: The report's JSON object, and the answer's status.
    ///
    /// - Throws: As ``send(_:_:trailingSlash:json:accept:respondAsync:)`` does, and
    ///   ``QEDAPIError/unexpectedResponse(statusCode:description:)`` if the answer is not a
    ///   JSON object.
    func report(
        _ method: String, _ segments: [String], trailingSlash: Bool = false, json: Data? = nil, respondAsync: Bool = false
    ) async throws -> (report: [String: Any], statusCode: Int) {
        let (body, _, statusCode) = try await send(
            method, segments, trailingSlash: trailingSlash, json: json, accept: "application/json", respondAsync: respondAsync
        )
        guard let report = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else {
            throw QEDAPIError.unexpectedResponse(statusCode: statusCode, description: "the report is not a JSON object")
        }
        return (report, statusCode)
    }

    /// Performs `request`, turning a refused authentication challenge into the 401 it was.
    private func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        do {
            return try await Self.session.data(for: request)
        } catch let error as URLError where error.code == .cancelled {
            // The SDK never cancels a request itself: a cancellation is either the caller's
            // task being cancelled, or CredentialChallengeRefusal refusing the server's challenge.
            try Task.checkCancellation()
            throw QEDAPIError.server(
                statusCode: 401, message: "The server did not accept the app token; check the key given to QEDAPI.setup(with:).",
                fieldErrors: [:]
            )
        }
    }

    private func url(_ segments: [String], trailingSlash: Bool) -> URL {
        let path = (["qed", "v1"] + segments)
            .map { $0.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? $0 }
            .joined(separator: "/")
        let base = serverURL.absoluteString.hasSuffix("/") ? serverURL.absoluteString : serverURL.absoluteString + "/"
        // A valid URL followed by percent-encoded unreserved segments is always a valid URL.
        return URL(string: base + path + (trailingSlash ? "/" : ""))!
    }
}
