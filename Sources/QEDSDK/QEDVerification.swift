/// The outcome of checking a file against its proof bundle offline: one entry per check.
///
/// The checks, in order, are:
/// - `file`: the file's SHA-256 is the one in the logged entry;
/// - `log`: the entry is in a checkpoint of the transparency log, signed by the pinned log key;
/// - `metadata`: the bundle's private metadata opens the commitment in the entry;
/// - `time`: the RFC 3161 token covers the file's SHA-256 and chains to the pinned TSA root.
///
/// A bundle that cannot be read at all gives a single failed `bundle` check.
public struct QEDVerification: Sendable, Equatable {
    /// One check and its outcome.
    public struct Check: Sendable, Equatable {
        /// What was checked: `bundle`, `file`, `log`, `metadata` or `time`.
        public let name: String
        /// Whether the check held.
        public let passed: Bool
        /// An explanation for a person: what was found, or why the check failed.
        public let detail: String

        /// Creates a check.
        public init(name: String, passed: Bool, detail: String) {
            self.name = name
            self.passed = passed
            self.detail = detail
        }
    }

    /// Every check made, in order.
    public let checks: [Check]

    /// Creates the outcome of `checks`.
    public init(checks: [Check]) {
        self.checks = checks
    }

    /// Whether the file is proven: there were checks, and every one passed.
    public var isVerified: Bool {
        !checks.isEmpty && checks.allSatisfy(\.passed)
    }

    /// The check called `name`, if it was made.
    public func check(named name: String) -> Check? {
        checks.first { $0.name == name }
    }
}
