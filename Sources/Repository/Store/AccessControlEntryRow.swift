import Foundation
import Storage

/// The entry columns of a `repo_aces` row, decoded by column name.
struct AccessControlEntryRow: TableRow {
    /// The columns.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case principal, permission, granted, creator
        case beginAt = "begin_at"
        case endAt = "end_at"
    }

    /// The user or group the entry applies to.
    let principal: String
    /// The permission.
    let permission: String
    /// 1 when the entry grants the permission, 0 when it denies it.
    let granted: Int
    /// Who created the entry; empty when unknown.
    let creator: String
    /// When the entry starts applying, if it has a start.
    let beginAt: Date?
    /// When it stops applying, if it has an end.
    let endAt: Date?

    /// The entry the row holds.
    var entry: AccessControlEntry {
        AccessControlEntry(
            principal: principal, permission: permission, isGranted: granted != 0, creator: creator, begin: beginAt, end: endAt)
    }
}
