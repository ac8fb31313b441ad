import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The benchmarks' HTTP client for the Nuxeo API of a server: one connection pool, one
/// credential per user (`X-Api-Key`), and the few calls the benchmarks make.
public struct NuxeoClient: Sendable {
    /// The client that sends every request.
    public let http: HTTPClient
    /// The server's base URL, such as `http://127.0.0.1:PORT`.
    public let base: String

    /// A client of the server at `base`, sending through `http`.
    public init(http: HTTPClient, base: String) {
        self.http = http
        self.base = base
    }

    /// Sends `method path` with `headers` and `body`, reads the whole answer (up to
    /// `limit` bytes) and fails unless it has `status`.
    @discardableResult
    public func send(
        _ method: HTTPMethod, _ path: String, key: String?, headers: [(String, String)] = [],
        body: HTTPClientRequest.Body? = nil, expecting status: UInt, limit: Int = 64 << 20
    ) async throws -> ByteBuffer {
        let response = try await http.execute(request(method, path, key: key, headers: headers, body: body), timeout: .minutes(30))
        let answer = try await response.body.collect(upTo: limit)
        guard response.status.code == status else {
            throw BenchmarkError("\(method) \(path): \(response.status) \(String(buffer: answer).prefix(500))")
        }
        return answer
    }

    /// Like ``send(_:_:key:headers:body:expecting:limit:)``, decoding the answer as a JSON object.
    public func json(
        _ method: HTTPMethod, _ path: String, key: String?, headers: [(String, String)] = [],
        body: HTTPClientRequest.Body? = nil, expecting status: UInt
    ) async throws -> [String: Any] {
        let answer = try await send(method, path, key: key, headers: headers, body: body, expecting: status)
        guard let object = try JSONSerialization.jsonObject(with: Data(answer.readableBytesView)) as? [String: Any] else {
            throw BenchmarkError("\(method) \(path): the answer is not a JSON object")
        }
        return object
    }

    /// The request, with the credential and a JSON content type when there is a body.
    public func request(
        _ method: HTTPMethod, _ path: String, key: String?, headers: [(String, String)] = [], body: HTTPClientRequest.Body? = nil
    ) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: base + path)
        request.method = method
        if let key { request.headers.add(name: "X-Api-Key", value: key) }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body {
            if !request.headers.contains(name: "Content-Type") { request.headers.add(name: "Content-Type", value: "application/json") }
            request.body = body
        }
        return request
    }

    /// Creates a document of `type` named `name` with `properties` in the folder at `parentPath`
    /// (the body the Python client sends, spec §1.7) and returns its uid.
    @discardableResult
    public func createDocument(type: String, name: String, properties: [String: Any], in parentPath: String, key: String) async throws -> String {
        let entity: [String: Any] = [
            "entity-type": "document", "repository": "default", "type": type, "name": name, "properties": properties,
            "contextParameters": [String: Any](), "facets": [String](), "isCheckedOut": false, "isProxy": false,
            "isTrashed": false, "isVersion": false,
        ]
        let body = try JSONSerialization.data(withJSONObject: entity)
        let created = try await json(
            .POST, "/nuxeo/api/v1/path" + Self.encodePath(parentPath), key: key,
            body: .bytes(ByteBuffer(bytes: body)), expecting: 201)
        guard let uid = created["uid"] as? String else { throw BenchmarkError("created document has no uid") }
        return uid
    }

    /// `path` with each segment percent-encoded.
    public static func encodePath(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { encode(String($0)) }.joined(separator: "/")
    }

    /// `text` percent-encoded for a path segment or a query value.
    public static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
