/// Checkboxes of one recipient whose ticks are validated together, such as "tick at least
/// two".
public struct CheckboxGroup: Codable, Hashable, Sendable {
    /// The server's identifier, in answers.
    public var id: String?
    /// The group's name.
    public var groupName: String?
    /// The recipient who ticks the boxes, in a document.
    public var recipientID: String?
    /// The placeholder whose recipient ticks the boxes, in a template.
    public var placeholderID: String?
    /// The ``Field/apiID`` of each checkbox in the group.
    public var checkboxIDs: [String]
    /// The rule the ticks must follow.
    public var validation: CheckboxValidation?
    /// Whether at least one box must be ticked.
    public var required: Bool?
    /// The fewest ticks, for ``CheckboxValidation/minimum`` and ``CheckboxValidation/range``.
    public var minValue: Int?
    /// The most ticks, for ``CheckboxValidation/maximum`` and ``CheckboxValidation/range``.
    public var maxValue: Int?
    /// The number of ticks, for ``CheckboxValidation/exact``.
    public var exactValue: Int?

    /// Creates a group of the checkboxes `checkboxIDs` for the recipient `recipientID`.
    public init(
        groupName: String, recipientID: String? = nil, placeholderID: String? = nil, checkboxIDs: [String], validation: CheckboxValidation? = nil
    ) {
        self.groupName = groupName
        self.recipientID = recipientID
        self.placeholderID = placeholderID
        self.checkboxIDs = checkboxIDs
        self.validation = validation
    }

    private enum CodingKeys: String, CodingKey {
        case id, validation, required
        case groupName = "group_name"
        case recipientID = "recipient_id"
        case placeholderID = "placeholder_id"
        case checkboxIDs = "checkbox_ids"
        case minValue = "min_value"
        case maxValue = "max_value"
        case exactValue = "exact_value"
    }
}
