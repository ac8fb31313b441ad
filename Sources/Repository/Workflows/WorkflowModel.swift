import Foundation
import JSON

/// A workflow Chancery ships: its graph (nodes and transitions, as the graph endpoints show
/// it), the variables an instance starts with, and how each ended task moves an instance on.
///
/// The models are code rather than data: Chancery ships Nuxeo's two review workflows and no
/// designer, so each model says in a few lines what its graph does.
protocol WorkflowModel: Sendable {
    /// The model's name, which clients start it by (`SerialDocumentReview`).
    var name: String { get }
    /// Its title: the label key Nuxeo shows (`wf.serialDocumentReview.SerialDocumentReview`).
    var title: String { get }
    /// The workflow variables a new instance has, with their first values.
    var globalVariables: [String: JSONValue] { get }
    /// The nodes, start first and stop last.
    var nodes: [WorkflowNode] { get }
    /// The transitions between the nodes.
    var transitions: [WorkflowTransition] { get }

    /// The tasks a new instance, started by its initiator, begins with.
    func start(_ workflow: WorkflowInstance) -> WorkflowStep

    /// What follows when `task` ends with `action`, given the instance's other open tasks;
    /// the step may change the instance's variables.
    ///
    /// - Throws: ``RepositoryError/invalid(_:)`` when the task's variables do not allow the
    ///   action (a review with no participants).
    func step(after task: WorkflowTask, action: String, workflow: inout WorkflowInstance, otherOpenTasks: [WorkflowTask]) throws -> WorkflowStep
}

extension WorkflowModel {
    /// The node `id`, if the model has one.
    func node(_ id: String) -> WorkflowNode? { nodes.first { $0.id == id } }

    /// The task node `id`; models name only their own nodes.
    func taskNode(_ id: String) -> WorkflowNode {
        guard let node = node(id), node.task != nil else { preconditionFailure("\(name) has no task node \(id)") }
        return node
    }
}

/// What a workflow does next.
enum WorkflowStep: Sendable, Equatable {
    /// Opens these tasks.
    case assign([TaskAssignment])
    /// Waits for the other open tasks.
    case wait
    /// Ends the workflow; with `approving`, the attached documents follow `approve`.
    case end(approving: Bool)
    /// Cancels the workflow.
    case cancel
}

/// A task to open: a node's task, for these actors.
struct TaskAssignment: Sendable, Equatable {
    /// The id of the task node.
    let node: String
    /// Who the task is for: user or group names, as given (`user:bob`, `group:members`, `bob`).
    let actors: [String]
}

/// The model names Chancery ships, and the model of each.
enum WorkflowModels {
    /// Every model, in the order they are listed.
    static let all: [any WorkflowModel] = [SerialDocumentReview(), ParallelDocumentReview()]

    /// The model `name`.
    ///
    /// - Throws: ``RepositoryError/workflowNotFound(_:)`` when Chancery ships no such model.
    static func model(named name: String) throws -> any WorkflowModel {
        guard let model = all.first(where: { $0.name == name }) else {
            throw RepositoryError.workflowNotFound("No workflow model named '\(name)'")
        }
        return model
    }
}
