import HTTPSupport

/// The stylesheet and scripts of the verify pages, served from `/verify/assets/{name}`; their
/// files are in `Sources/Notary/Resources`. The scripts are ES modules that import one another
/// by relative path.
enum VerifyAsset {
    /// The folder the assets are served from.
    static let folder = "/verify/assets"

    /// `verify.css`: the look of the verify pages.
    static let stylesheet = WebAsset("verify.css", in: folder, bytes: PackageResources.verify_css)
    /// `report-page.js`: the proof and file checks of a report's page.
    static let reportPageScript = WebAsset("report-page.js", in: folder, bytes: PackageResources.report_page_js)
    /// `lookup-page.js`: the lookup page's search by a file's hash.
    static let lookupPageScript = WebAsset("lookup-page.js", in: folder, bytes: PackageResources.lookup_page_js)

    /// Every asset, each served at its path.
    static let all: [WebAsset] = [
        stylesheet, reportPageScript, lookupPageScript,
        WebAsset("sha256.js", in: folder, bytes: PackageResources.sha256_js),
        WebAsset("tlog.js", in: folder, bytes: PackageResources.tlog_js),
        WebAsset("notary-entry.js", in: folder, bytes: PackageResources.notary_entry_js),
        WebAsset("file-picker.js", in: folder, bytes: PackageResources.file_picker_js),
    ]
}
