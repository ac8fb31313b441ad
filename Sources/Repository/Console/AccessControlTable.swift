import Foundation
import HTTPSupport

/// A table of access-control entries (the `acl-table` template): who, which permission,
/// granted or denied, by whom, and when it applies; or a line saying there are none.
struct AccessControlTable: Sendable {
    /// One entry.
    struct Row: Sendable {
        /// The user or group it names.
        let principal: String
        /// The permission.
        let permission: String
        /// Whether it grants the permission (else it denies it).
        let isGranted: Bool
        /// Whether it is the entry that blocks inheritance.
        let blocksInheritance: Bool
        /// Who added it; empty when unknown.
        let creator: String
        /// When it starts to apply, if it has a start.
        let begins: ConsoleTime?
        /// When it stops applying, if it has an end.
        let ends: ConsoleTime?
        /// Whether it applies at the time of the page (`effective`, `pending`, `archived`).
        let status: String
    }

    /// The table's title (`Local`, `Inherited`).
    let caption: String
    /// The table's id, for links and tests.
    let id: String
    /// The entries, in order.
    let rows: [Row]

    /// The table of `entries` titled `caption`, with their status at `date`.
    init(_ entries: [AccessControlEntry], caption: String, id: String, at date: Date = Date()) {
        self.caption = caption
        self.id = id
        rows = entries.map { entry in
            Row(
                principal: entry.principal, permission: entry.permission, isGranted: entry.isGranted,
                blocksInheritance: entry == .blockInheritance, creator: entry.creator,
                begins: entry.begin.map({ ConsoleTime($0, to: .minute) }), ends: entry.end.map({ ConsoleTime($0, to: .minute) }),
                status: entry.status(at: date))
        }
    }
}
