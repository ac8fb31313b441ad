import Foundation
import JSON

/// A started workflow: Nuxeo's `workflow` entity for an instance.
struct WorkflowInstance: Sendable, Equatable {
    /// Where an instance is.
    enum State: String, Sendable {
        /// It has open tasks.
        case running
        /// It reached its end.
        case done
        /// Its initiator or an administrator cancelled it.
        case canceled
    }

    /// The instance's id, a UUID.
    let id: String
    /// The name of its model.
    let modelName: String
    /// The user who started it.
    let initiator: String
    /// Where it is.
    var state: State
    /// The documents it reviews, in the order they were given.
    let attachedDocumentIDs: [String]
    /// Its workflow variables.
    var variables: [String: JSONValue]
    /// When it started.
    let createdAt: Date
    /// When it ended or was cancelled.
    var endedAt: Date?

    /// The list of user and group names the variable `name` holds: a list of strings, or
    /// one string.
    func names(in name: String) -> [String] {
        Self.names(variables[name])
    }

    /// The user and group names in `value`: a list of strings, or one string.
    static func names(_ value: JSONValue?) -> [String] {
        switch value {
        case .string(let name)?: return name.isEmpty ? [] : [name]
        case .array(let items)?: return items.compactMap(\.stringValue).filter { !$0.isEmpty }
        default: return []
        }
    }
}
