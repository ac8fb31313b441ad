/// What a server's `INFO` says that the client uses.
struct NATSServerInfo: Decodable {
    /// The largest message payload the server accepts.
    var maxPayload: Int?

    enum CodingKeys: String, CodingKey {
        case maxPayload = "max_payload"
    }
}
