/// The outcome of one check on a CMS signature.
public enum CMSCheck: Hashable, Sendable, CustomStringConvertible {
    /// The check succeeded.
    case passed
    /// The check failed, or could not be made, for the reason given.
    case failed(String)

    /// Whether the check succeeded.
    public var isPassed: Bool { self == .passed }

    /// Why the check failed; `nil` when it passed.
    public var problem: String? {
        switch self {
        case .passed: nil
        case .failed(let reason): reason
        }
    }

    /// "passed" or the reason for failure.
    public var description: String { problem ?? "passed" }
}
