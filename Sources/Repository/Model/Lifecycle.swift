/// Nuxeo's `default` lifecycle: the states a document passes through and the transitions
/// between them.
///
/// ```
/// project ──approve──▶ approved ──backToProject──▶ project
///    │ ──obsolete──▶ obsolete ──backToProject──▶ project
///    └─ delete (from any state) ──▶ deleted ──undelete──▶ project
/// ```
public enum Lifecycle {
    /// The state of a new document.
    public static let initialState = "project"
    /// Every state.
    public static let states = ["project", "approved", "obsolete", "deleted"]

    /// The transitions: name, the states it leaves from, and the state it leads to.
    public static let transitions: [(name: String, from: Set<String>, to: String)] = [
        ("approve", ["project"], "approved"),
        ("obsolete", ["project", "approved"], "obsolete"),
        ("delete", ["project", "approved", "obsolete"], "deleted"),
        ("undelete", ["deleted"], "project"),
        ("backToProject", ["approved", "obsolete"], "project"),
    ]

    /// The state `transition` leads to from `state`, or `nil` when it is not allowed there.
    public static func state(after transition: String, from state: String) -> String? {
        transitions.first { $0.name == transition && $0.from.contains(state) }?.to
    }

    /// The names of the transitions allowed from `state`.
    public static func allowedTransitions(from state: String) -> [String] {
        transitions.filter { $0.from.contains(state) }.map(\.name)
    }
}
