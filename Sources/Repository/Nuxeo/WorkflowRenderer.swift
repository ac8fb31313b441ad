import Foundation

/// Writes workflows, workflow models and tasks as Nuxeo's `workflow` and `task` entities, for
/// the workflow endpoints and the document enrichers (`runningWorkflows`, `pendingTasks`,
/// `runnableWorkflows`).
struct WorkflowRenderer: Sendable {
    /// The API's root URL, `…/nuxeo/api/v1/`, which links start with.
    let apiURL: String

    /// A `workflow` entity for an instance.
    func workflow(_ workflow: WorkflowInstance) throws -> WorkflowEntity {
        let model = try WorkflowModels.model(named: workflow.modelName)
        return WorkflowEntity(
            id: workflow.id, name: model.name, title: model.title, state: workflow.state.rawValue, workflowModelName: model.name,
            initiator: workflow.initiator, attachedDocumentIds: workflow.attachedDocumentIDs.map(NuxeoIDReference.init),
            variables: workflow.variables, graphResource: "\(apiURL)workflow/\(workflow.id)/graph"
        )
    }

    /// A `workflow` entity for a model.
    func model(_ model: any WorkflowModel) -> WorkflowEntity {
        WorkflowEntity(
            id: model.name, name: model.name, title: model.title, state: "validated", workflowModelName: model.name, initiator: nil,
            attachedDocumentIds: [], variables: model.globalVariables, graphResource: "\(apiURL)workflowModel/\(model.name)/graph"
        )
    }

    /// A `task` entity.
    func task(_ task: WorkflowTask, of workflow: WorkflowInstance) throws -> TaskEntity {
        let model = try WorkflowModels.model(named: workflow.modelName)
        guard let definition = model.node(task.node)?.task else {
            throw RepositoryError.workflowNotFound("Task \(task.id) has no node in \(model.name)")
        }
        let actions = definition.actions.map { action in
            TaskEntity.TaskInfo.Action(
                name: action.name, url: "\(apiURL)task/\(task.id)/\(action.name)", label: action.label, validate: action.validates)
        }
        return TaskEntity(
            id: task.id, name: definition.name, workflowInstanceId: workflow.id, workflowModelName: model.name,
            workflowInitiator: workflow.initiator, workflowTitle: model.title, workflowLifeCycleState: workflow.state.rawValue,
            graphResource: "\(apiURL)workflow/\(workflow.id)/graph", state: task.state.rawValue, directive: definition.directive,
            created: NuxeoDate.format(task.createdAt), dueDate: NuxeoDate.format(task.dueDate), nodeName: task.node,
            targetDocumentIds: workflow.attachedDocumentIDs.map(NuxeoIDReference.init), actors: task.actors.map(NuxeoIDReference.init),
            delegatedActors: task.delegatedActors.map(NuxeoIDReference.init),
            comments: task.comments.map { TaskEntity.Comment(author: $0.author, text: $0.text, date: NuxeoDate.format($0.date)) },
            variables: task.variables,
            taskInfo: TaskEntity.TaskInfo(
                allowTaskReassignment: definition.allowsReassignment, taskActions: actions,
                layoutResource: TaskEntity.TaskInfo.LayoutResource(name: task.node), schemas: [])
        )
    }

    /// The `task` entities of `tasks`, each with its workflow, which the caller may see.
    func tasks(_ tasks: [WorkflowTask], in repository: Repository, for checker: AccessChecker) async throws -> [TaskEntity] {
        var entries: [TaskEntity] = []
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
    static func graph(_ model: any WorkflowModel, waitingAt waiting: Set<String>) -> WorkflowGraphEntity {
        let nodes = model.nodes.enumerated().map { index, node in
            WorkflowGraphEntity.Node(
                id: node.id, title: node.title, isStartNode: node.isStart, isStopNode: node.isStop, isMultiTask: node.task?.isMultiTask ?? false,
                hasTask: node.task != nil, state: waiting.contains(node.id) ? "suspended" : "ready", x: 120 + 220 * index,
                y: node.task == nil ? 60 : 200)
        }
        let transitions = model.transitions.map { transition in
            WorkflowGraphEntity.Transition(nodeSourceId: transition.from, nodeTargetId: transition.to, label: transition.label)
        }
        return WorkflowGraphEntity(nodes: nodes, transitions: transitions)
    }
}
