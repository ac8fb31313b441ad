import Accounts
import Mail

extension AccountStore {
    /// Where mail to the sender of `document` goes: its `custom_requester_email` (named by its
    /// `custom_requester_name`), else its owner's email and name; `nil` when neither is a
    /// mailable address.
    func senderAddress(of document: SigningDocument) async throws -> MailAddress? {
        // A custom address that is no address (the API stores what it is given) does not keep
        // the sender from being told: the owner's address takes its place.
        if let custom = document.customRequesterEmail, !custom.isEmpty,
            let address = try? MailAddress(custom, displayName: document.customRequesterName)
        {
            return address
        }
        guard let profile = try await profile(ofUserID: document.ownerID), !profile.email.isEmpty else { return nil }
        let name = [profile.firstName, profile.lastName].filter { !$0.isEmpty }.joined(separator: " ")
        return try? MailAddress(profile.email, displayName: name.isEmpty ? nil : name)
    }
}
