import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// Builds, once the server runs, the indexes of the properties its configuration names
/// (`serve --index-property`) that the database does not have yet, logging their progress about
/// every ten seconds; queries work meanwhile, unindexed. Properties indexed already are left
/// alone, and so are indexes the configuration does not name (`chancery index remove` drops
/// those).
public struct PropertyIndexBuilder: Service {
    /// The indexes of the repository's documents.
    let indexes: PropertyIndexes
    /// The properties to index.
    let properties: [String]
    /// Where progress and failures go.
    let logger: Logger

    /// A builder of the indexes of `properties` in `indexes`.
    public init(indexes: PropertyIndexes, properties: [String], logger: Logger) {
        self.indexes = indexes
        self.properties = properties
        self.logger = logger
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            for property in properties {
                do {
                    let logger = logger
                    let lastLogged = Mutex<ContinuousClock.Instant?>(nil)
                    try await indexes.add(property) { progress in
                        let due = lastLogged.withLock { last in
                            guard progress.phase != "done", let previous = last, ContinuousClock.now - previous < .seconds(10) else {
                                last = ContinuousClock.now
                                return true
                            }
                            return false
                        }
                        guard due else { return }
                        logger.info(
                            "indexing \(property): \(progress.phase)",
                            metadata: [
                                "rows_done": "\(progress.rowsDone.map(String.init) ?? "?")", "rows": "\(progress.rowsTotal.map(String.init) ?? "?")",
                            ])
                    }
                } catch is CancellationError {
                    return
                } catch {
                    logger.error("could not index \(property): \(error)")
                }
            }
        }
        try? await gracefulShutdown()
    }
}
