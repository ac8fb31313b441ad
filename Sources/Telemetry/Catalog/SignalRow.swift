import Foundation
import Storage

/// A `telemetry_signals` row.
struct SignalRow: TableRow {
    /// The columns.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case uuid, label, description
        case dataType = "data_type"
        case channel
        case dataID = "data_id"
        case conversion, display
        case createdBy = "created_by"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    /// The signal's UUID.
    let uuid: String
    /// The signal's label.
    let label: String
    /// The signal's description.
    let description: String
    /// The iSCP 1.0 data type read.
    let dataType: Int
    /// The channel read.
    let channel: Int
    /// The data ID read.
    let dataID: String
    /// The JSON text of the ``SignalConversion``.
    let conversion: String
    /// The JSON text of the ``SignalDisplay``.
    let display: String
    /// The user ID of who defined the signal.
    let createdBy: String
    /// When the signal was defined.
    let createdAt: Date
    /// When the signal last changed.
    let updatedAt: Date

    /// The signal the row holds.
    ///
    /// - Throws: ``CatalogError/invalid(_:)`` when the conversion or the display cannot be read.
    func signal() throws -> Signal {
        Signal(
            uuid: uuid, label: label, description: description, dataType: UInt8(clamping: dataType), channel: UInt8(clamping: channel),
            dataID: dataID, conversion: try Self.decode(SignalConversion.self, from: conversion, column: .conversion),
            display: try Self.decode(SignalDisplay.self, from: display, column: .display), createdBy: createdBy, createdAt: createdAt,
            updatedAt: updatedAt
        )
    }

    /// The value of `text`, the JSON text `column` keeps.
    private static func decode<Value: Decodable>(_ type: Value.Type, from text: String, column: CodingKeys) throws -> Value {
        do {
            return try JSONDecoder().decode(type, from: Data(text.utf8))
        } catch {
            throw CatalogError.invalid("a stored signal has an unreadable \(column.rawValue): \(text)")
        }
    }
}
