import Foundation

/// One line of an access-control list: a principal, a permission, granted or denied.
public struct AccessControlEntry: Sendable, Hashable {
    /// A user name, a group name, or ``everyone``.
    public var principal: String
    /// The permission, such as `ReadWrite`.
    public var permission: String
    /// Whether it grants (`true`) or denies the permission.
    public var isGranted: Bool
    /// Who added it; empty for the entries the repository starts with.
    public var creator: String
    /// When it starts to apply, if not at once.
    public var begin: Date?
    /// When it stops applying, if ever.
    public var end: Date?

    /// The principal every user is part of.
    public static let everyone = "Everyone"

    /// Creates an entry.
    public init(principal: String, permission: String, isGranted: Bool, creator: String = "", begin: Date? = nil, end: Date? = nil) {
        self.principal = principal
        self.permission = permission
        self.isGranted = isGranted
        self.creator = creator
        self.begin = begin
        self.end = end
    }

    /// The entry that blocks inheritance: deny everything to everyone.
    public static let blockInheritance = AccessControlEntry(principal: everyone, permission: Permission.everything, isGranted: false)

    /// Nuxeo's id of the entry: `principal:permission:granted:creator:begin:end`.
    public var id: String {
        [principal, permission, isGranted ? "true" : "false", creator, begin.map(Self.timestamp) ?? "", end.map(Self.timestamp) ?? ""]
            .joined(separator: ":")
    }

    /// Whether the entry is in force at `date`.
    public func isEffective(at date: Date) -> Bool {
        if let begin, date < begin { return false }
        if let end, date >= end { return false }
        return true
    }

    /// Whether the entry has not begun yet at `date` (`pending`), is in force (`effective`)
    /// or is over (`archived`), as Nuxeo reports it.
    public func status(at date: Date) -> String {
        if let begin, date < begin { return "pending" }
        if let end, date >= end { return "archived" }
        return "effective"
    }

    private static func timestamp(_ date: Date) -> String {
        String(Int64((date.timeIntervalSince1970 * 1000).rounded()))
    }
}
