import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import JSON
import NIOCore
import NotaryProof

/// The JSON endpoints of the signing page, under `/signwell/sign/{token}/…`. The token in the
/// path is the credential: it names one recipient of one document and stops working when
/// the recipient is reassigned or the document is deleted.
///
/// - `POST …/unlock`: `{"passcode": …}`, for a recipient the sender gave a passcode; answers
///   `{"unlock": proof}` (see ``SigningService/unlock(token:passcode:client:)``).
/// - `GET …/session`: the recipient's view of the document (pages, their fields, the state),
///   or only `{"state": "locked", …}` until the passcode is entered (``SigningSessionView``).
/// - `GET …/document.pdf`: the newest PDF revision.
/// - `POST …/complete`: the recipient's values and signature; signs for them.
/// - `POST …/decline`: `{"reason": …}`; declines the document.
/// - `POST …/reassign`: `{"name", "email"}`; hands the recipient's part to someone else.
///
/// For a recipient with a passcode, every endpoint but `unlock` needs the proof in
/// `X-Signing-Unlock` (`session` answers `locked` without it, the others 403). A header rather
/// than a cookie, because the page often runs in a cross-origin iframe (embedded.js), where
/// browsers block third-party cookies.
///
/// Plus `GET /signwell/files/{token}`, where `completed_pdf?url_only=true` points (a link that
/// works without credentials for an hour, see ``SigningLinks/fileToken(documentID:expiry:format:auditPage:)``),
/// `GET /signwell/proof/{documentID}`, the public link on the audit page, which sends
/// the browser to the Notary's page for the sealed PDF, and `GET /signwell/ca.pem`, the
/// certificate that verifies every signature the server makes.
struct SigningSessionRoutes: Sendable {
    let service: SigningService

    /// Adds the routes to `router`.
    func add(to router: Router<ChanceryRequestContext>) {
        let sign = router.group("signwell/sign/:token")
        sign.post("unlock") { request, context in
            let body = try await SignWellAPI.jsonObject(request, limit: 4 << 10)
            let reader = RequestReader()
            let passcode = reader.string(body, "passcode", at: "passcode", required: true, maxLength: 255)
            try reader.throwIfFailed()
            let proof = try await service.unlock(
                token: try context.parameters.require("token"), passcode: passcode ?? "", client: client(request, context))
            return noStore(UnlockResponse(unlock: proof))
        }
        sign.get("session") { request, context in
            let token = try context.parameters.require("token")
            let (document, index, isLocked) = try await service.openSession(token: token, unlock: proof(request), client: client(request, context))
            let view = SigningSessionView(
                document: document, recipientIndex: index, token: token, isLocked: isLocked, branding: try await service.branding(of: document)
            )
            return noStore(view)
        }
        sign.get("document.pdf") { request, context in
            let (document, _) = try await service.resolve(token: try context.parameters.require("token"), unlock: proof(request))
            let bytes = try await service.loadPDF(document.currentPDF)
            return Response(
                status: .ok,
                headers: [.contentType: "application/pdf", .cacheControl: "no-store", .contentDisposition: "inline; filename=\"document.pdf\""],
                body: .init(byteBuffer: ByteBuffer(bytes: bytes))
            )
        }
        sign.post("complete") { request, context in
            let submission = try SigningSubmission(body: try await SignWellAPI.jsonObject(request, limit: 8 << 20))
            let (document, index) = try await service.complete(
                token: try context.parameters.require("token"), unlock: proof(request), submission: submission, client: client(request, context)
            )
            return outcome(document, index: index, redirect: document.redirectURL)
        }
        sign.post("decline") { request, context in
            let body = try await SignWellAPI.jsonObject(request, limit: 64 << 10)
            let reason = body["reason"]?.stringValue.map { String($0.prefix(2000)) }
            let document = try await service.decline(
                token: try context.parameters.require("token"), unlock: proof(request), reason: reason, client: client(request, context)
            )
            let index = try await service.resolve(token: try context.parameters.require("token")).recipientIndex
            return outcome(document, index: index, redirect: document.declineRedirectURL)
        }
        sign.post("reassign") { request, context in
            let body = try await SignWellAPI.jsonObject(request, limit: 64 << 10)
            _ = try await service.reassign(
                token: try context.parameters.require("token"), unlock: proof(request), name: body["name"]?.stringValue,
                email: body["email"]?.stringValue, client: client(request, context)
            )
            return noStore(ReassignedResponse())
        }
        router.get("signwell/files/:token") { _, context in
            guard let grant = service.links.fileGrant(try context.parameters.require("token")),
                let document = try await service.store.record(id: grant.documentID)
            else {
                throw APIError(.notFound, "This download link is not valid or has expired; ask for a new one.")
            }
            let file = try await CompletedFile.of(document, auditPage: grant.auditPage, format: grant.format, service: service)
            return Response(
                status: .ok,
                headers: [.contentType: file.mediaType, .contentDisposition: "attachment; filename=\"\(file.name)\"", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(bytes: file.bytes))
            )
        }
        router.get("signwell/proof/:id") { _, context in
            guard let document = try await service.store.record(id: try context.parameters.require("id")),
                let notarization = document.notarization
            else {
                throw APIError(.notFound, "There is no notarized document with this id.")
            }
            return Response(status: .seeOther, headers: [.location: notarization.verifyPath])
        }
        router.get("signwell/ca.pem") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/x-pem-file"],
                body: .init(byteBuffer: ByteBuffer(string: service.keys.caCertificatePEM))
            )
        }
    }

    private func client(_ request: Request, _ context: ChanceryRequestContext) -> ClientInfo {
        ClientInfo(request: request, context: context)
    }

    /// The request's unlock proof, if it has one.
    private func proof(_ request: Request) -> String? {
        request.headers[.xSigningUnlock]
    }

    /// `{"state", "redirect_url"}` after the recipient finished.
    private func outcome(_ document: SigningDocument, index: Int, redirect: String?) -> EditedResponse<SigningOutcomeResponse> {
        noStore(SigningOutcomeResponse(state: SigningService.state(of: document, recipientIndex: index), redirectURL: redirect))
    }

    /// `body`, which browsers and proxies must not keep.
    private func noStore<Body: ResponseEncodable>(_ body: Body) -> EditedResponse<Body> {
        EditedResponse(headers: [.cacheControl: "no-store"], response: body)
    }
}
