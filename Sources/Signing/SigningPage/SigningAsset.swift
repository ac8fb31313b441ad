import Crypto
import NIOCore

/// A file the signing page loads from this server: its stylesheet and scripts under
/// `/signwell/assets/`, pdf.js under `/signwell/assets/pdfjs/` (``PDFJSDistribution``), and
/// the widget script `/signwell/embedded.js`.
///
/// The page loads everything from here instead of inlining it, so that its content security
/// policy can forbid inline code. Each asset's text lives in a file of its own
/// (`SigningAsset+….swift`); the page's scripts are ES modules that import one another by
/// relative path.
struct SigningAsset: Sendable {
    /// Where the asset is served.
    let path: String
    /// The media type it is served with.
    let contentType: String
    /// How caches may keep it.
    let cacheControl: String
    /// The content.
    let body: ByteBuffer
    /// A strong validator of the content (the quoted start of its SHA-256), so that a cache
    /// revalidates with a `304 Not Modified` instead of downloading the asset again.
    let entityTag: String

    /// An asset with `bytes` as its content.
    init(path: String, contentType: String, cacheControl: String, bytes: some Collection<UInt8>) {
        self.path = path
        self.contentType = contentType
        self.cacheControl = cacheControl
        self.body = ByteBuffer(bytes: bytes)
        let digest = SHA256.hash(data: Array(bytes)).prefix(16).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        self.entityTag = "\"\(digest)\""
    }

    /// An asset with `text` as its content, in UTF-8.
    init(path: String, contentType: String, cacheControl: String, text: String) {
        self.init(path: path, contentType: contentType, cacheControl: cacheControl, bytes: Array(text.utf8))
    }

    /// The folder the page's own assets are served from.
    static let folder = "/signwell/assets"

    /// How the page's assets may be cached: kept, but revalidated before each use, since they
    /// change with the server.
    static let revalidated = "no-cache"

    /// A JavaScript module of the page.
    static func script(_ name: String, _ text: String) -> SigningAsset {
        SigningAsset(path: "\(folder)/\(name)", contentType: "text/javascript; charset=utf-8", cacheControl: revalidated, text: text)
    }

    /// A stylesheet of the page.
    static func style(_ name: String, _ text: String) -> SigningAsset {
        SigningAsset(path: "\(folder)/\(name)", contentType: "text/css; charset=utf-8", cacheControl: revalidated, text: text)
    }

    /// The page's stylesheet and scripts, each served at its ``path``.
    static let pageAssets: [SigningAsset] = [
        stylesheet, signingPageScript, pageOptionsScript, parentChannelScript, signingAPIScript, signingOutcomesScript,
        documentPagesScript, pdfRendererScript, fieldControlScript, fieldControlsScript, textFieldScript, dateFieldScript,
        checkboxFieldScript, choiceFieldScript, readOnlyFieldScript, signatureFieldScript, adoptedMarksScript,
        signatureDialogScript, signaturePadScript, signatureImagesScript, declineDialogScript, requiredFieldsGuideScript,
        textValidationScript, dateFormatScript, passcodeFormScript,
    ]
}
