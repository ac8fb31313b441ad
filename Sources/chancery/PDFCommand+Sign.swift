import ArgumentParser
import Foundation
import PDF
import PDFSigning

extension PDFCommand {
    /// `chancery pdf sign IN OUT --cert CHAIN.pem --key KEY.pem [--text … --page N --at X,Y] [--pades]`.
    struct Sign: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add one signature to a PDF file by an incremental update.",
            discussion: """
                Without --text the signature is invisible. With it, the text is the visible \
                signature: a box whose bottom-left corner is at --at, in points from the \
                bottom-left corner of the page as it is displayed (rotation and crop box \
                taken into account). Text outside Latin-1 (for example Japanese names) is \
                drawn in an embedded subset of a TrueType font found on the machine.
                """
        )

        @Argument(help: ArgumentHelp("The PDF file to sign.", valueName: "in"))
        var input: String

        @Argument(help: ArgumentHelp("Where to write the signed file.", valueName: "out"))
        var output: String

        @Option(help: ArgumentHelp("The signer's certificate followed by its chain, PEM.", valueName: "chain.pem"))
        var cert: String

        @Option(help: ArgumentHelp("The signer's private key, PEM (PKCS#8, RSA or EC).", valueName: "key.pem"))
        var key: String

        @Option(help: ArgumentHelp("Text shown as the visible signature.", valueName: "string"))
        var text: String?

        @Option(help: ArgumentHelp("The page the text goes on, from 1.", valueName: "n"))
        var page = 1

        @Option(help: ArgumentHelp("Where the text goes: X,Y in points from the displayed page's bottom-left corner.", valueName: "x,y"))
        var at = "36,36"

        @Option(name: .customLong("font-size"), help: ArgumentHelp("The text's size in points.", valueName: "points"))
        var fontSize = 12.0

        @Flag(help: "Make a PAdES baseline signature (ETSI.CAdES.detached) instead of adbe.pkcs7.detached.")
        var pades = false

        @Option(
            help: ArgumentHelp(
                "An RFC 3161 time-stamping service (for example a Chancery server's /tsa) whose token is added to the signature: PAdES B-T with --pades.",
                valueName: "url"))
        var tsa: String?

        @Option(
            name: .customLong("tsa-api-key"),
            help: ArgumentHelp("An API key for the TSA, sent as X-Api-Key (Chancery's own /tsa needs one).", valueName: "key"))
        var tsaAPIKey: String?

        @Option(help: ArgumentHelp("Why the document is signed.", valueName: "text"))
        var reason: String?

        @Option(help: ArgumentHelp("Where it is signed.", valueName: "text"))
        var location: String?

        func run() async throws {
            let bytes = try PDFCommand.read(input)
            let credentials: PDFSignatureCredentials
            do {
                credentials = try PDFSignatureCredentials(
                    certificateChainPEM: String(decoding: try PDFCommand.read(cert), as: UTF8.self),
                    privateKeyPEM: String(decoding: try PDFCommand.read(key), as: UTF8.self)
                )
            } catch let error as ConfigurationError {
                throw error
            } catch {
                throw ConfigurationError("cannot use \(cert) and \(key): \(error)")
            }
            var timeStamper: (any SignatureTimeStamper)?
            if let tsa {
                guard let url = URL(string: tsa) else { throw ConfigurationError("--tsa \(tsa) is not a URL") }
                timeStamper = HTTPTimeStamper(url: url, headers: tsaAPIKey.map { ["X-Api-Key": $0] } ?? [:])
            }
            var options = PDFSignatureOptions(reason: reason, location: location)
            if let text {
                options.appearance = PDFSignatureAppearance(
                    pageIndex: page - 1, origin: try position(), text: text, fontSize: fontSize, fallbackFont: try fallbackFont(for: text)
                )
            }
            let signer = PDFDocumentSigner(
                signer: try CMSDetachedSigner(credentials: credentials, profile: pades ? .padesBaselineB : .pkcs7Detached, timeStamper: timeStamper)
            )
            let signed: [UInt8]
            do {
                signed = try await signer.sign(bytes, options: options)
            } catch {
                throw ConfigurationError("\(input): \(error)")
            }
            guard FileManager.default.createFile(atPath: output, contents: Data(signed)) else {
                throw ConfigurationError("cannot write \(output)")
            }
        }

        /// An embedded font for `text` when Helvetica cannot show it: the first CJK-capable
        /// TrueType font installed.
        private func fallbackFont(for text: String) throws -> PDFEmbeddedFont? {
            guard text.unicodeScalars.contains(where: { $0.value > 0xFF }) else { return nil }
            guard let found = PDFSystemFontLocator.cjkFont() else {
                throw ConfigurationError("--text needs a font with its characters; install one, for example Debian's fonts-droid-fallback")
            }
            return PDFEmbeddedFont(font: found.font)
        }

        /// The `--at` point.
        private func position() throws -> PDFPoint {
            let parts = at.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2, let x = parts[0], let y = parts[1] else {
                throw ConfigurationError("--at \(at) is not X,Y")
            }
            return PDFPoint(x: x, y: y)
        }
    }
}
