import Foundation
import JSON

/// What Nuxeo's two document reviews share: each begins with the initiator choosing the
/// participants (node `chooseParticipants`, buttons `cancel` and `start_review`), and each
/// later task asks for a decision between two buttons, with an optional comment.
enum DocumentReview {
    /// The node where the initiator chooses the participants; its form has `participants`,
    /// `end_date` and `comment`, and `extraVariables`. Labels are keys under `wf.{prefix}.`.
    static func chooseParticipants(prefix: String, name: String, directive: String, extraVariables: [String: JSONValue] = [:]) -> WorkflowNode {
        WorkflowNode(
            id: "chooseParticipants", title: name,
            task: TaskDefinition(
                name: name, directive: directive,
                actions: [
                    TaskAction(name: "cancel", label: "wf.\(prefix).cancel", validates: false),
                    TaskAction(name: "start_review", label: "wf.\(prefix).start.review", validates: true),
                ],
                variables: ["participants": .array([]), "end_date": nil, "comment": nil].merging(extraVariables) { $1 }
            ))
    }

    /// A node whose task asks for a decision: `accept` (the form must be valid) or `refuse`,
    /// with a `comment`. Labels are keys under `wf.{prefix}.`.
    static func decision(
        id: String, prefix: String, name: String, directive: String, accept: String, refuse: String,
        allowsReassignment: Bool = false, grantedPermission: String? = nil, isMultiTask: Bool = false
    ) -> WorkflowNode {
        WorkflowNode(
            id: id, title: name,
            task: TaskDefinition(
                name: name, directive: directive,
                actions: [
                    TaskAction(name: accept, label: "wf.\(prefix).\(accept)", validates: true),
                    TaskAction(name: refuse, label: "wf.\(prefix).\(refuse)", validates: false),
                ],
                variables: ["comment": nil], allowsReassignment: allowsReassignment, grantedPermission: grantedPermission, isMultiTask: isMultiTask
            ))
    }

    /// The first step of a review: the initiator chooses the participants.
    static func start(_ workflow: WorkflowInstance) -> WorkflowStep {
        .assign([TaskAssignment(node: "chooseParticipants", actors: [workflow.initiator])])
    }

    /// The participants chosen in `task`, kept in the workflow's variables with the due date
    /// (`end_date`) and the initiator's comment.
    ///
    /// - Throws: ``RepositoryError/invalid(_:)`` when none was chosen.
    static func takeParticipants(from task: WorkflowTask, into workflow: inout WorkflowInstance) throws -> [String] {
        let chosen = WorkflowInstance.names(task.variables["participants"])
        guard !chosen.isEmpty else { throw RepositoryError.invalid("start_review needs at least one participant") }
        workflow.variables["participants"] = .array(chosen.map(JSONValue.string))
        workflow.variables["end_date"] = task.variables["end_date"] ?? .null
        if let comment = task.variables["comment"], comment != .null { workflow.variables["initiatorComment"] = comment }
        return chosen
    }
}
