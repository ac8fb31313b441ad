import HTTPSupport
import Hummingbird

/// The signing page a recipient opens from their `embedded_signing_url`, the widget script
/// integrators load, and the page's assets. None of them needs credentials: the page is a
/// shell, and what it shows comes from the session endpoints, which the link's token opens.
///
/// - `GET /signwell/sign/{token}`: the page (``SigningPage``). Query parameters from
///   embedded.js: `signwell_embedded_iframe=1`, `parent_origin`, `allow_decline`,
///   `allow_close`, `show_header`, `allow_download` (`0` or `1`). See ``SigningPageResponse``
///   for its headers.
/// - `GET /signwell/embedded.js`: the widget (``SigningAsset/embedScript``), defining
///   `SignWellEmbed` as SignWell's does.
/// - `GET /signwell/assets/{name}`: the page's stylesheet and scripts, and pdf.js under
///   `pdfjs/` when the server has it (``PDFJSDistribution``).
///
/// The session's JSON endpoints (`…/session`, `…/document.pdf`, `…/complete`, `…/decline`)
/// are added by the capability next to these.
public struct SigningPageRoutes: Sendable {
    private let page: String
    private let assets: [WebAsset]

    /// Creates the routes.
    ///
    /// - Parameter pdfJS: pdf.js to draw the pages with; by default Debian's `libjs-pdf`, when
    ///   it is installed. `nil` shows blank pages with the fields.
    public init(pdfJS: PDFJSDistribution? = PDFJSDistribution(directory: PDFJSDistribution.debianDirectory)) {
        self.page = SigningPage.html(pdfJS: pdfJS)
        self.assets = SigningAsset.pageAssets + [SigningAsset.embedScript] + (pdfJS.map { [$0.script, $0.worker] } ?? [])
    }

    /// Adds the routes to `router`.
    public func add(to router: Router<ChanceryRequestContext>) {
        router.get("signwell/sign/:token") { request, _ in
            SigningPageResponse.page(page, embedded: request.uri.queryParameters.get("signwell_embedded_iframe") == "1")
        }
        router.add(assets)
    }
}
