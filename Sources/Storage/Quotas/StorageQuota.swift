/// A limit on the bytes a user, or each member of a group, may keep stored.
public struct StorageQuota: Hashable, Sendable {
    /// Who it applies to.
    public let subject: QuotaSubject
    /// The most bytes allowed.
    public let bytes: Int64

    /// Creates a quota.
    public init(subject: QuotaSubject, bytes: Int64) {
        self.subject = subject
        self.bytes = bytes
    }
}
