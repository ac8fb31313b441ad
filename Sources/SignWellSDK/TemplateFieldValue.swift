/// A value for a template's field, named by the field's ``Field/apiID``, filled in when a
/// document is made from the template.
public struct TemplateFieldValue: Codable, Hashable, Sendable {
    /// The field's ``Field/apiID``.
    public var apiID: String
    /// The value.
    public var value: FieldValue

    /// Fills the field `apiID` with `value`.
    public init(apiID: String, value: FieldValue) {
        self.apiID = apiID
        self.value = value
    }

    private enum CodingKeys: String, CodingKey {
        case value
        case apiID = "api_id"
    }
}
