/// What the compiler needs to know about the repository's schemas and document types.
public protocol NXQLSchema: Sendable {
    /// The shape of a property ("dc:title", "file:content", "files:files"); nil = unknown
    /// (unknown properties never match; they are not errors).
    func property(_ name: String) -> NXQLPropertyKind?

    /// The document types equal to or extending `type` (case-insensitive "Document" = all);
    /// nil when the type is unknown (an error).
    func typesExtending(_ type: String) -> [String]?
}
