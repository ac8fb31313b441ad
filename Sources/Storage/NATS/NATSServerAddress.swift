import Foundation

/// One NATS server a client may connect to, read from `nats://[USER:PASSWORD@|TOKEN@]HOST[:PORT]`
/// (port 4222 when none is given).
///
/// ```swift
/// let servers = try NATSServerAddress.list(parsing: "nats://10.0.0.1:4222,nats://app:s3cret@10.0.0.2")
/// servers[1].user      // "app"
/// "\(servers[1])"      // "nats://10.0.0.2:4222", never the credentials
/// ```
public struct NATSServerAddress: Hashable, Sendable, CustomStringConvertible {
    /// The port NATS listens on unless told otherwise.
    public static let defaultPort = 4222

    /// The server's host name or address.
    public var host: String
    /// The server's client port.
    public var port: Int
    /// The user name to connect as, with ``password``.
    public var user: String?
    /// The password of ``user``.
    public var password: String?
    /// The token to connect with, for servers that use token authentication.
    public var token: String?

    /// Creates the address of a server that needs no credentials.
    public init(host: String, port: Int = Self.defaultPort) {
        self.host = host
        self.port = port
    }

    /// Reads one `nats://` URL.
    public init(parsing text: String) throws(NATSError) {
        guard let components = URLComponents(string: text.trimmingCharacters(in: .whitespaces)),
            components.scheme?.lowercased() == "nats", let host = components.host, !host.isEmpty,
            components.path.isEmpty || components.path == "/", components.query == nil
        else { throw NATSError.invalidURL(text) }
        let port = components.port ?? Self.defaultPort
        guard (1...65535).contains(port) else { throw NATSError.invalidURL(text) }
        self.init(host: host, port: port)
        switch (components.user, components.password) {
        case (let user?, let password?):
            self.user = user.removingPercentEncoding ?? user
            self.password = password.removingPercentEncoding ?? password
        case (let token?, nil):
            self.token = token.removingPercentEncoding ?? token
        default:
            break
        }
    }

    /// Reads a comma-separated list of `nats://` URLs; at least one.
    public static func list(parsing text: String) throws(NATSError) -> [NATSServerAddress] {
        let entries = text.split(separator: ",").map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        guard !entries.isEmpty else { throw NATSError.invalidURL(text) }
        var servers: [NATSServerAddress] = []
        for entry in entries { servers.append(try NATSServerAddress(parsing: entry)) }
        return servers
    }

    /// The URL without credentials, for logs and errors.
    public var description: String { "nats://\(host):\(port)" }
}
