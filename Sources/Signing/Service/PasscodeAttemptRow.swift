import Foundation
import Storage

/// The count of a link in the `signing_passcode_attempts` table, its coding keys the column
/// names.
struct PasscodeAttemptRow: TableRow, Sendable {
    /// Attempts counted since the last right passcode or quiet period.
    let attempts: Int
    /// When a locked-out link may be tried again.
    let lockedUntil: Date?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case attempts
        case lockedUntil = "locked_until"
    }

}
