import Foundation
import HTTPSupport

/// One recorded audit event: what happened to which document, by whom and when, with the
/// document's path, type and lifecycle state as they were right after it.
public struct AuditEntry: Sendable, Equatable {
    /// The entry's id; later entries have greater ids.
    public var id: Int64
    /// The event: its id, category, comment and extended information.
    public var event: AuditEvent
    /// The user who caused it.
    public var principalName: String
    /// The document's id.
    public var documentID: String
    /// The document's path after the event.
    public var documentPath: String
    /// The document's type.
    public var documentType: String
    /// The document's lifecycle state after the event, if it has a lifecycle.
    public var documentLifeCycle: String?
    /// The repository's name.
    public var repositoryID: String
    /// When the event happened.
    public var eventDate: Date
    /// When it was recorded.
    public var logDate: Date
}
