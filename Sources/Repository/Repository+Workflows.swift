import Accounts
import Foundation
import JSON
import SQLKit
import Storage

/// Workflows and their tasks (Nuxeo's document routing), on the models in ``WorkflowModels``.
///
/// Who may do what:
/// - starting a workflow on documents takes `Write` on each, in the `project` state;
/// - a workflow and its tasks are visible to administrators, its initiator, the principals its
///   tasks name, and the readers of a document it reviews;
/// - a task is ended, reassigned or delegated by administrators, the workflow's initiator and
///   the principals it names (actors and delegates, directly or through a group);
/// - a workflow is cancelled by its initiator or an administrator.
///
/// While a task is open, the principals it names hold its node's permission on the reviewed
/// documents: local ACL entries whose creator is the task's id, removed when it ends.
extension Repository {
    /// The most documents one workflow reviews, and the most actors one task names.
    static let maxWorkflowDocuments = 100
    /// The largest workflow or task variables, encoded as JSON.
    static let maxWorkflowVariablesSize = 64 * 1024

    // MARK: Workflows

    /// The models the caller may start on `document`: all of them on a live document in the
    /// `project` state on which they hold `Write`, none otherwise.
    func runnableWorkflowModels(on document: Document, for checker: AccessChecker) async throws -> [any WorkflowModel] {
        guard Self.acceptsWorkflows(document), try await permissions(on: document, for: checker).contains(Permission.write) else { return [] }
        return WorkflowModels.all
    }

    /// Whether a review may start on `document`: a live document in the `project` state.
    private static func acceptsWorkflows(_ document: Document) -> Bool {
        !document.isVersion && document.state == Lifecycle.initialState
    }

    /// Starts the model `modelName` on the documents `documentIDs` (perhaps none) with the
    /// workflow variables `variables` beside the model's own, as the caller.
    func startWorkflow(
        model modelName: String, documentIDs: [String], variables: [String: JSONValue], for checker: AccessChecker
    ) async throws -> WorkflowInstance {
        let model = try WorkflowModels.model(named: modelName)
        var ids: [String] = []
        for id in documentIDs where !ids.contains(id) { ids.append(id) }
        guard ids.count <= Self.maxWorkflowDocuments else {
            throw RepositoryError.invalid("a workflow reviews at most \(Self.maxWorkflowDocuments) documents")
        }
        for id in ids {
            let document = try await document(.id(id), for: checker)
            try await require(Permission.write, on: document, for: checker)
            guard Self.acceptsWorkflows(document) else {
                throw RepositoryError.invalid("\(modelName) starts only on live documents in the project state; \(document.path) is not")
            }
        }
        let workflow = WorkflowInstance(
            id: UUID().uuidString.lowercased(), modelName: model.name, initiator: checker.userName, state: .running,
            attachedDocumentIDs: ids, variables: try Self.bounded(model.globalVariables.merging(variables) { $1 }),
            createdAt: Self.currentTime(), endedAt: nil
        )
        try await database.withTransaction { sql in
            try await WorkflowStore.insert(workflow, in: sql)
            var started = workflow
            try await self.advance(&started, model: model, step: model.start(workflow), by: checker.userName, in: sql)
        }
        try await refreshReadACLs(ofDocuments: ids)
        return try await database.withReadConnection { sql in try await WorkflowStore.workflow(id: workflow.id, in: sql) } ?? workflow
    }

    /// The workflow `id`, if the caller may see it.
    ///
    /// - Throws: ``RepositoryError/workflowNotFound(_:)`` otherwise.
    func workflow(id: String, for checker: AccessChecker) async throws -> WorkflowInstance {
        guard let workflow = try await database.withReadConnection({ sql in try await WorkflowStore.workflow(id: id, in: sql) }),
            try await canSee(workflow, for: checker)
        else { throw RepositoryError.workflowNotFound("No workflow with id \(id)") }
        return workflow
    }

    /// The running workflows the caller started, of the model `modelName` when given.
    func runningWorkflows(startedBy checker: AccessChecker, model modelName: String?) async throws -> [WorkflowInstance] {
        try await database.withReadConnection { sql in
            try await WorkflowStore.workflows(state: .running, initiator: checker.userName, modelName: modelName, in: sql)
        }
    }

    /// The running workflows reviewing `document`, which the caller may read.
    func runningWorkflows(on document: Document, for checker: AccessChecker) async throws -> [WorkflowInstance] {
        try await require(Permission.read, on: document, for: checker)
        return try await database.withReadConnection { sql in
            try await WorkflowStore.workflows(state: .running, documentID: document.id, in: sql)
        }
    }

    /// Cancels the running workflow `id`: its open tasks end as cancelled.
    ///
    /// - Throws: ``RepositoryError/workflowForbidden(_:)`` unless the caller started it or
    ///   is an administrator; ``RepositoryError/conflict(_:)`` when it is not running.
    func cancelWorkflow(id: String, for checker: AccessChecker) async throws {
        let seen = try await workflow(id: id, for: checker)
        guard checker.isAdministrator || seen.initiator == checker.userName else {
            throw RepositoryError.workflowForbidden("Only the initiator of workflow \(id) or an administrator may cancel it")
        }
        try await database.withTransaction(serializedBy: Database.lock(named: "workflow:\(id)")) { sql in
            guard var workflow = try await WorkflowStore.workflow(id: id, in: sql), workflow.state == .running else {
                throw RepositoryError.conflict("Workflow \(id) is not running")
            }
            try await self.close(&workflow, as: .canceled, in: sql)
        }
        try await refreshReadACLs(ofDocuments: seen.attachedDocumentIDs)
    }

    // MARK: Tasks

    /// The task `id` and its workflow, if the caller may see them.
    ///
    /// - Throws: ``RepositoryError/workflowNotFound(_:)`` otherwise.
    func task(id: String, for checker: AccessChecker) async throws -> TaskOfWorkflow {
        let found = try await database.withReadConnection { sql -> (WorkflowTask, WorkflowInstance)? in
            guard let task = try await WorkflowStore.task(id: id, in: sql),
                let workflow = try await WorkflowStore.workflow(id: task.workflowID, in: sql)
            else { return nil }
            return (task, workflow)
        }
        guard let (task, workflow) = found, try await canSee(workflow, for: checker) else {
            throw RepositoryError.workflowNotFound("No task with id \(id)")
        }
        return (task, workflow)
    }

    /// A page of the open tasks of the user `userName` (the caller, when `nil`), through their
    /// name and groups, of the workflow `workflowID` or the model `modelName` when given, and
    /// how many there are.
    ///
    /// - Throws: ``RepositoryError/workflowForbidden(_:)`` when someone other than an
    ///   administrator asks for another user's tasks.
    func openTasks(
        of userName: String?, workflowID: String?, modelName: String?, page: PageRequest, accounts: AccountStore, for checker: AccessChecker
    ) async throws -> (tasks: [WorkflowTask], total: Int) {
        var principals = Self.taskPrincipals(userName: checker.userName, groups: checker.principal.groups)
        if let userName, userName != checker.userName {
            guard checker.isAdministrator else { throw RepositoryError.workflowForbidden("Only administrators may list the tasks of other users") }
            let groups = try await accounts.user(named: userName)?.groups ?? []
            principals = Self.taskPrincipals(userName: userName, groups: Set(groups))
        }
        return try await database.withReadConnection { sql in
            try await WorkflowStore.openTasks(
                naming: principals, workflowID: workflowID, modelName: modelName, start: page.start, limit: page.limit, in: sql
            )
        }
    }

    /// The open tasks of `workflow`, which the caller may see.
    func openTasks(of workflow: WorkflowInstance) async throws -> [WorkflowTask] {
        try await database.withReadConnection { sql in try await WorkflowStore.tasks(ofWorkflow: workflow.id, openOnly: true, in: sql) }
    }

    /// The open tasks of the running workflows reviewing `document`, which the caller may read;
    /// of the workflow `workflowID` alone when given.
    func openTasks(on document: Document, workflowID: String?, for checker: AccessChecker) async throws -> [WorkflowTask] {
        let workflows = try await runningWorkflows(on: document, for: checker).filter { workflowID == nil || $0.id == workflowID }
        return try await database.withReadConnection { sql in
            var tasks: [WorkflowTask] = []
            for workflow in workflows { tasks += try await WorkflowStore.tasks(ofWorkflow: workflow.id, openOnly: true, in: sql) }
            return tasks
        }
    }

    /// Ends the open task `id` with `action`, after setting the node variables `variables`
    /// names (others are ignored, as Nuxeo ignores them) and adding `comment`; the workflow
    /// moves on. Returns the task and its workflow as the change left them.
    ///
    /// - Throws: ``RepositoryError/workflowForbidden(_:)`` unless the caller may act on it;
    ///   ``RepositoryError/conflict(_:)`` when it has ended; ``RepositoryError/invalid(_:)``
    ///   for an action its node does not have.
    func completeTask(
        id: String, action: String, variables: [String: JSONValue], comment: String?, accounts: AccountStore, for checker: AccessChecker
    ) async throws -> TaskOfWorkflow {
        let (seen, workflow) = try await task(id: id, for: checker)
        let model = try WorkflowModels.model(named: workflow.modelName)
        guard let definition = model.node(seen.node)?.task else { throw RepositoryError.conflict("Task \(id) has no node in \(model.name)") }
        guard definition.actions.contains(where: { $0.name == action }) else {
            let names = definition.actions.map(\.name).joined(separator: ", ")
            throw RepositoryError.invalid("Task \(id) has no action '\(action)' (its actions: \(names))")
        }
        try Self.validateTaskComment(comment)
        // The participants a task chooses become actors: they must name users or groups. (Checked
        // before the transaction, which holds the connection the account checks would need.)
        if definition.variables["participants"] != nil {
            try await requireExisting(WorkflowInstance.names(variables["participants"] ?? seen.variables["participants"]), accounts: accounts)
        }
        let ended = try await changeOpenTask(id, of: workflow, for: checker) { task, workflow, sql in
            for (name, value) in variables where definition.variables[name] != nil { task.variables[name] = value }
            if let comment {
                task.variables["comment"] = .string(comment)
                task.comments.append(WorkflowTask.Comment(author: checker.userName, text: comment, date: Self.currentTime()))
            }
            task.variables = try Self.bounded(task.variables)
            task.state = .ended
            task.action = action
            task.endedAt = Self.currentTime()
            try await WorkflowStore.update(task, in: sql)
            try await self.revokeGrants(of: task, on: workflow.attachedDocumentIDs, in: sql)
            let others = try await WorkflowStore.tasks(ofWorkflow: workflow.id, openOnly: true, in: sql).filter { $0.id != task.id }
            let step = try model.step(after: task, action: action, workflow: &workflow, otherOpenTasks: others)
            try await self.advance(&workflow, model: model, step: step, by: checker.userName, in: sql)
        }
        try await refreshReadACLs(ofDocuments: workflow.attachedDocumentIDs)
        return ended
    }

    /// Hands the open task `id` to `actors` in place of its actors (and delegates), with
    /// `comment`; returns the task and its workflow as the change left them.
    ///
    /// - Throws: ``RepositoryError/invalid(_:)`` when its node does not allow reassignment;
    ///   ``RepositoryError/principalNotFound(_:)`` for an actor that names no user or group.
    func reassignTask(
        id: String, to actors: [String], comment: String?, accounts: AccountStore, for checker: AccessChecker
    ) async throws -> TaskOfWorkflow {
        let (seen, workflow) = try await task(id: id, for: checker)
        let definition = try WorkflowModels.model(named: workflow.modelName).node(seen.node)?.task
        guard definition?.allowsReassignment == true else { throw RepositoryError.invalid("Task \(id) cannot be reassigned") }
        return try await transferTask(id, of: workflow, to: actors, delegating: false, comment: comment, accounts: accounts, for: checker)
    }

    /// Lets `actors` act on the open task `id` beside its actors, with `comment`; returns the
    /// task and its workflow as the change left them.
    ///
    /// - Throws: ``RepositoryError/principalNotFound(_:)`` for an actor that names no user or
    ///   group.
    func delegateTask(
        id: String, to actors: [String], comment: String?, accounts: AccountStore, for checker: AccessChecker
    ) async throws -> TaskOfWorkflow {
        let (_, workflow) = try await task(id: id, for: checker)
        return try await transferTask(id, of: workflow, to: actors, delegating: true, comment: comment, accounts: accounts, for: checker)
    }

    private func transferTask(
        _ id: String, of workflow: WorkflowInstance, to actors: [String], delegating: Bool, comment: String?, accounts: AccountStore,
        for checker: AccessChecker
    ) async throws -> TaskOfWorkflow {
        guard !actors.isEmpty else { throw RepositoryError.invalid("name at least one user or group to hand task \(id) to") }
        try await requireExisting(actors, accounts: accounts)
        try Self.validateTaskComment(comment)
        let model = try WorkflowModels.model(named: workflow.modelName)
        let changed = try await changeOpenTask(id, of: workflow, for: checker) { task, workflow, sql in
            try await self.revokeGrants(of: task, on: workflow.attachedDocumentIDs, in: sql)
            if delegating {
                for actor in actors where !task.delegatedActors.contains(actor) { task.delegatedActors.append(actor) }
            } else {
                task.actors = actors
                task.delegatedActors = []
            }
            if let comment { task.comments.append(WorkflowTask.Comment(author: checker.userName, text: comment, date: Self.currentTime())) }
            try await WorkflowStore.update(task, in: sql)
            if let permission = model.node(task.node)?.task?.grantedPermission {
                try await self.grant(permission, to: task, on: workflow.attachedDocumentIDs, in: sql)
            }
        }
        try await refreshReadACLs(ofDocuments: workflow.attachedDocumentIDs)
        return changed
    }

    /// Runs `change` on the open task `id` of `workflow` and the workflow as stored, in one
    /// transaction no other change of the workflow runs beside, and stores the workflow after.
    private func changeOpenTask(
        _ id: String, of workflow: WorkflowInstance, for checker: AccessChecker,
        _ change: @Sendable @escaping (inout WorkflowTask, inout WorkflowInstance, any SQLDatabase) async throws -> Void
    ) async throws -> TaskOfWorkflow {
        try await database.withTransaction(serializedBy: Database.lock(named: "workflow:\(workflow.id)")) { sql in
            guard var task = try await WorkflowStore.task(id: id, in: sql), var current = try await WorkflowStore.workflow(id: workflow.id, in: sql)
            else { throw RepositoryError.workflowNotFound("No task with id \(id)") }
            guard Self.mayAct(on: task, of: current, for: checker) else {
                throw RepositoryError.workflowForbidden("The current user may not act on task \(id): it is not assigned or delegated to them")
            }
            guard task.state == .opened, current.state == .running else { throw RepositoryError.conflict("Task \(id) has already ended") }
            try await change(&task, &current, sql)
            try await WorkflowStore.update(current, in: sql)
            return (task, current)
        }
    }

    // MARK: Moving on

    /// Carries out `step` for `workflow`: opens its tasks, or ends or cancels the workflow.
    private func advance(
        _ workflow: inout WorkflowInstance, model: any WorkflowModel, step: WorkflowStep, by userName: String, in sql: any SQLDatabase
    ) async throws {
        switch step {
        case .assign(let assignments):
            for assignment in assignments {
                let node = model.taskNode(assignment.node)
                guard let definition = node.task else { continue }
                let now = Self.currentTime()
                let dueDate = workflow.variables["end_date"]?.stringValue.flatMap(NuxeoDate.parse) ?? now.addingTimeInterval(definition.duration)
                var variables = definition.variables
                for name in variables.keys { if let value = workflow.variables[name] { variables[name] = value } }
                let task = WorkflowTask(
                    id: UUID().uuidString.lowercased(), workflowID: workflow.id, node: node.id, state: .opened, actors: assignment.actors,
                    delegatedActors: [], variables: variables, comments: [], createdAt: now, dueDate: dueDate, endedAt: nil, action: nil
                )
                try await WorkflowStore.insert(task, modelName: model.name, in: sql)
                if let permission = definition.grantedPermission {
                    try await grant(permission, to: task, on: workflow.attachedDocumentIDs, in: sql)
                }
            }
        case .wait:
            break
        case .end(let approving):
            if approving {
                for id in workflow.attachedDocumentIDs { try await approve(documentID: id, by: userName, in: sql) }
            }
            try await close(&workflow, as: .done, in: sql)
        case .cancel:
            try await close(&workflow, as: .canceled, in: sql)
        }
    }

    /// Ends `workflow` in `state`; its open tasks end as cancelled and lose their grants.
    private func close(_ workflow: inout WorkflowInstance, as state: WorkflowInstance.State, in sql: any SQLDatabase) async throws {
        for var task in try await WorkflowStore.tasks(ofWorkflow: workflow.id, openOnly: true, in: sql) {
            task.state = .cancelled
            task.endedAt = Self.currentTime()
            try await WorkflowStore.update(task, in: sql)
            try await revokeGrants(of: task, on: workflow.attachedDocumentIDs, in: sql)
        }
        workflow.state = state
        workflow.endedAt = Self.currentTime()
        try await WorkflowStore.update(workflow, in: sql)
    }

    /// Follows `approve` on the document `documentID` for a workflow that validated it, if it
    /// still exists and may: the workflow acts for its participants, whatever their own rights.
    private func approve(documentID: String, by userName: String, in sql: any SQLDatabase) async throws {
        guard var document = try? await Self.find(.id(documentID), in: sql), let state = document.state,
            let next = Lifecycle.state(after: "approve", from: state)
        else { return }
        document.state = next
        touch(&document, by: userName)
        try await DocumentStore.save(document, facets: facets(of: document), in: sql)
        try await AuditLog.record(.transition("approve", from: state, to: next), on: document, by: userName, in: sql)
    }

    // MARK: Grants

    /// Grants `permission` to the principals `task` names on each of `documentIDs` that exists.
    private func grant(_ permission: String, to task: WorkflowTask, on documentIDs: [String], in sql: any SQLDatabase) async throws {
        let entries = task.principals.map { AccessControlEntry(principal: $0, permission: permission, isGranted: true, creator: task.id) }
        try await editTaskGrants(on: documentIDs, in: sql) { acl in
            let block = acl.firstIndex(of: .blockInheritance) ?? acl.endIndex
            acl.insert(contentsOf: entries.filter { !acl.contains($0) }, at: block)
        }
    }

    /// Removes what `task` granted on each of `documentIDs` that exists.
    private func revokeGrants(of task: WorkflowTask, on documentIDs: [String], in sql: any SQLDatabase) async throws {
        try await editTaskGrants(on: documentIDs, in: sql) { acl in acl.removeAll { $0.creator == task.id } }
    }

    private func editTaskGrants(on documentIDs: [String], in sql: any SQLDatabase, _ edit: (inout [AccessControlEntry]) -> Void) async throws {
        for id in documentIDs {
            let before = try await DocumentStore.localACL(of: id, in: sql)
            var after = before
            edit(&after)
            guard after != before else { continue }
            try await DocumentStore.setLocalACL(after, of: id, in: sql)
            try await sql.update("repo_documents").set("change_token", to: SQLRaw("change_token + 1")).where("id", .equal, id).run()
        }
    }

    /// Recomputes the read ACLs below each of the documents `ids` that still exists.
    private func refreshReadACLs(ofDocuments ids: [String]) async throws {
        for id in ids {
            guard let document = try? await database.withReadConnection({ sql in try await Self.find(.id(id), in: sql) }) else { continue }
            try await refreshReadACLs(under: document.path)
        }
    }

    // MARK: Who

    /// Whether the caller may see `workflow` and its tasks.
    private func canSee(_ workflow: WorkflowInstance, for checker: AccessChecker) async throws -> Bool {
        if checker.isAdministrator || workflow.initiator == checker.userName { return true }
        let principals = Self.taskPrincipals(userName: checker.userName, groups: checker.principal.groups)
        if try await database.withReadConnection({ sql in try await WorkflowStore.hasTask(ofWorkflow: workflow.id, naming: principals, in: sql) }) {
            return true
        }
        for id in workflow.attachedDocumentIDs {
            if (try? await document(.id(id), for: checker)) != nil { return true }
        }
        return false
    }

    /// Whether the caller may end, reassign or delegate `task`.
    private static func mayAct(on task: WorkflowTask, of workflow: WorkflowInstance, for checker: AccessChecker) -> Bool {
        if checker.isAdministrator || workflow.initiator == checker.userName { return true }
        let principals = Set(taskPrincipals(userName: checker.userName, groups: checker.principal.groups))
        return task.principals.contains { principals.contains($0) }
    }

    /// The principal names a task may name a user by: their name and their groups.
    private static func taskPrincipals(userName: String, groups: Set<String>) -> [String] {
        [userName] + groups.sorted()
    }

    /// Throws unless `actors` are few enough and each names a user or a group.
    private func requireExisting(_ actors: [String], accounts: AccountStore) async throws {
        guard actors.count <= Self.maxWorkflowDocuments else {
            throw RepositoryError.invalid("a task names at most \(Self.maxWorkflowDocuments) users and groups")
        }
        try await accounts.requireExisting(actors)
    }

    private static func validateTaskComment(_ comment: String?) throws {
        guard let comment, comment.count > maxCommentLength else { return }
        throw RepositoryError.invalid("a comment has at most \(maxCommentLength) characters")
    }

    /// `variables`, unless their JSON is larger than ``maxWorkflowVariablesSize``.
    private static func bounded(_ variables: [String: JSONValue]) throws -> [String: JSONValue] {
        guard try JSONEncoder().encode(variables).count <= maxWorkflowVariablesSize else {
            throw RepositoryError.invalid("workflow variables take at most \(maxWorkflowVariablesSize) bytes of JSON")
        }
        return variables
    }
}
