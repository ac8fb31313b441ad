import Foundation
import PDF
import PDFSigning
import Testing

/// Signatures whose field has several widgets, each with its own appearance, on any pages.
@Suite struct PDFSignatureWidgetTests {
    /// Two A4 pages, the second turned by 90 degrees.
    private static func document() throws -> [UInt8] {
        var document = PDFDocument()
        for label in ["Upright", "Turned"] {
            var page = PDFPage(size: .a4)
            page.content.drawText(label, at: PDFPoint(x: 72, y: 760), font: .helvetica, size: 14)
            document.pages.append(page)
        }
        let file = try PDFFile(bytes: document.serialized())
        let turned = try file.pages()[1]
        var dictionary = turned.dictionary
        dictionary["Rotate"] = .integer(90)
        var update = PDFIncrementalUpdate(file: file)
        update.replace(turned.reference, with: .dictionary(dictionary))
        return update.serialize().bytes
    }

    /// A widget on page `pageIndex` at `rect` showing `text`.
    private static func widget(_ pageIndex: Int, _ rect: PDFRect, _ text: String) -> PDFSignatureWidget {
        var appearance = PDFAppearanceStream(size: PDFSize(width: rect.width, height: rect.height))
        appearance.drawText(text, at: PDFPoint(x: 2, y: 4), font: .helvetica, size: 10)
        return PDFSignatureWidget(pageIndex: pageIndex, rect: rect, appearance: appearance)
    }

    /// A signer with the P-256 test credentials.
    private static func signer() throws -> PDFDocumentSigner {
        PDFDocumentSigner(signer: try CMSDetachedSigner(credentials: SigningFixtures.p256.credentials(), profile: .padesBaselineB))
    }

    /// The verifier trusting the P-256 test CA.
    private static func verifier() throws -> PDFDocumentVerifier {
        PDFDocumentVerifier(trustedRoots: [try SigningFixtures.root(SigningFixtures.p256)])
    }

    @Test func everyWidgetIsAKidOfTheOneSignatureField() async throws {
        let original = try Self.document()
        let widgets = [
            Self.widget(0, PDFRect(x: 72, y: 100, width: 150, height: 20), "Value one"),
            Self.widget(0, PDFRect(x: 72, y: 200, width: 150, height: 20), "Value two"),
            Self.widget(1, PDFRect(x: 100, y: 50, width: 120, height: 30), "On the turned page"),
        ]
        let signed = try await Self.signer().sign(original, options: PDFSignatureOptions(widgets: widgets, reason: "Marks"))
        #expect(Array(signed.prefix(original.count)) == original)

        let file = try PDFFile(bytes: signed)
        let fields = try file.formFields()
        #expect(fields.map(\.name) == ["Signature1"])
        let field = try #require(fields.first)
        #expect(field.type == "Sig")
        #expect(field.dictionary["Type"] == nil, "the field is merged with a widget")
        #expect(field.value?.dictionaryValue?["SubFilter"] == .name("ETSI.CAdES.detached"))
        let kids = try #require(field.dictionary["Kids"]?.arrayValue?.compactMap { $0.referenceValue })
        #expect(kids.count == 3)

        let pages = try file.pages()
        for (kid, widget) in zip(kids, widgets) {
            let dictionary = try #require(try file.object(kid).object.dictionaryValue)
            let page = pages[widget.pageIndex]
            #expect(dictionary["Subtype"] == .name("Widget"))
            #expect(dictionary["Parent"] == .reference(field.reference))
            #expect(dictionary["T"] == nil)
            #expect(dictionary["P"] == .reference(page.reference))
            let expectedRect = PDFPageGeometry(page: page).userSpaceRect(widget.rect).corners.arrayValue?.compactMap { $0.numberValue }
            #expect(dictionary["Rect"]?.arrayValue?.compactMap { $0.numberValue } == expectedRect)
            let appearance = try #require(try file.stream(dictionary["AP"]?.dictionaryValue?["N"] ?? .null))
            #expect(appearance.dictionary["Matrix"]?.arrayValue?.compactMap { $0.numberValue } == PDFPageGeometry(page: page).uprightMatrix)
            let annotations = try file.resolve(page.dictionary["Annots"] ?? .null).arrayValue ?? []
            #expect(annotations.contains(.reference(kid)))
        }
        #expect(pages[0].dictionary["Annots"]?.arrayValue?.count == 2)
        #expect(pages[0].dictionary["Contents"] == (try PDFFile(bytes: original).pages()[0].dictionary["Contents"]))

        let report = try #require(try await Self.verifier().verify(signed).first)
        #expect(report.isValid && report.coversWholeFile, "\(report)")
    }

    @Test func anAppearanceGivenWithWidgetsBecomesTheFirstKid() async throws {
        let options = PDFSignatureOptions(
            appearance: PDFSignatureAppearance(pageIndex: 1, origin: PDFPoint(x: 40, y: 40), text: "Signed by Jane"),
            widgets: [Self.widget(0, PDFRect(x: 72, y: 100, width: 150, height: 20), "Value")]
        )
        let signed = try await Self.signer().sign(try Self.document(), options: options)
        let file = try PDFFile(bytes: signed)
        let kids = try #require(try file.formFields().first?.dictionary["Kids"]?.arrayValue?.compactMap { $0.referenceValue })
        #expect(kids.count == 2)
        #expect(try file.object(kids[0]).object.dictionaryValue?["P"] == .reference(try file.pages()[1].reference))
    }

    @Test func laterSignersWithWidgetsKeepEarlierSignaturesValid() async throws {
        var bytes = try Self.document()
        for index in 0..<3 {
            let widgets = [Self.widget(index % 2, PDFRect(x: 72, y: 100 + 60 * Double(index), width: 150, height: 20), "Signer \(index)")]
            bytes = try await Self.signer().sign(bytes, options: PDFSignatureOptions(widgets: widgets + widgets))
        }
        let reports = try await Self.verifier().verify(bytes)
        #expect(reports.map(\.fieldName) == ["Signature1", "Signature2", "Signature3"])
        #expect(reports.allSatisfy { $0.isValid })
        #expect(reports.map(\.coversWholeFile) == [false, false, true])
    }

    @Test func aWidgetOnAMissingPageIsRefused() async throws {
        let options = PDFSignatureOptions(widgets: [Self.widget(2, PDFRect(x: 0, y: 0, width: 10, height: 10), "x")])
        await #expect {
            try await Self.signer().sign(try Self.document(), options: options)
        } throws: { error in
            guard case PDFSigningError.noSuchPage(2, pageCount: 2) = error else { return false }
            return true
        }
    }
}
