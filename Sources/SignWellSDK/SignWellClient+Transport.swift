import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension SignWellClient {
    /// Characters a path segment may hold unescaped (RFC 3986 "unreserved").
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// Sends a request and decodes its JSON answer.
    ///
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - path: The path below ``baseURL``, one element per segment (each percent-encoded).
    ///   - query: The query parameters.
    ///   - body: A value sent as the JSON body.
    /// - Throws: ``SignWellError`` for an unsuccessful status or an answer that does not
    ///   decode, or the `URLError` of a network failure.
    func json<Answer: Decodable>(
        _ method: String, _ path: [String], query: [URLQueryItem] = [], body: (any Encodable)? = nil, as answer: Answer.Type = Answer.self
    ) async throws -> Answer {
        let (data, statusCode) = try await send(method, path, query: query, body: body)
        do {
            return try SignWellJSON.decoder().decode(Answer.self, from: data)
        } catch {
            throw SignWellError(statusCode: statusCode, reason: .unreadableAnswer(Self.explain(error)))
        }
    }

    /// Sends a request and returns the body of its successful answer, and the status.
    ///
    /// - Parameters:
    ///   - accept: The media types asked for.
    ///   - progress: Called as the answer's bytes arrive, with the bytes received so far and
    ///     the total when the server told it.
    /// - Throws: As ``json(_:_:query:body:as:)``.
    func send(
        _ method: String, _ path: [String], query: [URLQueryItem] = [], body: (any Encodable)? = nil,
        accept: String = "application/json", progress: (@Sendable (Int64, Int64?) -> Void)? = nil
    ) async throws -> (body: Data, statusCode: Int) {
        var request = URLRequest(url: url(path, query: query))
        request.httpMethod = method
        request.setValue(apiKey, forHTTPHeaderField: "X-Api-Key")
        request.setValue(accept, forHTTPHeaderField: "Accept")
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try SignWellJSON.encoder().encode(body)
        }
        let (data, response) = try await perform(request, progress: progress)
        guard let http = response as? HTTPURLResponse else {
            throw SignWellError(statusCode: 0, reason: .unreadableAnswer("not an HTTP response"))
        }
        guard (200..<300).contains(http.statusCode) else {
            throw SignWellError(statusCode: http.statusCode, body: data, retryAfterHeader: http.value(forHTTPHeaderField: "Retry-After"))
        }
        return (data, http.statusCode)
    }

    /// The URL of `path` below ``baseURL`` with `query`.
    func url(_ path: [String], query: [URLQueryItem] = []) -> URL {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let segments = path.map { $0.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? $0 }
        // A valid URL followed by percent-encoded unreserved segments is a valid URL.
        var components = URLComponents(string: ([base] + segments).joined(separator: "/"))!
        if !query.isEmpty {
            components.queryItems = query
            // `+` means a space to most servers; URLComponents leaves it as it is.
            components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        }
        return components.url!
    }

    /// Performs `request`, turning a refused authentication challenge into the 401 it was.
    private func perform(_ request: URLRequest, progress: (@Sendable (Int64, Int64?) -> Void)?) async throws -> (Data, URLResponse) {
        do {
            if let progress {
                return try await ObservedDownload.perform(request, configuration: session.configuration, progress: progress)
            }
            return try await session.data(for: request)
        } catch let error as URLError where error.code == .cancelled || error.code == .userCancelledAuthentication {
            // The SDK never cancels a request itself: a cancellation is either the caller's
            // task being cancelled, or the session refusing the server's challenge.
            try Task.checkCancellation()
            throw SignWellError(statusCode: 401, reason: .unexplained("the server did not accept the API key"))
        }
    }

    /// What is wrong with an answer that did not decode, in a few words.
    private static func explain(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        let (context, problem): (DecodingError.Context, String) =
            switch error {
            case .typeMismatch(let type, let context): (context, "expected \(type)")
            case .valueNotFound(let type, let context): (context, "missing \(type) value")
            case .keyNotFound(let key, let context): (context, "missing key '\(key.stringValue)'")
            case .dataCorrupted(let context): (context, context.debugDescription)
            @unknown default: (DecodingError.Context(codingPath: [], debugDescription: ""), "\(error)")
            }
        let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        return path.isEmpty ? problem : "\(path): \(problem)"
    }
}

/// Query parameter values as the API reads them.
extension URLQueryItem {
    /// A parameter whose value is `true` or `false`.
    static func flag(_ name: String, _ value: Bool) -> URLQueryItem {
        URLQueryItem(name: name, value: value ? "true" : "false")
    }
}
