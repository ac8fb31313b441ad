import JSON

/// What happened to a document, as Nuxeo's audit names it: the event id, its category, and
/// the comment and extended information the entry carries.
public struct AuditEvent: Sendable, Equatable {
    /// Nuxeo's event id (`documentCreated`, `lifecycle_transition_event`, `download`, …).
    public let id: String
    /// Nuxeo's event category.
    public let category: String
    /// The entry's comment: the version label of a check-in, the file name of a download.
    public var comment: String?
    /// The entry's `extended` information.
    public var extended: [String: JSONValue]

    /// Creates an event of `category` (the document category unless told).
    public init(id: String, category: String = documentCategory, comment: String? = nil, extended: [String: JSONValue] = [:]) {
        self.id = id
        self.category = category
        self.comment = comment
        self.extended = extended
    }

    /// The category of every event but lifecycle transitions.
    public static let documentCategory = "eventDocumentCategory"
    /// The category of lifecycle transitions.
    public static let lifeCycleCategory = "eventLifeCycleCategory"

    /// A document was created.
    public static let created = AuditEvent(id: "documentCreated")
    /// A document's properties changed.
    public static let modified = AuditEvent(id: "documentModified")
    /// A document was locked.
    public static let locked = AuditEvent(id: "documentLocked")
    /// A document's lock was removed.
    public static let unlocked = AuditEvent(id: "documentUnlocked")
    /// A document's local ACL changed.
    public static let securityUpdated = AuditEvent(id: "documentSecurityUpdated")
    /// A document was moved or renamed.
    public static let moved = AuditEvent(id: "documentMoved")
    /// A document was deleted.
    public static let removed = AuditEvent(id: "documentRemoved")
    /// A document was put in the trash.
    public static let trashed = AuditEvent(id: "documentTrashed")
    /// A document was taken out of the trash.
    public static let untrashed = AuditEvent(id: "documentUntrashed")
    /// A checked-in document was made editable again.
    public static let checkedOut = AuditEvent(id: "documentCheckedOut")

    /// A lifecycle transition, from state `from` to state `to`.
    public static func transition(_ transition: String, from: String, to: String) -> AuditEvent {
        AuditEvent(
            id: "lifecycle_transition_event", category: lifeCycleCategory, comment: transition,
            extended: [
                "transition": .string(transition), "from": .string(from), "to": .string(to),
            ])
    }

    /// A live document was checked in as version `label`; Nuxeo comments the entry with the label.
    public static func checkedIn(label: String) -> AuditEvent {
        AuditEvent(id: "documentCheckedIn", comment: label, extended: ["versionLabel": .string(label)])
    }

    /// The version `label` was created by a check-in (logged on the version itself).
    public static func versionCreated(label: String) -> AuditEvent {
        AuditEvent(id: "documentCreated", comment: label, extended: ["versionLabel": .string(label)])
    }

    /// The blob at `xpath` was downloaded, for `reason` (`download` for a plain download).
    public static func download(_ blob: BlobInfo, xpath: String, reason: String = "download") -> AuditEvent {
        AuditEvent(
            id: "download", comment: "\(xpath):\(blob.name)",
            extended: [
                "downloadReason": .string(reason), "blobXPath": .string(xpath), "blobFilename": .string(blob.name),
                "blobLength": .integer(Int(blob.length)), "blobDigest": .string(blob.digest),
            ])
    }
}
