/// A role of a template that receives a copy of the completed document without signing, such
/// as "Accounting".
public struct CopiedPlaceholder: Codable, Sendable, Equatable {
    /// The placeholder's id within its template (`"1"`, `"2"`, … in the order given).
    public var id: String
    /// The placeholder's name.
    public var name: String
    /// The name of the person always copied, if there is one.
    public var preassignedName: String?
    /// The email address of the person always copied; a document copies the placeholder only
    /// when it has one.
    public var preassignedEmail: String?

    /// Creates a copied placeholder.
    public init(id: String, name: String, preassignedName: String? = nil, preassignedEmail: String? = nil) {
        self.id = id
        self.name = name
        self.preassignedName = preassignedName
        self.preassignedEmail = preassignedEmail
    }
}
