import Foundation
import Logging
import ServiceLifecycle
import Storage
import TimeStamping

/// Logs the pending reports that their instance did not log (it stopped between answering
/// `202 pending` and logging): every `interval`, those accepted more than `staleAfter` ago.
///
/// Any instance may recover any pending report, even one its own instance is still logging:
/// the second logging of an entry leaves the report as it was
/// (``ReportStore/writer(for:wasPending:)``), and the log merely holds the entry twice.
///
/// ```swift
/// let recovery = PendingReportRecovery(database: database, sequencer: sequencer, timeStamps: tsa, logger: logger)
/// let logged = try await recovery.logStaleReports(acceptedBefore: Date())
/// ```
public struct PendingReportRecovery: Service, Sendable {
    private let pending: PendingReportStore
    private let notarizer: ReportNotarizer
    private let staleAfter: Duration
    private let interval: Duration
    private let logger: Logger
    /// The most pending reports one round logs.
    static let batchLimit = 1_000

    /// Creates the recovery of the pending reports in `database`, logged through `sequencer`
    /// with tokens from `timeStamps`.
    ///
    /// - Parameters:
    ///   - staleAfter: How long after its acceptance a pending report counts as left behind.
    ///   - interval: How often the service looks for such reports.
    public init(
        database: Database, sequencer: Sequencer, timeStamps: TimeStampAuthority, staleAfter: Duration = .seconds(60),
        interval: Duration = .seconds(60), logger: Logger
    ) {
        self.init(
            pending: PendingReportStore(database: database), notarizer: ReportNotarizer(sequencer: sequencer, timeStamps: timeStamps),
            staleAfter: staleAfter, interval: interval, logger: logger
        )
    }

    init(pending: PendingReportStore, notarizer: ReportNotarizer, staleAfter: Duration, interval: Duration, logger: Logger) {
        self.pending = pending
        self.notarizer = notarizer
        self.staleAfter = staleAfter
        self.interval = interval
        self.logger = logger
    }

    /// Logs stale pending reports every `interval` until graceful shutdown.
    public func run() async throws {
        await PeriodicWork.run(every: interval, logger: logger, failure: "logging pending reports failed") {
            try await logStaleReports(acceptedBefore: Date().addingTimeInterval(-staleAfter.timeInterval))
        }
    }

    /// Logs the pending reports accepted before `date`, up to ``batchLimit``.
    ///
    /// - Returns: How many it logged.
    @discardableResult
    public func logStaleReports(acceptedBefore date: Date) async throws -> Int {
        let stale = try await pending.accepted(before: date, limit: Self.batchLimit)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for report in stale {
                group.addTask { _ = try await notarizer.log(report.prepared, wasPending: true) }
            }
            try await group.waitForAll()
        }
        if !stale.isEmpty { logger.info("logged pending reports an instance left", metadata: ["reports": "\(stale.count)"]) }
        return stale.count
    }
}
