import Foundation
import HTTPSupport
import SQLKit
import Storage

/// The workflow tables: `repo_workflows` (instances), `repo_workflow_documents` (what each
/// reviews), `repo_tasks` and `repo_task_actors` (the principals each task names, for finding
/// a user's tasks by their name and groups).
enum WorkflowStore {
    // MARK: Instances

    /// Stores a new instance and its attached documents.
    static func insert(_ workflow: WorkflowInstance, in sql: any SQLDatabase) async throws {
        try await sql.insert(into: "repo_workflows")
            .columns(WorkflowInstanceRow.columns)
            .values(
                SQLBind(workflow.id), SQLBind(workflow.modelName), SQLBind(workflow.initiator), SQLBind(workflow.state.rawValue),
                SQLBind(try encoded(workflow.variables)), SQLBind(workflow.createdAt), SQLBind(workflow.endedAt)
            )
            .run()
        for (position, documentID) in workflow.attachedDocumentIDs.enumerated() {
            try await sql.insert(into: "repo_workflow_documents").columns("workflow_id", "position", "document_id")
                .values(SQLBind(workflow.id), SQLBind(position), SQLBind(documentID)).run()
        }
    }

    /// Stores what changes in an instance: its state, variables and end.
    static func update(_ workflow: WorkflowInstance, in sql: any SQLDatabase) async throws {
        try await sql.update("repo_workflows")
            .set("state", to: workflow.state.rawValue).set("variables", to: try encoded(workflow.variables))
            .set("ended_at", to: workflow.endedAt)
            .where("id", .equal, workflow.id).run()
    }

    /// The instance `id`, if there is one.
    static func workflow(id: String, in sql: any SQLDatabase) async throws -> WorkflowInstance? {
        guard
            let row = try await sql.select().columns(WorkflowInstanceRow.columns).from("repo_workflows").where("id", .equal, id)
                .first(decoding: WorkflowInstanceRow.self)
        else { return nil }
        return try await workflow(row, in: sql)
    }

    /// The instances in `state`, oldest first: those `initiator` started, or those attached
    /// to the document `documentID`, of the model `modelName` when given.
    static func workflows(
        state: WorkflowInstance.State, initiator: String? = nil, documentID: String? = nil, modelName: String? = nil,
        in sql: any SQLDatabase
    ) async throws -> [WorkflowInstance] {
        var query = sql.select().columns(WorkflowInstanceRow.columns).from("repo_workflows").where("state", .equal, state.rawValue)
        if let initiator { query = query.where("initiator", .equal, initiator) }
        if let modelName { query = query.where("model", .equal, modelName) }
        if let documentID {
            let ids = try await sql.select().column("workflow_id").from("repo_workflow_documents").where("document_id", .equal, documentID)
                .all(decodingColumn: "workflow_id", as: String.self)
            guard !ids.isEmpty else { return [] }
            query = query.where("id", .in, ids)
        }
        var result: [WorkflowInstance] = []
        for row in try await query.orderBy("created_at").orderBy("id").limit(maxListed).all(decoding: WorkflowInstanceRow.self) {
            result.append(try await workflow(row, in: sql))
        }
        return result
    }

    /// The most instances or tasks one listing shows.
    static let maxListed = 1_000

    private static func workflow(_ row: WorkflowInstanceRow, in sql: any SQLDatabase) async throws -> WorkflowInstance {
        let documents = try await sql.select().column("document_id").from("repo_workflow_documents").where("workflow_id", .equal, row.id)
            .orderBy("position").all(decodingColumn: "document_id", as: String.self)
        return try row.workflow(attachedTo: documents)
    }

    // MARK: Tasks

    /// Stores a new task of a workflow of the model `modelName`.
    static func insert(_ task: WorkflowTask, modelName: String, in sql: any SQLDatabase) async throws {
        try await sql.insert(into: "repo_tasks")
            .columns(WorkflowTaskRow.columns)
            .values(
                SQLBind(task.id), SQLBind(task.workflowID), SQLBind(modelName), SQLBind(task.node), SQLBind(task.state.rawValue),
                SQLBind(try encoded(task.actors)), SQLBind(try encoded(task.delegatedActors)), SQLBind(try encoded(task.variables)),
                SQLBind(try encoded(task.comments)), SQLBind(task.createdAt), SQLBind(task.dueDate), SQLBind(task.endedAt),
                SQLBind(task.action)
            )
            .run()
        try await setPrincipals(of: task, in: sql)
    }

    /// Stores what changes in a task: state, actors, variables, comments and end.
    static func update(_ task: WorkflowTask, in sql: any SQLDatabase) async throws {
        try await sql.update("repo_tasks")
            .set("state", to: task.state.rawValue).set("actors", to: try encoded(task.actors))
            .set("delegated_actors", to: try encoded(task.delegatedActors)).set("variables", to: try encoded(task.variables))
            .set("comments", to: try encoded(task.comments)).set("ended_at", to: task.endedAt).set("action", to: task.action)
            .where("id", .equal, task.id).run()
        try await sql.delete(from: "repo_task_actors").where("task_id", .equal, task.id).run()
        try await setPrincipals(of: task, in: sql)
    }

    private static func setPrincipals(of task: WorkflowTask, in sql: any SQLDatabase) async throws {
        for principal in task.principals {
            try await sql.insert(into: "repo_task_actors").columns("task_id", "principal")
                .values(SQLBind(task.id), SQLBind(principal)).run()
        }
    }

    /// The task `id`, if there is one.
    static func task(id: String, in sql: any SQLDatabase) async throws -> WorkflowTask? {
        try await sql.select().columns(WorkflowTaskRow.columns).from("repo_tasks").where("id", .equal, id)
            .first(decoding: WorkflowTaskRow.self)?.task()
    }

    /// The tasks of the workflow `workflowID`, oldest first; only open ones with `openOnly`.
    static func tasks(ofWorkflow workflowID: String, openOnly: Bool, in sql: any SQLDatabase) async throws -> [WorkflowTask] {
        var query = sql.select().columns(WorkflowTaskRow.columns).from("repo_tasks").where("workflow_id", .equal, workflowID)
        if openOnly { query = query.where("state", .equal, WorkflowTask.State.opened.rawValue) }
        return try await query.orderBy("created_at").orderBy("id").limit(maxListed).all(decoding: WorkflowTaskRow.self).map { try $0.task() }
    }

    /// A page of the open tasks, oldest first, that name one of `principals` (any, when `nil`),
    /// of the workflow `workflowID` or the model `modelName` when given, and how many there are.
    static func openTasks(
        naming principals: [String]?, workflowID: String?, modelName: String?, start: Int, limit: Int, in sql: any SQLDatabase
    ) async throws -> (tasks: [WorkflowTask], total: Int) {
        guard principals.map({ !$0.isEmpty }) ?? true else { return ([], 0) }
        let ids = try await taskIDs(naming: principals, in: sql)
        var page = sql.select().columns(WorkflowTaskRow.columns).from("repo_tasks").where("state", .equal, WorkflowTask.State.opened.rawValue)
        var count = sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "total").from("repo_tasks")
            .where("state", .equal, WorkflowTask.State.opened.rawValue)
        if let workflowID {
            page = page.where("workflow_id", .equal, workflowID)
            count = count.where("workflow_id", .equal, workflowID)
        }
        if let modelName {
            page = page.where("model", .equal, modelName)
            count = count.where("model", .equal, modelName)
        }
        if let ids {
            guard !ids.isEmpty else { return ([], 0) }
            page = page.where("id", .in, ids)
            count = count.where("id", .in, ids)
        }
        let tasks = try await page.orderBy("created_at").orderBy("id").offset(start).limit(limit).all(decoding: WorkflowTaskRow.self)
            .map { try $0.task() }
        let total = try await count.first()?.decode(column: "total", as: Int.self) ?? 0
        return (tasks, total)
    }

    /// The most open tasks of one user (through their name and groups) a task listing looks
    /// through.
    static let maxOpenTasksPerListing = 10_000

    /// The ids of the open tasks that name one of `principals`; `nil` for no restriction.
    private static func taskIDs(naming principals: [String]?, in sql: any SQLDatabase) async throws -> [String]? {
        guard let principals else { return nil }
        return try await sql.raw(
            """
            SELECT DISTINCT a.task_id AS id FROM repo_task_actors a JOIN repo_tasks t ON t.id = a.task_id
            WHERE t.state = \(bind: WorkflowTask.State.opened.rawValue) AND a.principal IN (\(binds: principals)) LIMIT \(unsafeRaw: String(maxOpenTasksPerListing))
            """
        ).all(decodingColumn: "id", as: String.self)
    }

    /// Whether a task of the workflow `workflowID`, open or ended, named one of `principals`.
    static func hasTask(ofWorkflow workflowID: String, naming principals: [String], in sql: any SQLDatabase) async throws -> Bool {
        guard !principals.isEmpty else { return false }
        return try await sql.raw(
            """
            SELECT a.task_id FROM repo_task_actors a JOIN repo_tasks t ON t.id = a.task_id
            WHERE t.workflow_id = \(bind: workflowID) AND a.principal IN (\(binds: principals)) LIMIT 1
            """
        ).first() != nil
    }

    // MARK: JSON columns

    private static func encoded(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }
}
