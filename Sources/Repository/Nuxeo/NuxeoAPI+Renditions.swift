import Conversion
import Foundation
import HTTPSupport
import Hummingbird
import JSON

/// `@convert` and `@rendition/{name}`: a document's files converted, and its renditions.
extension NuxeoAPI {
    /// `@convert`: the blob at `xpath` converted by converter name (`converter`), to a MIME
    /// type (`type`) or to a file format (`format`), as Nuxeo's convert adapter takes them.
    /// Conversions go through ``BlobConverter``; what it cannot make is refused with 501 and
    /// Nuxeo's "Converter … is not available", never answered with the unconverted bytes.
    func convert(_ call: NuxeoCall, _ document: Document, xpath: String) async throws -> Response {
        guard let blob = repository.blob(at: xpath, of: document) else {
            throw APIError(.notFound, "no blob at \(xpath) of \(document.path)")
        }
        let parameter = { (name: String) in call.query[name].flatMap { $0.isEmpty ? nil : $0 } }
        let mimeType: String
        if let converter = parameter("converter") {
            guard let named = Self.namedConverters[converter] else { throw APIError(.notImplemented, "Converter \(converter) is not available") }
            mimeType = named
        } else if let type = parameter("type") {
            mimeType = type.lowercased()
        } else if let format = parameter("format") {
            guard let type = Self.conversionFormats[format.lowercased()] else {
                throw APIError(.badRequest, "the format '\(format)' is not one of \(Self.conversionFormats.keys.sorted().joined(separator: ", "))")
            }
            mimeType = type
        } else {
            throw APIError(.badRequest, "No converter, type or format parameter specified")
        }
        let source = BlobSourceType(blob).mimeType
        if source == mimeType {
            return try BlobResponse.make(blob, store: repository.blobs, rangeHeader: call.request.headers[.range])
        }
        guard let target = Self.conversionTargets[mimeType] else {
            throw APIError(.notImplemented, "Converter from \(source) to \(mimeType) is not available")
        }
        let bytes = try await converter.convert(blob, from: repository.blobs, to: target)
        return BlobResponse.made(
            bytes, name: (blob.name as NSString).deletingPathExtension + "." + Self.fileExtension(of: target), mimeType: target.mimeType)
    }

    /// `@rendition/{name}`: the rendition `name` of `document`.
    func rendition(_ call: NuxeoCall, _ document: Document, name: String) async throws -> Response {
        guard let rendition = Rendition(rawValue: name) else {
            throw APIError(
                .notFound,
                "Rendition \(name) is not available for \(document.path); the renditions are \(Rendition.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        let base = document.name.isEmpty ? document.id : document.name
        switch rendition {
        case .thumbnail, .pdf:
            guard let blob = repository.blob(at: "blobholder:0", of: document) else {
                throw APIError(.notFound, "Rendition \(name) is not available for \(document.path): it has no main file")
            }
            let target: BlobConverter.Target = rendition == .pdf ? .pdf : .picture(.png, longestSide: Rendition.thumbnailSide)
            let bytes = try await converter.convert(blob, from: repository.blobs, to: target)
            let fileName = rendition == .pdf ? (blob.name as NSString).deletingPathExtension + ".pdf" : base + "-thumbnail.png"
            return BlobResponse.made(bytes, name: fileName, mimeType: target.mimeType)
        case .xmlExport:
            return BlobResponse.made(try await xmlExport(of: document).bytes, name: base + ".xml", mimeType: "text/xml")
        case .zipExport:
            let export = try await xmlExport(of: document)
            let archive = DocumentZipExport(export: export, blobs: BlobInfo.all(in: .object(document.properties)))
            let bytes = try await archive.bytes(from: repository.blobs, maximumSize: converter.maximumInputSize)
            return BlobResponse.made(bytes, name: base + ".zip", mimeType: "application/zip")
        }
    }

    /// The XML export of `document`.
    private func xmlExport(of document: Document) async throws -> DocumentXMLExport {
        let (local, _) = try await repository.acls(of: document)
        return DocumentXMLExport(
            document: document, schemas: repository.schemas(of: document), facets: repository.facets(of: document), localACL: local)
    }

    /// The file extension of what `target` makes.
    private static func fileExtension(of target: BlobConverter.Target) -> String {
        switch target {
        case .pdf: "pdf"
        case .picture(let format, _): format == .png ? "png" : "jpg"
        }
    }

    /// The file formats `@convert` names, by the MIME type they stand for.
    private static let conversionFormats: [String: String] = [
        "pdf": "application/pdf", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "txt": "text/plain", "text": "text/plain", "html": "text/html", "xml": "application/xml", "json": "application/json",
    ]

    /// The conversions this server makes, by the MIME type asked for.
    private static let conversionTargets: [String: BlobConverter.Target] = [
        "application/pdf": .pdf, "image/png": .picture(.png, longestSide: nil), "image/jpeg": .picture(.jpeg, longestSide: nil),
    ]

    /// Nuxeo's converter names for the conversions this server makes, by the MIME type they make.
    private static let namedConverters: [String: String] = [
        "any2pdf": "application/pdf", "office2pdf": "application/pdf", "image2pdf": "application/pdf",
        "pdf2image": "image/png", "any2image": "image/png",
    ]
}
