import Foundation
import JSON

/// Nuxeo's serial document review: the initiator chooses participants, who then review the
/// documents one after the other. A participant who validates hands the review to the next; one
/// who rejects hands it back to the previous (the first, back to the initiator). After the last
/// validation, a review for `validation` approves the documents; a `simpleReview` leaves them.
struct SerialDocumentReview: WorkflowModel {
    let name = "SerialDocumentReview"
    let title = "wf.serialDocumentReview.SerialDocumentReview"

    let globalVariables: [String: JSONValue] = [
        "participants": .array([]), "index": 0, "validationOrReview": "simpleReview", "initiatorComment": nil, "end_date": nil,
    ]

    let nodes: [WorkflowNode] = [
        WorkflowNode(id: "start", title: "wf.serialDocumentReview.start", isStart: true),
        DocumentReview.chooseParticipants(
            prefix: "serialDocumentReview", name: "wf.serialDocumentReview.chooseParticipants", directive: "wf.serialDocumentReview.pleaseSelect",
            extraVariables: ["validationOrReview": "simpleReview"]
        ),
        DocumentReview.decision(
            id: "documentValidation", prefix: "serialDocumentReview", name: "wf.serialDocumentReview.DocumentValidation",
            directive: "wf.serialDocumentReview.AcceptReject", accept: "validate", refuse: "reject",
            allowsReassignment: true, grantedPermission: Permission.readWrite
        ),
        WorkflowNode(id: "approveDocument", title: "wf.serialDocumentReview.approveDocument"),
        WorkflowNode(id: "end", title: "wf.serialDocumentReview.end", isStop: true),
    ]

    let transitions: [WorkflowTransition] = [
        WorkflowTransition(from: "start", to: "chooseParticipants", label: "wf.serialDocumentReview.started"),
        WorkflowTransition(from: "chooseParticipants", to: "documentValidation", label: "wf.serialDocumentReview.start.review"),
        WorkflowTransition(from: "chooseParticipants", to: "end", label: "wf.serialDocumentReview.cancel"),
        WorkflowTransition(from: "documentValidation", to: "documentValidation", label: "wf.serialDocumentReview.nextOrPrevious"),
        WorkflowTransition(from: "documentValidation", to: "chooseParticipants", label: "wf.serialDocumentReview.reject"),
        WorkflowTransition(from: "documentValidation", to: "approveDocument", label: "wf.serialDocumentReview.validation"),
        WorkflowTransition(from: "documentValidation", to: "end", label: "wf.serialDocumentReview.simpleReview"),
        WorkflowTransition(from: "approveDocument", to: "end", label: "wf.serialDocumentReview.approved"),
    ]

    func start(_ workflow: WorkflowInstance) -> WorkflowStep {
        DocumentReview.start(workflow)
    }

    func step(after task: WorkflowTask, action: String, workflow: inout WorkflowInstance, otherOpenTasks: [WorkflowTask]) throws -> WorkflowStep {
        let participants = workflow.names(in: "participants")
        let index = workflow.variables["index"]?.integerValue ?? 0
        switch (task.node, action) {
        case ("chooseParticipants", "cancel"):
            return .cancel
        case ("chooseParticipants", _):
            let chosen = try DocumentReview.takeParticipants(from: task, into: &workflow)
            workflow.variables["validationOrReview"] = task.variables["validationOrReview"] ?? "simpleReview"
            workflow.variables["index"] = 0
            return .assign([TaskAssignment(node: "documentValidation", actors: [chosen[0]])])
        case ("documentValidation", "validate") where index + 1 < participants.count:
            workflow.variables["index"] = .integer(index + 1)
            return .assign([TaskAssignment(node: "documentValidation", actors: [participants[index + 1]])])
        case ("documentValidation", "validate"):
            return .end(approving: workflow.variables["validationOrReview"]?.stringValue == "validation")
        case ("documentValidation", _) where index > 0 && index - 1 < participants.count:
            workflow.variables["index"] = .integer(index - 1)
            return .assign([TaskAssignment(node: "documentValidation", actors: [participants[index - 1]])])
        default:
            workflow.variables["index"] = 0
            return start(workflow)
        }
    }
}
