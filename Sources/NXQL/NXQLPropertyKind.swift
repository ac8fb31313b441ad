/// The shape of a document property, as far as querying it is concerned.
public enum NXQLPropertyKind: Sendable, Hashable {
    /// A single value: a string, a number, a boolean or a date.
    case scalar
    /// A JSON array. A comparison matches when any element matches; `<>` and `NOT IN` match
    /// when no element does.
    case list
    /// A JSON object, blobs included. Its fields are reached with paths like `file:content/name`.
    case complex
}
