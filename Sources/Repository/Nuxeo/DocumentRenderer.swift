import Foundation
import HTTPSupport
import JSON

/// Writes documents as Nuxeo's `document` entity (spec §1.6), with the schemas, enrichers and
/// fetched fields the client asked for.
struct DocumentRenderer: Sendable {
    /// The repository the documents come from.
    let repository: Repository
    /// Whose permissions enrichers report.
    let checker: AccessChecker
    /// What the client asked to see.
    var options: RenderingOptions
    /// The server's `/nuxeo/` URL as the client reached it, for blob links.
    let baseURL: String

    /// The `document` entity of `document`.
    func json(_ document: Document) async throws -> DocumentEntity {
        let schemas = repository.schemas(of: document)
        var lastModified: String?
        if case .string(let modified)? = document.properties["dc:modified"] { lastModified = modified }
        var lock: DocumentEntity.Lock?
        if options.fetch.contains("lock"), let owner = document.lockOwner {
            lock = DocumentEntity.Lock(owner: owner, created: document.lockCreated.map(NuxeoDate.format))
        }
        let shown = schemas.filter { options.includes(schema: $0.name) }
        var properties: [String: JSONValue]?
        if !shown.isEmpty {
            var values: [String: JSONValue] = [:]
            for schema in shown {
                for (field, type) in schema.fields {
                    let key = schema.key(of: field)
                    values[key] = rendered(document.properties[key] ?? Self.emptyValue(of: type), type: type, key: key, document: document)
                }
            }
            properties = values
        }
        return DocumentEntity(
            uid: document.id, path: document.path, type: document.type, state: document.state, parentRef: parentReference(of: document),
            isCheckedOut: !document.isCheckedIn, isVersion: document.isVersion, changeToken: String(document.changeToken),
            isTrashed: document.isTrashed, title: document.title, facets: repository.facets(of: document),
            schemas: schemas.map { DocumentEntity.SchemaReference(name: $0.name, prefix: $0.prefix) }, lastModified: lastModified,
            versionLabel: options.fetch.contains("versionLabel") || document.isVersion ? repository.displayedVersionLabel(of: document) : nil,
            lock: lock, properties: properties,
            contextParameters: options.enrichers.isEmpty ? nil : try await contextParameters(of: document)
        )
    }

    /// A `documents` entity without pagination fields.
    func list(_ documents: [Document]) async throws -> NuxeoEntityList<DocumentEntity> {
        var entries: [DocumentEntity] = []
        for document in documents { entries.append(try await json(document)) }
        return NuxeoEntityList("documents", entries: entries)
    }

    /// A paginated `documents` entity (spec §3.3).
    func page(_ page: DocumentPage) async throws -> NuxeoEntityList<DocumentEntity> {
        let pagination = NuxeoPagination(
            totalSize: page.totalSize, pageSize: page.pageSize, pageIndex: page.pageIndex, offset: page.offset, count: page.documents.count)
        return NuxeoEntityList("documents", entries: try await list(page.documents).entries, pagination: pagination)
    }

    private func parentReference(of document: Document) -> String {
        if document.isVersion { return document.versionSeriesID ?? "" }
        return document.parentID ?? ""
    }

    /// The JSON of an unset field: `[]` for lists, `null` otherwise.
    private static func emptyValue(of type: FieldType) -> JSONValue {
        if case .list = type { return .array([]) }
        return .null
    }

    /// A stored value as clients see it: blobs gain their download URL and a string length.
    private func rendered(_ value: JSONValue, type: FieldType, key: String, document: Document) -> JSONValue {
        switch (type, value) {
        case (.blob, _):
            guard let blob = BlobInfo(value) else { return .null }
            let url = "\(baseURL)nxfile/\(Repository.name)/\(document.id)/\(key)/\(NuxeoPath.encode(blob.name))"
            return .object([
                "name": .string(blob.name), "mime-type": .string(blob.mimeType), "encoding": blob.encoding.map(JSONValue.string) ?? .null,
                "digestAlgorithm": .string(BlobInfo.digestAlgorithm), "digest": .string(blob.digest),
                "length": .string(String(blob.length)), "data": .string(url), "blobUrl": .string(url),
            ])
        case (.list(let item), .array(let items)):
            return .array(items.enumerated().map { rendered($1, type: item, key: "\(key)/\($0)", document: document) })
        case (.complex(let fields), .object(let values)):
            var result: [String: JSONValue] = [:]
            for (name, fieldType) in fields {
                result[name] = rendered(values[name] ?? Self.emptyValue(of: fieldType), type: fieldType, key: "\(key)/\(name)", document: document)
            }
            return .object(result)
        default:
            return value
        }
    }

    private func contextParameters(of document: Document) async throws -> DocumentContextParameters {
        var parameters = DocumentContextParameters()
        for enricher in options.enrichers {
            switch enricher {
            case "permissions":
                parameters.permissions = try await repository.permissions(on: document, for: checker)
            case "acls":
                let (local, inherited) = try await repository.acls(of: document)
                let now = Date()
                var acls: [DocumentACL] = []
                if !local.isEmpty { acls.append(DocumentACL(name: "local", aces: local.map { DocumentACL.Entry($0, at: now) })) }
                if !inherited.isEmpty { acls.append(DocumentACL(name: "inherited", aces: inherited.map { DocumentACL.Entry($0, at: now) })) }
                parameters.acls = acls
            case "hasFolderishChild":
                parameters.hasFolderishChild = try await repository.hasFolderishChild(document, for: checker)
            case "breadcrumb":
                var plain = self
                plain.options.enrichers = []
                parameters.breadcrumb = try await plain.list(try await breadcrumb(of: document))
            case "subtypes":
                parameters.subtypes = repository.type(of: document).subtypes.compactMap { repository.registry.type(named: $0) }.map {
                    DocumentContextParameters.Subtype(type: $0.name, facets: $0.facets)
                }
            case "thumbnail":
                let url = "\(baseURL)api/v1/id/\(document.id)/@rendition/\(Rendition.thumbnail.rawValue)"
                parameters.thumbnail = DocumentContextParameters.Thumbnail(url: renditions(of: document).contains(.thumbnail) ? url : nil)
            case "renditions":
                parameters.renditions = renditions(of: document).map { rendition in
                    DocumentContextParameters.RenditionLink(
                        name: rendition.rawValue, kind: rendition.kind, icon: rendition.icon,
                        url: "\(baseURL)api/v1/id/\(document.id)/@rendition/\(rendition.rawValue)")
                }
            case "runningWorkflows":
                let workflows = WorkflowRenderer(apiURL: "\(baseURL)api/v1/")
                parameters.runningWorkflows = try await repository.runningWorkflows(on: document, for: checker).map(workflows.workflow)
            case "pendingTasks":
                let tasks = try await repository.openTasks(on: document, workflowID: nil, for: checker)
                parameters.pendingTasks = try await WorkflowRenderer(apiURL: "\(baseURL)api/v1/").tasks(tasks, in: repository, for: checker)
            case "runnableWorkflows":
                let models = try await repository.runnableWorkflowModels(on: document, for: checker)
                parameters.runnableWorkflows = models.map(WorkflowRenderer(apiURL: "\(baseURL)api/v1/").model)
            case "userVisiblePermissions":
                parameters.userVisiblePermissions = ["Read", "ReadWrite", "Everything"]
            default:
                continue
            }
        }
        return parameters
    }

    /// The renditions of `document`: the exports, and those of its main file when it has one.
    private func renditions(of document: Document) -> [Rendition] {
        let hasMainFile = repository.blob(at: "blobholder:0", of: document) != nil
        return Rendition.allCases.filter { hasMainFile || !$0.needsMainFile }
    }

    /// The documents from the top (below the root) down to `document` itself.
    private func breadcrumb(of document: Document) async throws -> [Document] {
        var chain: [Document] = [document]
        var current = try await repository.parent(of: document, for: checker)
        while let folder = current, folder.path != "/" {
            chain.insert(folder, at: 0)
            current = try await repository.parent(of: folder, for: checker)
        }
        return chain
    }
}
