/// ``SigningBranding`` as SignWell's application `preferences` write it and the signing page
/// reads it: every member present, `null` where unset.
struct SigningBrandingResponse: Encodable, Sendable {
    /// The settings.
    let branding: SigningBranding

    enum CodingKeys: String, CodingKey {
        case primaryColor = "primary_color"
        case buttonTextColor = "button_text_color"
        case linkTextColor = "link_text_color"
        case buttonsBorderRadius = "buttons_border_radius"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(branding.primaryColor, forKey: .primaryColor)
        try container.encode(branding.buttonTextColor, forKey: .buttonTextColor)
        try container.encode(branding.linkTextColor, forKey: .linkTextColor)
        try container.encode(branding.buttonsBorderRadius, forKey: .buttonsBorderRadius)
    }
}
