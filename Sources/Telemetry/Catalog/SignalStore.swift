import Accounts
import Foundation
import ISCP
import SQLKit
import Storage

/// The signals (`telemetry_signals`): server-wide definitions of how to read one data id.
///
/// Who may do what:
/// - every principal **reads** every signal: a signal says how to read data, not what data
///   there is, and the data it selects stays behind the measurements' own rule
///   (``CatalogScope``);
/// - a **person** defines signals and changes or deletes the ones they defined;
/// - an **administrator** changes and deletes any;
/// - an **edge** (a device) only reads them: its token travels with the device, and a label
///   changes what every reader of the data gets, so a device does not define them.
///
/// Labels are unique: a second signal with a label in use is refused
/// (``CatalogError/signalLabelTaken(_:)``).
///
/// ```swift
/// let signals = SignalStore(database: database)
/// let speed = try await signals.create(
///     label: "speed_kmh", dataType: 1, channel: 1, dataID: "0000014A",
///     conversion: .fixedPoint(startBit: 0, bitSize: 16, endian: .little, isSigned: false, scale: 0.01, offset: 0),
///     by: principal
/// )
/// let found = try await signals.signal(labelled: "speed_kmh")
/// ```
public struct SignalStore: Sendable {
    /// The database of the catalog.
    public let database: Database

    /// The longest label and data id, in UTF-8 bytes: both become iSCP 1.0 data ids.
    public static let maximumIDLength = 255

    /// A store over `database`, whose `telemetry` migrations must have run.
    public init(database: Database) {
        self.database = database
    }

    /// Defines a signal on behalf of `principal`, who must not be an edge.
    ///
    /// - Throws: ``CatalogError/forbidden(_:)``, ``CatalogError/signalLabelTaken(_:)``,
    ///   ``CatalogError/invalid(_:)``.
    @discardableResult
    public func create(
        label: String, description: String = "", dataType: UInt8, channel: UInt8, dataID: String,
        conversion: SignalConversion = .none, display: SignalDisplay = SignalDisplay(), by principal: Principal, now: Date = Date()
    ) async throws -> Signal {
        try Self.requireDefiner(principal)
        let signal = Signal(
            uuid: UUID().uuidString.lowercased(), label: label, description: description, dataType: dataType, channel: channel,
            dataID: dataID, conversion: conversion, display: display, createdBy: principal.userID, createdAt: now, updatedAt: now
        )
        try Self.validate(signal)
        return try await refusingTakenLabel(label) {
            try await database.withTransaction { sql in
                guard try await Self.row(label: label, in: sql) == nil else { throw CatalogError.signalLabelTaken(label) }
                try await sql.insert(into: "telemetry_signals").columns(SignalRow.columns).values(
                    SQLBind(signal.uuid), SQLBind(signal.label), SQLBind(signal.description), SQLBind(Int(signal.dataType)),
                    SQLBind(Int(signal.channel)), SQLBind(signal.dataID), SQLBind(try Self.encode(signal.conversion)),
                    SQLBind(try Self.encode(signal.display)), SQLBind(signal.createdBy), SQLBind(signal.createdAt), SQLBind(signal.updatedAt)
                ).run()
                // Read back, so that the answer equals any later read (timestamps keep the
                // database's precision).
                return try await Self.stored(signal.uuid, in: sql)
            }
        }
    }

    /// One page of the signals that match `query`.
    public func list(_ query: SignalQuery) async throws -> CatalogPage<Signal> {
        try await database.withReadConnection { sql in
            try await CatalogPage.read(
                SignalRow.self, from: "telemetry_signals", where: query.conditions, sort: query.sort.rawValue, order: query.order,
                page: query.page, in: sql, item: { try $0.signal() }
            )
        }
    }

    /// The signal with `uuid`.
    ///
    /// - Throws: ``CatalogError/signalNotFound(_:)``.
    public func signal(uuid: String) async throws -> Signal {
        try await database.withReadConnection { sql in try await Self.stored(uuid, in: sql) }
    }

    /// The signal labelled `label`, or `nil` when there is none.
    public func signal(labelled label: String) async throws -> Signal? {
        try await database.withReadConnection { sql in try await Self.row(label: label, in: sql)?.signal() }
    }

    /// Applies `change` to the signal with `uuid` on behalf of `principal`, who must be an
    /// administrator or whoever defined it, and returns the result.
    ///
    /// - Throws: ``CatalogError/signalNotFound(_:)``, ``CatalogError/forbidden(_:)``,
    ///   ``CatalogError/signalLabelTaken(_:)``, ``CatalogError/invalid(_:)``.
    @discardableResult
    public func update(uuid: String, _ change: SignalUpdate, by principal: Principal, now: Date = Date()) async throws -> Signal {
        try await refusingTakenLabel(change.label, of: uuid) {
            try await database.withTransaction { sql in
                var signal = try await Self.stored(uuid, in: sql)
                try Self.requireChanger(principal, of: signal)
                signal.label = change.label ?? signal.label
                signal.description = change.description ?? signal.description
                signal.dataType = change.dataType ?? signal.dataType
                signal.channel = change.channel ?? signal.channel
                signal.dataID = change.dataID ?? signal.dataID
                signal.conversion = change.conversion ?? signal.conversion
                signal.display = change.display ?? signal.display
                try Self.validate(signal)
                if let holder = try await Self.row(label: signal.label, in: sql)?.signal(), holder.uuid != signal.uuid {
                    throw CatalogError.signalLabelTaken(signal.label)
                }
                try await sql.update("telemetry_signals")
                    .set("label", to: SQLBind(signal.label))
                    .set("description", to: SQLBind(signal.description))
                    .set("data_type", to: SQLBind(Int(signal.dataType)))
                    .set("channel", to: SQLBind(Int(signal.channel)))
                    .set("data_id", to: SQLBind(signal.dataID))
                    .set("conversion", to: SQLBind(try Self.encode(signal.conversion)))
                    .set("display", to: SQLBind(try Self.encode(signal.display)))
                    .set("updated_at", to: SQLBind(now))
                    .where("uuid", .equal, signal.uuid)
                    .run()
                return try await Self.stored(signal.uuid, in: sql)
            }
        }
    }

    /// Deletes the signal with `uuid` on behalf of `principal`, who must be an administrator or
    /// whoever defined it, and returns what it was.
    ///
    /// - Throws: ``CatalogError/signalNotFound(_:)``, ``CatalogError/forbidden(_:)``.
    @discardableResult
    public func delete(uuid: String, by principal: Principal) async throws -> Signal {
        try await database.withTransaction { sql in
            let signal = try await Self.stored(uuid, in: sql)
            try Self.requireChanger(principal, of: signal)
            try await sql.delete(from: "telemetry_signals").where("uuid", .equal, signal.uuid).run()
            return signal
        }
    }

    /// Runs `body`, which stores the signal with `uuid` (`nil` for a new one) labelled `label`;
    /// when it fails with a database error while another signal has that label (a concurrent
    /// request took the label between the check and the write, and the unique index refused
    /// the row), throws ``CatalogError/signalLabelTaken(_:)`` instead.
    private func refusingTakenLabel(_ label: String?, of uuid: String? = nil, _ body: () async throws -> Signal) async throws -> Signal {
        do {
            return try await body()
        } catch let error as CatalogError {
            throw error
        } catch {
            if let label, let holder = try await signal(labelled: label), holder.uuid != uuid?.lowercased() {
                throw CatalogError.signalLabelTaken(label)
            }
            throw error
        }
    }

    // MARK: Rights

    /// Refuses edges, which read signals but do not define them.
    private static func requireDefiner(_ principal: Principal) throws {
        if case .edge = CatalogScope(principal) {
            throw CatalogError.forbidden("an edge may read signals but not define, change or delete them")
        }
    }

    /// Refuses anyone but an administrator and whoever defined `signal`.
    private static func requireChanger(_ principal: Principal, of signal: Signal) throws {
        try requireDefiner(principal)
        guard principal.isAdministrator || principal.userID == signal.createdBy else {
            throw CatalogError.forbidden("signal \(signal.label) was defined by another user: only they or an administrator may change it")
        }
    }

    // MARK: Validation

    /// Refuses signals the catalog does not store.
    private static func validate(_ signal: Signal) throws {
        guard !signal.label.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw CatalogError.invalid("a signal needs a label") }
        try validate(id: signal.label, field: "label")
        try validate(id: signal.dataID, field: "data_id")
        try EdgeStore.validate(text: signal.description, field: "description")
        guard let type = ISCP1DataType(rawValue: signal.dataType), type != .baseTime else {
            throw CatalogError.invalid("data_type \(signal.dataType) is not the number of an iSCP 1.0 data type of points")
        }
        try validate(signal.conversion)
        for (name, bound) in [("min", signal.display.min), ("max", signal.display.max)] {
            if let bound, !bound.isFinite { throw CatalogError.invalid("display.\(name) must be a finite number") }
        }
        try EdgeStore.validate(text: signal.display.unit, field: "display.unit")
        try EdgeStore.validate(text: signal.display.format, field: "display.format")
    }

    /// Refuses a label or data id longer than an iSCP 1.0 data id may be, or with control
    /// characters.
    private static func validate(id: String, field: String) throws {
        guard id.utf8.count <= maximumIDLength else { throw CatalogError.invalid("\(field) is longer than \(maximumIDLength) bytes of UTF-8") }
        try EdgeStore.validate(text: id, field: field)
    }

    /// Refuses options out of their ranges.
    private static func validate(_ conversion: SignalConversion) throws {
        func require(_ condition: Bool, _ reason: String) throws {
            guard condition else { throw CatalogError.invalid("conversion: \(reason)") }
        }
        // Positions beyond this are no point's: a stored chunk is far smaller.
        let largest = 1 << 30
        switch conversion {
        case .none:
            break
        case .json(let fieldPath, _):
            try require(!fieldPath.isEmpty, "fieldpath must not be empty")
        case .csv(let delimiters, let index, _):
            try require(!delimiters.isEmpty && !delimiters.contains(""), "delimiters must be a list of texts that are not empty")
            try require((0...largest).contains(index), "index must be from 0 to \(largest), not \(index)")
        case .floatingPoint(let startByte, _, let precision):
            try require((0...largest).contains(startByte), "startbyte must be from 0 to \(largest), not \(startByte)")
            try require(precision == 32 || precision == 64, "precision must be 32 or 64, not \(precision)")
        case .fixedPoint(let startBit, let bitSize, _, _, let scale, let offset):
            try require((0...largest).contains(startBit), "startbit must be from 0 to \(largest), not \(startBit)")
            try require((1...64).contains(bitSize), "bitsize must be from 1 to 64, not \(bitSize)")
            try require(scale.isFinite && offset.isFinite, "scale and offset must be finite numbers")
        case .subBytes(let startByte, let byteSize), .subString(let startByte, let byteSize):
            try require((0...largest).contains(startByte), "startbyte must be from 0 to \(largest), not \(startByte)")
            try require((0...largest).contains(byteSize), "bytesize must be from 0 to \(largest), not \(byteSize)")
        }
    }

    // MARK: Rows

    /// The signal with `uuid`, read with `sql`.
    private static func stored(_ uuid: String, in sql: any SQLDatabase) async throws -> Signal {
        let select = sql.select().columns(SignalRow.columns).from("telemetry_signals").where("uuid", .equal, uuid.lowercased())
        guard let row = try await select.first(decoding: SignalRow.self) else { throw CatalogError.signalNotFound(uuid) }
        return try row.signal()
    }

    /// The row of the signal labelled `label`.
    private static func row(label: String, in sql: any SQLDatabase) async throws -> SignalRow? {
        try await sql.select().columns(SignalRow.columns).from("telemetry_signals").where("label", .equal, label).first(decoding: SignalRow.self)
    }

    /// `value` as the JSON text a column keeps.
    private static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
