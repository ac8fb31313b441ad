import Foundation
import HTTPSupport
import JSON

/// What the page that places a draft's fields reads (`sender-prepare-page.mustache`, and
/// `prepare-document.js` from its data attributes): the pages with the file and page each
/// belongs to, the recipients, the kinds of field with their sizes, the fields placed so far,
/// and where pdf.js and the PDF are.
struct SenderPreparationPage {
    /// A kind of field of the palette.
    struct FieldKind {
        let type: String
        let label: String
        let width: Double
        let height: Double
    }

    /// The kinds of field a sender places.
    static let fieldKinds: [(FieldType, String)] = [
        (.signature, "Signature"), (.initials, "Initials"), (.text, "Text"), (.date, "Date"), (.checkbox, "Checkbox"),
    ]

    let name: String
    let formToken: String
    let pdfURL: String
    let actionURL: String
    let pdfJSScript: String?
    let pdfJSWorker: String?
    /// `[{"number", "width", "height", "file", "filePage"}]`: the pages in 96-dpi pixels.
    let pagesJSON: String
    /// `[{"id", "name"}]`, in signing order.
    let recipientsJSON: String
    /// `[{"type", "recipient", "page", "x", "y", "width", "height", "required"}]`.
    let fieldsJSON: String
    let fieldKinds: [FieldKind]
    let recipients: [DocumentRecipient]

    /// The page of the draft `document`, whose requests carry `formToken`.
    init(document: SigningDocument, formToken: String, pdfJS: PDFJSDistribution?) {
        name = document.displayName
        self.formToken = formToken
        pdfURL = SenderAppLink.action("current.pdf", of: document.id)
        actionURL = SenderAppLink.action("prepare", of: document.id)
        pdfJSScript = pdfJS?.script.path
        pdfJSWorker = pdfJS?.worker.path
        var pages: [JSONValue] = []
        for (fileIndex, file) in document.files.enumerated() {
            for filePage in 1...max(1, file.pageCount) where document.pageSizes.indices.contains(file.firstPageIndex + filePage - 1) {
                let size = document.pageSizes[file.firstPageIndex + filePage - 1]
                pages.append([
                    "number": .integer(file.firstPageIndex + filePage), "width": .number(size.width), "height": .number(size.height),
                    "file": .integer(fileIndex), "filePage": .integer(filePage),
                ])
            }
        }
        pagesJSON = Self.text(.array(pages))
        recipients = document.recipients.sorted { $0.signingOrder < $1.signingOrder }
        recipientsJSON = Self.text(.array(recipients.map { ["id": .string($0.id), "name": .string($0.name)] }))
        fieldsJSON = Self.text(
            .array(
                document.fields.filter { $0.fileIndex >= 0 }.map { field in
                    [
                        "type": .string(field.type.rawValue), "recipient": .string(field.recipientID), "page": .integer(field.pageIndex + 1),
                        "x": .number(field.x), "y": .number(field.y), "width": .number(field.width), "height": .number(field.height),
                        "required": .bool(field.required),
                    ]
                }))
        fieldKinds = Self.fieldKinds.map { type, label in
            FieldKind(type: type.rawValue, label: label, width: type.defaultSize.width, height: type.defaultSize.height)
        }
    }

    /// `value` as compact JSON text with sorted keys, for a data attribute (the template
    /// escapes it).
    private static func text(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? String(decoding: encoder.encode(value), as: UTF8.self)) ?? "[]"
    }
}
