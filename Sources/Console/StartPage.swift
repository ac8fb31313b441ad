import HTTPSupport
import HTTPTypes
import Hummingbird
import NIOCore

/// The page a person sees at `/`: what this server is and where its APIs live.
///
/// It is public on purpose, like a sign-in screen: it shows no data of the instance, only
/// what any Chancery server offers.
public struct StartPage: Sendable {
    /// Creates the page.
    public init() {}

    /// Adds `GET /` to `router`.
    public func add(to router: Router<ChanceryRequestContext>) {
        router.get("/") { _, _ in
            HTML(Self.page)
        }
    }

    private static let page = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Chancery</title>
        <style>
        body { font: 16px/1.5 system-ui, sans-serif; max-width: 44rem; margin: 3rem auto; padding: 0 1rem; color: #1d232a; }
        h1 { font-size: 2rem; margin-bottom: 0; }
        p.lede { color: #4a5561; margin-top: .25rem; }
        dt { font-weight: 600; margin-top: 1rem; }
        code { background: #f2f4f6; padding: 0 .25rem; border-radius: 3px; }
        </style>
        </head>
        <body>
        <h1>Chancery</h1>
        <p class="lede">Trustworthy documents and device data, self-hosted.</p>
        <dl>
        <dt>Verify a file</dt><dd><a href="/verify"><code>/verify</code></a> checks whether a file was notarized here; the file is hashed in your browser and never uploaded.</dd>
        <dt>Repository</dt><dd><a href="/repository"><code>/repository</code></a> browses, reads and queries the document repository; sign in with your Chancery account. Nuxeo clients use <code>/nuxeo/</code>.</dd>
        <dt>Telemetry</dt><dd><a href="/telemetry"><code>/telemetry</code></a> shows your edges and measurements, replays recorded data and plots live data; sign in with your Chancery account. intdash clients use <code>/intdash</code>.</dd>
        <dt>Transparency log</dt><dd><a href="/log/checkpoint"><code>/log/checkpoint</code></a> is the public log's latest signed checkpoint; its key is at <a href="/.well-known/chancery/log.vkey"><code>/.well-known/chancery/log.vkey</code></a>.</dd>
        <dt>Health</dt><dd><a href="/health"><code>/health</code></a> tells whether this server can serve.</dd>
        <dt>Your account</dt><dd><code>/api/v1/me</code> shows who you are signed in as.</dd>
        <dt>Metrics</dt><dd><code>/metrics</code> serves Prometheus metrics to administrators.</dd>
        </dl>
        </body>
        </html>
        """
}

/// A complete HTML document as a response.
struct HTML: ResponseGenerator {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/html; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: text))
        )
    }
}
