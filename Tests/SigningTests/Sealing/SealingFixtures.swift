import Foundation
import PDF
import PDFSigning
import SwiftASN1
import TimeStamping

@testable import Signing

/// Keys, documents and pictures the sealing tests share.
enum SealingFixtures {
    /// Signing keys generated once for all tests, in a directory of their own.
    static let keysDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("SealingKeys-\(UUID().uuidString)").path
    /// The keys in ``keysDirectory``.
    static let keys = try! SigningKeys.loadOrCreate(in: keysDirectory, commonName: "Chancery Test")
    /// A time-stamping authority for B-T signatures.
    static let tsaKeys = try! TSAKeys.generate(commonName: "Chancery Test TSA")
    /// A time-stamper over ``tsaKeys``.
    static let timeStamper = AuthorityTimeStamper(authority: try! tsaKeys.authority(policy: [1, 3, 6, 1, 4, 1, 99999, 2]))

    /// A PDF from the PDF module's writer: one page of `size` per label, each showing its
    /// label near the top.
    static func document(_ labels: [String], size: PDFSize = .a4) -> [UInt8] {
        var document = PDFDocument(info: PDFDocumentInfo(title: labels.first ?? ""))
        for label in labels {
            var page = PDFPage(size: size)
            page.content.drawText(label, at: PDFPoint(x: 72, y: size.height - 72), font: .helvetica, size: 14)
            document.pages.append(page)
        }
        return document.serialized()
    }

    /// A PNG (or, with `format` "jpeg", a JPEG) picture `width` × `height` pixels, black with
    /// a white frame `frame` pixels wide, made by rendering a PDF with `pdftoppm`.
    static func picture(width: Int, height: Int, frame: Int = 0, format: String = "png", in scratch: SealingScratch) async throws -> [UInt8] {
        var page = PDFPage(size: PDFSize(width: Double(width), height: Double(height)))
        page.content.fill(PDFRect(x: Double(frame), y: Double(frame), width: Double(width - 2 * frame), height: Double(height - 2 * frame)))
        var document = PDFDocument()
        document.pages.append(page)
        let source = try scratch.write(document.serialized(), to: "picture-\(UUID().uuidString).pdf")
        let prefix = scratch.url.appendingPathComponent("picture-\(UUID().uuidString)").path
        let result = try await ValidatorTool("pdftoppm").run(["-r", "72", "-\(format)", "-singlefile", source, prefix], in: scratch.url)
        guard result.status == 0 else { throw ValidatorTool.Failure(description: "pdftoppm: \(result.errors)") }
        return Array(try Data(contentsOf: URL(fileURLWithPath: prefix + (format == "png" ? ".png" : ".jpg"))))
    }

    /// The PEM files validators trust: the signing CA and the TSA's root.
    static func trustRoots(in scratch: SealingScratch) throws -> [String] {
        [
            try scratch.write(Array(keys.caCertificatePEM.utf8), to: "signing-ca.pem"),
            try scratch.write(Array(try tsaKeys.rootCertificatePEM.utf8), to: "tsa-root.pem"),
        ]
    }
}
