/// The page at `/verify/{slug}` when no report has that slug. It does not repeat the slug, so
/// that a crafted link cannot put words on this server's page.
enum MissingReportPage {
    /// The page.
    static let html = VerifyPageLayout.document(
        title: "No report here", script: nil,
        main: """
            <h1>No report here</h1>
            <p class="status" data-state="failed">This server has no notarized report at this address.</p>
            <p>Check the link you followed, or <a href="/verify">look up a file</a> to find the reports of it.</p>
            """)
}
