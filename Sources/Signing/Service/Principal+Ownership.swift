import Accounts

/// Who sees what in the Signing capability: documents, templates and bulk sends are visible to
/// their owner and to administrators. Everyone else is told they do not exist.
extension Principal {
    /// Whether this principal may see and change what `ownerID` owns.
    func mayAccess(ownedBy ownerID: String) -> Bool {
        isAdministrator || ownerID == userID
    }

    /// The owner whose items this principal's lists show: their own, or everyone's (`nil`) for
    /// an administrator.
    var listedOwnerID: String? {
        isAdministrator ? nil : userID
    }
}
