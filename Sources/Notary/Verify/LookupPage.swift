/// `/verify`: a person chooses or drops a file, the browser hashes it with SHA-256 and asks
/// `/verify/lookup` for the reports of that hash. The file itself never leaves the browser.
enum LookupPage {
    /// The page (`lookup-page.mustache`).
    static let html = VerifyPageLayout.document(title: "Verify a file", script: VerifyAsset.lookupPageScript, template: "lookup-page")
}
