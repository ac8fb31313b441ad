import Foundation
import JSON

/// Writes workflows, workflow models and tasks as Nuxeo's `workflow` and `task` entities, for
/// the workflow endpoints and the document enrichers (`runningWorkflows`, `pendingTasks`,
/// `runnableWorkflows`).
struct WorkflowRenderer: Sendable {
    /// The API's root URL, `…/nuxeo/api/v1/`, which links start with.
    let apiURL: String

    /// A `workflow` entity for an instance.
    func workflow(_ workflow: WorkflowInstance) throws -> JSONValue {
        let model = try WorkflowModels.model(named: workflow.modelName)
        return .object([
            "entity-type": "workflow", "id": .string(workflow.id), "name": .string(model.name), "title": .string(model.title),
            "state": .string(workflow.state.rawValue), "workflowModelName": .string(model.name), "initiator": .string(workflow.initiator),
            "attachedDocumentIds": .array(workflow.attachedDocumentIDs.map { .object(["id": .string($0)]) }),
            "variables": .object(workflow.variables), "graphResource": .string("\(apiURL)workflow/\(workflow.id)/graph"),
        ])
    }

    /// A `workflow` entity for a model.
    func model(_ model: any WorkflowModel) -> JSONValue {
        .object([
            "entity-type": "workflow", "id": .string(model.name), "name": .string(model.name), "title": .string(model.title),
            "state": "validated", "workflowModelName": .string(model.name), "initiator": nil, "attachedDocumentIds": .array([]),
            "variables": .object(model.globalVariables), "graphResource": .string("\(apiURL)workflowModel/\(model.name)/graph"),
        ])
    }

    /// A `task` entity.
    func task(_ task: WorkflowTask, of workflow: WorkflowInstance) throws -> JSONValue {
        let model = try WorkflowModels.model(named: workflow.modelName)
        guard let definition = model.node(task.node)?.task else {
            throw RepositoryError.workflowNotFound("Task \(task.id) has no node in \(model.name)")
        }
        let actions: [JSONValue] = definition.actions.map { action in
            .object([
                "name": .string(action.name), "url": .string("\(apiURL)task/\(task.id)/\(action.name)"),
                "label": .string(action.label), "validate": .bool(action.validates),
            ])
        }
        return .object([
            "entity-type": "task", "id": .string(task.id), "name": .string(definition.name), "workflowInstanceId": .string(workflow.id),
            "workflowModelName": .string(model.name), "workflowInitiator": .string(workflow.initiator), "workflowTitle": .string(model.title),
            "workflowLifeCycleState": .string(workflow.state.rawValue),
            "graphResource": .string("\(apiURL)workflow/\(workflow.id)/graph"), "state": .string(task.state.rawValue),
            "directive": .string(definition.directive), "created": .string(NuxeoDate.format(task.createdAt)),
            "dueDate": .string(NuxeoDate.format(task.dueDate)), "nodeName": .string(task.node),
            "targetDocumentIds": .array(workflow.attachedDocumentIDs.map { .object(["id": .string($0)]) }),
            "actors": .array(task.actors.map { .object(["id": .string($0)]) }),
            "delegatedActors": .array(task.delegatedActors.map { .object(["id": .string($0)]) }),
            "comments": .array(
                task.comments.map { comment in
                    .object(["author": .string(comment.author), "text": .string(comment.text), "date": .string(NuxeoDate.format(comment.date))])
                }),
            "variables": .object(task.variables),
            "taskInfo": .object([
                "allowTaskReassignment": .bool(definition.allowsReassignment), "taskActions": .array(actions),
                "layoutResource": .object(["name": .string(task.node), "url": nil]), "schemas": .array([]),
            ]),
        ])
    }

    /// The `task` entities of `tasks`, each with its workflow, which the caller may see.
    func tasks(_ tasks: [WorkflowTask], in repository: Repository, for checker: AccessChecker) async throws -> [JSONValue] {
        var entries: [JSONValue] = []
        var workflows: [String: WorkflowInstance] = [:]
        for task in tasks {
            let workflow: WorkflowInstance
            if let known = workflows[task.workflowID] {
                workflow = known
            } else {
                workflow = try await repository.workflow(id: task.workflowID, for: checker)
                workflows[task.workflowID] = workflow
            }
            entries.append(try self.task(task, of: workflow))
        }
        return entries
    }

    /// The graph of `model`: its nodes (each `suspended` when it is in `waiting`, the nodes
    /// where an instance's open tasks wait, `ready` otherwise) and transitions.
    static func graph(_ model: any WorkflowModel, waitingAt waiting: Set<String>) -> JSONValue {
        let nodes: [JSONValue] = model.nodes.enumerated().map { index, node in
            .object([
                "id": .string(node.id), "title": .string(node.title), "isStartNode": .bool(node.isStart), "isStopNode": .bool(node.isStop),
                "isMultiTask": .bool(node.task?.isMultiTask ?? false), "hasTask": .bool(node.task != nil),
                "state": .string(waiting.contains(node.id) ? "suspended" : "ready"),
                "x": .integer(120 + 220 * index), "y": .integer(node.task == nil ? 60 : 200),
            ])
        }
        let transitions: [JSONValue] = model.transitions.map { transition in
            .object(["nodeSourceId": .string(transition.from), "nodeTargetId": .string(transition.to), "label": .string(transition.label)])
        }
        return .object(["nodes": .array(nodes), "transitions": .array(transitions)])
    }
}
