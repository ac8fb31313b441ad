/// A label that sorts documents and templates.
public struct Label: Codable, Hashable, Sendable {
    /// The server's identifier, in answers.
    public var id: String?
    /// The label's text.
    public var name: String

    /// Creates a label.
    public init(name: String) {
        self.name = name
    }
}
