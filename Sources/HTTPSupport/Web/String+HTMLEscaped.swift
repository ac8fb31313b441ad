extension String {
    /// The string with `&`, `<`, `>`, `"` and `'` written as character references, safe as HTML
    /// text and as a quoted attribute value. Every server-rendered page escapes every value it
    /// shows with it.
    public var htmlEscaped: String {
        var escaped = ""
        escaped.reserveCapacity(utf8.count)
        for character in self {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
