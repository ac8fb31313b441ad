import Accounts
import Foundation

/// Decides what a principal may do with a document, given the document's effective
/// access-control list (its own entries, then its ancestors' up to the first that blocks
/// inheritance).
///
/// The first entry that names one of the principal's identities (their user name, a group,
/// or `Everyone`) and whose permission includes the requested one decides: granted or denied.
/// No such entry means denied. Members of `administrators` may do everything.
public struct AccessChecker: Sendable {
    /// The identities entries are matched against; `nil` for administrators.
    public let identities: Set<String>?
    /// The user the checks are for.
    public let principal: Principal
    /// The user's name.
    public let userName: String

    /// The checker for `principal`.
    public init(principal: Principal) {
        self.principal = principal
        self.userName = principal.userName
        self.identities = principal.isAdministrator ? nil : principal.groups.union([principal.userName, AccessControlEntry.everyone])
    }

    /// Whether the principal is an administrator, whom no ACL restricts.
    public var isAdministrator: Bool { identities == nil }

    /// Whether `permission` is granted by `acl` (the effective ACL, most specific first).
    public func isGranted(_ permission: String, by acl: [AccessControlEntry], at date: Date = Date()) -> Bool {
        guard let identities else { return true }
        for entry in acl where identities.contains(entry.principal) && entry.isEffective(at: date) {
            if Permission.permission(entry.permission, includes: permission) { return entry.isGranted }
        }
        return false
    }

    /// The identities as a sorted list, for the SQL read filter; `nil` for administrators.
    public var sortedIdentities: [String]? { identities?.sorted() }
}
