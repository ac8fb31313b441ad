/// A checkbox group as the SignWell API returns it, naming the recipient (`recipient_id`) or
/// the placeholder (`placeholder_id`) it is for. Absent values are left out.
struct CheckboxGroupResponse: Encodable, Sendable {
    /// The group's id.
    let id: String
    /// The group's name.
    let groupName: String
    /// The recipient it is for, on a document.
    let recipientID: String?
    /// The placeholder it is for, on a template.
    let placeholderID: String?
    /// The ids of its checkboxes.
    let checkboxIDs: [String]
    /// Whether a box must be ticked.
    let required: Bool
    /// The rule on the number of ticked boxes.
    let validation: String?
    /// The fewest ticked boxes.
    let minValue: Int?
    /// The most ticked boxes.
    let maxValue: Int?
    /// The exact number of ticked boxes.
    let exactValue: Int?

    enum CodingKeys: String, CodingKey {
        case id, required, validation
        case groupName = "group_name"
        case recipientID = "recipient_id"
        case placeholderID = "placeholder_id"
        case checkboxIDs = "checkbox_ids"
        case minValue = "min_value"
        case maxValue = "max_value"
        case exactValue = "exact_value"
    }

    /// `group`, for `assignee`.
    init(_ group: CheckboxGroup, for assignee: PartAssignee) {
        id = group.id
        groupName = group.groupName
        recipientID = assignee.recipientID(group.recipientID)
        placeholderID = assignee.placeholderID(group.recipientID)
        checkboxIDs = group.checkboxIDs
        required = group.required
        validation = group.validation
        minValue = group.minValue
        maxValue = group.maxValue
        exactValue = group.exactValue
    }
}
