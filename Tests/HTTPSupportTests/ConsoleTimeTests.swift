import Foundation
import HTTPSupport
import Testing

@Suite("Console times and error pages")
struct ConsoleTimeTests {
    private struct Row {
        let when: ConsoleTime
    }

    @Test("an instant is written in UTC to the minute or the second, with the exact instant in the element")
    func precision() {
        let date = Date(timeIntervalSince1970: 1_700_000_000.25)  // 2023-11-14 22:13:20.250 UTC
        let minute = ConsoleTime(date, to: .minute)
        let second = ConsoleTime(date, to: .second)
        #expect(minute.text == "2023-11-14 22:13")
        #expect(second.text == "2023-11-14 22:13:20")
        #expect(minute.exact == "2023-11-14T22:13:20.250Z" && second.exact == minute.exact)
        let templates = PageTemplates(["row": Array("<td>{{#when}}{{>console-time}}{{/when}}</td>".utf8)])
        #expect(
            templates.render("row", Row(when: second))
                == "<td><time datetime=\"2023-11-14T22:13:20.250Z\" title=\"2023-11-14T22:13:20.250Z\">2023-11-14 22:13:20 UTC</time></td>")
    }

    @Test("an error page escapes its words and joins its links")
    func errorPage() {
        let message = ConsoleErrorMessage(
            title: "Not <found>", message: "No \"x\" here.", links: [.init("Home", href: "/a?b=1&c=2"), .init("search", href: "/s")])
        let html = PageTemplates([:]).render("console-error-page", message)
        #expect(html.contains("<h1>Not &lt;found&gt;</h1>"))
        #expect(html.contains("<p class=\"error\" id=\"error-message\">No &quot;x&quot; here.</p>"))
        #expect(html.contains("<p><a href=\"/a?b=1&amp;c=2\">Home</a>, or <a href=\"/s\">search</a>.</p>"))
    }
}
