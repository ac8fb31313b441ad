import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import JSON

/// Directories (`api/v1/directory`): `directory` lists them (`types` filters), `directory/{name}`
/// pages through a directory's entries (GET) and adds one (POST), `directory/{name}/{id}` reads,
/// updates (PUT) and deletes one. Anyone signed in reads; only administrators write.
extension NuxeoAPI {
    func directories(_ call: inout NuxeoCall, segments: [String]) async throws -> Response {
        switch segments.count {
        case 0:
            try Self.require(call, .get)
            let types = call.parameters("types").flatMap { $0.split(separator: ",").map(String.init) }
            return try NuxeoCall.json(
                .object([
                    "entity-type": "directories", "entries": .array(repository.directories(types: types).map(Self.directoryJSON)),
                ]))
        case 1:
            let directory = try repository.directory(named: segments[0])
            switch call.request.method {
            case .get:
                let page = try call.pageRequest(defaultPageSize: 0)
                let (entries, total) = try await repository.entries(of: directory, page: page)
                var fields: [String: JSONValue] = ["entity-type": "directoryEntries", "entries": .array(entries.map(Self.entryJSON))]
                fields.merge(
                    DocumentRenderer.pagination(
                        totalSize: total, pageSize: page.pageSize, pageIndex: page.pageIndex, offset: page.start, count: entries.count
                    )
                ) { $1 }
                return try NuxeoCall.json(.object(fields))
            case .post:
                let properties = try await Self.entryProperties(&call, directory: directory)
                let entry = try await repository.createEntry(properties, in: directory, for: call.checker)
                return try NuxeoCall.json(Self.entryJSON(entry), status: .created)
            default:
                try Self.require(call, .get, .post)
                return NuxeoCall.noContent
            }
        case 2:
            let directory = try repository.directory(named: segments[0])
            let entry = try await repository.entry(segments[1], of: directory)
            switch call.request.method {
            case .get:
                return try NuxeoCall.json(Self.entryJSON(entry))
            case .put:
                let properties = try await Self.entryProperties(&call, directory: directory)
                return try NuxeoCall.json(Self.entryJSON(try await repository.updateEntry(entry, with: properties, in: directory, for: call.checker)))
            case .delete:
                try await repository.deleteEntry(entry, in: directory, for: call.checker)
                return NuxeoCall.noContent
            default:
                try Self.require(call, .get, .put, .delete)
                return NuxeoCall.noContent
            }
        default:
            throw APIError(.notFound, "no directory resource at \(call.request.uri.path)")
        }
    }

    /// The `properties` of the `directoryEntry` entity in the request body, its top-level `id`
    /// among them when they lack the id field.
    ///
    /// - Throws: 400 unless the body is a `directoryEntry` of `directory` with an object of
    ///   properties.
    private static func entryProperties(_ call: inout NuxeoCall, directory: DirectoryDefinition) async throws -> [String: JSONValue] {
        guard case .object(let body)? = try await call.jsonBody(), body["entity-type"] == "directoryEntry" else {
            throw APIError(.badRequest, "the body must be a directoryEntry entity")
        }
        if let name = body["directoryName"], name != .null, name != .string(directory.name) {
            throw APIError(.badRequest, "the entry belongs to directory \(directory.name)")
        }
        guard case .object(var properties)? = body["properties"] else {
            throw APIError(.badRequest, "the directoryEntry entity needs an object of properties")
        }
        if properties[directory.idField] == nil, case .string(let id)? = body["id"] { properties[directory.idField] = .string(id) }
        return properties
    }

    /// A `directory` entity.
    private static func directoryJSON(_ directory: DirectoryDefinition) -> JSONValue {
        .object([
            "entity-type": "directory", "name": .string(directory.name), "schema": .string(directory.schema.name),
            "idField": .string(directory.idField), "readOnly": false, "parent": directory.parent.map(JSONValue.string) ?? .null,
        ])
    }

    /// A `directoryEntry` entity.
    private static func entryJSON(_ entry: DirectoryEntry) -> JSONValue {
        .object([
            "entity-type": "directoryEntry", "directoryName": .string(entry.directory), "id": .string(entry.id),
            "properties": .object(entry.properties),
        ])
    }
}
