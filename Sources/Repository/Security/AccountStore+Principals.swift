import Accounts

extension AccountStore {
    /// Throws unless each of `names` names a user or a group: `user:bob` a user, `group:staff` a
    /// group, a bare name either, as ACLs and workflow tasks name them.
    ///
    /// - Throws: ``RepositoryError/principalNotFound(_:)`` with the first name that names no one.
    func requireExisting(_ names: [String]) async throws {
        for name in names {
            let bare = WorkflowTask.principal(name)
            if !name.hasPrefix("group:"), try await user(named: bare) != nil { continue }
            if !name.hasPrefix("user:"), try await group(named: bare) != nil { continue }
            throw RepositoryError.principalNotFound(name)
        }
    }
}
