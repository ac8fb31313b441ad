/// An edge to choose in a form's `<select>` (the measurement list's and the live view's).
struct EdgeOption {
    /// The edge's UUID, the option's value.
    let uuid: String
    /// The edge's name, the option's text.
    let name: String
    /// Whether the option is the one chosen.
    let isSelected: Bool

    /// The option of `edge`, selected when it is the edge `selected`.
    init(_ edge: Edge, selected: String?) {
        uuid = edge.uuid
        name = edge.name
        isSelected = edge.uuid == selected
    }
}
