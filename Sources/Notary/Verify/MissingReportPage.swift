/// The page at `/verify/{slug}` when no report has that slug. It does not repeat the slug, so
/// that a crafted link cannot put words on this server's page.
enum MissingReportPage {
    /// The page (`missing-report-page.mustache`).
    static let html = VerifyPageLayout.document(title: "No report here", script: nil, template: "missing-report-page")
}
