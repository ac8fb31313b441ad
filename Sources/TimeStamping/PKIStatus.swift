import SwiftASN1

/// The outcome a TSA reports for a request (RFC 3161 §2.4.2, `PKIStatus`).
public struct PKIStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The INTEGER value on the wire.
    public var rawValue: Int

    /// Wraps any INTEGER value; values outside 0...5 are kept so that a reply can be reported as read.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The token is present, as requested.
    public static let granted = PKIStatus(rawValue: 0)
    /// The token is present, with modifications to what was requested.
    public static let grantedWithMods = PKIStatus(rawValue: 1)
    /// The request was refused; `failInfo` says why.
    public static let rejection = PKIStatus(rawValue: 2)
    /// The request is not yet processed.
    public static let waiting = PKIStatus(rawValue: 3)
    /// A revocation is imminent.
    public static let revocationWarning = PKIStatus(rawValue: 4)
    /// A revocation has occurred.
    public static let revocationNotification = PKIStatus(rawValue: 5)

    /// The RFC name of the status, or its number.
    public var description: String {
        switch rawValue {
        case 0: "granted"
        case 1: "grantedWithMods"
        case 2: "rejection"
        case 3: "waiting"
        case 4: "revocationWarning"
        case 5: "revocationNotification"
        default: "status \(rawValue)"
        }
    }
}
