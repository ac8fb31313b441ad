import HTTPSupport

/// The hidden fields of the authorization endpoint's forms.
enum OAuth2FormFields {
    /// The name of the field that says which form was sent.
    static let step = "step"
    /// The name of the field that carries the CSRF token.
    static let formToken = "form_token"

    /// `<input type="hidden">` elements for `parameters`, the step and the form token.
    static func hidden(_ parameters: [(name: String, value: String)], step: String, formToken: String) -> String {
        (parameters + [(Self.step, step), (Self.formToken, formToken)])
            .map { "<input type=\"hidden\" name=\"\($0.name.htmlEscaped)\" value=\"\($0.value.htmlEscaped)\">" }
            .joined(separator: "\n")
    }
}
