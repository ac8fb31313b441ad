import Foundation
import JSON

/// Nuxeo's parallel document review: the initiator chooses participants, who each give their
/// opinion (approve or reject) in any order; when all have, the initiator consolidates the
/// review, and validating it approves the documents.
struct ParallelDocumentReview: WorkflowModel {
    let name = "ParallelDocumentReview"
    let title = "wf.parallelDocumentReview.ParallelDocumentReview"

    let globalVariables: [String: JSONValue] = [
        "participants": .array([]), "end_date": nil, "review_result": nil, "initiatorComment": nil,
    ]

    let nodes: [WorkflowNode] = [
        WorkflowNode(id: "start", title: "wf.parallelDocumentReview.start", isStart: true),
        DocumentReview.chooseParticipants(
            prefix: "parallelDocumentReview", name: "wf.parallelDocumentReview.chooseParticipants.title",
            directive: "wf.parallelDocumentReview.chooseParticipants.directive"
        ),
        DocumentReview.decision(
            id: "giveOpinion", prefix: "parallelDocumentReview", name: "wf.parallelDocumentReview.give_opinion.title",
            directive: "wf.parallelDocumentReview.give_opinion.directive", accept: "approve", refuse: "reject",
            allowsReassignment: true, grantedPermission: Permission.read, isMultiTask: true
        ),
        DocumentReview.decision(
            id: "consolidate", prefix: "parallelDocumentReview", name: "wf.parallelDocumentReview.consolidate.title",
            directive: "wf.parallelDocumentReview.consolidate.directive", accept: "validate", refuse: "reject"
        ),
        WorkflowNode(id: "approveDocument", title: "wf.parallelDocumentReview.approveDocument"),
        WorkflowNode(id: "end", title: "wf.parallelDocumentReview.end", isStop: true),
    ]

    let transitions: [WorkflowTransition] = [
        WorkflowTransition(from: "start", to: "chooseParticipants", label: "wf.parallelDocumentReview.started"),
        WorkflowTransition(from: "chooseParticipants", to: "giveOpinion", label: "wf.parallelDocumentReview.start.review"),
        WorkflowTransition(from: "chooseParticipants", to: "end", label: "wf.parallelDocumentReview.cancel"),
        WorkflowTransition(from: "giveOpinion", to: "consolidate", label: "wf.parallelDocumentReview.allOpinionsGiven"),
        WorkflowTransition(from: "consolidate", to: "approveDocument", label: "wf.parallelDocumentReview.validate"),
        WorkflowTransition(from: "consolidate", to: "end", label: "wf.parallelDocumentReview.reject"),
        WorkflowTransition(from: "approveDocument", to: "end", label: "wf.parallelDocumentReview.approved"),
    ]

    func start(_ workflow: WorkflowInstance) -> WorkflowStep {
        DocumentReview.start(workflow)
    }

    func step(after task: WorkflowTask, action: String, workflow: inout WorkflowInstance, otherOpenTasks: [WorkflowTask]) throws -> WorkflowStep {
        switch (task.node, action) {
        case ("chooseParticipants", "cancel"):
            return .cancel
        case ("chooseParticipants", _):
            let chosen = try DocumentReview.takeParticipants(from: task, into: &workflow)
            workflow.variables["review_result"] = .array([])
            return .assign(chosen.map { TaskAssignment(node: "giveOpinion", actors: [$0]) })
        case ("giveOpinion", _):
            let opinion: JSONValue = .object([
                "participants": .array(task.actors.map(JSONValue.string)), "opinion": .string(action),
                "comment": task.variables["comment"] ?? .null,
            ])
            workflow.variables["review_result"] = .array((workflow.variables["review_result"]?.arrayValue ?? []) + [opinion])
            guard !otherOpenTasks.contains(where: { $0.node == "giveOpinion" }) else { return .wait }
            return .assign([TaskAssignment(node: "consolidate", actors: [workflow.initiator])])
        default:
            return .end(approving: action == "validate")
        }
    }
}
