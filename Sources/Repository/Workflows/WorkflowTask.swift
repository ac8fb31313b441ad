import Foundation
import JSON

/// A task a workflow opened for people: Nuxeo's `task` entity.
struct WorkflowTask: Sendable, Equatable {
    /// Where a task is.
    enum State: String, Sendable {
        /// Waiting for one of its actors.
        case opened
        /// Ended by an action.
        case ended
        /// Ended because its workflow was cancelled.
        case cancelled
    }

    /// A comment left on the task when it was delegated, reassigned or completed.
    struct Comment: Sendable, Equatable, Codable {
        /// Who wrote it.
        let author: String
        /// What it says.
        let text: String
        /// When.
        let date: Date
    }

    /// The task's id, a UUID.
    let id: String
    /// The workflow that opened it.
    let workflowID: String
    /// The id of the node it belongs to.
    let node: String
    /// Where it is.
    var state: State
    /// Who it is for: user or group names as given (`user:bob`, `group:members`, `bob`).
    var actors: [String]
    /// Who it was delegated to, beside its actors.
    var delegatedActors: [String]
    /// The node variables, as the actors filled them.
    var variables: [String: JSONValue]
    /// The comments on it, oldest first.
    var comments: [Comment]
    /// When it was opened.
    let createdAt: Date
    /// When its actors should have acted by.
    let dueDate: Date
    /// When it ended.
    var endedAt: Date?
    /// The action that ended it.
    var action: String?

    /// The principal names the task is for, actors and delegates, without the `user:` and
    /// `group:` prefixes: what access-control entries and a user's identities name.
    var principals: [String] {
        var seen = Set<String>()
        return (actors + delegatedActors).map(Self.principal).filter { seen.insert($0).inserted }
    }

    /// The user or group name `actor` stands for: `user:bob` → `bob`, `group:members` →
    /// `members`, `bob` → `bob`.
    static func principal(_ actor: String) -> String {
        for prefix in ["user:", "group:"] where actor.hasPrefix(prefix) { return String(actor.dropFirst(prefix.count)) }
        return actor
    }
}

/// A task and the workflow that opened it.
typealias TaskOfWorkflow = (task: WorkflowTask, workflow: WorkflowInstance)
