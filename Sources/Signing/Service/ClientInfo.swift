import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird

/// Who made a request, as the audit trail records it.
public struct ClientInfo: Sendable, Equatable {
    /// The client's IP address: the first `X-Forwarded-For` entry when the server is told to
    /// trust its proxy, otherwise the connection's peer.
    public var ipAddress: String?
    /// The client's `User-Agent`.
    public var userAgent: String?

    /// Creates the record of a client.
    public init(ipAddress: String?, userAgent: String?) {
        self.ipAddress = ipAddress
        self.userAgent = userAgent
    }

    /// The client of `request`.
    init(request: Request, context: ChanceryRequestContext, trustForwardedFor: Bool) {
        var address = context.remoteAddress?.ipAddress
        if trustForwardedFor, let forwarded = request.headers[HTTPField.Name("X-Forwarded-For")!] {
            address = forwarded.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? address
        }
        self.ipAddress = address
        self.userAgent = request.headers[.userAgent].map { String($0.prefix(512)) }
    }
}
