import HTTPSupport

/// `/verify/{slug}`: the public facts of one report, a proof check the browser does by itself,
/// and a place to drop a file to see whether it is the one notarized.
///
/// The facts are rendered here, so the page reads without JavaScript. The check
/// (`report-page.js`) does not trust them: it fetches `/verify/{slug}.json`, recomputes the
/// entry's leaf hash, walks the inclusion proof up to the checkpoint's root and verifies the
/// checkpoint's Ed25519 signature with WebCrypto.
enum ReportPage {
    /// The page of `report`.
    static func html(for report: PublicReport) -> String {
        let slug = report.slug.htmlEscaped
        let files =
            report.fileHashes.isEmpty
            ? ""
            : """
            <dt>File SHA-256</dt><dd><ul class="hashes">\(report.fileHashes.map { "<li><code>\($0.htmlEscaped)</code></li>" }.joined())</ul></dd>

            """
        return VerifyPageLayout.document(
            title: "Report \(report.slug)", script: VerifyAsset.reportPageScript,
            main: """
                <h1>Notarized report <code>\(slug)</code></h1>
                <p id="status" class="status" data-state="ok"><strong>Confirmed.</strong> This report is in the
                transparency log under a checkpoint the log signed.</p>
                <dl class="facts" data-report="/verify/\(slug).json">
                <dt>Report hash</dt><dd><code id="report-hash">\(report.hash.htmlEscaped)</code></dd>
                \(files)<dt>Received</dt><dd><time datetime="\(report.receivedAt.htmlEscaped)">\(report.receivedAt.htmlEscaped)</time></dd>
                <dt>Logged</dt><dd><time datetime="\(report.loggedAt.htmlEscaped)">\(report.loggedAt.htmlEscaped)</time>,
                in the checkpoint of size \(report.checkpointSize)</dd>
                <dt>Log position</dt><dd>Entry <span id="log-index">\(report.logIndex)</span> of the log <code>\(report.logOrigin.htmlEscaped)</code></dd>
                <dt>Leaf hash</dt><dd><code>\(report.leafHash.htmlEscaped)</code></dd>
                <dt>Checkpoint root</dt><dd><code>\(report.checkpointRoot.htmlEscaped)</code></dd>
                <dt>Log key</dt><dd><code id="log-key">\(report.logKey.htmlEscaped)</code></dd>
                </dl>

                <section aria-labelledby="proof-title">
                <h2 id="proof-title">Proof check</h2>
                <p>Your browser checks the proof itself, from the log entry, the proof hashes and the log key:</p>
                <ol class="checks">
                <li id="check-entry" data-state="pending">The log entry describes this report.</li>
                <li id="check-inclusion" data-state="pending">The entry's leaf hash leads to the root of a checkpoint.</li>
                <li id="check-signature" data-state="pending">The log key signed that checkpoint.</li>
                </ol>
                <p id="proof-result" class="result" role="status" aria-live="polite" data-state="pending">The proof check needs JavaScript.</p>
                </section>

                <section aria-labelledby="file-title">
                <h2 id="file-title">Check a file</h2>
                <div class="drop" id="drop">
                <label for="file">File to check against this report</label>
                <input type="file" id="file">
                <p class="hint">Or drop the file here. It is hashed in your browser and never uploaded.</p>
                </div>
                <p id="file-result" class="result" role="status" aria-live="polite"></p>
                </section>

                <section aria-labelledby="yourself-title">
                <h2 id="yourself-title">Check it yourself</h2>
                <p>Everything above is public: <a href="/verify/\(slug).json">this report's facts and proof</a>
                (its <code>proof</code> is a C2SP <code>tlog-proof</code> whose <code>extra</code> line is the log entry),
                the log's <a href="/.well-known/chancery/log.vkey">verifier key</a> and its
                <a href="/log/checkpoint">newest checkpoint</a>. The check above shows that this log signed the entry;
                compare the log key with one you got from elsewhere to know that it is the log you trust.</p>
                </section>
                """)
    }
}
