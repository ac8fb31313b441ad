/// Why a file of a request could not be turned into PDF: which file, and what is wrong in a
/// sentence its sender can act on.
///
/// ```
/// contract.docx: office documents need LibreOffice on the server, which is not installed; upload a PDF
/// scan.pdf: file_url http://127.0.0.1/x leads to 127.0.0.1, a loopback address (127.0.0.0/8), which this server does not fetch from
/// ```
///
/// Every reason is the client's to fix (another file, another URL) or to take up with the
/// server's operator; none is a server fault, so an API answers them with a 4xx status.
public struct IntakeError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, for code that treats cases differently.
    public enum Reason: Sendable, Hashable {
        /// `file_base64` is not valid base64.
        case invalidBase64
        /// The file is empty.
        case emptyFile
        /// The file is larger than ``IntakePolicy/maximumFileSize``.
        case fileTooLarge
        /// The file is none of the accepted types.
        case unsupportedType
        /// `file_url` is not an absolute `http` or `https` URL.
        case invalidURL
        /// `file_url`, or a redirect, leads to an address ``IntakePolicy`` forbids.
        case forbiddenAddress
        /// The host name of `file_url` does not resolve.
        case unresolvableHost
        /// The download failed: no connection, an HTTP error status, a broken transfer.
        case downloadFailed
        /// The download took longer than ``IntakePolicy/downloadTimeout``.
        case downloadTimedOut
        /// The download was redirected more than ``IntakePolicy/maximumRedirects`` times.
        case tooManyRedirects
        /// The file claims to be a PDF (or an image) but cannot be read as one.
        case unreadableFile
        /// The PDF is encrypted.
        case encryptedPDF
        /// The file needs LibreOffice, which the server does not have.
        case converterUnavailable
        /// LibreOffice did not produce a usable PDF.
        case conversionFailed
        /// LibreOffice took longer than ``IntakePolicy/conversionTimeout``.
        case conversionTimedOut
    }

    /// The file's name, as the request gave it.
    public let fileName: String
    /// What went wrong.
    public let reason: Reason
    /// What is wrong, in one sentence without the file's name.
    public let message: String

    /// Creates the error for the file `fileName`.
    public init(fileName: String, reason: Reason, message: String) {
        self.fileName = fileName
        self.reason = reason
        self.message = message
    }

    /// `name: message`.
    public var description: String {
        "\(fileName): \(message)"
    }
}
