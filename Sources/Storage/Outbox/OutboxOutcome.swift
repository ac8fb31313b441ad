import SQLKit

/// How an attempt of an ``OutboxWorker``'s job went, which the worker records in the queue.
public enum OutboxOutcome: Sendable {
    /// The job is done and is not attempted again; the user's columns of `setting` get
    /// these values along with the done time.
    case done(setting: [String: any SQLExpression] = [:])
    /// The attempt failed because of `reason`: the job is retried after the policy's backoff,
    /// or abandoned when its retry period is over. The user's columns of `setting` get these
    /// values along with the error.
    case failed(reason: String, setting: [String: any SQLExpression] = [:])
    /// The attempt failed because of `reason`, and no later attempt can do better (the
    /// receiver refused for good): the job is abandoned at once, its error kept, whatever is
    /// left of its retry period. The user's columns of `setting` get these values along with
    /// the error.
    case abandon(reason: String, setting: [String: any SQLExpression] = [:])
    /// The job has no reason to be any more (what it was for is gone): it is removed.
    case drop
}
