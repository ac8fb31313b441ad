/// `/verify/{slug}`: the public facts of one report, a proof check the browser does by itself,
/// and a place to drop a file to see whether it is the one notarized.
///
/// The facts are rendered here, so the page reads without JavaScript. The check
/// (`report-page.js`) does not trust them: it fetches `/verify/{slug}.json`, recomputes the
/// entry's leaf hash, walks the inclusion proof up to the checkpoint's root and verifies the
/// checkpoint's Ed25519 signature with WebCrypto.
enum ReportPage {
    /// The page of `report` (`report-page.mustache`, which reads the report's properties).
    static func html(for report: PublicReport) -> String {
        VerifyPageLayout.document(title: "Report \(report.slug)", script: VerifyAsset.reportPageScript, template: "report-page", context: report)
    }
}
