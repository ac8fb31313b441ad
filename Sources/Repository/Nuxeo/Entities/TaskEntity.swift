import JSON

/// A workflow task as Nuxeo's `task` entity. Its `variables` are those its node defines.
struct TaskEntity: Encodable, Sendable {
    /// A comment left on the task.
    struct Comment: Encodable, Sendable {
        /// Who wrote it.
        let author: String
        /// What it says.
        let text: String
        /// When, as a Nuxeo date.
        let date: String
    }

    /// What the task form offers: reassignment and the actions that complete the task.
    struct TaskInfo: Encodable, Sendable {
        /// An action that completes the task.
        struct Action: Encodable, Sendable {
            /// The action's name.
            let name: String
            /// The URL that completes the task with it.
            let url: String
            /// Its label.
            let label: String
            /// Whether the form must be valid to take it.
            let validate: Bool
        }

        /// The form's layout: the node's name, and no URL.
        struct LayoutResource: Encodable, Sendable {
            /// The node's name.
            let name: String

            enum CodingKeys: String, CodingKey { case name, url }

            /// Writes the name, and `url` as `null`.
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(name, forKey: .name)
                try container.encodeNil(forKey: .url)
            }
        }

        /// Whether the task may be reassigned.
        let allowTaskReassignment: Bool
        /// The actions that complete it.
        let taskActions: [Action]
        /// The form's layout.
        let layoutResource: LayoutResource
        /// The form's schemas: none.
        let schemas: [String]
    }

    /// The task's id.
    let id: String
    /// The task's name in its model.
    let name: String
    /// The workflow instance's id.
    let workflowInstanceId: String
    /// The workflow model's name.
    let workflowModelName: String
    /// Who started the workflow.
    let workflowInitiator: String
    /// The workflow model's title.
    let workflowTitle: String
    /// The workflow's state.
    let workflowLifeCycleState: String
    /// The URL of the workflow's graph.
    let graphResource: String
    /// The task's state.
    let state: String
    /// What the actors are asked to do.
    let directive: String
    /// When the task was created, as a Nuxeo date.
    let created: String
    /// When it is due, as a Nuxeo date.
    let dueDate: String
    /// The node the task waits at.
    let nodeName: String
    /// The documents the workflow runs on.
    let targetDocumentIds: [NuxeoIDReference]
    /// The users and groups the task is assigned to.
    let actors: [NuxeoIDReference]
    /// Those it was delegated to.
    let delegatedActors: [NuxeoIDReference]
    /// The comments left on it.
    let comments: [Comment]
    /// The node variables.
    let variables: [String: JSONValue]
    /// What the task form offers.
    let taskInfo: TaskInfo

    enum CodingKeys: String, CodingKey {
        case entityType = "entity-type"
        case id, name, workflowInstanceId, workflowModelName, workflowInitiator, workflowTitle, workflowLifeCycleState, graphResource
        case state, directive, created, dueDate, nodeName, targetDocumentIds, actors, delegatedActors, comments, variables, taskInfo
    }

    /// Writes the entity type, then every field.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("task", forKey: .entityType)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(workflowInstanceId, forKey: .workflowInstanceId)
        try container.encode(workflowModelName, forKey: .workflowModelName)
        try container.encode(workflowInitiator, forKey: .workflowInitiator)
        try container.encode(workflowTitle, forKey: .workflowTitle)
        try container.encode(workflowLifeCycleState, forKey: .workflowLifeCycleState)
        try container.encode(graphResource, forKey: .graphResource)
        try container.encode(state, forKey: .state)
        try container.encode(directive, forKey: .directive)
        try container.encode(created, forKey: .created)
        try container.encode(dueDate, forKey: .dueDate)
        try container.encode(nodeName, forKey: .nodeName)
        try container.encode(targetDocumentIds, forKey: .targetDocumentIds)
        try container.encode(actors, forKey: .actors)
        try container.encode(delegatedActors, forKey: .delegatedActors)
        try container.encode(comments, forKey: .comments)
        try container.encode(variables, forKey: .variables)
        try container.encode(taskInfo, forKey: .taskInfo)
    }
}
