import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird

/// Who made a request, as the audit trail records it.
public struct ClientInfo: Sendable, Equatable {
    /// The client's IP address: ``HTTPSupport/ChanceryRequestContext/clientAddress``.
    public var ipAddress: String?
    /// The client's `User-Agent`.
    public var userAgent: String?

    /// Creates the record of a client.
    public init(ipAddress: String?, userAgent: String?) {
        self.ipAddress = ipAddress
        self.userAgent = userAgent
    }

    /// The client of `request`.
    init(request: Request, context: ChanceryRequestContext) {
        self.ipAddress = context.clientAddress
        self.userAgent = request.headers[.userAgent].map { String($0.prefix(512)) }
    }
}
