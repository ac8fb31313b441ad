import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird

/// Workflows and tasks: `workflow` (the caller's running workflows, start, one, its graph,
/// cancel), `workflowModel` (the models and their graphs), `task` (the caller's open tasks,
/// one, complete, reassign, delegate), and the `@workflow` and `@task` adapters of a document.
extension NuxeoAPI {
    /// `api/v1/workflow/…`.
    func workflows(_ call: inout NuxeoCall, segments: [String]) async throws -> Response {
        switch (call.request.method, segments.count) {
        case (.get, 0):
            let model = call.parameter("workflowModelName").flatMap { $0.isEmpty ? nil : $0 }
            return try workflowList(call, try await repository.runningWorkflows(startedBy: call.checker, model: model))
        case (.post, 0):
            return try await startWorkflow(&call, on: nil)
        case (.get, 1):
            return try NuxeoCall.json(try workflowJSON(call, try await repository.workflow(id: segments[0], for: call.checker)))
        case (.delete, 1):
            try await repository.cancelWorkflow(id: segments[0], for: call.checker)
            return NuxeoCall.noContent
        case (.get, 2) where segments[1] == "graph":
            let workflow = try await repository.workflow(id: segments[0], for: call.checker)
            let waiting = Set(try await repository.openTasks(of: workflow).map(\.node))
            return try NuxeoCall.json(Self.graph(try repository.workflowModel(named: workflow.modelName), waitingAt: waiting))
        case (.get, 2) where segments[1] == "task":
            let workflow = try await repository.workflow(id: segments[0], for: call.checker)
            return try await taskList(call, try await repository.openTasks(of: workflow))
        default:
            throw APIError(.notFound, "no workflow resource at \(call.request.uri.path)")
        }
    }

    /// `api/v1/workflowModel/…`.
    func workflowModels(_ call: NuxeoCall, segments: [String]) async throws -> Response {
        try Self.require(call, .get)
        switch segments.count {
        case 0:
            return try NuxeoCall.json(.object([
                "entity-type": "workflows", "entries": .array(WorkflowModels.all.map { modelJSON(call, $0) }),
            ]))
        case 1:
            return try NuxeoCall.json(modelJSON(call, try repository.workflowModel(named: segments[0])))
        case 2 where segments[1] == "graph":
            return try NuxeoCall.json(Self.graph(try repository.workflowModel(named: segments[0]), waitingAt: []))
        default:
            throw APIError(.notFound, "no workflow model resource at \(call.request.uri.path)")
        }
    }

    /// `api/v1/task/…`.
    func tasks(_ call: inout NuxeoCall, segments: [String]) async throws -> Response {
        switch (call.request.method, segments.count) {
        case (.get, 0):
            let page = try call.pageRequest(defaultPageSize: 50)
            return try await taskList(call, try await repository.openTasks(
                of: call.parameter("userId").flatMap { $0.isEmpty ? nil : $0 }, workflowID: call.parameter("workflowInstanceId"),
                modelName: call.parameter("workflowModelName"), page: page, accounts: accounts, for: call.checker
            ), page: page)
        case (.get, 1):
            let (task, workflow) = try await repository.task(id: segments[0], for: call.checker)
            return try NuxeoCall.json(try taskJSON(call, task, of: workflow))
        case (.put, 2):
            return try await changeTask(&call, id: segments[0], action: segments[1])
        default:
            throw APIError(.notFound, "no task resource at \(call.request.uri.path)")
        }
    }

    /// `…/@workflow[/{workflowId}/task]` on `document`.
    func documentWorkflows(_ call: inout NuxeoCall, of document: Document, segments: [String]) async throws -> Response {
        switch (call.request.method, segments.count) {
        case (.get, 0):
            return try workflowList(call, try await repository.runningWorkflows(on: document, for: call.checker))
        case (.post, 0):
            return try await startWorkflow(&call, on: document)
        case (.get, 2) where segments[1] == "task":
            return try await taskList(call, try await repository.openTasks(on: document, workflowID: segments[0], for: call.checker))
        default:
            throw APIError(.notFound, "no workflow resource at \(call.request.uri.path)")
        }
    }

    /// `…/@task[/{taskId}/{action}]` on `document`.
    func documentTasks(_ call: inout NuxeoCall, of document: Document, segments: [String]) async throws -> Response {
        switch (call.request.method, segments.count) {
        case (.get, 0):
            return try await taskList(call, try await repository.openTasks(on: document, workflowID: nil, for: call.checker))
        case (.put, 2):
            let (task, workflow) = try await repository.task(id: segments[0], for: call.checker)
            guard workflow.attachedDocumentIDs.contains(document.id) else { throw APIError(.notFound, "no task \(task.id) on \(document.id)") }
            return try await changeTask(&call, id: task.id, action: segments[1])
        default:
            throw APIError(.notFound, "no task resource at \(call.request.uri.path)")
        }
    }

    // MARK: Requests

    /// Starts the workflow the body's `workflow` entity names, on `document` and the
    /// documents its `attachedDocumentIds` names.
    private func startWorkflow(_ call: inout NuxeoCall, on document: Document?) async throws -> Response {
        guard case .object(let body)? = try await call.jsonBody() else {
            throw APIError(.badRequest, "the body must be a workflow entity with a workflowModelName")
        }
        guard let modelName = body["workflowModelName"]?.stringValue, !modelName.isEmpty else {
            throw APIError(.badRequest, "the workflow entity needs a workflowModelName")
        }
        var documentIDs = document.map { [$0.id] } ?? []
        switch body["attachedDocumentIds"] {
        case .string(let id)?: documentIDs.append(id)
        case .array(let items)?:
            for item in items {
                guard let id = item.stringValue ?? item.objectValue?["id"]?.stringValue ?? item.objectValue?["uid"]?.stringValue else {
                    throw APIError(.badRequest, "attachedDocumentIds holds document ids")
                }
                documentIDs.append(id)
            }
        case nil, .null?: break
        default: throw APIError(.badRequest, "attachedDocumentIds holds document ids")
        }
        var variables: [String: JSONValue] = [:]
        switch body["variables"] {
        case .object(let given)?: variables = given
        case nil, .null?: break
        default: throw APIError(.badRequest, "the workflow's variables must be an object")
        }
        let workflow = try await repository.startWorkflow(
            model: modelName, documentIDs: documentIDs, variables: variables, for: call.checker
        )
        return try NuxeoCall.json(try workflowJSON(call, workflow), status: .created)
    }

    /// `PUT task/{id}/{action}`: reassign, delegate, or complete with `action`.
    private func changeTask(_ call: inout NuxeoCall, id: String, action: String) async throws -> Response {
        let comment = call.parameter("comment").flatMap { $0.isEmpty ? nil : $0 }
        let task: WorkflowTask
        switch action {
        case "reassign":
            task = try await repository.reassignTask(
                id: id, to: Self.actors(call, "actors"), comment: comment, accounts: accounts, for: call.checker
            )
        case "delegate":
            task = try await repository.delegateTask(
                id: id, to: Self.actors(call, "delegatedActors"), comment: comment, accounts: accounts, for: call.checker
            )
        default:
            var variables: [String: JSONValue] = [:]
            var bodyComment: String?
            switch try await call.jsonBody() {
            case .object(let body)?:
                switch body["variables"] {
                case .object(let given)?: variables = given
                case nil, .null?: break
                default: throw APIError(.badRequest, "the task's variables must be an object")
                }
                bodyComment = body["comment"]?.stringValue ?? variables["comment"]?.stringValue
            case nil: break
            default: throw APIError(.badRequest, "the body must be a task entity")
            }
            task = try await repository.completeTask(
                id: id, action: action, variables: variables, comment: bodyComment.flatMap { $0.isEmpty ? nil : $0 },
                accounts: accounts, for: call.checker
            )
        }
        let workflow = try await repository.workflow(id: task.workflowID, for: AccessChecker(principal: call.principal))
        return try NuxeoCall.json(try taskJSON(call, task, of: workflow))
    }

    /// The actors the query parameter `name` lists: repeated, or comma-separated.
    private static func actors(_ call: NuxeoCall, _ name: String) -> [String] {
        call.parameters(name).flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    // MARK: Entities

    private func workflowList(_ call: NuxeoCall, _ workflows: [WorkflowInstance]) throws -> Response {
        try NuxeoCall.json(.object(["entity-type": "workflows", "entries": .array(try workflows.map { try workflowJSON(call, $0) })]))
    }

    private func taskList(_ call: NuxeoCall, _ tasks: [WorkflowTask]) async throws -> Response {
        try await taskList(call, (tasks, tasks.count), page: nil)
    }

    private func taskList(_ call: NuxeoCall, _ listed: (tasks: [WorkflowTask], total: Int), page: PageRequest? = nil) async throws -> Response {
        var entries: [JSONValue] = []
        var workflows: [String: WorkflowInstance] = [:]
        for task in listed.tasks {
            if workflows[task.workflowID] == nil {
                workflows[task.workflowID] = try await repository.workflow(id: task.workflowID, for: AccessChecker(principal: call.principal))
            }
            if let workflow = workflows[task.workflowID] { entries.append(try taskJSON(call, task, of: workflow)) }
        }
        var fields: [String: JSONValue] = ["entity-type": "tasks", "entries": .array(entries)]
        if let page {
            fields.merge(DocumentRenderer.pagination(
                totalSize: listed.total, pageSize: page.pageSize, pageIndex: page.pageIndex, offset: page.start, count: entries.count
            )) { $1 }
        }
        return try NuxeoCall.json(.object(fields))
    }

    /// The API's root URL, `…/nuxeo/api/v1/`.
    private func apiURL(_ call: NuxeoCall) -> String { "\(call.renderer.baseURL)api/v1/" }

    /// A `workflow` entity for an instance.
    private func workflowJSON(_ call: NuxeoCall, _ workflow: WorkflowInstance) throws -> JSONValue {
        let model = try repository.workflowModel(named: workflow.modelName)
        return .object([
            "entity-type": "workflow", "id": .string(workflow.id), "name": .string(model.name), "title": .string(model.title),
            "state": .string(workflow.state.rawValue), "workflowModelName": .string(model.name), "initiator": .string(workflow.initiator),
            "attachedDocumentIds": .array(workflow.attachedDocumentIDs.map { .object(["id": .string($0)]) }),
            "variables": .object(workflow.variables), "graphResource": .string("\(apiURL(call))workflow/\(workflow.id)/graph"),
        ])
    }

    /// A `workflow` entity for a model.
    private func modelJSON(_ call: NuxeoCall, _ model: any WorkflowModel) -> JSONValue {
        .object([
            "entity-type": "workflow", "id": .string(model.name), "name": .string(model.name), "title": .string(model.title),
            "state": "validated", "workflowModelName": .string(model.name), "initiator": nil, "attachedDocumentIds": .array([]),
            "variables": .object(model.globalVariables), "graphResource": .string("\(apiURL(call))workflowModel/\(model.name)/graph"),
        ])
    }

    /// A `task` entity.
    private func taskJSON(_ call: NuxeoCall, _ task: WorkflowTask, of workflow: WorkflowInstance) throws -> JSONValue {
        let model = try repository.workflowModel(named: workflow.modelName)
        guard let definition = model.node(task.node)?.task else { throw APIError(.internalServerError, "task \(task.id) has no node") }
        let actions: [JSONValue] = definition.actions.map { action in
            .object([
                "name": .string(action.name), "url": .string("\(apiURL(call))task/\(task.id)/\(action.name)"),
                "label": .string(action.label), "validate": .bool(action.validates),
            ])
        }
        return .object([
            "entity-type": "task", "id": .string(task.id), "name": .string(definition.name), "workflowInstanceId": .string(workflow.id),
            "workflowModelName": .string(model.name), "workflowInitiator": .string(workflow.initiator), "workflowTitle": .string(model.title),
            "workflowLifeCycleState": .string(workflow.state.rawValue),
            "graphResource": .string("\(apiURL(call))workflow/\(workflow.id)/graph"), "state": .string(task.state.rawValue),
            "directive": .string(definition.directive), "created": .string(NuxeoDate.format(task.createdAt)),
            "dueDate": .string(NuxeoDate.format(task.dueDate)), "nodeName": .string(task.node),
            "targetDocumentIds": .array(workflow.attachedDocumentIDs.map { .object(["id": .string($0)]) }),
            "actors": .array(task.actors.map { .object(["id": .string($0)]) }),
            "delegatedActors": .array(task.delegatedActors.map { .object(["id": .string($0)]) }),
            "comments": .array(task.comments.map { comment in
                .object(["author": .string(comment.author), "text": .string(comment.text), "date": .string(NuxeoDate.format(comment.date))])
            }),
            "variables": .object(task.variables),
            "taskInfo": .object([
                "allowTaskReassignment": .bool(definition.allowsReassignment), "taskActions": .array(actions),
                "layoutResource": .object(["name": .string(task.node), "url": nil]), "schemas": .array([]),
            ]),
        ])
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
