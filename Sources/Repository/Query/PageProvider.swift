/// Named queries clients run by name with `queryParams` (Nuxeo's page providers).
public struct PageProvider: Sendable {
    /// The provider's name.
    public let name: String
    /// Its NXQL, with `?` for each parameter.
    public let query: String
    /// Its sort order when the client gives none.
    public let defaultSort: [String]

    /// The children a folder listing shows (`@children`).
    public static let currentDocumentChildren = PageProvider(
        name: "CURRENT_DOC_CHILDREN",
        query:
            "SELECT * FROM Document WHERE ecm:parentId = ? AND ecm:isProxy = 0 AND ecm:isVersion = 0 AND ecm:isTrashed = 0 AND ecm:mixinType != 'HiddenInNavigation'",
        defaultSort: []
    )

    /// Every provider clients may name, by name.
    public static let all: [String: PageProvider] = Dictionary(
        uniqueKeysWithValues: [
            currentDocumentChildren,
            PageProvider(
                name: "tree_children",
                query:
                    "SELECT * FROM Document WHERE ecm:parentId = ? AND ecm:isProxy = 0 AND ecm:mixinType = 'Folderish' AND ecm:mixinType != 'HiddenInNavigation' AND ecm:isVersion = 0 AND ecm:isTrashed = 0",
                defaultSort: ["dc:title"]
            ),
            PageProvider(
                name: "document_content",
                query:
                    "SELECT * FROM Document WHERE ecm:parentId = ? AND ecm:isVersion = 0 AND ecm:mixinType != 'HiddenInNavigation' AND ecm:isTrashed = 0",
                defaultSort: ["dc:title"]
            ),
            PageProvider(
                name: "advanced_document_content",
                query:
                    "SELECT * FROM Document WHERE ecm:parentId = ? AND ecm:isVersion = 0 AND ecm:mixinType != 'HiddenInNavigation' AND ecm:isTrashed = 0",
                defaultSort: ["dc:title"]
            ),
            PageProvider(
                name: "default_search",
                query: "SELECT * FROM Document WHERE ecm:mixinType != 'HiddenInNavigation' AND ecm:isVersion = 0 AND ecm:isTrashed = 0",
                defaultSort: ["dc:title"]
            ),
        ].map { ($0.name, $0) })
}
