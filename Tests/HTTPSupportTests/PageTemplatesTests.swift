import HTTPSupport
import Testing

@Suite("Page templates")
struct PageTemplatesTests {
    private struct Row {
        let name: String
        let href: String
    }

    private struct Context {
        let title: String
        let rows: [Row]
        let note: String?
    }

    private let templates = PageTemplates([
        "list": Array(
            "<h1>{{title}}</h1>{{#rows}}<a href=\"{{href}}\">{{name}}</a>{{/rows}}{{^rows}}none{{/rows}}{{#note}}<p>{{.}}</p>{{/note}}".utf8)
    ])

    @Test("every value is escaped, in text and in attributes")
    func valuesAreEscaped() {
        let html = templates.render(
            "list", Context(title: "<b>&'\"", rows: [Row(name: "<script>", href: "\" onclick=\"x")], note: "O'Neil"))
        #expect(
            html
                == "<h1>&lt;b&gt;&amp;&#39;&quot;</h1><a href=\"&quot; onclick=&quot;x\">&lt;script&gt;</a><p>O&#39;Neil</p>")
    }

    @Test("empty lists and absent values skip their sections")
    func sectionsFollowTheContext() {
        #expect(templates.render("list", Context(title: "t", rows: [], note: nil)) == "<h1>t</h1>none")
    }

    @Test("the skeleton escapes the title, the sections and the user, marks the current section, and keeps the main HTML")
    func skeleton() {
        let skeleton = PageSkeleton(site: "Chancery <Test>", home: "/home", stylesheet: "/a.css")
        let html = skeleton.page(
            title: "A & B", script: .module("/page.js"),
            sections: [.init("One", href: "/one", isCurrent: false), .init("Two\"", href: "/two", isCurrent: true)],
            user: "<eve>", main: "<p>main</p>")
        #expect(html.contains("<title>A &amp; B · Chancery &lt;Test&gt;</title>"))
        #expect(html.contains("<script type=\"module\" src=\"/page.js\"></script>"))
        #expect(!html.contains(" defer>"))
        #expect(html.contains("<nav aria-label=\"Console\"><a href=\"/one\">One</a> <a href=\"/two\" aria-current=\"page\">Two&quot;</a></nav>"))
        #expect(html.contains("<strong id=\"user\">&lt;eve&gt;</strong>"))
        #expect(html.contains("<main>\n<p>main</p>\n</main>"))
        let bare = skeleton.page(title: "t", main: "")
        #expect(!bare.contains("<nav") && !bare.contains("<script") && !bare.contains("Signed in"))
    }
}
