/// A `LIKE` pattern, read once and written for each engine.
///
/// NXQL patterns use `%` (any string), `_` (any character) and `\` to escape the next
/// character; a lone `\` at the end is a literal backslash. Reading the pattern first means
/// the SQL side always receives a well-formed pattern: PostgreSQL's `LIKE … ESCAPE '\'`
/// rejects a trailing escape, and SQLite's case-sensitive `GLOB` uses other metacharacters.
struct LikePattern: Sendable, Hashable {
    /// One element of a pattern.
    enum Element: Sendable, Hashable {
        /// This character and no other.
        case character(Unicode.Scalar)
        /// Exactly one character.
        case anyCharacter
        /// Any string, the empty one included.
        case anyString
    }

    /// The elements in order.
    var elements: [Element]

    /// A pattern from its elements.
    init(_ elements: [Element]) {
        self.elements = elements
    }

    /// Reads an NXQL `LIKE` pattern.
    init(nxql text: String) {
        var elements: [Element] = []
        var isEscaped = false
        for scalar in text.unicodeScalars {
            if isEscaped {
                elements.append(.character(scalar))
                isEscaped = false
                continue
            }
            switch scalar {
            case "\\": isEscaped = true
            case "%": elements.append(.anyString)
            case "_": elements.append(.anyCharacter)
            default: elements.append(.character(scalar))
            }
        }
        if isEscaped { elements.append(.character("\\")) }
        self.init(elements)
    }

    /// The elements matching exactly `text`.
    static func literal(_ text: String) -> [Element] {
        text.unicodeScalars.map(Element.character)
    }

    /// The pattern for `LIKE … ESCAPE '\'`: `%`, `_` and `\` in characters escaped with `\`.
    var likeText: String {
        var text = ""
        for element in elements {
            switch element {
            case .anyString: text += "%"
            case .anyCharacter: text += "_"
            case .character(let scalar):
                if scalar == "%" || scalar == "_" || scalar == "\\" { text += "\\" }
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// The pattern for SQLite's `GLOB`: `*` and `?`, with `*`, `?` and `[` in characters
    /// written as the one-character sets `[*]`, `[?]` and `[[]`.
    var globText: String {
        var text = ""
        for element in elements {
            switch element {
            case .anyString: text += "*"
            case .anyCharacter: text += "?"
            case .character(let scalar):
                if scalar == "*" || scalar == "?" || scalar == "[" {
                    text += "["
                    text.unicodeScalars.append(scalar)
                    text += "]"
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return text
    }
}
