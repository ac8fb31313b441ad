import HTTPSupport

/// `console.css`: the look of the Telemetry console, in the style of the Repository console,
/// served from ``TelemetryConsoleLink/stylesheet`` so that the pages need no inline style.
enum TelemetryConsoleStylesheet {
    /// The stylesheet.
    static let text =
        ConsoleDocument.baseStylesheet + """
            code { background: #f2f4f6; padding: 0 .25rem; border-radius: 3px; overflow-wrap: anywhere; }
            p.lede, p.aside, .empty { color: #4a5561; }
            p.aside { font-size: .9rem; }
            table { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; }
            caption { text-align: left; font-weight: 600; padding: .25rem 0; }
            th, td { text-align: left; vertical-align: top; padding: .35rem .6rem; border-bottom: 1px solid #e6e9ed; overflow-wrap: anywhere; }
            thead th { border-bottom: 2px solid #c9d0d7; white-space: nowrap; }
            td.number { text-align: right; white-space: nowrap; }
            dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .35rem 1rem; }
            dl.facts dt { font-weight: 600; }
            dl.facts dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
            form.filter, p.controls { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: 1rem 0; }
            form.filter label, p.controls label { font-weight: 600; }
            button, select, input { font: inherit; padding: .2rem .6rem; }
            nav.pages { display: flex; flex-wrap: wrap; gap: 1rem; align-items: baseline; }
            figure.plot { margin: 1rem 0; }
            figure.plot canvas { width: 100%; height: auto; border: 1px solid #dde2e7; border-radius: 4px; background: #fff; }
            figure.plot figcaption { color: #4a5561; font-size: .9rem; }
            ul.legend { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .25rem 1.25rem; font-size: .9rem; }
            ul.legend li::before { content: ""; display: inline-block; width: .8rem; height: .8rem; margin-right: .35rem; border-radius: 2px; background: var(--series, #4a5561); vertical-align: -.05rem; }
            ul.legend li.series-0 { --series: #0b5cad; } ul.legend li.series-1 { --series: #c2410c; }
            ul.legend li.series-2 { --series: #15803d; } ul.legend li.series-3 { --series: #7e22ce; }
            ul.legend li.series-4 { --series: #b91c1c; } ul.legend li.series-5 { --series: #0f766e; }
            ul.legend li.series-6 { --series: #a16207; } ul.legend li.series-7 { --series: #4d7c0f; }
            p.error { color: #b3261e; font-weight: 600; white-space: pre-wrap; overflow-wrap: anywhere; }
            @media (max-width: 40rem) {
              dl.facts { grid-template-columns: 1fr; gap: 0; }
              dl.facts dd { margin-bottom: .5rem; }
            }
            """
}
