import Foundation
import JSON

/// One node of a workflow model's graph.
struct WorkflowNode: Sendable, Equatable {
    /// The node's id, which tasks name as their `nodeName`.
    let id: String
    /// Its label key.
    let title: String
    /// Whether the workflow starts here.
    var isStart = false
    /// Whether the workflow ends here.
    var isStop = false
    /// The task the node opens, for a node that waits for people.
    var task: TaskDefinition?
}

/// What a task node asks of its actors.
struct TaskDefinition: Sendable, Equatable {
    /// The task's name, a label key (`wf.serialDocumentReview.DocumentValidation`).
    let name: String
    /// What the actors are asked to do, a label key.
    let directive: String
    /// The buttons that end the task.
    let actions: [TaskAction]
    /// The node variables the task's form fills, with their first values. Completing a task
    /// sets these and no others.
    let variables: [String: JSONValue]
    /// Whether an actor may hand the task to others (`reassign`).
    var allowsReassignment = false
    /// The permission the task's actors hold on the attached documents while it is open.
    var grantedPermission: String?
    /// Whether the node opens one task per actor rather than one for all.
    var isMultiTask = false
    /// How long the actors have, when the workflow's `end_date` does not say.
    var duration: TimeInterval = 3 * 86_400
}

/// A button that ends a task.
struct TaskAction: Sendable, Equatable {
    /// The action's name, the last segment of `PUT task/{id}/{action}`.
    let name: String
    /// Its label key.
    let label: String
    /// Whether the task's form must be valid for it (false for cancelling and rejecting).
    let validates: Bool
}

/// An edge of a workflow model's graph.
struct WorkflowTransition: Sendable, Equatable {
    /// The node it leaves.
    let from: String
    /// The node it reaches.
    let to: String
    /// Its label key.
    let label: String
}
