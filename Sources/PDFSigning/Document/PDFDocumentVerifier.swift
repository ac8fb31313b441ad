import Foundation
import PDF
import X509

/// Checks every signature of a PDF file: that its byte range is sound, that the digest of
/// the signed bytes matches, that the CMS signature holds, and that the signer's
/// certificate chains to one of the trusted roots. A signature time-stamp, when present, must
/// chain to one of them too.
///
/// ```swift
/// let reports = try await PDFDocumentVerifier(trustedRoots: [ca]).verify(pdfBytes)
/// let allHold = !reports.isEmpty && reports.allSatisfy(\.isValid) && reports.last!.coversWholeFile
/// ```
public struct PDFDocumentVerifier: Sendable {
    /// The certificates a signer's chain, and a time-stamping authority's, must end at.
    public var trustedRoots: [Certificate]

    /// Creates a verifier trusting `trustedRoots`.
    public init(trustedRoots: [Certificate]) {
        self.trustedRoots = trustedRoots
    }

    /// A report for each signature, in the order of the file's form fields.
    ///
    /// - Throws: ``PDFSigningError/unreadable(_:)`` when the file cannot be read.
    public func verify(_ bytes: [UInt8]) async throws -> [PDFSignatureReport] {
        let signatures = try Self.signatureDictionaries(in: bytes)
        var reports: [PDFSignatureReport] = []
        for (name, dictionary) in signatures {
            reports.append(await report(name: name, dictionary: dictionary, bytes: bytes))
        }
        return reports
    }

    /// The signature fields' names and signature dictionaries, in form order.
    private static func signatureDictionaries(in bytes: [UInt8]) throws(PDFSigningError) -> [(name: String, dictionary: PDFDictionary)] {
        do {
            let file = try PDFFile(bytes: bytes)
            return try file.formFields().compactMap { field in
                guard field.type == "Sig", let dictionary = field.value?.dictionaryValue else { return nil }
                return (field.name, dictionary)
            }
        } catch {
            throw .unreadable(error)
        }
    }

    /// Checks the signature dictionary `dictionary` of field `name`.
    private func report(name: String, dictionary: PDFDictionary, bytes: [UInt8]) async -> PDFSignatureReport {
        let byteRange = dictionary["ByteRange"]?.arrayValue?.compactMap(\.integerValue) ?? []
        var report = PDFSignatureReport(
            fieldName: name,
            subFilter: dictionary["SubFilter"]?.nameValue,
            byteRange: byteRange,
            coversWholeFile: false,
            coversRevision: false,
            cms: nil,
            problems: [],
            claimedSigningTime: dictionary["M"]?.stringBytes.flatMap { PDFDate(text: String(decoding: $0, as: UTF8.self))?.date }
        )
        guard let ranges = PDFSignedRanges(byteRange: byteRange, fileSize: bytes.count) else {
            report.problems.append("the /ByteRange \(byteRange) is not two ranges inside the file")
            return report
        }
        report.coversWholeFile = ranges.end == bytes.count
        report.coversRevision = ranges.endsAtRevision(in: bytes)
        guard let cms = ranges.signatureContents(in: bytes) else {
            report.problems.append("the gap in the /ByteRange is not exactly the /Contents hexadecimal string")
            return report
        }
        let content = DetachedContent(bytes: Array(bytes[ranges.first]) + Array(bytes[ranges.second]))
        do {
            report.cms = try await CMSSignatureVerifier(trustedRoots: trustedRoots, timeStampRoots: trustedRoots).verify(
                signatureDER: cms, content: content, claimedSigningTime: report.claimedSigningTime
            )
        } catch {
            report.problems.append("the CMS in /Contents cannot be read: \(error)")
        }
        return report
    }
}
