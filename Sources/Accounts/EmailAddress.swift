/// The one check of an email address that people give Chancery: a user's address, a QED
/// report's contact, a signing recipient. It is a plausibility check, not a mailbox's full
/// grammar: one `@`, something before it, a dot after it, no whitespace.
public enum EmailAddress {
    /// Whether `text` looks like an email address.
    ///
    /// ```swift
    /// EmailAddress.isPlausible("ada@example.com")  // true
    /// EmailAddress.isPlausible("ada@localhost")    // false
    /// ```
    public static func isPlausible(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !text.contains(where: \.isWhitespace)
    }
}
