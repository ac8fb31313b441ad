import Foundation
import JSON
import Storage

/// A `repo_tasks` row, decoded by column name.
struct WorkflowTaskRow: TableRow {
    /// The columns.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id
        case workflowID = "workflow_id"
        case model, node, state, actors
        case delegatedActors = "delegated_actors"
        case variables, comments
        case createdAt = "created_at"
        case dueDate = "due_date"
        case endedAt = "ended_at"
        case action
    }

    /// The task's id.
    let id: String
    /// Its workflow's id.
    let workflowID: String
    /// Its workflow model's name.
    let model: String
    /// The node it waits at.
    let node: String
    /// Its state's raw value.
    let state: String
    /// Its actors, as the JSON text of an array of strings.
    let actors: String
    /// Those it was delegated to, as the JSON text of an array of strings.
    let delegatedActors: String
    /// Its node variables, as the JSON text of an object.
    let variables: String
    /// The comments left on it, as JSON text.
    let comments: String
    /// When it was created.
    let createdAt: Date
    /// When it is due.
    let dueDate: Date
    /// When it ended, if it has.
    let endedAt: Date?
    /// The action that completed it, if any.
    let action: String?

    /// The task the row holds; cancelled when its state is not one this version knows.
    ///
    /// - Throws: `DecodingError` when a JSON column does not hold what it should.
    func task() throws -> WorkflowTask {
        let decoder = JSONDecoder()
        return WorkflowTask(
            id: id, workflowID: workflowID, node: node, state: WorkflowTask.State(rawValue: state) ?? .cancelled,
            actors: try decoder.decode([String].self, from: Data(actors.utf8)),
            delegatedActors: try decoder.decode([String].self, from: Data(delegatedActors.utf8)),
            variables: try JSONValue.parseObject(variables.utf8),
            comments: try decoder.decode([WorkflowTask.Comment].self, from: Data(comments.utf8)), createdAt: createdAt, dueDate: dueDate,
            endedAt: endedAt, action: action
        )
    }
}
