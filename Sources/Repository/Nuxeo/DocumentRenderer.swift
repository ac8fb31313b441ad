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
    func json(_ document: Document) async throws -> JSONValue {
        var fields: [String: JSONValue] = [
            "entity-type": "document",
            "repository": .string(Repository.name),
            "uid": .string(document.id),
            "path": .string(document.path),
            "type": .string(document.type),
            "state": document.state.map(JSONValue.string) ?? .null,
            "parentRef": .string(parentReference(of: document)),
            "isCheckedOut": .bool(!document.isCheckedIn),
            "isRecord": false, "retainUntil": .null, "hasLegalHold": false, "isUnderRetentionOrLegalHold": false,
            "isVersion": .bool(document.isVersion),
            "isProxy": false,
            "changeToken": .string(String(document.changeToken)),
            "isTrashed": .bool(document.isTrashed),
            "title": .string(document.title),
            "facets": .array(repository.facets(of: document).map(JSONValue.string)),
        ]
        let schemas = repository.schemas(of: document)
        fields["schemas"] = .array(schemas.map { .object(["name": .string($0.name), "prefix": .string($0.prefix)]) })
        if case .string(let modified)? = document.properties["dc:modified"] { fields["lastModified"] = .string(modified) }
        if options.fetch.contains("versionLabel") || document.isVersion {
            fields["versionLabel"] = .string(repository.displayedVersionLabel(of: document))
        }
        if options.fetch.contains("lock"), let owner = document.lockOwner {
            fields["lockOwner"] = .string(owner)
            fields["lockCreated"] = document.lockCreated.map { .string(NuxeoDate.format($0)) } ?? .null
        }
        let shown = schemas.filter { options.includes(schema: $0.name) }
        if !shown.isEmpty {
            var properties: [String: JSONValue] = [:]
            for schema in shown {
                for (field, type) in schema.fields {
                    let key = schema.key(of: field)
                    properties[key] = rendered(document.properties[key] ?? Self.emptyValue(of: type), type: type, key: key, document: document)
                }
            }
            fields["properties"] = .object(properties)
        }
        if !options.enrichers.isEmpty {
            fields["contextParameters"] = .object(try await contextParameters(of: document))
        }
        return .object(fields)
    }

    /// A `documents` entity without pagination fields.
    func list(_ documents: [Document]) async throws -> JSONValue {
        var entries: [JSONValue] = []
        for document in documents { entries.append(try await json(document)) }
        return .object(["entity-type": "documents", "entries": .array(entries)])
    }

    /// A paginated `documents` entity (spec §3.3).
    func page(_ page: DocumentPage) async throws -> JSONValue {
        guard case .object(var fields) = try await list(page.documents) else { return .null }
        fields.merge(
            Self.pagination(
                totalSize: page.totalSize, pageSize: page.pageSize, pageIndex: page.pageIndex,
                offset: page.offset, count: page.documents.count)
        ) { $1 }
        return .object(fields)
    }

    /// The pagination fields of a page of `count` entries, as every paginated Nuxeo list has
    /// them.
    static func pagination(totalSize: Int, pageSize: Int, pageIndex: Int, offset: Int, count: Int) -> [String: JSONValue] {
        let pageCount = pageSize > 0 ? max(1, (totalSize + pageSize - 1) / pageSize) : 1
        let hasNext = pageSize > 0 && (pageIndex + 1) * pageSize < totalSize
        return [
            "isPaginable": true, "resultsCount": .integer(totalSize), "pageSize": .integer(pageSize),
            "maxPageSize": .integer(DocumentPage.maxPageSize), "resultsCountLimit": .integer(-1),
            "currentPageSize": .integer(count), "currentPageIndex": .integer(pageIndex),
            "currentPageOffset": .integer(offset), "numberOfPages": .integer(pageCount),
            "isPreviousPageAvailable": .bool(pageIndex > 0), "isNextPageAvailable": .bool(hasNext),
            "isLastPageAvailable": .bool(pageIndex + 1 < pageCount), "isSortable": true, "hasError": false,
            "errorMessage": .null, "totalSize": .integer(totalSize), "pageIndex": .integer(pageIndex),
            "pageCount": .integer(pageCount),
        ]
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

    private func contextParameters(of document: Document) async throws -> [String: JSONValue] {
        var parameters: [String: JSONValue] = [:]
        for enricher in options.enrichers {
            switch enricher {
            case "permissions":
                parameters["permissions"] = .array(try await repository.permissions(on: document, for: checker).map(JSONValue.string))
            case "acls":
                let (local, inherited) = try await repository.acls(of: document)
                var acls: [JSONValue] = []
                if !local.isEmpty { acls.append(aclJSON(name: "local", local)) }
                if !inherited.isEmpty { acls.append(aclJSON(name: "inherited", inherited)) }
                parameters["acls"] = .array(acls)
            case "hasFolderishChild":
                parameters["hasFolderishChild"] = .bool(try await repository.hasFolderishChild(document, for: checker))
            case "breadcrumb":
                var plain = self
                plain.options.enrichers = []
                parameters["breadcrumb"] = try await plain.list(try await breadcrumb(of: document))
            case "subtypes":
                parameters["subtypes"] = .array(
                    repository.type(of: document).subtypes.compactMap { repository.registry.type(named: $0) }.map {
                        .object(["type": .string($0.name), "facets": .array($0.facets.map(JSONValue.string))])
                    })
            case "thumbnail":
                let url = "\(baseURL)api/v1/id/\(document.id)/@rendition/\(Rendition.thumbnail.rawValue)"
                parameters["thumbnail"] = .object(["url": renditions(of: document).contains(.thumbnail) ? .string(url) : .null])
            case "renditions":
                parameters["renditions"] = .array(
                    renditions(of: document).map { rendition in
                        .object([
                            "name": .string(rendition.rawValue), "kind": .string(rendition.kind), "icon": .string(rendition.icon),
                            "url": .string("\(baseURL)api/v1/id/\(document.id)/@rendition/\(rendition.rawValue)"),
                        ])
                    })
            case "runningWorkflows":
                let workflows = WorkflowRenderer(apiURL: "\(baseURL)api/v1/")
                parameters["runningWorkflows"] = .array(try await repository.runningWorkflows(on: document, for: checker).map(workflows.workflow))
            case "pendingTasks":
                let tasks = try await repository.openTasks(on: document, workflowID: nil, for: checker)
                parameters["pendingTasks"] = .array(
                    try await WorkflowRenderer(apiURL: "\(baseURL)api/v1/").tasks(tasks, in: repository, for: checker))
            case "runnableWorkflows":
                let models = try await repository.runnableWorkflowModels(on: document, for: checker)
                parameters["runnableWorkflows"] = .array(models.map(WorkflowRenderer(apiURL: "\(baseURL)api/v1/").model))
            case "userVisiblePermissions":
                parameters["userVisiblePermissions"] = .array(["Read", "ReadWrite", "Everything"])
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

    private func aclJSON(name: String, _ entries: [AccessControlEntry]) -> JSONValue {
        let now = Date()
        return .object([
            "name": .string(name),
            "aces": .array(
                entries.map { entry in
                    .object([
                        "id": .string(entry.id), "username": .string(entry.principal), "externalUser": false,
                        "permission": .string(entry.permission), "granted": .bool(entry.isGranted),
                        "creator": entry.creator.isEmpty ? .null : .string(entry.creator),
                        "begin": entry.begin.map { .string(NuxeoDate.format($0)) } ?? .null,
                        "end": entry.end.map { .string(NuxeoDate.format($0)) } ?? .null,
                        "status": .string(entry.status(at: now)),
                    ])
                }),
        ])
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
