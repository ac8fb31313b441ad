/// The graph of a workflow model or instance: its nodes, laid out in a row, and transitions.
struct WorkflowGraphEntity: Encodable, Sendable {
    /// A node of the graph.
    struct Node: Encodable, Sendable {
        /// The node's id.
        let id: String
        /// Its title.
        let title: String
        /// Whether the workflow starts there.
        let isStartNode: Bool
        /// Whether the workflow ends there.
        let isStopNode: Bool
        /// Whether its task goes to several actors at once.
        let isMultiTask: Bool
        /// Whether it has a task.
        let hasTask: Bool
        /// `suspended` where open tasks wait, `ready` otherwise.
        let state: String
        /// Its horizontal position.
        let x: Int
        /// Its vertical position.
        let y: Int
    }

    /// A transition between two nodes.
    struct Transition: Encodable, Sendable {
        /// The node it leaves.
        let nodeSourceId: String
        /// The node it reaches.
        let nodeTargetId: String
        /// Its label.
        let label: String
    }

    /// The nodes.
    let nodes: [Node]
    /// The transitions.
    let transitions: [Transition]
}
