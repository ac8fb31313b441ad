import JSON

/// A workflow instance or model as Nuxeo's `workflow` entity. Its `variables` are those its
/// model defines.
struct WorkflowEntity: Encodable, Sendable {
    /// The instance's id, or the model's name.
    let id: String
    /// The model's name.
    let name: String
    /// The model's title.
    let title: String
    /// The instance's state, `validated` for a model.
    let state: String
    /// The model's name.
    let workflowModelName: String
    /// Who started the instance; `null` for a model.
    let initiator: String?
    /// The documents the instance runs on.
    let attachedDocumentIds: [NuxeoIDReference]
    /// The workflow variables.
    let variables: [String: JSONValue]
    /// The URL of the workflow's graph.
    let graphResource: String

    enum CodingKeys: String, CodingKey {
        case entityType = "entity-type"
        case id, name, title, state, workflowModelName, initiator, attachedDocumentIds, variables, graphResource
    }

    /// Writes every field, `initiator` as `null` for a model.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("workflow", forKey: .entityType)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(title, forKey: .title)
        try container.encode(state, forKey: .state)
        try container.encode(workflowModelName, forKey: .workflowModelName)
        try container.encode(initiator, forKey: .initiator)
        try container.encode(attachedDocumentIds, forKey: .attachedDocumentIds)
        try container.encode(variables, forKey: .variables)
        try container.encode(graphResource, forKey: .graphResource)
    }
}
