import Accounts
import AsyncHTTPClient
import HTTPSupport
import HTTPTypes
import Hummingbird
import Logging
import Mail
import NotaryProof
import PDFSigning
import Storage

/// The Signing capability as the server assembles it: the SignWell-compatible API under
/// `/signwell/api/v1`, the signing page and its JSON endpoints under `/signwell/sign/…`, the
/// embed script, the web app for senders under `/signing`, and the keys that sign every PDF.
///
/// ```swift
/// let signing = try SigningCapability.open(database: database, blobs: blobs, accounts: accounts,
///                                          keysDirectory: "data/keys", notary: notarizer, logger: logger)
/// signing.addRoutes(to: router)
/// ```
public struct SigningCapability: Sendable {
    /// The domain operations.
    let service: SigningService
    private let api: SignWellAPI
    private let session: SigningSessionRoutes
    private let page: SigningPageRoutes
    private let senderApp: SenderApp
    /// Delivers webhook events in the background; run it with the server.
    public let webhookDeliverer: WebhookDeliverer
    /// Sends the mail that waits for its day (reminders, expiries), when the server sends
    /// mail; run it with the server.
    public let scheduledMail: ScheduledSigningMail?

    /// The error formats of the Signing capability's APIs, for ``HTTPSupport/ErrorMiddleware``.
    public static let errorFormats: [(prefix: String, format: any ErrorFormat)] = [SignWellAPI.errorFormat]

    /// How the capability is set up.
    public struct Configuration: Sendable {
        /// How files are fetched and converted.
        public var intake: IntakePolicy
        /// How webhook events are delivered.
        public var webhooks: WebhookDeliveryPolicy

        /// Creates a configuration. Webhooks may reach the networks and hosts that file downloads may.
        public init(intake: IntakePolicy = .standard, webhooks: WebhookDeliveryPolicy? = nil) {
            self.intake = intake
            var policy = webhooks ?? .standard
            if webhooks == nil {
                policy.allowPrivateNetworks = intake.allowPrivateNetworks
                policy.trustedHosts = intake.trustedHosts
            }
            self.webhooks = policy
        }
    }

    /// Loads (or on first start creates) the signing CA, the seal key and the link key in
    /// `keysDirectory`.
    ///
    /// - Parameters:
    ///   - notary: Notarizes each sealed PDF; `nil` leaves sealed PDFs unnotarized.
    ///   - timeStamper: Time-stamps the platform seal (PAdES B-T); `nil` makes it B-B.
    ///   - mail: Mails recipients their requests to sign and reminders; `nil` sends no mail.
    public static func open(
        database: Database, blobs: any BlobStore, accounts: AccountStore, keysDirectory: String,
        notary: (any Notarizing)?, timeStamper: (any SignatureTimeStamper)?, mail: OutboundMail? = nil,
        configuration: Configuration = Configuration(), logger: Logger
    ) throws -> SigningCapability {
        let keys = try SigningKeys.loadOrCreate(in: keysDirectory, commonName: "Chancery Signing")
        let links = try SigningLinks.loadOrCreate(in: keysDirectory)
        let secrets = try WebhookSecrets.loadOrCreate(in: keysDirectory)
        let renderer = DocumentRenderer(links: links, mailsRecipients: mail != nil)
        let deliverer = WebhookDeliverer(database: database, secrets: secrets, policy: configuration.webhooks, logger: logger)
        let schedule = SigningMailSchedule(database: database)
        let signingMail =
            mail.map {
                SigningMail(
                    mail: $0, renderer: renderer, schedule: schedule, applications: APIApplicationStore(database: database),
                    senderAddress: { try await accounts.senderAddress(of: $0) }, logger: logger)
            } ?? .disabled
        let store = DocumentStore(database: database)
        let pdfJS = PDFJSDistribution(directory: PDFJSDistribution.debianDirectory)
        let service = SigningService(
            store: store, blobs: blobs,
            intake: DocumentIntake(policy: configuration.intake), keys: keys, links: links,
            notary: notary, timeStamper: timeStamper,
            webhooks: WebhookOutbox(database: database, renderer: renderer, deliverer: deliverer, logger: logger),
            mail: signingMail, logger: logger,
            passwords: accounts.passwords
        )
        return SigningCapability(
            service: service,
            api: SignWellAPI(
                accounts: accounts, service: service, renderer: renderer,
                hooks: HookRoutes(database: database, secrets: secrets, policy: configuration.webhooks)
            ),
            session: SigningSessionRoutes(service: service),
            page: SigningPageRoutes(pdfJS: pdfJS),
            senderApp: SenderApp(service: service, accounts: accounts, renderer: renderer, pdfJS: pdfJS),
            webhookDeliverer: deliverer,
            scheduledMail: mail == nil
                ? nil
                : ScheduledSigningMail(
                    schedule: schedule, store: store, mail: signingMail, expire: { try await service.expiringIfDue($0, now: $1) }, logger: logger)
        )
    }

    /// Adds every Signing route to `router`.
    public func addRoutes(to router: Router<ChanceryRequestContext>) {
        api.add(to: router)
        session.add(to: router)
        page.add(to: router)
        senderApp.add(to: router)
    }
}
