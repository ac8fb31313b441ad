import Foundation

/// A job that a ``DurableOutbox`` claimed for one attempt: its bookkeeping as the claim left
/// it, and the payload its user selected from the row.
public struct OutboxJob<Payload: Sendable>: Sendable {
    /// The job's id (its row's primary key).
    public let id: String
    /// The number of the attempt this claim is for, counted from 1: the job's attempts with
    /// this one counted.
    public let attempt: Int
    /// When the job was queued; its retry period counts from then.
    public let createdAt: Date
    /// When the claim runs out: after it, the job is due again (its server is taken for dead).
    public let leaseEnd: Date
    /// What the outbox's payload selections read from the row, decoded.
    public let payload: Payload
}
