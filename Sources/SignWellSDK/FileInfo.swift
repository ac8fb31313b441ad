/// A file of a document or a template, as the server describes it.
public struct FileInfo: Codable, Hashable, Sendable {
    /// The file's name.
    public var name: String
    /// How many pages it has (0 while the server has not read it yet).
    public var pagesNumber: Int

    /// Describes a file.
    public init(name: String, pagesNumber: Int) {
        self.name = name
        self.pagesNumber = pagesNumber
    }

    private enum CodingKeys: String, CodingKey {
        case name
        case pagesNumber = "pages_number"
    }
}
