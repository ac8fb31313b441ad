import Accounts
import HTTPSupport
import Hummingbird
import PDFSigning
import X509

/// Checks the signatures of a PDF file on the server, with the same verifier as
/// `chancery pdf verify`.
///
/// - `POST /verify/pdf`: the PDF as the body (`application/pdf`, up to ``maxFileBytes``);
///   answers ``PDFSignatureCheck`` JSON. Certificates chain to the trusted roots the server
///   passes in: today only its TSA root, so that its time-stamps count (signers' chains show
///   as not trusted; `chancery pdf verify --root` takes any roots).
///   It needs credentials, as it reads whole files; 400 when the body is not a readable PDF
///   (encrypted files included), 413 when it is too large.
public struct PDFSignatureRoutes: Sendable {
    /// The largest PDF accepted.
    static let maxFileBytes = 64 << 20

    private let accounts: AccountStore
    private let trustedRoots: [Certificate]

    /// Creates the routes trusting `trustedRoots`.
    public init(accounts: AccountStore, trustedRoots: [Certificate]) {
        self.accounts = accounts
        self.trustedRoots = trustedRoots
    }

    /// Adds the route to `router`.
    public func add(to router: Router<ChanceryRequestContext>) {
        router.group("verify/pdf")
            .add(middleware: AuthenticationMiddleware(accounts: accounts, authenticators: .standard))
            .post { request, _ in
                var request = request
                let body = try await request.collectBody(upTo: Self.maxFileBytes)
                let reports: [PDFSignatureReport]
                do {
                    reports = try await PDFDocumentVerifier(trustedRoots: trustedRoots).verify(Array(body.readableBytesView))
                } catch {
                    throw APIError(.badRequest, "The body is not a PDF file that can be read: \(error)")
                }
                return VerifyResponse.json(PDFSignatureCheck(reports: reports))
            }
    }
}
