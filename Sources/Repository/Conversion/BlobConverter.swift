import Conversion
import Foundation
import Storage

/// Converts the repository's blobs, for `@convert` and renditions.
///
/// - To PDF: a PDF is answered as it is, a PNG or JPEG picture as a page of its size
///   (``ImagePage``), and text, HTML and office documents through LibreOffice.
/// - To a PNG or JPEG picture: a picture already of that format as it is (when no size is
///   asked for), anything else by drawing the first page of its PDF (``PDFRasterizer``) at
///   96 dots per inch, the pixel size of a picture's page.
///
/// A conversion that needs a program this server lacks, or from a type no converter reads,
/// throws ``RepositoryError/converterUnavailable(_:)``: the unconverted bytes are never
/// answered for a conversion. Blobs larger than ``maximumInputSize`` are not converted.
public struct BlobConverter: Sendable {
    /// What a blob is converted to.
    public enum Target: Sendable, Equatable {
        /// A PDF file.
        case pdf
        /// A picture of the first page, at most `longestSide` pixels on its longer side;
        /// at most ``BlobConverter/largestPictureSide`` when `nil`.
        case picture(RasterFormat, longestSide: Int?)

        /// The target's MIME type.
        public var mimeType: String {
            switch self {
            case .pdf: "application/pdf"
            case .picture(let format, _): format.mimeType
            }
        }
    }

    /// LibreOffice, when installed.
    public var office: OfficeConverter?
    /// `pdftoppm`, when installed.
    public var rasterizer: PDFRasterizer?
    /// The longest side, in pixels, of a picture made without a size asked for.
    public static let largestPictureSide = 4096
    /// The largest blob converted, in bytes.
    public var maximumInputSize: Int64

    /// Creates a converter with the programs given; `nil` for one this server lacks.
    public init(office: OfficeConverter?, rasterizer: PDFRasterizer?, maximumInputSize: Int64 = 50 * 1024 * 1024) {
        self.office = office
        self.rasterizer = rasterizer
        self.maximumInputSize = maximumInputSize
    }

    /// The converter with the programs installed on this machine, each run for at most
    /// `timeLimit`.
    public static func installed(timeLimit: Duration = .seconds(120)) -> BlobConverter {
        BlobConverter(
            office: OfficeConverter.installedExecutable().map { OfficeConverter(ConversionProgram(executable: $0, timeLimit: timeLimit)) },
            rasterizer: PDFRasterizer.installedExecutable().map { PDFRasterizer(ConversionProgram(executable: $0, timeLimit: timeLimit)) }
        )
    }

    /// The bytes of `blob`, read from `store`, converted to `target`.
    ///
    /// - Throws: ``RepositoryError/converterUnavailable(_:)`` when no converter makes
    ///   `target` of the blob's type here, ``RepositoryError/conversionFailed(_:)`` when the
    ///   blob is too large, damaged, or takes too long.
    public func convert(_ blob: BlobInfo, from store: any BlobStore, to target: Target) async throws -> [UInt8] {
        let source = BlobSourceType(blob)
        if case .picture(let format, nil) = target, source == .picture(format) {
            return try await store.bytes(of: blob)
        }
        guard blob.length <= maximumInputSize else {
            throw RepositoryError.conversionFailed("The file is larger than the \(maximumInputSize / (1024 * 1024)) MiB this server converts")
        }
        let pdf = try await pdf(of: blob, source: source, store: store, for: target)
        guard case .picture(let format, let longestSide) = target else { return pdf }
        guard let rasterizer else { throw Self.unavailable(from: source.mimeType, to: target, program: "pdftoppm (Poppler)") }
        return try await Self.converting {
            try await rasterizer.firstPage(of: pdf, as: format, longestSide: longestSide ?? Self.largestPictureSide)
        }
    }

    /// The blob as a PDF, on the way to `target`.
    private func pdf(of blob: BlobInfo, source: BlobSourceType, store: any BlobStore, for target: Target) async throws -> [UInt8] {
        switch source {
        case .pdf:
            return try await store.bytes(of: blob)
        case .picture(let format):
            let bytes = try await store.bytes(of: blob)
            return try await Self.converting { try ImagePage.pdf(from: bytes, format: format, title: blob.name) }
        case .office(let fileExtension, _):
            guard let office else { throw Self.unavailable(from: source.mimeType, to: target, program: "LibreOffice") }
            let bytes = try await store.bytes(of: blob)
            return try await Self.converting { try await office.pdf(from: bytes, fileExtension: fileExtension) }
        case .other(let mimeType):
            throw RepositoryError.converterUnavailable("Converter from \(mimeType) to \(target.mimeType) is not available")
        }
    }

    /// The error for a conversion that needs `program`, which this server lacks.
    private static func unavailable(from source: String, to target: Target, program: String) -> RepositoryError {
        .converterUnavailable("Converter from \(source) to \(target.mimeType) is not available: \(program) is not installed on this server")
    }

    /// The result of `conversion`, a ``ConversionError`` it throws made a repository error.
    private static func converting<Value>(_ conversion: () async throws -> Value) async throws -> Value {
        do {
            return try await conversion()
        } catch let error as ConversionError {
            throw RepositoryError.conversionFailed("The file cannot be converted: \(error.message)")
        }
    }
}
