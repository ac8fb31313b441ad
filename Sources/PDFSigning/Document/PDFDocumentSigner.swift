import Foundation
import PDF
import TimeStamping

/// Signs PDF files: each call adds one signature by an incremental update, so that every
/// signature made before stays valid (ISO 32000-1 §12.8, ETSI EN 319 142-1).
///
/// The update adds a signature dictionary, a signature field merged with its widget
/// annotation (visible with an appearance stream, or invisible), the widget to its page's
/// `/Annots` and the field to `/AcroForm /Fields` with `/SigFlags 3`. Nothing else changes:
/// no page content, no resources. The signature covers the whole file except the CMS in
/// `/Contents`, whose space is reserved and filled in place.
///
/// ```swift
/// let credentials = try PDFSignatureCredentials(certificateChainPEM: chain, privateKeyPEM: key)
/// let signer = PDFDocumentSigner(signer: try CMSDetachedSigner(credentials: credentials, profile: .padesBaselineB))
/// let signed = try await signer.sign(pdfBytes, options: PDFSignatureOptions(reason: "Approved"))
/// ```
public struct PDFDocumentSigner: Sendable {
    /// Makes the CMS.
    public let signer: CMSDetachedSigner

    /// Creates a document signer that signs with `signer`.
    public init(signer: CMSDetachedSigner) {
        self.signer = signer
    }

    /// `bytes` with one more signature.
    ///
    /// - Throws: ``PDFSigningError`` when the file cannot be read or the page does not exist;
    ///   the CMS signer's errors.
    public func sign(_ bytes: [UInt8], options: PDFSignatureOptions) async throws -> [UInt8] {
        let prepared = try prepare(bytes, options: options)
        var output = prepared.output
        let placeholder = prepared.placeholder
        let byteRange = placeholder.byteRange(fileSize: output.count)
        placeholder.patch(byteRange: byteRange, in: &output)

        let signedBytes = output[byteRange[0]..<byteRange[0] + byteRange[1]] + output[byteRange[2]..<byteRange[2] + byteRange[3]]
        let digest = signer.digestAlgorithm.hash(signedBytes)

        let cms = try await signer.signature(forContentDigest: digest, signingTime: options.signingTime)
        try placeholder.patch(contents: cms, in: &output)
        return output
    }

    /// The update with placeholders for the byte range and the CMS, and where they are: a
    /// signature dictionary, the field and widget, the page's `/Annots` and the form's
    /// `/Fields` (see ``sign(_:options:)``).
    private func prepare(_ bytes: [UInt8], options: PDFSignatureOptions) throws(PDFSigningError) -> (output: [UInt8], placeholder: PDFSignaturePlaceholder) {
        let file: PDFFile
        let pages: [PDFFilePage]
        do {
            file = try PDFFile(bytes: bytes)
            pages = try file.pages()
        } catch {
            throw .unreadable(error)
        }
        let pageIndex = options.appearance?.pageIndex ?? 0
        guard pages.indices.contains(pageIndex) else {
            throw .noSuchPage(pageIndex, pageCount: pages.count)
        }
        do {
            return try prepareUpdate(file: file, page: pages[pageIndex], options: options)
        } catch {
            throw .unreadable(error)
        }
    }

    /// Builds the update of `file` with the widget on `page`.
    private func prepareUpdate(file: PDFFile, page: PDFFilePage, options: PDFSignatureOptions) throws(PDFReadError) -> (output: [UInt8], placeholder: PDFSignaturePlaceholder) {
        let existingNames = Set(try file.formFields().map(\.name))
        let fieldName = options.fieldName ?? (1...).lazy.map { "Signature\($0)" }.first { !existingNames.contains($0) }!

        let reserved = options.reservedSize ?? (signer.timeStamper == nil ? 8192 : 24_576)
        var update = PDFIncrementalUpdate(file: file)
        var signature: PDFDictionary = [
            "Type": .name("Sig"),
            "Filter": .name("Adobe.PPKLite"),
            "SubFilter": .name(signer.profile.subFilter),
            "M": .string(Array(PDFDate(options.signingTime).text.utf8)),
        ]
        let texts: [(key: String, value: String?)] = [
            ("Name", options.signerName), ("Reason", options.reason),
            ("Location", options.location), ("ContactInfo", options.contactInfo),
        ]
        for (key, value) in texts {
            if let value { signature[key] = .string(PDFTextString.encode(value)) }
        }
        signature["ByteRange"] = PDFSignaturePlaceholder.byteRangePlaceholder
        signature["Contents"] = .hexString([UInt8](repeating: 0, count: reserved))
        let signatureReference = update.add(.dictionary(signature))

        var widget: PDFDictionary = [
            "Type": .name("Annot"),
            "Subtype": .name("Widget"),
            "FT": .name("Sig"),
            "T": .string(PDFTextString.encode(fieldName)),
            "V": .reference(signatureReference),
            "F": .integer(132),
            "P": .reference(page.reference),
        ]
        if let appearance = options.appearance {
            let geometry = PDFPageGeometry(page: page)
            let stream = PDFSignatureAppearanceBuilder.appearance(appearance, geometry: geometry)
            let visibleRect = PDFRect(x: appearance.origin.x, y: appearance.origin.y, width: stream.size.width, height: stream.size.height)
            widget["Rect"] = geometry.userSpaceRect(visibleRect).corners
            widget["AP"] = .dictionary(["N": .reference(stream.write(to: &update))])
        } else {
            widget["Rect"] = .array([.integer(0), .integer(0), .integer(0), .integer(0)])
        }
        let widgetReference = update.add(.dictionary(widget))
        try update.addAnnotation(widgetReference, to: page.reference)
        try update.addFormField(widgetReference, signatureFlags: 3)

        let output = update.serialize()
        let placeholder = try PDFSignaturePlaceholder(in: output.bytes, objectOffset: output.objectOffsets[signatureReference.number]!)
        return (output.bytes, placeholder)
    }
}
