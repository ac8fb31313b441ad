import Accounts
import Foundation
import Repository
import Storage

extension Administration {
    /// What a user holds against the quota that governs them.
    public struct QuotaUsage: Sendable, Equatable {
        /// The user's name.
        public let userName: String
        /// The bytes the user holds: in upload batches and in the blobs of the documents they created.
        public let usedBytes: Int64
        /// The quota that applies: the user's own, or the largest of their groups'; `nil` when
        /// none does.
        public let limitBytes: Int64?
    }

    /// Sets (or replaces) `quota`; it takes effect at the server's next upload.
    ///
    /// - Throws: ``AccountsError/userNotFound(_:)`` or ``AccountsError/groupNotFound(_:)`` when
    ///   the subject does not exist.
    public func setQuota(_ quota: StorageQuota) async throws {
        switch quota.subject {
        case .user(let name): guard try await accounts.user(named: name) != nil else { throw AccountsError.userNotFound(name) }
        case .group(let name): guard try await accounts.group(named: name) != nil else { throw AccountsError.groupNotFound(name) }
        }
        try await StorageQuotas(database: database).set(quota)
    }

    /// Every quota that is set.
    public func quotas() async throws -> [StorageQuota] {
        try await StorageQuotas(database: database).all()
    }

    /// Removes the quota of `subject`; `false` when it had none.
    @discardableResult
    public func clearQuota(_ subject: QuotaSubject) async throws -> Bool {
        try await StorageQuotas(database: database).clear(subject)
    }

    /// The usage of every user a quota governs (their own or one of their groups'), by name;
    /// with `everyUser`, of the users no quota governs too.
    public func quotaUsage(everyUser: Bool = false) async throws -> [QuotaUsage] {
        let quotas = StorageQuotas(database: database)
        let limits = UploadLimits(maxFileBytes: Repository.defaultMaxUploadBytes, database: database)
        var usage: [QuotaUsage] = []
        for user in try await accounts.users() {
            let limit = try await quotas.limit(forUser: user.name, groups: Set(user.groups))
            guard everyUser || limit != nil else { continue }
            usage.append(QuotaUsage(userName: user.name, usedBytes: try await limits.usage(userName: user.name, userID: user.id), limitBytes: limit))
        }
        return usage
    }
}
