import ArgumentParser
import Foundation
import NuxeoSDK

/// Where the repository is and who asks: the options every `chancery repo` command shares.
///
/// Credentials, first found first used: the password on the first line of standard input
/// (`--password-stdin`), the password in `CHANCERY_PASSWORD`, a device token in
/// `CHANCERY_NUXEO_TOKEN` (from `GET /nuxeo/authentication/token`). Passwords and tokens are
/// never options: a command line is visible to every user of the machine.
struct RepositoryConnection: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The server's URL. [env: CHANCERY_SERVER] (default: http://127.0.0.1:8080)", valueName: "url"))
    var server: String?

    @Option(name: .long, help: ArgumentHelp("The user the password belongs to. [env: CHANCERY_USER] (default: Administrator)", valueName: "name"))
    var user: String?

    @Flag(name: .customLong("password-stdin"), help: "Read the password from the first line of standard input instead of CHANCERY_PASSWORD.")
    var passwordFromStandardInput = false

    /// A client for the server's repository, after flags, environment and defaults.
    ///
    /// - Throws: ``ConfigurationError`` when the URL is not an http or https URL, or there
    ///   are no credentials.
    func client() throws -> RepositoryClient {
        let text = Setting.resolve(server, environment: "CHANCERY_SERVER", default: "http://127.0.0.1:8080")
        guard let serverURL = URL(string: text), ["http", "https"].contains(serverURL.scheme ?? ""), serverURL.host != nil else {
            throw ConfigurationError("'\(text)' is not an http or https URL")
        }
        let session = NUXSession(serverURL: Self.nuxeoURL(at: serverURL), authenticator: try authenticator())
        return RepositoryClient(session: session, server: text, usesToken: session.authenticator is NUXFixedTokenAuthenticator)
    }

    private func authenticator() throws -> any NUXAuthenticator {
        let user = Setting.resolve(user, environment: "CHANCERY_USER", default: "Administrator")
        if passwordFromStandardInput {
            guard let line = readLine(strippingNewline: true), !line.isEmpty else {
                throw ConfigurationError("--password-stdin was given but standard input has no password")
            }
            return NUXBasicAuthenticator(username: user, password: line)
        }
        if let password = Setting.resolve(nil, environment: "CHANCERY_PASSWORD") {
            return NUXBasicAuthenticator(username: user, password: password)
        }
        if let token = Setting.resolve(nil, environment: "CHANCERY_NUXEO_TOKEN") {
            return NUXFixedTokenAuthenticator(token: token)
        }
        throw ConfigurationError("no credentials: set CHANCERY_PASSWORD, pass --password-stdin, or set CHANCERY_NUXEO_TOKEN")
    }

    /// The server's Nuxeo API root: `server` followed by `/nuxeo`, whether or not `server`
    /// ends with a `/`.
    private static func nuxeoURL(at server: URL) -> URL {
        var text = server.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        // A valid URL followed by a path segment is a valid URL.
        return URL(string: text + "/nuxeo")!
    }
}
