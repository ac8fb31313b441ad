import ArgumentParser
import Foundation
import SignWellSDK

extension SignCommand {
    /// `chancery sign create FILE…`: sends files for signing.
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create",
            abstract: "Send files for signing; print the document's id and each recipient's signing URL.",
            discussion: """
                Each --recipient is NAME:EMAIL; they are numbered from 1 in the order given. \
                Each --field is RECIPIENT#:TYPE:PAGE:X:Y[:W:H] and goes on the first file: X, Y \
                (and the width W and height H) are in pixels at 96 per inch from the page's \
                top-left corner, PAGE counts from 1, TYPE is one of \
                \(FieldType.knownValues.map(\.rawValue).joined(separator: ", ")). Without \
                --field, a signature page is added at the end for every recipient.

                Prints the document's id on the first line, then one line per recipient: \
                number, name, address, signing URL, and the embedded signing URL when it differs. \
                With --json, prints the document as the server described it.

                Examples:
                  chancery sign create nda.pdf --recipient "Jane Roe:jane@example.com"
                  chancery sign create offer.pdf annex.pdf --name Offer --signing-order \\
                    --recipient "Jane Roe:jane@example.com" \\
                    --recipient "Max Mustermann:max@example.com" \\
                    --field 1:signature:2:80:900:200:50 --field 2:signature:2:480:900:200:50
                """
        )

        @OptionGroup var connection: Connection

        @Argument(help: ArgumentHelp("The files to sign (PDF).", valueName: "file"))
        var files: [String]

        @Option(name: .customLong("recipient"), help: ArgumentHelp("Someone who signs, as NAME:EMAIL; repeat for each.", valueName: "name:email"))
        var recipients: [RecipientArgument] = []

        @Option(
            name: .customLong("field"),
            help: ArgumentHelp("A field on the first file, as RECIPIENT#:TYPE:PAGE:X:Y[:W:H]; repeat for each.", valueName: "field"))
        var fields: [FieldArgument] = []

        @Option(help: ArgumentHelp("The document's name. (default: the first file's name)", valueName: "name"))
        var name: String?

        @Flag(help: "Keep the document as a draft instead of sending it.")
        var draft = false

        @Flag(name: .customLong("signing-order"), help: "Recipients sign one after another, in the order given.")
        var signingOrder = false

        @Flag(name: .customLong("signature-page"), help: "Add a page at the end where every recipient signs (always, without --field).")
        var signaturePage = false

        @Flag(name: .customLong("embedded"), help: "Recipients sign inside an app, at their embedded signing URL.")
        var embedded = false

        @Flag(name: .customLong("test-mode"), help: "Make a test document.")
        var testMode = false

        @Flag(help: "Print the document as JSON.")
        var json = false

        func validate() throws {
            guard !recipients.isEmpty else { throw ValidationError("at least one --recipient NAME:EMAIL is needed") }
            if let field = fields.first(where: { $0.recipientNumber > recipients.count }) {
                throw ValidationError("a --field names recipient \(field.recipientNumber), but there are \(recipients.count) --recipient")
            }
        }

        func run() async throws {
            let client = try connection.client()
            let documentFiles = try files.map { path in
                let url = URL(fileURLWithPath: path)
                guard let contents = FileManager.default.contents(atPath: url.path) else {
                    throw ConfigurationError("\(path) is not a readable file")
                }
                return DocumentFile(name: url.lastPathComponent, contents: contents)
            }
            var request = CreateDocumentRequest(
                files: documentFiles,
                recipients: recipients.enumerated().map { Recipient(id: String($0 + 1), name: $1.name, email: $1.email) },
                fields: fields.isEmpty ? nil : [fields.map(\.field)] + Array(repeating: [], count: documentFiles.count - 1),
                name: name ?? documentFiles.first?.name
            )
            if draft { request.draft = true }
            if signingOrder { request.applySigningOrder = true }
            if signaturePage || fields.isEmpty { request.withSignaturePage = true }
            if embedded { request.embeddedSigning = true }
            if testMode { request.testMode = true }

            let document = try await client.createDocument(request)
            if json {
                try SignCommand.printJSON(document)
                return
            }
            print(document.id)
            for (index, recipient) in (document.recipients ?? []).enumerated() {
                var line = "\(recipient.id ?? String(index + 1))  \(recipient.name ?? "")  <\(recipient.email)>  \(recipient.signingURL ?? "-")"
                if let embedded = recipient.embeddedSigningURL, embedded != recipient.signingURL {
                    line += "  embedded: \(embedded)"
                }
                print(line)
            }
        }
    }
}
