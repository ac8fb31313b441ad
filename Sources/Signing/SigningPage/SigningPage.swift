import HTTPSupport

/// The signing page at `/signwell/sign/{token}`: one HTML shell for every recipient, without
/// data. Its script (``SigningAsset/signingPageScript``) reads the session from the JSON
/// endpoints below the page's own path and fills the shell in: the bar with the document's
/// name, the counter of required fields and the actions; the pages with the fields; the
/// signature and decline dialogs; or, when there is nothing to sign, a message. A recipient
/// with a passcode first sees only the passcode form.
enum SigningPage {
    /// The page, with pdf.js's addresses on `<body>` when the server has pdf.js.
    static func html(pdfJS: PDFJSDistribution?) -> String {
        let pdfJSAttributes = pdfJS.map { " data-pdfjs-script=\"\($0.script.path)\" data-pdfjs-worker=\"\($0.worker.path)\"" } ?? ""
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="referrer" content="no-referrer">
            <title>Sign a document</title>
            <link rel="stylesheet" href="\(SigningAsset.stylesheet.path)">
            <script type="module" src="\(SigningAsset.signingPageScript.path)"></script>
            </head>
            <body\(pdfJSAttributes)>
            \(body)
            </body>
            </html>

            """
    }

    /// The `<body>`'s content: the bar, the pages' container, the message, the passcode form,
    /// and the dialogs.
    private static let body = """
        <header class="topbar" id="topbar" hidden>
        <div class="document-title" id="document-title">
        <h1 id="document-name">Document</h1>
        <p id="signer" class="signer"></p>
        </div>
        <p id="progress" class="progress" role="status" aria-live="polite" hidden></p>
        <div class="actions">
        <button type="button" id="next-field" class="button" hidden>Next required field</button>
        <button type="button" id="decline" class="button" hidden>Decline</button>
        <button type="button" id="finish" class="button primary" disabled hidden>Finish</button>
        </div>
        <div class="document-actions">
        <a id="download" class="button" hidden>Download</a>
        <button type="button" id="close" class="button" hidden>Close</button>
        </div>
        </header>
        <p id="loading" class="loading" role="status">Loading the document…</p>
        <noscript><p class="loading">This page needs JavaScript to show the document and sign it.</p></noscript>
        <p id="notice" class="notice" hidden></p>
        <p id="form-error" class="form-error" role="alert" hidden></p>
        <main id="pages" class="pages" aria-label="Document" hidden></main>
        <section id="outcome" class="outcome" hidden>
        <h2 id="outcome-title" tabindex="-1"></h2>
        <p id="outcome-text"></p>
        <p><a id="outcome-download" class="button primary" hidden>Download the signed document</a></p>
        </section>
        <section id="passcode" class="passcode" aria-labelledby="passcode-title" hidden>
        <form id="passcode-form" novalidate>
        <h2 id="passcode-title">Enter the passcode</h2>
        <p class="passcode-document"><strong id="passcode-document"></strong> <span id="passcode-recipient" class="signer"></span></p>
        <p>The sender protected this document with a passcode. They give it to you separately from this link.</p>
        <label for="passcode-input">Passcode</label>
        <input id="passcode-input" type="password" autocomplete="off" autocapitalize="off" spellcheck="false" required aria-describedby="passcode-error">
        <p id="passcode-error" class="dialog-error" role="alert"></p>
        <div class="dialog-actions">
        <button type="submit" id="passcode-submit" class="button primary">Open the document</button>
        </div>
        </form>
        </section>
        <dialog id="signature-dialog" class="signature-dialog" aria-labelledby="signature-title">
        <h2 id="signature-title">Your signature</h2>
        <div class="tabs" role="tablist" aria-label="How to make your mark">
        <button type="button" role="tab" id="tab-draw" aria-controls="panel-draw" aria-selected="true">Draw</button>
        <button type="button" role="tab" id="tab-type" aria-controls="panel-type" aria-selected="false" tabindex="-1">Type</button>
        <button type="button" role="tab" id="tab-upload" aria-controls="panel-upload" aria-selected="false" tabindex="-1">Upload</button>
        </div>
        <div class="panel" role="tabpanel" id="panel-draw" aria-labelledby="tab-draw">
        <canvas id="draw-pad" class="pad" width="600" height="200" role="img" aria-label="Drawing area: draw your mark with a mouse, a pen or a finger"></canvas>
        <button type="button" id="draw-clear" class="button small">Clear</button>
        </div>
        <div class="panel" role="tabpanel" id="panel-type" aria-labelledby="tab-type" hidden>
        <label id="type-label" for="type-text">Type your name</label>
        <input id="type-text" type="text" autocomplete="off">
        <canvas id="type-preview" class="pad" width="600" height="200" aria-hidden="true"></canvas>
        </div>
        <div class="panel" role="tabpanel" id="panel-upload" aria-labelledby="tab-upload" hidden>
        <label for="upload-file">An image of your mark (PNG or JPEG)</label>
        <input id="upload-file" type="file" accept="image/png,image/jpeg">
        <canvas id="upload-preview" class="pad" width="600" height="200" aria-hidden="true"></canvas>
        <p id="upload-error" class="dialog-error" role="alert"></p>
        </div>
        <p class="consent">By choosing Adopt, you agree that this mark is your electronic signature.</p>
        <div class="dialog-actions">
        <button type="button" id="signature-cancel" class="button">Cancel</button>
        <button type="button" id="signature-adopt" class="button primary" disabled>Adopt</button>
        </div>
        </dialog>
        <dialog id="decline-dialog" class="decline-dialog" aria-labelledby="decline-title">
        <h2 id="decline-title">Decline to sign</h2>
        <p>The sender sees that you declined, and your reason. You cannot sign this document afterwards.</p>
        <label for="decline-reason">Reason</label>
        <textarea id="decline-reason" rows="4" maxlength="1000"></textarea>
        <p id="decline-error" class="dialog-error" role="alert"></p>
        <div class="dialog-actions">
        <button type="button" id="decline-cancel" class="button">Cancel</button>
        <button type="button" id="decline-confirm" class="button danger">Decline</button>
        </div>
        </dialog>
        """
}
