/// What an administration page says after an action sent the browser to it (`?done=…`): one of
/// a fixed set of sentences, so that a crafted link cannot put words on the page.
enum AdministrationNotice: String, Sendable {
    case created
    case groupsSaved = "groups-saved"
    case passwordReset = "password-reset"
    case keyRevoked = "key-revoked"
    case lockoutCleared = "lockout-cleared"

    /// The sentence shown.
    var sentence: String {
        switch self {
        case .created: "The user was created."
        case .groupsSaved: "The groups were saved."
        case .passwordReset: "The password was changed. Tell the user their new password."
        case .keyRevoked: "The API key was revoked: it no longer works."
        case .lockoutCleared: "The lock-out was cleared."
        }
    }
}
