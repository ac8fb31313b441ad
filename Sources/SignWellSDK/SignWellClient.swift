import Foundation
import URLSessionSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A client of the SignWell API v1, as a Chancery server (`https://host/signwell/api/v1`) or
/// SignWell itself (`https://www.signwell.com/api/v1`) offers it.
///
/// Every call is one HTTPS request with the API key in `X-Api-Key`. A call returns the
/// decoded answer, or throws ``SignWellError`` when the server refused the request (with its
/// reason), or the `URLError` of a network failure.
///
/// ```swift
/// let client = SignWellClient(baseURL: URL(string: "https://sign.example.com/signwell/api/v1")!, apiKey: key)
/// var request = CreateDocumentRequest(
///     files: [DocumentFile(name: "contract.pdf", contents: pdf)],
///     recipients: [Recipient(id: "1", name: "Jane Roe", email: "jane@example.com")],
///     fields: [[Field(type: .signature, page: 1, x: 200, y: 550, recipientID: "1")]],
///     name: "Contract"
/// )
/// request.embeddedSigning = true
/// let document = try await client.createDocument(request)
/// let signingURL = document.recipients?.first?.embeddedSigningURL
///
/// // Later, once everyone signed:
/// if try await client.document(document.id).status == .completed {
///     let signed = try await client.completedPDF(document.id)
/// }
/// ```
public struct SignWellClient: Sendable {
    /// The API's root, such as `https://sign.example.com/signwell/api/v1`; paths such as
    /// `documents` are appended to it.
    public let baseURL: URL
    /// The API key sent in `X-Api-Key`.
    public let apiKey: String
    /// The session requests go through.
    public let session: URLSession

    /// The session a client uses unless given another: no cache (a document's status must be
    /// read fresh), no cookies or stored credentials, and authentication challenges refused
    /// (the key travels in a header; see `CredentialChallengeRefusal`).
    public static let defaultSession: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCredentialStorage = nil
        configuration.httpCookieStorage = nil
        return URLSession(configuration: configuration, delegate: CredentialChallengeRefusal(), delegateQueue: nil)
    }()

    /// The embed script of the server this client speaks to (``SignWellEmbed/scriptURL(besides:)``):
    /// for `https://sign.example.com/signwell/api/v1`, `https://sign.example.com/signwell/embedded.js`.
    public var embedScriptURL: URL { SignWellEmbed.scriptURL(besides: baseURL) }

    /// Creates a client of the API at `baseURL` that authenticates with `apiKey`.
    ///
    /// - Parameters:
    ///   - baseURL: The API's root, such as `https://sign.example.com/signwell/api/v1`.
    ///   - apiKey: The API key.
    ///   - session: The session requests go through. A session of your own should refuse
    ///     authentication challenges as ``defaultSession`` does: on Linux, URLSession never
    ///     completes a 401 that carries a challenge otherwise.
    public init(baseURL: URL, apiKey: String, session: URLSession = SignWellClient.defaultSession) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.session = session
    }
}
