/// One choice of a `select` or `dropdown` field.
///
/// The API accepts a choice as a bare string or as an object; this type reads both and
/// always writes the object.
public struct FieldOption: Codable, Hashable, Sendable {
    /// The choice as the recipient sees it.
    public var name: String?
    /// An identifier for the choice in API answers.
    public var apiID: String?
    /// Whether this choice lets the recipient type their own answer.
    public var isOther: Bool?

    /// Creates a choice.
    public init(name: String, apiID: String? = nil, isOther: Bool? = nil) {
        self.name = name
        self.apiID = apiID
        self.isOther = isOther
    }

    private enum CodingKeys: String, CodingKey {
        case name
        case apiID = "api_id"
        case isOther = "is_other"
    }

    /// Decodes a choice given as a string or as `{name, api_id, is_other}`.
    public init(from decoder: any Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            self.name = name
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        apiID = try container.decodeIfPresent(String.self, forKey: .apiID)
        isOther = try container.decodeIfPresent(Bool.self, forKey: .isOther)
    }
}
