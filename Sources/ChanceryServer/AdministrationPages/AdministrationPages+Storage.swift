import Accounts
import Foundation
import HTTPSupport
import Hummingbird
import Storage

/// The page of storage use and quotas:
///
/// - `GET /admin/storage`: what every user holds (upload batches and the blobs of the
///   documents they created) against the quota that governs them, the quotas that are set, and
///   the form that sets one (`POST /admin/storage/quotas`: `kind` `user` or `group`, `name`,
///   `size` such as `10GiB`).
/// - `POST /admin/storage/quotas/clear` (`kind`, `name`): removes a quota.
extension AdministrationPages {
    /// Adds the storage routes to the administration `pages`.
    func addStoragePages(to pages: RouterGroup<ChanceryRequestContext>) {
        pages.get("storage") { request, context in try await storage(request, context: context) }
        pages.post("storage/quotas") { request, _ in
            let fields = try await request.submittedForm()
            let subject = try Self.quotaSubject(fields)
            guard let size = fields["size"].flatMap(ByteSize.init(parsing:)) else {
                throw APIError(.badRequest, "Give the size as a number of bytes with an optional unit, such as 500MB or 10GiB.")
            }
            try await administration.setQuota(StorageQuota(subject: subject, bytes: size.bytes))
            return ConsolePageResponse.redirect(to: AdministrationLink.page(AdministrationLink.storage, done: .quotaSet))
        }
        pages.post("storage/quotas/clear") { request, _ in
            let subject = try Self.quotaSubject(try await request.submittedForm())
            guard try await administration.clearQuota(subject) else { throw APIError(.notFound, "The \(subject) has no quota.") }
            return ConsolePageResponse.redirect(to: AdministrationLink.page(AdministrationLink.storage, done: .quotaCleared))
        }
    }

    /// The user or group a quota form names.
    private static func quotaSubject(_ fields: FormEncodedQuery) throws -> QuotaSubject {
        let name = (fields["name"] ?? "").trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw APIError(.badRequest, "Say which user or group the quota is for.") }
        switch fields["kind"] {
        case "user": return .user(name)
        case "group": return .group(name)
        default: throw APIError(.badRequest, "A quota is for a user or a group.")
        }
    }

    private func storage(_ request: Request, context: ChanceryRequestContext) async throws -> Response {
        let formToken = BrowserSession.formToken(of: request) ?? ""
        let users = try await administration.quotaUsage(everyUser: true)
        let usage = users.map { user in
            StoragePage.Usage(
                user: user.userName, used: ByteSize(bytes: user.usedBytes).description,
                limit: user.limitBytes.map { ByteSize(bytes: $0).description },
                isOver: user.limitBytes.map { user.usedBytes > $0 } ?? false)
        }
        let quotas = try await administration.quotas()
            .sorted { $0.subject.description < $1.subject.description }
            .map { quota in
                StoragePage.Quota(
                    kind: quota.subject.kind, name: quota.subject.name,
                    size: ByteSize(bytes: quota.bytes).description)
            }
        return AdministrationLayout.page(
            title: "Storage", current: AdministrationLink.storage, user: try context.requirePrincipal().userName, formToken: formToken,
            template: "admin-storage-page",
            context: StoragePage(
                notice: Self.notice(request), usage: usage, quotas: quotas, hasQuotas: !quotas.isEmpty,
                total: ByteSize(bytes: users.reduce(0) { $0 + $1.usedBytes }).description,
                formToken: formToken)
        )
    }
}

/// What `admin-storage-page.mustache` reads.
private struct StoragePage {
    /// What one user holds.
    struct Usage {
        let user: String
        let used: String
        let limit: String?
        let isOver: Bool
    }

    /// A quota that is set.
    struct Quota {
        let kind: String
        let name: String
        let size: String
    }

    let notice: String?
    let usage: [Usage]
    let quotas: [Quota]
    let hasQuotas: Bool
    /// What all users hold together.
    let total: String
    let formToken: String
}
