/// What an ``Edge`` stands for.
public enum EdgeType: String, Sendable, Hashable, CaseIterable {
    /// A device: it has an account user and an OAuth2 client of its own.
    case device
    /// A person's own edge, whose UUID is the person's user id; it is made the first time the
    /// person asks for `edges/me`.
    case user
}
