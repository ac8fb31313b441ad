import AsyncHTTPClient
import Conversion
import Crypto
import NIOCore
import PDF
import Storage

/// Turns the files of a create-document request into PDF: decodes `file_base64` or downloads
/// `file_url` (see ``FileSource``), tells the file's type by its content, and converts it.
///
/// - PDF files are taken as they are, after checking that they can be read and are not
///   encrypted.
/// - PNG and JPEG pictures become a one-page PDF, the page the picture's size at 96 dpi
///   (see ``ImagePage``).
/// - TIFF and WebP pictures, HTML pages and office documents (Word, Excel, PowerPoint,
///   Pages, Numbers, Keynote, OpenDocument) are converted by LibreOffice when it is
///   installed (``IntakePolicy/officeConverter``), else refused with an error saying so.
///   Which office formats convert depends on the LibreOffice components installed: Writer
///   alone converts text documents, HTML and pictures; spreadsheets need Calc and
///   presentations Impress.
///
/// ```swift
/// let intake = DocumentIntake(policy: .standard)
/// let file = try await intake.pdf(name: "nda.docx", from: .base64(body.fileBase64))
/// print(file.pageCount, file.originalSHA256)
/// ```
///
/// An intake owns no long-lived resources: each download makes an HTTP client on
/// `eventLoopGroup` and shuts it down when done (see ``FileDownloader`` for why), and each
/// conversion starts LibreOffice and waits for it to end. It can be shared freely.
public struct DocumentIntake: Sendable {
    /// The limits and guards.
    public let policy: IntakePolicy
    /// The downloader of `file_url`s.
    private let downloader: FileDownloader

    /// Creates an intake that applies `policy`, downloading on `eventLoopGroup`.
    public init(policy: IntakePolicy = .standard, eventLoopGroup: any EventLoopGroup = HTTPClient.defaultEventLoopGroup) {
        self.policy = policy
        self.downloader = FileDownloader(policy: policy, eventLoopGroup: eventLoopGroup)
    }

    /// The file `name`, whose bytes come from `source`, as PDF.
    ///
    /// - Throws: ``IntakeError`` naming the file and saying what is wrong with it;
    ///   `CancellationError` when the task is cancelled.
    public func pdf(name: String, from source: FileSource) async throws -> IntakeFile {
        do {
            let bytes = try await originalBytes(from: source)
            guard !bytes.isEmpty else {
                throw IntakeFailure(.emptyFile, "the file is empty")
            }
            let kind = try FileKind.detect(bytes, name: name)
            let pdf = try await convert(bytes, kind: kind, name: name)
            let pageCount = try Self.pageCount(of: pdf, converted: kind != .pdf)
            return IntakeFile(name: name, pdf: pdf, pageCount: pageCount, originalSHA256: SHA256.hash(data: bytes).hex)
        } catch let failure as IntakeFailure {
            throw failure.error(forFileNamed: name)
        }
    }

    /// The bytes `source` gives.
    private func originalBytes(from source: FileSource) async throws -> [UInt8] {
        switch source {
        case .base64(let text):
            return try Base64FileDecoder.decode(text, maximumSize: policy.maximumFileSize)
        case .url(let url):
            return try await downloader.download(url)
        }
    }

    /// `bytes`, a file of `kind` named `name`, as PDF.
    private func convert(_ bytes: [UInt8], kind: FileKind, name: String) async throws -> [UInt8] {
        switch kind {
        case .pdf:
            return bytes
        case .png, .jpeg:
            return try await IntakeFailure.converting { try ImagePage.pdf(from: bytes, format: kind == .png ? .png : .jpeg, title: name) }
        case .tiff, .webp:
            let size = kind == .tiff ? RasterDimensions.ofTIFF(bytes) : RasterDimensions.ofWebP(bytes)
            guard let size else {
                throw IntakeFailure(.unreadableFile, "the image cannot be read: its header is damaged")
            }
            let document = ImageTextDocument.fodt(picture: bytes, width: size.width, height: size.height)
            let converter = try officeConverter(for: "TIFF and WebP images")
            return try await IntakeFailure.converting { try await converter.pdf(from: document, fileExtension: "fodt") }
        case .html:
            let converter = try officeConverter(for: "HTML files")
            return try await IntakeFailure.converting { try await converter.pdf(from: bytes, fileExtension: "html") }
        case .office(let fileExtension):
            let converter = try officeConverter(for: "office documents")
            return try await IntakeFailure.converting { try await converter.pdf(from: bytes, fileExtension: fileExtension) }
        }
    }

    /// The converter, or the error saying that `files` need LibreOffice.
    private func officeConverter(for files: String) throws -> OfficeConverter {
        guard let executable = policy.officeConverter else {
            throw IntakeFailure(.converterUnavailable, "\(files) need LibreOffice on the server, which is not installed; upload a PDF")
        }
        return OfficeConverter(ConversionProgram(executable: executable, timeLimit: policy.conversionTimeout))
    }

    /// The number of pages of `pdf`, after checking that it can be read. `converted` says
    /// whether the server made the PDF, for the message when it cannot be read.
    private static func pageCount(of pdf: [UInt8], converted: Bool) throws -> Int {
        let pages: [PDFFilePage]
        do {
            pages = try PDFFile(bytes: pdf).pages()
        } catch .encrypted {
            throw IntakeFailure(
                .encryptedPDF, "the PDF is encrypted or password-protected; upload it without encryption (for example after qpdf --decrypt)")
        } catch {
            throw converted
                ? IntakeFailure(.conversionFailed, "the file was converted to a PDF that cannot be read: \(error)")
                : IntakeFailure(.unreadableFile, "the PDF cannot be read: \(error)")
        }
        guard !pages.isEmpty else {
            throw IntakeFailure(.unreadableFile, "the PDF has no pages")
        }
        return pages.count
    }
}
