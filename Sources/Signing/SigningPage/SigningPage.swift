import HTTPSupport

/// The signing page at `/signwell/sign/{token}`: one HTML shell for every recipient, without
/// data (`signing-page.mustache`). Its script (``SigningAsset/signingPageScript``) reads the
/// session from the JSON endpoints below the page's own path and fills the shell in: the bar
/// with the document's name, the counter of required fields and the actions; the pages with
/// the fields; the signature and decline dialogs; or, when there is nothing to sign, a message.
/// A recipient with a passcode first sees only the passcode form.
enum SigningPage {
    /// The page, with pdf.js's addresses on `<body>` when the server has pdf.js.
    static func html(pdfJS: PDFJSDistribution?) -> String {
        let context = Context(
            stylesheet: SigningAsset.stylesheet.path, script: SigningAsset.signingPageScript.path,
            pdfJS: pdfJS.map { PDFJSPaths(scriptPath: $0.script.path, workerPath: $0.worker.path) }
        )
        return templates.render("signing-page", context)
    }

    /// What `signing-page.mustache` reads.
    private struct Context {
        let stylesheet: String
        let script: String
        let pdfJS: PDFJSPaths?
    }

    /// Where pdf.js and its worker are served.
    private struct PDFJSPaths {
        let scriptPath: String
        let workerPath: String
    }

    /// The page's template.
    private static let templates = PageTemplates(["signing-page": PackageResources.signing_page_mustache])
}
