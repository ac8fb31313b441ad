import HTTPSupport
import Hummingbird

/// The page a person sees at `/`: what this server is and where its APIs live
/// (`start-page.mustache`, with its stylesheet `start.css` at `/assets/start.css`).
///
/// It is public on purpose, like a sign-in screen: it shows no data of the instance, only
/// what any Chancery server offers.
public struct StartPage: Sendable {
    /// Creates the page.
    public init() {}

    /// Adds `GET /` and the page's stylesheet to `router`.
    public func add(to router: Router<ChanceryRequestContext>) {
        router.get("/") { _, _ in
            ConsolePageResponse.page(Self.html, policy: Self.contentSecurityPolicy)
        }
        router.add([Self.stylesheet])
    }

    /// The page's policy: its stylesheet from this server, nothing else, no framing.
    static let contentSecurityPolicy: String = {
        var policy = ContentSecurityPolicy()
        policy.styles = [ContentSecurityPolicy.sameOrigin]
        return policy.headerValue
    }()

    /// `start.css`.
    static let stylesheet = WebAsset("start.css", in: "/assets", bytes: PackageResources.start_css)

    /// The page, the same for everyone.
    static let html = PageTemplates(["start-page": PackageResources.start_page_mustache])
        .render("start-page", ["stylesheet": stylesheet.path])
}
