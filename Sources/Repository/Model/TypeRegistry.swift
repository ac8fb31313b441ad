import NXQL

/// The document types, schemas and facets the repository knows: Nuxeo's core set (spec §5),
/// which every Nuxeo client expects to find.
public struct TypeRegistry: Sendable {
    /// The types, by name.
    public let types: [String: DocumentType]
    /// The schemas, by name.
    public let schemas: [String: Schema]
    /// The schemas each facet brings, by facet name.
    public let facetSchemas: [String: [String]]
    /// Every declared facet name, sorted.
    public let facets: [String]
    /// The schema of each JSON key (`dc:title` → dublincore), for every schema.
    private let schemaByPrefix: [String: Schema]

    /// Creates a registry.
    public init(types: [DocumentType], schemas: [Schema], facetSchemas: [String: [String]], facets: [String]) {
        self.types = Dictionary(uniqueKeysWithValues: types.map { ($0.name, $0) })
        self.schemas = Dictionary(uniqueKeysWithValues: schemas.map { ($0.name, $0) })
        self.facetSchemas = facetSchemas
        self.facets = facets.sorted()
        self.schemaByPrefix = Dictionary(schemas.map { ($0.prefix, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The type named `name`, matched without regard to case.
    public func type(named name: String) -> DocumentType? {
        types[name] ?? types.values.first { $0.name.lowercased() == name.lowercased() }
    }

    /// The schemas of a document of `type` with the extra `instanceFacets`.
    public func schemas(of type: DocumentType, instanceFacets: [String] = []) -> [Schema] {
        var names = type.schemas
        for facet in type.facets + instanceFacets {
            for schema in facetSchemas[facet] ?? [] where !names.contains(schema) { names.append(schema) }
        }
        return names.compactMap { schemas[$0] }
    }

    /// The schema and field type of the JSON key `key` (`dc:title`, `file:content`), or `nil`.
    public func field(forKey key: String) -> (schema: Schema, type: FieldType)? {
        guard let colon = key.firstIndex(of: ":") else { return nil }
        let prefix = String(key[..<colon])
        let name = String(key[key.index(after: colon)...])
        guard let schema = schemaByPrefix[prefix] ?? schemas[prefix], let type = schema.fields[name] else { return nil }
        return (schema, type)
    }

    /// Whether `type` is `ancestor` or extends it.
    public func type(_ type: String, extends ancestor: String) -> Bool {
        var current: String? = type
        while let name = current {
            if name == ancestor { return true }
            current = types[name]?.parent
        }
        return false
    }
}

extension TypeRegistry: NXQLSchema {
    public func property(_ name: String) -> NXQLPropertyKind? {
        let key = name.split(separator: "/", maxSplits: 1).first.map(String.init) ?? name
        guard let (_, type) = field(forKey: key) else { return nil }
        switch type {
        case .list: return .list
        case .complex, .blob: return .complex
        default: return .scalar
        }
    }

    public func typesExtending(_ type: String) -> [String]? {
        guard let base = self.type(named: type) else { return nil }
        return types.keys.filter { self.type($0, extends: base.name) }.sorted()
    }
}
