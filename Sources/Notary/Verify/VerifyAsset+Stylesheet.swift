extension VerifyAsset {
    /// `verify.css`: the look of the verify pages, in the style of the console's start page.
    static let stylesheet = VerifyAsset(
        name: "verify.css", contentType: "text/css; charset=utf-8",
        text: """
            body { font: 16px/1.5 system-ui, sans-serif; max-width: 44rem; margin: 2rem auto; padding: 0 1rem; color: #1d232a; }
            header.site a { color: #4a5561; font-weight: 600; text-decoration: none; }
            h1 { font-size: 2rem; margin: 1rem 0 .25rem; line-height: 1.2; }
            h2 { font-size: 1.25rem; margin-top: 2rem; }
            p.lede, p.aside, p.hint { color: #4a5561; }
            p.aside { font-size: .9rem; }
            code { background: #f2f4f6; padding: 0 .25rem; border-radius: 3px; overflow-wrap: anywhere; }
            a { color: #0b5cad; }
            a:focus-visible, input:focus-visible { outline: 3px solid #0b5cad; outline-offset: 2px; }
            dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .5rem 1rem; }
            dl.facts dt { font-weight: 600; }
            dl.facts dd { margin: 0; min-width: 0; }
            ul.hashes { margin: 0; padding: 0; list-style: none; }
            @media (max-width: 36rem) {
              dl.facts { grid-template-columns: 1fr; gap: 0; }
              dl.facts dd { margin-bottom: .75rem; }
            }
            .drop { border: 2px dashed #9aa5b1; border-radius: 8px; padding: 1rem 1.25rem; background: #fafbfc; }
            .drop.over { border-color: #0b5cad; background: #eef5fc; }
            .drop label { display: block; font-weight: 600; margin-bottom: .5rem; }
            .drop p.hint { margin-bottom: 0; }
            ol.checks { padding-left: 1.5rem; }
            ol.checks li { margin-bottom: .25rem; overflow-wrap: anywhere; }
            [data-state="ok"] { color: #1a7f37; }
            [data-state="failed"] { color: #b3261e; }
            .status, .result { font-weight: 600; overflow-wrap: anywhere; }
            ul.reports li { margin-bottom: .25rem; }
            """)
}
