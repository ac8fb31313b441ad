/// A role a template leaves open, such as "Client": whoever a document made from the template
/// assigns to it signs the fields the template gives it.
public struct TemplatePlaceholder: Codable, Sendable, Equatable {
    /// The caller's id for the placeholder, unique within its template; fields, attachment
    /// requests and checkbox groups name it.
    public var id: String
    /// The placeholder's name, unique within its template (case-insensitively); a document
    /// assigns recipients to placeholders by name.
    public var name: String
    /// The name of the person always assigned to the placeholder, if there is one.
    public var preassignedName: String?
    /// The email address of the person always assigned to the placeholder, if there is one.
    public var preassignedEmail: String?
    /// The placeholder's place in the signing order, counted from 1.
    public var signingOrder: Int

    /// Creates a placeholder.
    public init(id: String, name: String, preassignedName: String? = nil, preassignedEmail: String? = nil, signingOrder: Int) {
        self.id = id
        self.name = name
        self.preassignedName = preassignedName
        self.preassignedEmail = preassignedEmail
        self.signingOrder = signingOrder
    }
}
