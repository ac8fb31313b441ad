extension TypeRegistry {
    /// Nuxeo's core types and schemas (spec §5.1 and §5.2).
    public static let core = TypeRegistry(
        types: [
            DocumentType(name: "Document", parent: nil, schemas: [], facets: [], hasLifecycle: false),
            DocumentType(
                name: "Folder", parent: "Document", schemas: ["common", "dublincore"], facets: ["Folderish"],
                subtypes: ["Collection", "Folder", "OrderedFolder", "File", "Note"]),
            DocumentType(
                name: "OrderedFolder", parent: "Folder", schemas: ["common", "dublincore"], facets: ["Folderish", "Orderable"],
                subtypes: ["Folder", "OrderedFolder", "File", "Note"]),
            DocumentType(name: "HiddenFolder", parent: "Folder", schemas: ["common", "dublincore"], facets: ["Folderish", "HiddenInNavigation"]),
            DocumentType(
                name: "Root", parent: "Folder", schemas: ["common", "dublincore"], facets: ["Folderish", "NotCollectionMember"],
                subtypes: ["Domain"], hasLifecycle: false),
            DocumentType(
                name: "Domain", parent: "Folder", schemas: ["common", "dublincore", "domain"],
                facets: ["Folderish", "SuperSpace", "NotCollectionMember"], subtypes: ["WorkspaceRoot", "SectionRoot", "TemplateRoot"]),
            DocumentType(
                name: "WorkspaceRoot", parent: "Folder", schemas: ["common", "dublincore"],
                facets: ["Folderish", "SuperSpace", "HiddenInCreation", "NotCollectionMember"], subtypes: ["Workspace"]),
            DocumentType(
                name: "Workspace", parent: "Folder", schemas: ["common", "dublincore", "file", "webcontainer", "publishing", "files"],
                facets: ["Folderish", "SuperSpace"], subtypes: ["Collection", "Workspace", "Folder", "OrderedFolder", "File", "Note"]),
            DocumentType(
                name: "TemplateRoot", parent: "Folder", schemas: ["common", "dublincore"],
                facets: ["Folderish", "SuperSpace", "HiddenInCreation", "NotCollectionMember"], subtypes: ["Workspace"]),
            DocumentType(
                name: "SectionRoot", parent: "Folder", schemas: ["common", "dublincore"],
                facets: ["Folderish", "SuperSpace", "HiddenInCreation", "MasterPublishSpace", "NotCollectionMember"], subtypes: ["Section"]),
            DocumentType(
                name: "Section", parent: "Folder", schemas: ["common", "dublincore", "file"],
                facets: ["Folderish", "SuperSpace", "PublishSpace"], subtypes: ["Section"]),
            DocumentType(
                name: "File", parent: "Document", schemas: ["common", "file", "dublincore", "uid", "files"],
                facets: ["Downloadable", "Versionable", "Publishable", "Commentable", "HasRelatedText"]),
            DocumentType(
                name: "Note", parent: "Document", schemas: ["common", "note", "uid", "files", "dublincore"],
                facets: ["Versionable", "Publishable", "Commentable", "HasRelatedText"]),
            DocumentType(
                name: "Collection", parent: "Document", schemas: ["uid", "dublincore", "common"],
                facets: ["Versionable", "Collection", "NotCollectionMember"]),
            DocumentType(
                name: "Collections", parent: "Folder", schemas: ["common", "dublincore"],
                facets: ["Folderish", "NotCollectionMember"], subtypes: ["Collection"]),
        ],
        schemas: [
            Schema(
                name: "dublincore", prefix: "dc",
                fields: [
                    "title": .string, "description": .string, "subjects": .list(.string), "rights": .string, "source": .string,
                    "coverage": .string, "created": .date, "modified": .date, "issued": .date, "valid": .date, "expired": .date,
                    "format": .string, "language": .string, "creator": .string, "contributors": .list(.string),
                    "lastContributor": .string, "publisher": .string, "nature": .string,
                ]),
            Schema(name: "common", fields: ["icon": .string, "icon-expanded": .string]),
            Schema(name: "file", fields: ["content": .blob]),
            Schema(name: "files", fields: ["files": .list(.complex(["file": .blob]))]),
            Schema(name: "note", fields: ["note": .string, "mime_type": .string]),
            Schema(name: "uid", fields: ["uid": .string, "major_version": .integer, "minor_version": .integer]),
            Schema(name: "domain", fields: ["display_type": .string]),
            Schema(name: "publishing", prefix: "publish", fields: ["sections": .list(.string)]),
            Schema(
                name: "webcontainer", prefix: "webc",
                fields: [
                    "name": .string, "welcomeText": .string, "isWebContainer": .boolean, "baseURL": .string,
                ]),
            Schema(name: "relatedtext", fields: ["relatedtextresources": .list(.complex(["relatedtextid": .string, "relatedtext": .string]))]),
            Schema(name: "collection", fields: ["documentIds": .list(.string)]),
            Schema(name: "collectionMember", fields: ["collectionIds": .list(.string)]),
        ],
        facetSchemas: ["HasRelatedText": ["relatedtext"], "Collection": ["collection"], "CollectionMember": ["collectionMember"]],
        facets: [
            "Folderish", "Orderable", "Versionable", "Downloadable", "Publishable", "PublishSpace", "MasterPublishSpace",
            "Commentable", "WebView", "SuperSpace", "HiddenInNavigation", "SystemDocument", "NotFulltextIndexable", "BigFolder",
            "HiddenInCreation", "HasRelatedText", "Collection", "NotCollectionMember", "CollectionMember",
        ]
    )

    /// The JSON keys the server maintains; clients' values for them are ignored.
    public static let serverMaintainedKeys: Set<String> = [
        "dc:created", "dc:modified", "dc:creator", "dc:contributors", "dc:lastContributor",
        "uid:major_version", "uid:minor_version",
    ]
}
