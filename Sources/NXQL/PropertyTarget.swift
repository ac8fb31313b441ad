/// What a property refers to once the schema has been consulted.
enum PropertyTarget: Sendable {
    /// A column of `repo_documents`.
    case column(DocumentColumn)
    /// `ecm:path`.
    case path
    /// `ecm:mixinType`: one of the facets in `d.mixin_types`.
    case mixinType
    /// `ecm:ancestorId`: the id of a document above this one.
    case ancestorId
    /// `ecm:fulltext`: the full-text index.
    case fullText
    /// `ecm:fulltext.<property>`: a case-insensitive search inside one property.
    case fullTextOf(NXQLProperty)
    /// A document property stored in `d.properties`.
    case json(JSONPropertyPath)
    /// An unknown property or pseudo-property: it matches nothing.
    case unknown

    /// The target of `property` in `schema`.
    init(_ property: NXQLProperty, schema: any NXQLSchema) {
        let fullTextPrefix = "ecm:fulltext."
        guard property.name.hasPrefix("ecm:") else {
            guard let kind = schema.property(property.name) else {
                self = .unknown
                return
            }
            self = .json(JSONPropertyPath(property: property, kind: kind))
            return
        }
        if property.name.hasPrefix(fullTextPrefix) {
            let field = String(property.name.dropFirst(fullTextPrefix.count))
            // The field is what follows the dot, so it must be a valid name of its own.
            self =
                NXQLProperty.isFieldName(field)
                ? .fullTextOf(NXQLProperty(name: field, steps: property.steps)) : .unknown
            return
        }
        guard property.steps.isEmpty else {
            self = .unknown
            return
        }
        switch property.name {
        case "ecm:path": self = .path
        case "ecm:mixinType": self = .mixinType
        case "ecm:ancestorId": self = .ancestorId
        case "ecm:fulltext": self = .fullText
        default: self = DocumentColumn.forPseudoProperty(property.name).map(PropertyTarget.column) ?? .unknown
        }
    }
}
