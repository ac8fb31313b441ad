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
            return try NuxeoCall.json(NuxeoEntityList("directories", entries: repository.directories(types: types).map(DirectoryEntity.init)))
        case 1:
            let directory = try repository.directory(named: segments[0])
            switch call.request.method {
            case .get:
                let page = try call.pageRequest(defaultPageSize: 0)
                let (entries, total) = try await repository.entries(of: directory, page: page)
                return try NuxeoCall.json(
                    NuxeoEntityList(
                        "directoryEntries", entries: entries.map(DirectoryEntryEntity.init),
                        pagination: NuxeoPagination(totalSize: total, page: page, count: entries.count)))
            case .post:
                let properties = try await Self.entryProperties(&call, directory: directory)
                let entry = try await repository.createEntry(properties, in: directory, for: call.checker)
                return try NuxeoCall.json(DirectoryEntryEntity(entry), status: .created)
            default:
                try Self.require(call, .get, .post)
                return NuxeoCall.noContent
            }
        case 2:
            let directory = try repository.directory(named: segments[0])
            let entry = try await repository.entry(segments[1], of: directory)
            switch call.request.method {
            case .get:
                return try NuxeoCall.json(DirectoryEntryEntity(entry))
            case .put:
                let properties = try await Self.entryProperties(&call, directory: directory)
                return try NuxeoCall.json(
                    DirectoryEntryEntity(try await repository.updateEntry(entry, with: properties, in: directory, for: call.checker)))
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
}
