/// The hidden fields of the authorization endpoint's forms (`oauth2-hidden-fields.mustache`).
enum OAuth2FormFields {
    /// One `<input type="hidden">`.
    struct Field {
        /// The field's name.
        let name: String
        /// The field's value.
        let value: String
    }

    /// The name of the field that says which form was sent.
    static let step = "step"
    /// The name of the field that carries the CSRF token.
    static let formToken = "form_token"

    /// The hidden fields for `parameters`, the step and the form token.
    static func hidden(_ parameters: [(name: String, value: String)], step: String, formToken: String) -> [Field] {
        (parameters + [(Self.step, step), (Self.formToken, formToken)]).map { Field(name: $0.name, value: $0.value) }
    }
}
