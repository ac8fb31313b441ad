import Crypto
import Foundation
import Storage

/// The part of an effective ACL that decides who may browse a document, reduced to an
/// ordered list of `(principal, granted)` and named by its hash.
///
/// Documents with the same read ACL share one id, and `repo_read_acls` holds each list once,
/// so a query filters by permission in SQL (`read_acl_id IN (…)`) without evaluating ACLs row
/// by row. Time-bounded entries are kept whatever their dates: queries filter by the
/// entries' presence, reads check dates exactly with ``AccessChecker``.
public struct ReadACL: Sendable, Hashable {
    /// The entries, most specific first, each principal at most once (later ones cannot decide).
    public let entries: [(principal: String, granted: Bool)]

    /// The read ACL of an effective ACL.
    public init(effective acl: [AccessControlEntry]) {
        var seen = Set<String>()
        var entries: [(String, Bool)] = []
        for entry in acl where Permission.permission(entry.permission, includes: Permission.browse) {
            guard seen.insert(entry.principal).inserted else { continue }
            entries.append((entry.principal, entry.isGranted))
        }
        self.entries = entries
    }

    /// The id: a SHA-256 (hex, 32 characters) of the canonical text `+alice,-Everyone,…`.
    public var id: String {
        let text = entries.map { ($0.granted ? "+" : "-") + $0.principal }.joined(separator: ",")
        return String(SHA256.hash(data: Data(text.utf8)).hex.prefix(32))
    }

    public static func == (lhs: ReadACL, rhs: ReadACL) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
