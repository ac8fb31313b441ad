import ArgumentParser
import Foundation
import Intdash

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

    /// The access token and a session of the Intdash SDK that uses it for the intdash REST API:
    /// the token given, or the one the client credentials grant yields for the edge.
    ///
    /// - Throws: ``ConfigurationError`` when there are no credentials, a secret comes without
    ///   `--edge`, or the server refuses the secret.
    func signIn() async throws -> (session: IntdashClient.Session, token: String) {
        var base = try serverURL().absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let session = IntdashClient.Session(serverURL: base + "/intdash", clientId: "")
        if let token = Setting.resolve(token, environment: "CHANCERY_TOKEN") {
            session.apiToken = token
            return (session, token)
        }
        guard let secret = Setting.resolve(clientSecret, environment: "CHANCERY_EDGE_SECRET") else {
            throw ConfigurationError("no credentials: set CHANCERY_TOKEN or CHANCERY_EDGE_SECRET (or pass --token or --client-secret)")
        }
        guard let edge = try edgeUUID() else { throw ConfigurationError("a client secret needs --edge, the edge's UUID") }
        do {
            let answer = try await IntdashClient.OAuth2API(session: session).authenticate(clientId: edge, clientSecret: secret)
            return (session, answer.accessToken)
        } catch let error as RESTError where error.statusCode != nil {
            throw ConfigurationError("the server refused the client secret of edge \(edge): \(error.reason)")
        }
    }
}
