import Hummingbird

/// The API's version as `GET /v1/version` answers it: `{version, name}`.
struct IntdashVersionResource: ResponseEncodable, Sendable {
    /// The intdash API version served.
    let version: String
    /// The server's name.
    let name: String
}
