import Foundation
import Locking
import URLSessionSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends the REST API's requests for a session: builds URLs below the session's
/// ``IntdashClient/Session/baseEndpoint``, authenticates, renews an expired access token
/// first, and turns unsuccessful answers into ``RESTError``.
struct RESTTransport: Sendable {
    /// The session whose server and credentials are used.
    let session: IntdashClient.Session

    /// The URLSession every request goes through: no cache, no cookies, no stored
    /// credentials, and authentication challenges refused (credentials travel in headers;
    /// see `CredentialChallengeRefusal`).
    static let urlSession: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCredentialStorage = nil
        configuration.httpCookieStorage = nil
        return URLSession(configuration: configuration, delegate: CredentialChallengeRefusal(), delegateQueue: nil)
    }()

    /// Characters a query or form value may hold unescaped (RFC 3986 "unreserved").
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// `value` percent-encoded for a query or a form.
    static func escaped(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
    }

    /// Sends a request below the base endpoint and returns its successful answer's body.
    ///
    /// - Parameters:
    ///   - path: The path below `…/api/v1`, such as `/edges/me`.
    ///   - query: Query parameters, in order; a name may repeat.
    ///   - form: Fields sent as `application/x-www-form-urlencoded`.
    ///   - json: A value sent as the JSON body.
    ///   - authenticated: Whether to send the session's credentials (renewing them first).
    /// - Throws: ``RESTError``.
    func send(
        _ method: String, _ path: String, query: [(String, String)] = [], form: [(String, String)]? = nil, json: Any? = nil,
        accept: String = "application/json", authenticated: Bool = true
    ) async throws -> Data {
        guard !session.serverURL.isEmpty else { throw RESTError(kind: .sessionNotSet, message: "the session has no server URL") }
        if authenticated, session.accessTokenNeedsRenewal, session.isRefreshable {
            try await OAuth2TokenGrant(transport: self).renew()
        }
        let (data, status) = try await perform(
            try request(method, path, query: query, form: form, json: json, accept: accept, authenticated: authenticated))
        if status == 401, authenticated, session.isOAuth2, session.isRefreshable {
            try await OAuth2TokenGrant(transport: self).renew()
            let (retried, retriedStatus) = try await perform(
                try request(method, path, query: query, form: form, json: json, accept: accept, authenticated: true))
            return try Self.successful(retried, status: retriedStatus)
        }
        return try Self.successful(data, status: status)
    }

    /// Sends a request and reads its answer as a legacy JSON object.
    func object(_ method: String, _ path: String, query: [(String, String)] = [], json: Any? = nil) async throws -> LegacyJSONObject {
        let data = try await send(method, path, query: query, json: json)
        guard !data.isEmpty else { throw RESTError(kind: .nodata) }
        do {
            return try LegacyJSONObject(data: data)
        } catch let error as RESTError {
            throw error
        } catch {
            throw RESTError(kind: .failedToParseJSON, originError: error)
        }
    }

    /// `data` when `status` is successful, or the error the answer explains.
    private static func successful(_ data: Data, status: Int) throws -> Data {
        guard (200..<300).contains(status) else { throw RESTError(statusCode: status, body: data) }
        return data
    }

    /// The request for `path` below the base endpoint.
    func request(
        _ method: String, _ path: String, query: [(String, String)], form: [(String, String)]?, json: Any?, accept: String, authenticated: Bool
    ) throws -> URLRequest {
        var text = session.baseEndpoint + path
        if !query.isEmpty {
            text += "?" + query.map { "\(Self.escaped($0.0))=\(Self.escaped($0.1))" }.joined(separator: "&")
        }
        guard let url = URL(string: text) else { throw RESTError(kind: .dataConversionFailed, message: "not a URL: \(text)") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let timeout = session.timeoutInterval { request.timeoutInterval = timeout }
        request.setValue(accept, forHTTPHeaderField: "Accept")
        if let form {
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(form.map { "\(Self.escaped($0.0))=\(Self.escaped($0.1))" }.joined(separator: "&").utf8)
        } else if let json {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
        }
        if authenticated {
            for (name, value) in authenticationHeaders() { request.setValue(value, forHTTPHeaderField: name) }
        }
        return request
    }

    /// The headers that carry the session's credentials: a bearer access token, or the API
    /// token in `X-Intdash-Token`.
    func authenticationHeaders() -> [(String, String)] {
        let (accessToken, apiToken) = session.state.withLock { ($0.isOAuth2 ? $0.accessToken : nil, $0.apiToken) }
        if let accessToken { return [("Authorization", "Bearer \(accessToken)")] }
        if let apiToken { return [("X-Intdash-Token", apiToken)] }
        return []
    }

    /// Performs `request` and returns the body and status.
    private func perform(_ request: URLRequest) async throws -> (Data, Int) {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await Self.urlSession.data(for: request)
        } catch {
            try Task.checkCancellation()
            throw RESTError(transportError: error)
        }
        guard let http = response as? HTTPURLResponse else { throw RESTError(kind: .dataConversionFailed, message: "not an HTTP answer") }
        return (data, http.statusCode)
    }
}

extension RESTError {
    /// `error` as a ``RESTError``: itself, or wrapped.
    static func wrapping(_ error: any Error) -> RESTError {
        if let error = error as? RESTError { return error }
        if error is URLError { return RESTError(transportError: error) }
        return RESTError(kind: .dataConversionFailed, originError: error)
    }
}

/// Runs `work` in a task and hands its result or error to a completion handler, on the
/// task's thread.
func complete<Result>(
    _ completion: @escaping @Sendable (Result?, RESTError?) -> Void, _ work: @escaping @Sendable () async throws -> Result
) where Result: Sendable {
    Task {
        do {
            completion(try await work(), nil)
        } catch {
            completion(nil, RESTError.wrapping(error))
        }
    }
}
