/// What ``SignWellClient/createAPIApplication(_:)`` sends: a Chancery addition, as SignWell
/// makes API applications in its dashboard.
public struct CreateAPIApplicationRequest: Codable, Hashable, Sendable {
    /// How the signing page of an application's documents looks.
    public struct Preferences: Codable, Hashable, Sendable {
        /// The colour of buttons and highlights, a CSS hex colour such as `#1a7f5a`.
        public var primaryColor: String?
        /// The colour of the text on buttons.
        public var buttonTextColor: String?
        /// The colour of links.
        public var linkTextColor: String?
        /// The corner radius of buttons, in CSS pixels (0 to 64).
        public var buttonsBorderRadius: Int?

        /// Describes the preferences; each one left out keeps the page's own look.
        public init(primaryColor: String? = nil, buttonTextColor: String? = nil, linkTextColor: String? = nil, buttonsBorderRadius: Int? = nil) {
            self.primaryColor = primaryColor
            self.buttonTextColor = buttonTextColor
            self.linkTextColor = linkTextColor
            self.buttonsBorderRadius = buttonsBorderRadius
        }

        private enum CodingKeys: String, CodingKey {
            case primaryColor = "primary_color"
            case buttonTextColor = "button_text_color"
            case linkTextColor = "link_text_color"
            case buttonsBorderRadius = "buttons_border_radius"
        }
    }

    /// The application's name.
    public var name: String
    /// Its OAuth callback URLs, kept and shown.
    public var callbackURLs: [String]?
    /// Its signing-page look.
    public var preferences: Preferences?

    /// Describes an application.
    public init(name: String, callbackURLs: [String]? = nil, preferences: Preferences? = nil) {
        self.name = name
        self.callbackURLs = callbackURLs
        self.preferences = preferences
    }

    private enum CodingKeys: String, CodingKey {
        case name, preferences
        case callbackURLs = "callback_urls"
    }
}
