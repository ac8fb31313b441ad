import Foundation
import JSON
import Storage

/// A `repo_workflows` row, decoded by column name.
struct WorkflowInstanceRow: TableRow {
    /// The columns.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, model, initiator, state, variables
        case createdAt = "created_at"
        case endedAt = "ended_at"
    }

    /// The instance's id.
    let id: String
    /// Its model's name.
    let model: String
    /// Who started it.
    let initiator: String
    /// Its state's raw value.
    let state: String
    /// Its variables, as the JSON text of an object.
    let variables: String
    /// When it started.
    let createdAt: Date
    /// When it ended, if it has.
    let endedAt: Date?

    /// The instance the row holds, attached to `documentIDs`; canceled when its state is not
    /// one this version knows.
    ///
    /// - Throws: `DecodingError` when ``variables`` is not the JSON text of an object.
    func workflow(attachedTo documentIDs: [String]) throws -> WorkflowInstance {
        WorkflowInstance(
            id: id, modelName: model, initiator: initiator, state: WorkflowInstance.State(rawValue: state) ?? .canceled,
            attachedDocumentIDs: documentIDs, variables: try JSONValue.parseObject(variables.utf8),
            createdAt: createdAt, endedAt: endedAt
        )
    }
}
