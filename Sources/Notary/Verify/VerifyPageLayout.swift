import HTTPSupport

/// The HTML document every verify page shares: the stylesheet, the page's script (an ES
/// module) and the header, all from this server; nothing inline, so that the pages run under
/// the strict ``VerifyResponse/contentSecurityPolicy``.
enum VerifyPageLayout {
    /// A complete page.
    ///
    /// - Parameters:
    ///   - title: The page's title, as text (it is escaped here).
    ///   - script: The page's script, if any.
    ///   - main: The HTML of the page's `<main>` element; escape any value put in it.
    static func document(title: String, script: WebAsset?, main: String) -> String {
        let scriptTag = script.map { "<script type=\"module\" src=\"\($0.path)\"></script>\n" } ?? ""
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title.htmlEscaped) · Chancery Notary</title>
            <link rel="stylesheet" href="\(VerifyAsset.stylesheet.path)">
            \(scriptTag)</head>
            <body>
            <header class="site"><a href="/verify">Chancery Notary</a></header>
            <main>
            \(main)
            </main>
            </body>
            </html>

            """
    }
}
