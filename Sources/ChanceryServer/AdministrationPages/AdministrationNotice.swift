/// What an administration page says after an action sent the browser to it (`?done=…`): one of
/// a fixed set of sentences, so that a crafted link cannot put words on the page.
enum AdministrationNotice: String, Sendable {
    case created
    case groupsSaved = "groups-saved"
    case passwordReset = "password-reset"
    case keyRevoked = "key-revoked"
    case lockoutCleared = "lockout-cleared"
    case disabled
    case groupCreated = "group-created"
    case groupDeleted = "group-deleted"
    case enabled
    case edgeDisabled = "edge-disabled"
    case edgeEnabled = "edge-enabled"
    case edgeDeleted = "edge-deleted"
    case edgeNotarizes = "edge-notarizes"
    case edgeStopsNotarizing = "edge-stops-notarizing"
    case clientDeleted = "client-deleted"
    case quotaSet = "quota-set"
    case quotaCleared = "quota-cleared"

    /// The sentence shown.
    var sentence: String {
        switch self {
        case .created: "The user was created."
        case .groupsSaved: "The groups were saved."
        case .passwordReset: "The password was changed. Tell the user their new password."
        case .keyRevoked: "The API key was revoked: it no longer works."
        case .lockoutCleared: "The lock-out was cleared."
        case .groupCreated: "The group was created: add users to it from their pages."
        case .groupDeleted: "The group was deleted; its members stay."
        case .disabled: "The user was disabled: their password, keys and tokens are refused, and their sessions ended."
        case .enabled: "The user was enabled: they can sign in again."
        case .edgeDisabled: "The edge was disabled: it can no longer sign in or stream."
        case .edgeEnabled: "The edge was enabled."
        case .edgeNotarizes: "The edge's measurements will be notarized when they end."
        case .edgeStopsNotarizing: "The edge's measurements are no longer notarized."
        case .edgeDeleted: "The edge was deleted with its client and user; its measurements stay."
        case .clientDeleted: "The OAuth2 client was deleted with its grants."
        case .quotaSet: "The quota was set; it applies from the next upload."
        case .quotaCleared: "The quota was removed."
        }
    }
}
