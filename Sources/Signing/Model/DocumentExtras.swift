/// A label on a document.
public struct DocumentLabel: Codable, Sendable, Equatable {
    /// The label's id.
    public var id: String
    /// The label's text.
    public var name: String
}

/// Someone who receives a copy of the completed document without signing.
public struct CopiedContact: Codable, Sendable, Equatable {
    /// The contact's id.
    public var id: String
    /// The contact's name.
    public var name: String?
    /// The contact's email address.
    public var email: String
}

/// A file a recipient is asked to attach.
public struct AttachmentRequest: Codable, Sendable, Equatable {
    /// What to attach.
    public var name: String
    /// Who attaches it.
    public var recipientID: String
    /// Whether it must be attached.
    public var required: Bool
}

/// A rule over several checkboxes of one recipient, such as "tick at least two".
public struct CheckboxGroup: Codable, Sendable, Equatable {
    /// The group's id.
    public var id: String
    /// The group's name.
    public var groupName: String
    /// The recipient who ticks the boxes.
    public var recipientID: String
    /// The `api_id`s of the checkboxes in the group.
    public var checkboxIDs: [String]
    /// `minimum`, `maximum`, `range` or `exact`.
    public var validation: String?
    /// Whether the rule must hold.
    public var required: Bool
    /// The fewest ticked boxes (`minimum`, `range`).
    public var minValue: Int?
    /// The most ticked boxes (`maximum`, `range`).
    public var maxValue: Int?
    /// The exact number of ticked boxes (`exact`).
    public var exactValue: Int?

    /// Why `ticked` boxes break the rule, or `nil` when they keep it.
    public func violation(ticked: Int) -> String? {
        switch validation {
        case "minimum": if let min = minValue, ticked < min { return "tick at least \(min)" }
        case "maximum": if let max = maxValue, ticked > max { return "tick at most \(max)" }
        case "range":
            if let min = minValue, ticked < min { return "tick at least \(min)" }
            if let max = maxValue, ticked > max { return "tick at most \(max)" }
        case "exact": if let exact = exactValue, ticked != exact { return "tick exactly \(exact)" }
        default: break
        }
        if required && ticked == 0 { return "tick at least one" }
        return nil
    }
}
