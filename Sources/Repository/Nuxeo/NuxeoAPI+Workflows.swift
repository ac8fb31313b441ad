import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import JSON

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
            return try NuxeoCall.json(try workflowRenderer(call).workflow(try await repository.workflow(id: segments[0], for: call.checker)))
        case (.delete, 1):
            try await repository.cancelWorkflow(id: segments[0], for: call.checker)
            return NuxeoCall.noContent
        case (.get, 2) where segments[1] == "graph":
            let workflow = try await repository.workflow(id: segments[0], for: call.checker)
            let waiting = Set(try await repository.openTasks(of: workflow).map(\.node))
            return try NuxeoCall.json(WorkflowRenderer.graph(try WorkflowModels.model(named: workflow.modelName), waitingAt: waiting))
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
            return try NuxeoCall.json(NuxeoEntityList("workflows", entries: WorkflowModels.all.map(workflowRenderer(call).model)))
        case 1:
            return try NuxeoCall.json(workflowRenderer(call).model(try WorkflowModels.model(named: segments[0])))
        case 2 where segments[1] == "graph":
            return try NuxeoCall.json(WorkflowRenderer.graph(try WorkflowModels.model(named: segments[0]), waitingAt: []))
        default:
            throw APIError(.notFound, "no workflow model resource at \(call.request.uri.path)")
        }
    }

    /// `api/v1/task/…`.
    func tasks(_ call: inout NuxeoCall, segments: [String]) async throws -> Response {
        switch (call.request.method, segments.count) {
        case (.get, 0):
            let page = try call.pageRequest(defaultPageSize: 50)
            return try await taskList(
                call,
                try await repository.openTasks(
                    of: call.parameter("userId").flatMap { $0.isEmpty ? nil : $0 }, workflowID: call.parameter("workflowInstanceId"),
                    modelName: call.parameter("workflowModelName"), page: page, accounts: accounts, for: call.checker
                ), page: page)
        case (.get, 1):
            let (task, workflow) = try await repository.task(id: segments[0], for: call.checker)
            return try NuxeoCall.json(try workflowRenderer(call).task(task, of: workflow))
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
        let workflow = try await repository.startWorkflow(
            model: modelName, documentIDs: documentIDs, variables: try Self.variables(of: body, "workflow"), for: call.checker
        )
        return try NuxeoCall.json(try workflowRenderer(call).workflow(workflow), status: .created)
    }

    /// `PUT task/{id}/{action}`: reassign, delegate, or complete with `action`.
    private func changeTask(_ call: inout NuxeoCall, id: String, action: String) async throws -> Response {
        let comment = call.parameter("comment").flatMap { $0.isEmpty ? nil : $0 }
        let changed: TaskOfWorkflow
        switch action {
        case "reassign":
            changed = try await repository.reassignTask(
                id: id, to: Self.actors(call, "actors"), comment: comment, accounts: accounts, for: call.checker
            )
        case "delegate":
            changed = try await repository.delegateTask(
                id: id, to: Self.actors(call, "delegatedActors"), comment: comment, accounts: accounts, for: call.checker
            )
        default:
            var variables: [String: JSONValue] = [:]
            var bodyComment: String?
            switch try await call.jsonBody() {
            case .object(let body)?:
                variables = try Self.variables(of: body, "task")
                bodyComment = body["comment"]?.stringValue ?? variables["comment"]?.stringValue
            case nil: break
            default: throw APIError(.badRequest, "the body must be a task entity")
            }
            changed = try await repository.completeTask(
                id: id, action: action, variables: variables, comment: bodyComment.flatMap { $0.isEmpty ? nil : $0 },
                accounts: accounts, for: call.checker
            )
        }
        return try NuxeoCall.json(try workflowRenderer(call).task(changed.task, of: changed.workflow))
    }

    /// The `variables` object of a `workflow` or `task` entity; none when it is absent.
    ///
    /// - Throws: 400 when it is not an object.
    private static func variables(of entity: [String: JSONValue], _ entityType: String) throws -> [String: JSONValue] {
        switch entity["variables"] {
        case .object(let given)?: return given
        case nil, .null?: return [:]
        default: throw APIError(.badRequest, "the \(entityType)'s variables must be an object")
        }
    }

    /// The actors the query parameter `name` lists: repeated, or comma-separated.
    private static func actors(_ call: NuxeoCall, _ name: String) -> [String] {
        call.parameters(name).flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    // MARK: Entities

    /// The renderer of the call's workflow entities.
    private func workflowRenderer(_ call: NuxeoCall) -> WorkflowRenderer {
        WorkflowRenderer(apiURL: "\(call.renderer.baseURL)api/v1/")
    }

    private func workflowList(_ call: NuxeoCall, _ workflows: [WorkflowInstance]) throws -> Response {
        let renderer = workflowRenderer(call)
        return try NuxeoCall.json(NuxeoEntityList("workflows", entries: try workflows.map(renderer.workflow)))
    }

    private func taskList(_ call: NuxeoCall, _ tasks: [WorkflowTask]) async throws -> Response {
        try await taskList(call, (tasks, tasks.count), page: nil)
    }

    private func taskList(_ call: NuxeoCall, _ listed: (tasks: [WorkflowTask], total: Int), page: PageRequest? = nil) async throws -> Response {
        let entries = try await workflowRenderer(call).tasks(listed.tasks, in: repository, for: call.checker)
        let pagination = page.map { NuxeoPagination(totalSize: listed.total, page: $0, count: entries.count) }
        return try NuxeoCall.json(NuxeoEntityList("tasks", entries: entries, pagination: pagination))
    }
}
