/// A stylesheet or script of the verify pages, served from `/verify/assets/{name}`.
///
/// The pages load them from this server instead of inlining them, so that the content
/// security policy can forbid inline code. Each asset's text lives in a file of its own
/// (`VerifyAsset+….swift`); the scripts are ES modules that import one another by relative
/// path.
struct VerifyAsset: Sendable {
    /// The file name, the last segment of ``path``.
    let name: String
    /// The media type it is served with.
    let contentType: String
    /// The file's content.
    let text: String

    /// Where the asset is served.
    var path: String { "/verify/assets/\(name)" }

    /// A JavaScript module.
    static func script(_ name: String, _ text: String) -> VerifyAsset {
        VerifyAsset(name: name, contentType: "text/javascript; charset=utf-8", text: text)
    }

    /// Every asset, each served at its ``path``.
    static let all: [VerifyAsset] = [
        stylesheet, sha256Script, tlogScript, notaryEntryScript, filePickerScript, reportPageScript, lookupPageScript,
    ]
}
