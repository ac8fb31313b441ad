import HTTPSupport

/// `console.css`: the look of the console's pages, in the style of the start page and the
/// verify pages, served from ``ConsoleLink/stylesheet`` so that the pages need no inline style.
enum ConsoleStylesheet {
    /// The stylesheet.
    static let text =
        ConsoleDocument.baseStylesheet + """
            h3 { font-size: 1rem; margin: 1.5rem 0 .5rem; }
            code { background: #f2f4f6; padding: 0 .25rem; border-radius: 3px; overflow-wrap: anywhere; }
            p.lede, p.aside, .meta, .empty { color: #4a5561; }
            p.aside { font-size: .9rem; }
            nav.breadcrumb ol { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; }
            nav.breadcrumb li + li::before { content: "/"; padding: 0 .4rem; color: #9aa5b1; }
            nav.breadcrumb [aria-current="page"] { font-weight: 600; }
            ul.actions { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .25rem 1.25rem; }
            table { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; }
            caption { text-align: left; font-weight: 600; padding: .25rem 0; }
            th, td { text-align: left; vertical-align: top; padding: .35rem .6rem; border-bottom: 1px solid #e6e9ed; overflow-wrap: anywhere; }
            thead th { border-bottom: 2px solid #c9d0d7; white-space: nowrap; }
            td.number { text-align: right; white-space: nowrap; }
            table.properties th { width: 16rem; font-weight: normal; }
            td.value { white-space: pre-wrap; }
            td.value ol, td.value dl { margin: 0; white-space: normal; }
            td.value ol { padding-left: 1.5rem; }
            dl.complex { display: grid; grid-template-columns: max-content 1fr; gap: 0 .75rem; }
            dl.complex dt { color: #4a5561; }
            dl.complex dd { margin: 0; }
            dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .35rem 1rem; }
            dl.facts dt { font-weight: 600; }
            dl.facts dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
            ul.facets { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: .25rem; }
            ul.facets li { background: #f2f4f6; border-radius: 3px; padding: 0 .4rem; font-size: .9rem; }
            .denied { color: #b3261e; }
            .granted { color: #1a7f37; }
            nav.pages { display: flex; flex-wrap: wrap; gap: 1rem; align-items: baseline; }
            form.query label { display: block; font-weight: 600; margin-bottom: .25rem; }
            form.query textarea { box-sizing: border-box; width: 100%; font: 14px/1.4 ui-monospace, monospace; padding: .5rem; }
            form.query button { margin-top: .5rem; font: inherit; padding: .3rem 1rem; }
            p.error { color: #b3261e; font-weight: 600; white-space: pre-wrap; overflow-wrap: anywhere; }
            @media (max-width: 40rem) {
              dl.facts, dl.complex { grid-template-columns: 1fr; gap: 0; }
              dl.facts dd { margin-bottom: .5rem; }
              table.properties th { width: auto; }
            }
            """
}
