/// `/verify`: a person chooses or drops a file, the browser hashes it with SHA-256 and asks
/// `/verify/lookup` for the reports of that hash. The file itself never leaves the browser.
enum LookupPage {
    /// The page.
    static let html = VerifyPageLayout.document(
        title: "Verify a file", script: VerifyAsset.lookupPageScript,
        main: """
            <h1>Verify a file</h1>
            <p class="lede">Find out whether a file was notarized on this server, and when.</p>
            <div class="drop" id="drop">
            <label for="file">File to verify</label>
            <input type="file" id="file">
            <p class="hint">Or drop the file here. Your browser computes its SHA-256 and sends only that hash;
            the file never leaves your computer.</p>
            </div>
            <p id="status" class="result" role="status" aria-live="polite">This page needs JavaScript to hash the file in your browser.</p>
            <ul id="reports" class="reports"></ul>
            <p class="aside">The lookup finds reports whose hash is the file's SHA-256. A report of several files
            lists the SHA-256 of each on its own page, where you can check any of them.</p>
            """)
}
