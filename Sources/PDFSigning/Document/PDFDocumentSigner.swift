import Foundation
import PDF
import TimeStamping

/// Signs PDF files: each call adds one signature by an incremental update, so that every
/// signature made before stays valid (ISO 32000-1 §12.8, ETSI EN 319 142-1).
///
/// The update adds a signature dictionary, a signature field merged with its widget
/// annotation (visible with an appearance stream, or invisible) or with any number of
/// widgets as its `/Kids` (``PDFSignatureOptions/widgets``), each widget to its page's
/// `/Annots` and the field to `/AcroForm /Fields` with `/SigFlags 3`. Nothing else changes:
/// no page content, no resources, so validators see only a new signature field with its
/// widgets, which later signatures may add. The signature covers the whole file except the
/// CMS in `/Contents`, whose space is reserved and filled in place.
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
    /// - Throws: ``PDFSigningError`` when the file cannot be read or a page does not exist;
    ///   the CMS signer's errors.
    public func sign(_ bytes: [UInt8], options: PDFSignatureOptions) async throws -> [UInt8] {
        try await sign(try Self.open(bytes), options: options)
    }

    /// `file`'s bytes with one more signature: for callers that opened the file already, to
    /// read its pages, so that it is not parsed twice.
    ///
    /// - Throws: ``PDFSigningError`` when the file cannot be read or a page does not exist;
    ///   the CMS signer's errors.
    public func sign(_ file: PDFFile, options: PDFSignatureOptions) async throws -> [UInt8] {
        let prepared = try prepare(file, options: options)
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

    /// `bytes` opened as a PDF file.
    private static func open(_ bytes: [UInt8]) throws(PDFSigningError) -> PDFFile {
        do {
            return try PDFFile(bytes: bytes)
        } catch {
            throw .unreadable(error)
        }
    }

    /// The update with placeholders for the byte range and the CMS, and where they are: a
    /// signature dictionary, the field and its widgets, the pages' `/Annots` and the form's
    /// `/Fields` (see ``sign(_:options:)-(PDFFile,_)``).
    private func prepare(
        _ file: PDFFile, options: PDFSignatureOptions
    ) throws(PDFSigningError) -> (output: [UInt8], placeholder: PDFSignaturePlaceholder) {
        let pages: [PDFFilePage]
        do {
            pages = try file.pages()
        } catch {
            throw .unreadable(error)
        }
        func page(_ index: Int) throws(PDFSigningError) -> PDFFilePage {
            guard pages.indices.contains(index) else {
                throw .noSuchPage(index, pageCount: pages.count)
            }
            return pages[index]
        }
        var widgets: [(page: PDFFilePage, widget: PDFSignatureWidget)] = []
        if let appearance = options.appearance {
            let page = try page(appearance.pageIndex)
            let stream = PDFSignatureAppearanceBuilder.appearance(appearance, geometry: PDFPageGeometry(page: page))
            let rect = PDFRect(x: appearance.origin.x, y: appearance.origin.y, width: stream.size.width, height: stream.size.height)
            widgets.append((page, PDFSignatureWidget(pageIndex: appearance.pageIndex, rect: rect, appearance: stream)))
        }
        for widget in options.widgets {
            widgets.append((try page(widget.pageIndex), widget))
        }
        let invisibleOn = try page(0)
        do {
            return try prepareUpdate(file: file, widgets: widgets, mergedWith: options.widgets.isEmpty, invisibleOn: invisibleOn, options: options)
        } catch {
            throw .unreadable(error)
        }
    }

    /// Builds the update of `file` with `widgets`: one widget merged with the field when
    /// `merged` (an invisible one on `invisibleOn` when there is none), else the field's
    /// `/Kids`.
    private func prepareUpdate(
        file: PDFFile,
        widgets: [(page: PDFFilePage, widget: PDFSignatureWidget)],
        mergedWith merged: Bool,
        invisibleOn invisiblePage: PDFFilePage,
        options: PDFSignatureOptions
    ) throws(PDFReadError) -> (output: [UInt8], placeholder: PDFSignaturePlaceholder) {
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

        let field: PDFDictionary = [
            "FT": .name("Sig"),
            "T": .string(PDFTextString.encode(fieldName)),
            "V": .reference(signatureReference),
        ]
        let fieldReference: PDFReference
        if merged {
            var widget: PDFDictionary = ["Type": .name("Annot"), "Subtype": .name("Widget")]
            for (key, value) in field.entries {
                widget[key] = value
            }
            let page: PDFFilePage
            if let (markPage, mark) = widgets.first {
                page = markPage
                for (key, value) in Self.widgetEntries(mark, on: page, in: &update).entries {
                    widget[key] = value
                }
            } else {
                page = invisiblePage
                widget["F"] = .integer(132)
                widget["P"] = .reference(page.reference)
                widget["Rect"] = .array([.integer(0), .integer(0), .integer(0), .integer(0)])
            }
            fieldReference = update.add(.dictionary(widget))
            try update.addAnnotation(fieldReference, to: page.reference)
        } else {
            fieldReference = update.allocate()
            var kids: [PDFObject] = []
            for (page, mark) in widgets {
                // The widget repeats the field's /V. Readers that follow ISO 32000 take the value
                // from the field and ignore it here, but older Poppler (22.12, in Debian 12) takes
                // a widget that has a /Parent for a field of its own and reads /V from it without
                // inheriting; without it, its pdfsig reports every widget as an unsigned field.
                var widget: PDFDictionary = [
                    "Type": .name("Annot"), "Subtype": .name("Widget"),
                    "Parent": .reference(fieldReference), "V": .reference(signatureReference),
                ]
                for (key, value) in Self.widgetEntries(mark, on: page, in: &update).entries {
                    widget[key] = value
                }
                let widgetReference = update.add(.dictionary(widget))
                try update.addAnnotation(widgetReference, to: page.reference)
                kids.append(.reference(widgetReference))
            }
            var parent = field
            parent["Kids"] = .array(kids)
            update.write(.object(.dictionary(parent)), as: fieldReference)
        }
        try update.addFormField(fieldReference, signatureFlags: 3)

        let output = update.serialize()
        let placeholder = try PDFSignaturePlaceholder(in: output.bytes, objectOffset: output.objectOffsets[signatureReference.number]!)
        return (output.bytes, placeholder)
    }

    /// The flags, page, rectangle and appearance of a widget showing `mark` on `page`; writes
    /// the appearance stream, turned upright for the page's rotation, to `update`.
    private static func widgetEntries(_ mark: PDFSignatureWidget, on page: PDFFilePage, in update: inout PDFIncrementalUpdate) -> PDFDictionary {
        let geometry = PDFPageGeometry(page: page)
        var appearance = mark.appearance
        appearance.matrix = geometry.uprightMatrix
        return [
            "F": .integer(132),
            "P": .reference(page.reference),
            "Rect": geometry.userSpaceRect(mark.rect).corners,
            "AP": .dictionary(["N": .reference(appearance.write(to: &update))]),
        ]
    }
}
