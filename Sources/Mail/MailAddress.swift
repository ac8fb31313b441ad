import Foundation

/// A mailbox: an address such as `ada@example.com`, with an optional display name such as
/// `Ada Lovelace`.
///
/// The address is checked minimally: printable ASCII, one `@` with something on each side,
/// no spaces, controls, angle brackets, commas, quotes, parentheses or semicolons, at most 254
/// characters. The display name may hold any text but line breaks (it is written as an
/// RFC 2047 encoded-word when it is not plain ASCII).
public struct MailAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address, `local@domain`.
    public let address: String
    /// The display name, if any.
    public let displayName: String?

    /// Characters an address may not hold beyond controls, spaces and non-ASCII.
    private static let forbidden: Set<Character> = ["<", ">", ",", ";", "\"", "(", ")", "[", "]", "\\", ":"]

    /// A mailbox at `address`, shown as `displayName` when given.
    ///
    /// - Throws: ``MailMessageError/invalidAddress(_:)`` or
    ///   ``MailMessageError/lineBreakInHeader(_:)`` for the display name.
    public init(_ address: String, displayName: String? = nil) throws(MailMessageError) {
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        let valid =
            parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty && address.utf8.count <= 254
            && address.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F }
            && !address.contains(where: Self.forbidden.contains)
        guard valid else { throw .invalidAddress(address) }
        if let displayName { try MailMessageError.checkHeaderValue(displayName, field: "display name") }
        self.address = address
        self.displayName = displayName?.isEmpty == true ? nil : displayName
    }

    /// Parses a mailbox as written in a setting: `ada@example.com`, `<ada@example.com>`,
    /// `Ada Lovelace <ada@example.com>` or `"Lovelace, Ada" <ada@example.com>`.
    ///
    /// - Throws: ``MailMessageError/invalidAddress(_:)`` when the address is not valid,
    ///   ``MailMessageError/lineBreakInHeader(_:)`` for a name with a line break.
    public init(parsing text: String) throws(MailMessageError) {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard text.hasSuffix(">"), let open = text.lastIndex(of: "<") else {
            try self.init(text)
            return
        }
        let address = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
        var name = text[..<open].trimmingCharacters(in: .whitespaces)
        if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") {
            name = String(name.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
        }
        try self.init(address, displayName: name.isEmpty ? nil : name)
    }

    /// The part after the `@`.
    public var domain: Substring {
        address.split(separator: "@", omittingEmptySubsequences: false)[1]
    }

    /// The mailbox as a header shows it, such as `Ada Lovelace <ada@example.com>`.
    public var description: String {
        displayName.map { "\($0) <\(address)>" } ?? address
    }
}
