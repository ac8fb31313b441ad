/// A property reference: a schema field (`dc:title`), an unprefixed field (`uid`), a
/// pseudo-property (`ecm:path`), or a path into a complex or list value (`file:content/name`,
/// `files:files/*/file/name`, `files:files/0/file`).
///
/// Properties are only made by parsing, which restricts every name to ASCII letters, digits
/// and `_ : . -` (starting with a letter or `_`). The compiler relies on that to write names
/// into JSON paths.
public struct NXQLProperty: Sendable, Hashable, CustomStringConvertible {
    /// One step of a path after the property name.
    public enum Step: Sendable, Hashable {
        /// A field of a complex value: `name` in `file:content/name`.
        case field(String)
        /// An element of a list by position, from 0: `0` in `files:files/0/file`.
        case index(Int)
        /// Any element of a list: `*` in `dc:subjects/*`. Correlated wildcards (`*1`) are read
        /// as plain wildcards.
        case anyElement
    }

    /// The property the path starts with: "dc:title", "ecm:path", "files:files".
    public let name: String

    /// The steps after the name; empty for a plain property.
    public let steps: [Step]

    /// Parses a property path such as `files:files/*/file/name`.
    public init(parsing text: String) throws(NXQLError) {
        try self.init(parsing: text, at: 0)
    }

    /// Parses a property path found at `position` of a query, for errors.
    init(parsing text: String, at position: Int) throws(NXQLError) {
        let segments = text.split(separator: "/", omittingEmptySubsequences: false)
        guard let first = segments.first, Self.isFieldName(first) else {
            throw NXQLError("invalid property name \(NXQLError.quote(text))", at: position)
        }
        var steps: [Step] = []
        for segment in segments.dropFirst() {
            if segment.first == "*", segment.dropFirst().unicodeScalars.allSatisfy(Self.isDigit) {
                steps.append(.anyElement)
            } else if !segment.isEmpty, segment.unicodeScalars.allSatisfy(Self.isDigit) {
                guard let index = Int(segment) else {
                    throw NXQLError("list index \(NXQLError.quote(segment)) is too large", at: position)
                }
                steps.append(.index(index))
            } else if Self.isFieldName(segment) {
                steps.append(.field(String(segment)))
            } else {
                throw NXQLError("invalid property path \(NXQLError.quote(text))", at: position)
            }
        }
        self.init(name: String(first), steps: steps)
    }

    /// A property from parts already known to be valid names.
    init(name: String, steps: [Step]) {
        self.name = name
        self.steps = steps
    }

    /// The path in NXQL, for example `files:files/*/file/name`.
    public var description: String {
        var text = name
        for step in steps {
            switch step {
            case .field(let field): text += "/\(field)"
            case .index(let index): text += "/\(index)"
            case .anyElement: text += "/*"
            }
        }
        return text
    }

    /// Whether `text` is a valid field name: an ASCII letter or `_`, then ASCII letters,
    /// digits, `_`, `:`, `.` or `-`.
    static func isFieldName(_ text: some StringProtocol) -> Bool {
        guard let first = text.unicodeScalars.first, isNameStart(first) else { return false }
        return text.unicodeScalars.dropFirst().allSatisfy(isNameContinuation)
    }

    /// Whether a name may start with `scalar`.
    static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
    }

    /// Whether a name may continue with `scalar`.
    static func isNameContinuation(_ scalar: Unicode.Scalar) -> Bool {
        isNameStart(scalar) || isDigit(scalar) || scalar == ":" || scalar == "." || scalar == "-"
    }

    /// Whether `scalar` is an ASCII digit.
    static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }
}
