import JSON

/// The body of `POST /api_applications` (a Chancery addition; SignWell makes applications in
/// its dashboard): `{name, callback_urls?, preferences?{primary_color, button_text_color,
/// link_text_color, buttons_border_radius}}`.
struct APIApplicationRequest: Sendable {
    /// The most callback URLs an application keeps.
    static let maximumCallbackURLs = 20

    /// The application's name.
    let name: String
    /// Its OAuth callback URLs.
    let callbackURLs: [String]
    /// Its signing-page branding.
    let branding: SigningBranding

    /// Reads and checks `body`.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 422 listing every problem.
    init(body: [String: JSONValue]) throws {
        let reader = RequestReader()
        name = reader.string(body, "name", at: "name", required: true, maxLength: 255) ?? ""
        let urls = reader.array(body, "callback_urls", at: "callback_urls")
        if urls.count > Self.maximumCallbackURLs { reader.fail("callback_urls", "has too many entries (at most \(Self.maximumCallbackURLs))") }
        callbackURLs = urls.enumerated().compactMap { index, item in
            guard case .string(let url) = item, url.count <= 2048, url.hasPrefix("https://") || url.hasPrefix("http://") else {
                reader.fail("callback_urls[\(index)]", "must be an http or https URL of at most 2048 characters")
                return nil
            }
            return url
        }
        var branding = SigningBranding()
        switch body["preferences"] {
        case .object(let preferences)?:
            branding.primaryColor = Self.color(preferences, "primary_color", reader)
            branding.buttonTextColor = Self.color(preferences, "button_text_color", reader)
            branding.linkTextColor = Self.color(preferences, "link_text_color", reader)
            branding.buttonsBorderRadius = reader.integer(preferences, "buttons_border_radius", at: "preferences.buttons_border_radius", in: 0...64)
        case nil, .null?:
            break
        default:
            reader.fail("preferences", "must be an object")
        }
        self.branding = branding
        try reader.throwIfFailed()
    }

    /// The colour `key` of `preferences`, which must be a CSS hex colour.
    private static func color(_ preferences: [String: JSONValue], _ key: String, _ reader: RequestReader) -> String? {
        guard let color = reader.string(preferences, key, at: "preferences.\(key)", maxLength: 7) else { return nil }
        guard SigningBranding.isHexColor(color) else {
            reader.fail("preferences.\(key)", "must be a hex colour such as #1a7f5a")
            return nil
        }
        return color
    }
}
