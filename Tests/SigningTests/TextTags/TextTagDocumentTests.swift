import Foundation
import HTTPTypes
import PDF
import Testing

/// Documents and templates whose fields come from text tags in their files, through the API.
@Suite struct TextTagDocumentTests {
    static var recipients: [[String: Any]] {
        [
            ["id": "1", "name": "Jane Doe", "email": "jane@example.com"],
            ["id": "2", "name": "John Roe", "email": "john@example.com"],
        ]
    }

    /// The width of `text` in Helvetica 12, in points.
    static func width(_ text: String) -> Double {
        PDFFontMetrics.width(of: text, font: .helvetica, size: 12)
    }

    /// A Letter page with a signature tag and a text tag, then an A4 page turned by 90 degrees
    /// with a date tag that names its recipient by name.
    static func taggedPDF() throws -> [UInt8] {
        var document = PDFDocument()
        var first = PDFPage(size: PDFSize(width: 612, height: 792))
        first.content.drawText("Employee signature: {{signature:1}}", at: PDFPoint(x: 72, y: 500), font: .helvetica, size: 12)
        first.content.drawText("{{t:2:Job title:api_id=title:width=240}}", at: PDFPoint(x: 72, y: 400), font: .helvetica, size: 12)
        document.pages.append(first)
        var second = PDFPage(size: .a4)
        second.content.drawText("{{d:Jane Doe:date_format=YYYY/MM/DD}}", at: PDFPoint(x: 72, y: 700), font: .helvetica, size: 12)
        document.pages.append(second)
        let file = try PDFFile(bytes: document.serialized())
        let page = try file.pages()[1]
        var turned = page.dictionary
        turned["Rotate"] = .integer(90)
        var update = PDFIncrementalUpdate(file: file)
        update.replace(page.reference, with: .dictionary(turned))
        return update.serialize().bytes
    }

    static func number(_ value: Any?) -> Double? {
        (value as? NSNumber)?.doubleValue
    }

    @Test func fieldsAreMadeWhereTheTagsAreDrawn() async throws {
        try await SigningTestApp.with { app in
            let body = SigningTestApp.createBody(
                pdf: try Self.taggedPDF(), recipients: Self.recipients, fields: [], extra: ["text_tags": true, "fields": []])
            let (status, json) = try await app.json(.post, "/signwell/api/v1/documents", headers: app.alice, body: body)
            #expect(status == .created, "\(String(describing: json))")
            let document = try #require(json as? [String: Any])
            #expect(document["text_tags"] as? Bool == true)
            let fields = try #require((document["fields"] as? [[[String: Any]]])?.first)
            try #require(fields.count == 3)

            // Letter, upright: 96-dpi pixels from the top-left are points / 0.75, with the
            // tag's top 12 points above its baseline.
            let signature = fields[0]
            #expect(signature["type"] as? String == "signature")
            #expect(signature["recipient_id"] as? String == "1")
            #expect(signature["page"] as? Int == 1)
            #expect(abs(Self.number(signature["x"])! - (72 + Self.width("Employee signature: ")) / 0.75) < 0.5)
            #expect(abs(Self.number(signature["y"])! - (792 - 512) / 0.75) < 0.5)
            #expect(signature["width"] as? String == "180", "the type's default size")

            let text = fields[1]
            #expect(text["type"] as? String == "text")
            #expect(text["recipient_id"] as? String == "2")
            #expect(text["label"] as? String == "Job title")
            #expect(text["api_id"] as? String == "title")
            #expect(text["width"] as? String == "240")
            #expect(text["required"] as? Bool == true)
            #expect(abs(Self.number(text["x"])! - 96) < 0.5)

            // A4 turned clockwise: the baseline at x 72 of the page runs down the displayed
            // page, 72 points from its top, and the text starts 700 points from its left.
            let date = fields[2]
            #expect(date["type"] as? String == "date")
            #expect(date["recipient_id"] as? String == "1", "named by the recipient's name")
            #expect(date["date_format"] as? String == "YYYY/MM/DD")
            #expect(date["page"] as? Int == 2)
            #expect(abs(Self.number(date["x"])! - 700 / 0.75) < 0.5)
            #expect(abs(Self.number(date["y"])! - 72 / 0.75) < 0.5)
        }
    }

    @Test func tagsThatCannotBecomeFieldsAreListed() async throws {
        var tagged = PDFDocument()
        var page = PDFPage(size: PDFSize(width: 612, height: 792))
        page.content.drawText("{{s:3}} {{t:1:colour=red}} {{customer.name}} {{c:2}}", at: PDFPoint(x: 72, y: 500), font: .helvetica, size: 12)
        tagged.pages.append(page)
        let pdf = tagged.serialized()
        try await SigningTestApp.with { app in
            let body = SigningTestApp.createBody(pdf: pdf, recipients: Self.recipients, fields: [], extra: ["text_tags": true, "fields": []])
            let (status, json) = try await app.json(.post, "/signwell/api/v1/documents", headers: app.alice, body: body)
            #expect(status == .unprocessableContent)
            let errors = try #require((json as? [String: Any])?["errors"] as? [String: [String]])
            #expect(errors["files[0].text_tags[0]"]?.first?.contains("names 3, who is not a recipient") == true, "\(errors)")
            #expect(errors["files[0].text_tags[1]"]?.first?.contains("unknown option colour") == true, "\(errors)")
            #expect(errors.count == 2, "{{customer.name}} is not a tag and {{c:2}} is fine: \(errors)")
        }
    }

    @Test func aDocumentSentWithTextTagsButNoneInItsFilesIsRefused() async throws {
        try await SigningTestApp.with { app in
            let body = SigningTestApp.createBody(recipients: Self.recipients, fields: [], extra: ["text_tags": true, "fields": []])
            let (status, json) = try await app.json(.post, "/signwell/api/v1/documents", headers: app.alice, body: body)
            #expect(status == .unprocessableContent)
            let errors = try #require((json as? [String: Any])?["errors"] as? [String: [String]])
            #expect(errors["text_tags"]?.first?.contains("found no text tags") == true)

            var draft = body
            draft["draft"] = true
            #expect(
                try await app.json(.post, "/signwell/api/v1/documents", headers: app.alice, body: draft).status == .created,
                "a draft may wait for its fields")
        }
    }

    @Test func withoutTheFlagTagsAreJustText() async throws {
        try await SigningTestApp.with { app in
            let body = SigningTestApp.createBody(
                pdf: try Self.taggedPDF(), recipients: Self.recipients,
                fields: [["x": 10, "y": 10, "page": 1, "recipient_id": "1", "type": "signature"]]
            )
            let (status, json) = try await app.json(.post, "/signwell/api/v1/documents", headers: app.alice, body: body)
            #expect(status == .created)
            #expect(((json as? [String: Any])?["fields"] as? [[[String: Any]]])?.first?.count == 1)
        }
    }

    @Test func aTemplatesTagsNameItsPlaceholders() async throws {
        var tagged = PDFDocument()
        var page = PDFPage(size: PDFSize(width: 612, height: 792))
        page.content.drawText("Client: {{s:Client}}   Agent: {{i:agent}}", at: PDFPoint(x: 72, y: 500), font: .helvetica, size: 12)
        tagged.pages.append(page)
        let pdf = tagged.serialized()
        try await SigningTestApp.with { app in
            let body: [String: Any] = [
                "name": "Tagged", "text_tags": true,
                "files": [["name": "tagged.pdf", "file_base64": Data(pdf).base64EncodedString()]],
                "placeholders": [["id": "client", "name": "Client"], ["id": "agent", "name": "Agent"]],
            ]
            let (status, json) = try await app.json(.post, "/signwell/api/v1/document_templates", headers: app.alice, body: body)
            #expect(status == .created, "\(String(describing: json))")
            let fields = try #require(((json as? [String: Any])?["fields"] as? [[[String: Any]]])?.first)
            #expect(fields.map { $0["type"] as? String } == ["signature", "initials"])
            #expect(fields.map { $0["placeholder_name"] as? String } == ["Client", "Agent"])
        }
    }
}
