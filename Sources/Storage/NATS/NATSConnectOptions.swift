/// The `CONNECT` a client introduces itself with.
struct NATSConnectOptions: Encodable {
    let verbose = false
    let pedantic = false
    /// A client's own messages are not delivered back to its subscriptions.
    let echo = false
    let lang = "swift"
    let version = "1"
    /// Protocol 1: the server may send `INFO` again when its cluster changes.
    let `protocol` = 1
    let headers = false
    let name: String
    let user: String?
    let pass: String?
    let authToken: String?

    /// The options for connecting to `server` as `name`.
    init(name: String, server: NATSServerAddress) {
        self.name = name
        self.user = server.user
        self.pass = server.password
        self.authToken = server.token
    }

    enum CodingKeys: String, CodingKey {
        case verbose, pedantic, echo, lang, version, `protocol`, headers, name, user, pass
        case authToken = "auth_token"
    }
}
