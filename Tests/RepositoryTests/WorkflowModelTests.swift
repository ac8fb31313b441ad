import Foundation
import JSON
import Testing

@testable import Repository

@Suite("Workflow models")
struct WorkflowModelTests {
    private func instance(_ model: any WorkflowModel) -> WorkflowInstance {
        WorkflowInstance(
            id: "W1", modelName: model.name, initiator: "ann", state: .running, attachedDocumentIDs: ["D1"],
            variables: model.globalVariables, createdAt: Date(), endedAt: nil
        )
    }

    private func task(_ node: String, actors: [String] = ["ann"], variables: [String: JSONValue] = [:]) -> WorkflowTask {
        WorkflowTask(
            id: UUID().uuidString, workflowID: "W1", node: node, state: .ended, actors: actors, delegatedActors: [], variables: variables,
            comments: [], createdAt: Date(), dueDate: Date(), endedAt: Date(), action: nil
        )
    }

    @Test("the serial review passes from participant to participant, goes back on reject, and approves after the last validation")
    func serial() throws {
        let model = SerialDocumentReview()
        var workflow = instance(model)
        #expect(model.start(workflow) == .assign([TaskAssignment(node: "chooseParticipants", actors: ["ann"])]))
        let chosen = task("chooseParticipants", variables: ["participants": .array(["user:bob", "group:qa"]), "validationOrReview": "validation"])
        #expect(
            try model.step(after: chosen, action: "start_review", workflow: &workflow, otherOpenTasks: [])
                == .assign([TaskAssignment(node: "documentValidation", actors: ["user:bob"])]))
        #expect(
            try model.step(after: task("documentValidation"), action: "validate", workflow: &workflow, otherOpenTasks: [])
                == .assign([TaskAssignment(node: "documentValidation", actors: ["group:qa"])]))
        #expect(
            try model.step(after: task("documentValidation"), action: "reject", workflow: &workflow, otherOpenTasks: [])
                == .assign([TaskAssignment(node: "documentValidation", actors: ["user:bob"])]))
        #expect(
            try model.step(after: task("documentValidation"), action: "reject", workflow: &workflow, otherOpenTasks: [])
                == .assign([TaskAssignment(node: "chooseParticipants", actors: ["ann"])]))
        #expect(workflow.variables["index"] == 0)
        _ = try model.step(after: chosen, action: "start_review", workflow: &workflow, otherOpenTasks: [])
        _ = try model.step(after: task("documentValidation"), action: "validate", workflow: &workflow, otherOpenTasks: [])
        #expect(
            try model.step(after: task("documentValidation"), action: "validate", workflow: &workflow, otherOpenTasks: []) == .end(approving: true))
    }

    @Test("a simple serial review ends without approving; choosing no participant is refused; cancel cancels")
    func serialEdges() throws {
        let model = SerialDocumentReview()
        var workflow = instance(model)
        #expect(throws: RepositoryError.invalid("start_review needs at least one participant")) {
            try model.step(
                after: task("chooseParticipants", variables: ["participants": .array([])]), action: "start_review", workflow: &workflow,
                otherOpenTasks: [])
        }
        #expect(try model.step(after: task("chooseParticipants"), action: "cancel", workflow: &workflow, otherOpenTasks: []) == .cancel)
        _ = try model.step(
            after: task("chooseParticipants", variables: ["participants": "bob"]), action: "start_review", workflow: &workflow, otherOpenTasks: [])
        #expect(
            try model.step(after: task("documentValidation"), action: "validate", workflow: &workflow, otherOpenTasks: []) == .end(approving: false))
    }

    @Test("the parallel review waits for every opinion, records them, then asks the initiator to consolidate")
    func parallel() throws {
        let model = ParallelDocumentReview()
        var workflow = instance(model)
        let chosen = task("chooseParticipants", variables: ["participants": .array(["bob", "cy"])])
        #expect(
            try model.step(after: chosen, action: "start_review", workflow: &workflow, otherOpenTasks: [])
                == .assign([TaskAssignment(node: "giveOpinion", actors: ["bob"]), TaskAssignment(node: "giveOpinion", actors: ["cy"])]))
        let bob = task("giveOpinion", actors: ["bob"], variables: ["comment": "fine"])
        let cy = task("giveOpinion", actors: ["cy"])
        #expect(try model.step(after: bob, action: "approve", workflow: &workflow, otherOpenTasks: [cy]) == .wait)
        #expect(
            try model.step(after: cy, action: "reject", workflow: &workflow, otherOpenTasks: [])
                == .assign([TaskAssignment(node: "consolidate", actors: ["ann"])]))
        #expect(workflow.variables["review_result"]?.arrayValue?.compactMap { $0.objectValue?["opinion"]?.stringValue } == ["approve", "reject"])
        #expect(try model.step(after: task("consolidate"), action: "validate", workflow: &workflow, otherOpenTasks: []) == .end(approving: true))
        #expect(try model.step(after: task("consolidate"), action: "reject", workflow: &workflow, otherOpenTasks: []) == .end(approving: false))
    }

    @Test("every transition joins nodes of its model, and every model has one start and one stop")
    func graphs() {
        for model in WorkflowModels.all {
            let ids = Set(model.nodes.map(\.id))
            #expect(ids.count == model.nodes.count)
            #expect(model.nodes.filter(\.isStart).count == 1 && model.nodes.filter(\.isStop).count == 1)
            for transition in model.transitions { #expect(ids.contains(transition.from) && ids.contains(transition.to), "\(transition)") }
        }
    }
}
