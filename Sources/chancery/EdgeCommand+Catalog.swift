import Accounts
import Foundation
import JSON
import Telemetry

extension StoreOptions {
    /// Opens the data directory's database (schema brought up to date) and runs `body` with
    /// the telemetry catalog's stores; the commands act as an administrator would.
    func withCatalog<Result>(_ body: (AccountStore, EdgeStore, MeasurementStore) async throws -> Result) async throws -> Result {
        try await withAccounts { accounts in
            try await body(accounts, EdgeStore(accounts: accounts), MeasurementStore(database: accounts.database))
        }
    }
}

/// How the catalog commands print JSON: the intdash API's shapes, indented, keys sorted.
enum CatalogOutput {
    /// Prints `value` on standard output.
    static func print(_ value: JSONValue) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        Swift.print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}
