/// The data-id aliases the server assigned on one upstream: small numbers from 1 that the
/// client sends instead of a full `DataID` once it has learnt them from the open response or
/// an ack (specs/intdash.md §1.5).
///
/// At most ``limit`` aliases are assigned; data ids beyond that are still accepted in full,
/// they just get no alias, so a client with very many data ids cannot grow the table without
/// bound.
struct ISCP2DataIDAliasTable: Sendable {
    /// The most aliases one upstream gets.
    static let limit = 65_536

    private var dataIDs: [UInt32: TelemetryDataID] = [:]
    private var aliases: [TelemetryDataID: UInt32] = [:]
    private var nextAlias: UInt32 = 1

    /// An empty table.
    init() {}

    /// The table that holds `assigned`, as it was when those aliases were given out; the
    /// next alias follows the highest of them.
    init(restoring assigned: [UInt32: TelemetryDataID]) {
        for (alias, dataID) in assigned.prefix(Self.limit) {
            dataIDs[alias] = dataID
            aliases[dataID] = alias
        }
        nextAlias = (dataIDs.keys.max() ?? 0) + 1
    }

    /// Every alias assigned so far, with its data id.
    var assigned: [UInt32: TelemetryDataID] { dataIDs }

    /// The data id `alias` stands for, or `nil` when it was never assigned.
    func dataID(for alias: UInt32) -> TelemetryDataID? { dataIDs[alias] }

    /// Assigns an alias to `dataID` unless it has one (or the table is full), and returns the
    /// alias when it is new, so that the caller can tell the client about it.
    mutating func assign(_ dataID: TelemetryDataID) -> UInt32? {
        guard aliases[dataID] == nil, dataIDs.count < Self.limit else { return nil }
        let alias = nextAlias
        nextAlias += 1
        dataIDs[alias] = dataID
        aliases[dataID] = alias
        return alias
    }
}
