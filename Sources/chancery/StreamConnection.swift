import ArgumentParser
import Foundation
import URLSessionSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where the server is and who the `chancery stream` commands act as: the options they share.
///
/// Credentials, first found first used: `--token` or `CHANCERY_TOKEN` (any token the server
/// issues: an OAuth2 access token, an API key); else the edge's OAuth2 client secret from
/// `--client-secret` or `CHANCERY_EDGE_SECRET`, exchanged for a token with the client
/// credentials grant (the client id is the edge's UUID). Prefer the variables: a command line
/// is visible to every user of the machine.
struct StreamConnection: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The server's URL. [env: CHANCERY_SERVER] (default: http://127.0.0.1:8080)", valueName: "url"))
    var url: String?

    @Option(name: .long, help: ArgumentHelp("The edge to act as: its UUID. Needed with a client secret.", valueName: "uuid"))
    var edge: String?

    @Option(name: .long, help: ArgumentHelp("An access token or API key. [env: CHANCERY_TOKEN]", valueName: "token"))
    var token: String?

    @Option(
        name: .customLong("client-secret"), help: ArgumentHelp("The edge's OAuth2 client secret. [env: CHANCERY_EDGE_SECRET]", valueName: "secret"))
    var clientSecret: String?

    /// The server's URL after flag, environment and default.
    ///
    /// - Throws: ``ConfigurationError`` when it is not an http URL.
    func serverURL() throws -> URL {
        let text = Setting.resolve(url, environment: "CHANCERY_SERVER", default: "http://127.0.0.1:8080")
        guard let serverURL = URL(string: text), serverURL.scheme == "http", serverURL.host != nil else {
            throw ConfigurationError("'\(text)' is not an http:// URL")
        }
        return serverURL
    }

    /// The edge UUID given, lower-cased.
    ///
    /// - Throws: ``ConfigurationError`` when `--edge` is not a UUID.
    func edgeUUID() throws -> String? {
        guard let edge else { return nil }
        guard let uuid = UUID(uuidString: edge) else { throw ConfigurationError("--edge '\(edge)' is not a UUID") }
        return uuid.uuidString.lowercased()
    }

    /// The access token: the one given, or one the client credentials grant yields for the edge.
    ///
    /// - Throws: ``ConfigurationError`` when there are no credentials, or a secret without
    ///   `--edge`; ``IntdashRequestError`` when the server refuses the secret.
    func accessToken() async throws -> String {
        if let token = Setting.resolve(token, environment: "CHANCERY_TOKEN") { return token }
        guard let secret = Setting.resolve(clientSecret, environment: "CHANCERY_EDGE_SECRET") else {
            throw ConfigurationError("no credentials: set CHANCERY_TOKEN or CHANCERY_EDGE_SECRET (or pass --token or --client-secret)")
        }
        guard let edge = try edgeUUID() else { throw ConfigurationError("a client secret needs --edge, the edge's UUID") }
        let form = [("grant_type", "client_credentials"), ("client_id", edge), ("client_secret", secret)]
        var components = URLComponents()
        components.queryItems = form.map { URLQueryItem(name: $0.0, value: $0.1) }
        // URLComponents leaves `+` alone in queries; a form body must escape it.
        let body = Data((components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B").utf8)
        let answer: [String: Any]
        do {
            answer = try await IntdashRequest(server: try serverURL(), token: nil).send(
                "POST", "/intdash/api/auth/oauth2/token", body: body, contentType: "application/x-www-form-urlencoded"
            )
        } catch let error as IntdashRequestError where error.status != nil {
            throw IntdashRequestError("the server refused the client secret of edge \(edge): \(error)")
        }
        guard let token = answer["access_token"] as? String else { throw IntdashRequestError("the token endpoint answered no access_token") }
        return token
    }
}

/// One JSON request to the intdash REST API of a Chancery server.
struct IntdashRequest {
    /// The server's URL (`http://HOST:PORT`).
    let server: URL
    /// The token sent as `Authorization: Bearer`, if any.
    let token: String?

    /// Sends `method path` with `body` and returns the JSON object answered.
    ///
    /// - Throws: ``IntdashRequestError`` with the status and the server's `error_description`
    ///   when it answers with an error status; without a status when it cannot be reached.
    func send(_ method: String, _ path: String, body: Data? = nil, contentType: String = "application/json") async throws -> [String: Any] {
        var base = server.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base + path) else { throw IntdashRequestError("'\(base + path)' is not a URL") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        if body != nil { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let session = URLSession(configuration: .ephemeral, delegate: CredentialChallengeRefusal(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch let error as URLError where error.code == .cancelled || error.code == .userAuthenticationRequired {
            // The refusal of a 401 with a challenge (see CredentialChallengeRefusal).
            throw IntdashRequestError("the credentials were refused", status: 401)
        } catch {
            throw IntdashRequestError("cannot reach \(base): \(error.localizedDescription)")
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        guard (200..<300).contains(status) else {
            let reason = object["error_description"] as? String ?? object["error"] as? String ?? "HTTP \(status)"
            throw IntdashRequestError(reason, status: status)
        }
        return object
    }
}

/// A REST request of a `chancery stream` command that failed, in one line.
struct IntdashRequestError: Error, CustomStringConvertible {
    /// What went wrong: the server's own words when it answered.
    let description: String
    /// The HTTP status the server answered with, or `nil` when it did not answer.
    let status: Int?

    init(_ description: String, status: Int? = nil) {
        self.description = description
        self.status = status
    }
}
