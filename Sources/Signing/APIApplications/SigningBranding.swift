/// The colours and corner radius an API application gives the signing page of its
/// documents, SignWell's application `preferences`. Colours are CSS hex colours (`#1a7f5a`),
/// checked when they are set, so the page can use them as they are.
public struct SigningBranding: Codable, Sendable, Equatable {
    /// The colour of buttons and highlights.
    public var primaryColor: String?
    /// The colour of the text on buttons.
    public var buttonTextColor: String?
    /// The colour of links.
    public var linkTextColor: String?
    /// The corner radius of buttons, in CSS pixels.
    public var buttonsBorderRadius: Int?

    /// Branding with the given settings; the page's own look stands for each one left out.
    public init(primaryColor: String? = nil, buttonTextColor: String? = nil, linkTextColor: String? = nil, buttonsBorderRadius: Int? = nil) {
        self.primaryColor = primaryColor
        self.buttonTextColor = buttonTextColor
        self.linkTextColor = linkTextColor
        self.buttonsBorderRadius = buttonsBorderRadius
    }

    /// Whether `text` is a CSS hex colour of 3 or 6 digits after `#`.
    static func isHexColor(_ text: String) -> Bool {
        let digits = text.utf8.dropFirst()
        return text.first == "#" && (digits.count == 3 || digits.count == 6)
            && digits.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x46).contains($0) || (0x61...0x66).contains($0) }
    }

}
