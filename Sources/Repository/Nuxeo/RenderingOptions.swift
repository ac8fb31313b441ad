import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird

/// What a client asked to see of each document, from headers or query parameters (Nuxeo
/// accepts both, in several spellings): schemas, enrichers and extra fields.
struct RenderingOptions: Sendable {
    /// The schemas whose properties to include; `nil` for all (`*`), empty for none.
    var schemas: Set<String>?
    /// The `contextParameters` to compute (`permissions`, `acls`, …).
    var enrichers: Set<String>
    /// Extra fields (`lock`, `versionLabel`).
    var fetch: Set<String>

    /// Reads the options of `request`, whose query parameters are `query`; `defaultSchemas`
    /// applies when it names none.
    init(request: Request, query: FormEncodedQuery, defaultSchemas: Set<String>? = []) {
        let schemaValues = Self.values(in: request, query: query, names: ["properties", "x-nxproperties", "x-nxdocumentproperties"])
        if schemaValues.isEmpty {
            schemas = defaultSchemas
        } else {
            schemas = schemaValues.contains("*") ? nil : Set(schemaValues)
        }
        enrichers = Set(
            Self.values(
                in: request, query: query,
                names: [
                    "enrichers.document", "enrichers-document", "x-nxenrichers.document", "x-nxenrichers-document", "x-nxcontext-category",
                ]))
        fetch = Set(
            Self.values(
                in: request, query: query,
                names: [
                    "fetch.document", "fetch-document", "x-nxfetch.document", "x-nxfetch-document",
                ]))
    }

    /// Whether properties of `schema` should be shown.
    func includes(schema: String) -> Bool { schemas?.contains(schema) ?? true }

    /// The comma-separated values of the headers and query parameters named `names` (header
    /// names ignore case).
    private static func values(in request: Request, query: FormEncodedQuery, names: [String]) -> [String] {
        var values: [String] = []
        for field in request.headers where names.contains(field.name.canonicalName) {
            values += field.value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        for (name, value) in query.items where names.contains(name.lowercased()) {
            values += value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        return values.filter { !$0.isEmpty }
    }
}
