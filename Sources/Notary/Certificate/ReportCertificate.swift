import Foundation
import NotaryProof
import PDF
import QRCode

/// A report's certificate of existence: one A4 page that states what was notarized, when,
/// and where in the log, with a QR code of the public verify page, and the proof bundle's
/// files attached, so that the PDF alone is a complete offline proof.
struct ReportCertificate {
    /// A notarized file as the certificate lists it.
    struct File {
        let name: String
        let sha256: String
    }

    /// The report's RFC 3161 token, as verified against the TSA root.
    struct TimeStamp {
        let time: Date
        let serialNumber: String
    }

    let slug: String
    let name: String?
    let reportHash: String
    let files: [File]
    let logOrigin: String
    let logKeyID: String
    let logIndex: Int
    let leafHash: String
    let checkpointSize: Int
    let checkpointRoot: String
    let checkpointTime: Date
    let timeStamp: TimeStamp?
    let tsaRootFingerprint: String
    let verifyURL: String
    let attachments: [ProofBundle.File]

    /// The certificate as PDF bytes.
    func pdf(created: Date) -> [UInt8] {
        var page = PDFPage(size: .a4)
        var layout = CertificateLayout(content: page.content)
        layout.banner("Certificate of Existence", subtitle: "Chancery Notary · \(logOrigin)")
        layout.paragraph(
            "The files below, identified by their SHA-256 digests, existed no later than "
                + "\(Self.format(timeStamp?.time ?? checkpointTime)). Their report was entered in the transparency log "
                + "\(logOrigin) and time-stamped under RFC 3161. Anyone can check this without trusting the issuer: "
                + "the proof files are attached to this PDF."
        )

        layout.heading("Report")
        layout.field("Slug", slug)
        if let name, !name.isEmpty { layout.field("Name", name) }
        layout.field("Report hash", reportHash, monospaced: true)
        for file in files {
            layout.field(file.name.isEmpty ? "File" : file.name, file.sha256, monospaced: true)
        }

        layout.heading("Transparency log")
        layout.field("Log", logOrigin)
        layout.field("Log key ID", logKeyID, monospaced: true)
        layout.field("Entry index", String(logIndex))
        layout.field("Leaf hash", leafHash, monospaced: true)
        layout.field("Checkpoint", "size \(checkpointSize), signed \(Self.format(checkpointTime))")
        layout.field("Checkpoint root", checkpointRoot, monospaced: true)

        layout.heading("Time-stamp (RFC 3161)")
        if let timeStamp {
            layout.field("Time", Self.format(timeStamp.time))
            layout.field("Serial number", timeStamp.serialNumber, monospaced: true)
        } else {
            layout.field("Time", "none: the report hash is not a SHA-256 digest")
        }
        layout.field("TSA root SHA-256", tsaRootFingerprint, monospaced: true)

        layout.heading("Verify")
        let link = layout.qrCode(verifyURL, caption: "Scan or open \(verifyURL) to check the report online.")
        layout.paragraph(
            "Offline: extract the attachments (pdfdetach -saveall) and follow VERIFY.txt, or run "
                + "chancery verify FILE \(slug).chancery-proof.zip. Attached: "
                + attachments.map(\.name).joined(separator: ", ") + "."
        )
        page.content = layout.content
        if let link { page.links.append(PDFLink(rect: link, uri: verifyURL)) }

        var document = PDFDocument(
            info: PDFDocumentInfo(
                title: "Certificate of Existence \(slug)", subject: "Notarized report \(slug) in \(logOrigin)",
                creator: "Chancery Notary", producer: "Chancery", creationDate: PDFDate(created)
            ))
        document.pages.append(page)
        for file in attachments {
            document.attach(
                PDFAttachment(name: file.name, contents: file.contents, mimeType: file.mediaType, fileDescription: "Proof of report \(slug)"))
        }
        return document.serialized()
    }

    /// A time as the certificate prints it: `2026-11-21 15:04:05 UTC`.
    private static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withSpaceBetweenDateAndTime, .withTime, .withColonSeparatorInTime]
        return formatter.string(from: date) + " UTC"
    }
}
