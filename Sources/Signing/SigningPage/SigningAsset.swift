import HTTPSupport

/// The files the signing page loads from this server: its stylesheet and scripts under
/// `/signwell/assets/`, and the widget script `/signwell/embedded.js`; pdf.js comes from the
/// machine (``PDFJSDistribution``). Their files are in `Sources/Signing/Resources`; the page's
/// scripts are ES modules that import one another by relative path.
enum SigningAsset {
    /// The folder the page's own assets are served from.
    static let folder = "/signwell/assets"

    /// `signing.css`: the page's look, from 375 px wide up.
    static let stylesheet = WebAsset("signing.css", in: folder, bytes: PackageResources.signing_css)
    /// `signing-page.js`: the page's entry point, which loads the session and shows the document.
    static let signingPageScript = WebAsset("signing-page.js", in: folder, bytes: PackageResources.signing_page_js)

    /// `/signwell/embedded.js`: the widget integrators load, compatible with SignWell's
    /// (`SignWellEmbed`). A classic script, not a module, because integrators include it with a
    /// plain `<script src>`; public and cacheable, since it is the same for everyone.
    static let embedScript = WebAsset(
        path: "/signwell/embedded.js", contentType: "text/javascript; charset=utf-8", cacheControl: "public, max-age=3600",
        bytes: PackageResources.embedded_js
    )

    /// The page's stylesheet and scripts, each served at its path.
    static let pageAssets: [WebAsset] =
        [stylesheet, signingPageScript]
        + [
            ("page-options.js", PackageResources.page_options_js),
            ("parent-channel.js", PackageResources.parent_channel_js),
            ("signing-api.js", PackageResources.signing_api_js),
            ("signing-outcomes.js", PackageResources.signing_outcomes_js),
            ("document-pages.js", PackageResources.document_pages_js),
            ("pdf-renderer.js", PackageResources.pdf_renderer_js),
            ("field-control.js", PackageResources.field_control_js),
            ("field-controls.js", PackageResources.field_controls_js),
            ("text-field.js", PackageResources.text_field_js),
            ("date-field.js", PackageResources.date_field_js),
            ("checkbox-field.js", PackageResources.checkbox_field_js),
            ("choice-field.js", PackageResources.choice_field_js),
            ("read-only-field.js", PackageResources.read_only_field_js),
            ("signature-field.js", PackageResources.signature_field_js),
            ("adopted-marks.js", PackageResources.adopted_marks_js),
            ("signature-dialog.js", PackageResources.signature_dialog_js),
            ("signature-pad.js", PackageResources.signature_pad_js),
            ("signature-images.js", PackageResources.signature_images_js),
            ("decline-dialog.js", PackageResources.decline_dialog_js),
            ("required-fields-guide.js", PackageResources.required_fields_guide_js),
            ("text-validation.js", PackageResources.text_validation_js),
            ("date-format.js", PackageResources.date_format_js),
            ("passcode-form.js", PackageResources.passcode_form_js),
        ].map { WebAsset($0.0, in: folder, bytes: $0.1) }
}
