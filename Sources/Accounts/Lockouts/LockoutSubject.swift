/// What failed credential checks are counted against: a user name or a client address.
public struct LockoutSubject: Hashable, Sendable, CustomStringConvertible {
    /// The two kinds of subject.
    public enum Kind: String, Sendable, CaseIterable {
        /// A user name, as given in the credential (whether or not such a user exists).
        case user
        /// A client's IP address.
        case address
    }

    /// The kind of subject.
    public let kind: Kind
    /// The user name or the address.
    public let name: String

    /// The subject `name` of `kind`.
    public init(_ kind: Kind, _ name: String) {
        self.kind = kind
        self.name = name
    }

    /// The user named `name`.
    public static func user(_ name: String) -> LockoutSubject { LockoutSubject(.user, name) }
    /// The client address `address`.
    public static func address(_ address: String) -> LockoutSubject { LockoutSubject(.address, address) }

    /// `user alice` or `address 127.0.0.1`.
    public var description: String { "\(kind.rawValue) \(name)" }
}
