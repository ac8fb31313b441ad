/// The `contextParameters` of a `document` entity: what each enricher the client asked for
/// adds. Only the requested ones are written.
struct DocumentContextParameters: Encodable, Sendable {
    /// A document subtype, for the `subtypes` enricher.
    struct Subtype: Encodable, Sendable {
        /// The type's name.
        let type: String
        /// Its facets.
        let facets: [String]
    }

    /// The thumbnail link, for the `thumbnail` enricher.
    struct Thumbnail: Encodable, Sendable {
        /// The thumbnail rendition's URL; `null` when the document has none.
        let url: String?

        enum CodingKeys: String, CodingKey { case url }

        /// Writes `url`, `null` when there is no thumbnail.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(url, forKey: .url)
        }
    }

    /// A rendition the document offers, for the `renditions` enricher.
    struct RenditionLink: Encodable, Sendable {
        /// The rendition's name.
        let name: String
        /// Its kind.
        let kind: String
        /// Its icon.
        let icon: String
        /// Its URL.
        let url: String
    }

    /// The caller's permissions on the document.
    var permissions: [String]?
    /// The document's local and inherited ACLs, each only when it has entries.
    var acls: [DocumentACL]?
    /// Whether the document has a folderish child.
    var hasFolderishChild: Bool?
    /// The documents from the top down to this one.
    var breadcrumb: NuxeoEntityList<DocumentEntity>?
    /// The types the document may contain.
    var subtypes: [Subtype]?
    /// The document's thumbnail.
    var thumbnail: Thumbnail?
    /// The document's renditions.
    var renditions: [RenditionLink]?
    /// The workflows running on the document.
    var runningWorkflows: [WorkflowEntity]?
    /// The open tasks on the document.
    var pendingTasks: [TaskEntity]?
    /// The workflow models the caller may start on the document.
    var runnableWorkflows: [WorkflowEntity]?
    /// The permissions a user interface offers to grant.
    var userVisiblePermissions: [String]?
}
