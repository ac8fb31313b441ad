/// SQL under construction: text and binds, written with string interpolation so that values
/// can only enter as binds or as quoted literals.
///
/// ```swift
/// let fragment: SQLFragment = "lower(\(column)) LIKE lower(\(bind: .text(pattern))) ESCAPE '\\'"
/// ```
struct SQLFragment: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// The pieces, adjacent SQL text merged.
    private(set) var pieces: [SQLPiece] = []

    /// An empty fragment.
    init() {}

    /// SQL text written in the compiler's source.
    init(stringLiteral text: String) {
        appendSQL(text)
    }

    /// SQL text with interpolated fragments, binds, literals and integers.
    init(stringInterpolation: Interpolation) {
        self = stringInterpolation.fragment
    }

    /// The fragments one after the other, with `separator` between them.
    init(joining fragments: [SQLFragment], separator: String) {
        for (offset, fragment) in fragments.enumerated() {
            if offset > 0 { appendSQL(separator) }
            append(fragment)
        }
    }

    /// Appends another fragment.
    mutating func append(_ other: SQLFragment) {
        for piece in other.pieces {
            switch piece {
            case .sql(let text): appendSQL(text)
            case .bind: pieces.append(piece)
            }
        }
    }

    /// Appends SQL text, merging it with text already at the end.
    private mutating func appendSQL(_ text: String) {
        guard !text.isEmpty else { return }
        if case .sql(var previous)? = pieces.last {
            // Release the array's reference first so that the append does not copy the text.
            pieces[pieces.count - 1] = .sql("")
            previous += text
            pieces[pieces.count - 1] = .sql(previous)
        } else {
            pieces.append(.sql(text))
        }
    }

    /// Builds a fragment from an interpolated string literal.
    struct Interpolation: StringInterpolationProtocol {
        /// What has been built so far.
        fileprivate var fragment = SQLFragment()

        /// Starts an interpolation.
        init(literalCapacity: Int, interpolationCount: Int) {}

        /// Appends SQL text from the string literal.
        mutating func appendLiteral(_ literal: String) {
            fragment.appendSQL(literal)
        }

        /// Appends a fragment.
        mutating func appendInterpolation(_ other: SQLFragment) {
            fragment.append(other)
        }

        /// Appends a bind.
        mutating func appendInterpolation(bind parameter: SQLParameter) {
            fragment.pieces.append(.bind(parameter))
        }

        /// Appends binds separated by commas, as in `IN (?, ?)`.
        mutating func appendInterpolation(binds parameters: [SQLParameter]) {
            for (offset, parameter) in parameters.enumerated() {
                if offset > 0 { fragment.appendSQL(", ") }
                fragment.pieces.append(.bind(parameter))
            }
        }

        /// Appends `text` as an SQL string literal, single quotes doubled. Used only for names
        /// that parsing has already restricted to `[A-Za-z0-9_:.-]` and for JSON paths built
        /// from them; the doubling is a second line of defence.
        mutating func appendInterpolation(literal text: String) {
            var quoted = "'"
            for scalar in text.unicodeScalars {
                if scalar == "'" { quoted += "'" }
                quoted.unicodeScalars.append(scalar)
            }
            fragment.appendSQL(quoted + "'")
        }

        /// Appends an integer in decimal.
        mutating func appendInterpolation(_ integer: Int) {
            fragment.appendSQL(String(integer))
        }
    }
}
