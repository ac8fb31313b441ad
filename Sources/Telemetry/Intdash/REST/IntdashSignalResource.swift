import Crypto
import Foundation
import Hummingbird

/// A signal as the intdash API shows it: `{uuid, label, description, data_type, data_id,
/// channel, conversion: {type, options}, display: {unit, min, max, format}, hash, created_at,
/// updated_at}`.
///
/// `hash` is `sha256:` and the hexadecimal SHA-256 of the JSON text (sorted keys, no spaces)
/// of `{channel, conversion, data_id, data_type}`: what the signal reads and how, so that two
/// signals that read alike have the same hash whatever their labels.
struct IntdashSignalResource: ResponseEncodable, Sendable {
    /// How a plot shows the signal's values: `{unit, min, max, format}`, `min` and `max`
    /// written `null` when unset.
    struct Display: Encodable, Sendable {
        /// The unit, possibly empty.
        let unit: String
        /// The lowest value a plot should show, if any.
        let min: Double?
        /// The highest value a plot should show, if any.
        let max: Double?
        /// A `printf`-style format, possibly empty.
        let format: String

        /// The wire names.
        enum CodingKeys: String, CodingKey {
            case unit, min, max, format
        }

        /// Writes every member, `min` and `max` even when they are `null`.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(unit, forKey: .unit)
            try container.encode(min, forKey: .min)
            try container.encode(max, forKey: .max)
            try container.encode(format, forKey: .format)
        }
    }

    /// What a signal reads and how, whose JSON text ``IntdashSignalResource/hash`` digests.
    private struct Definition: Encodable {
        /// The channel read.
        let channel: Int
        /// How the payload is converted.
        let conversion: IntdashSignalConversionResource
        /// The data ID read.
        let dataID: String
        /// The data type read.
        let dataType: Int

        /// The wire names.
        enum CodingKeys: String, CodingKey {
            case channel, conversion
            case dataID = "data_id"
            case dataType = "data_type"
        }
    }

    /// The signal's UUID.
    let uuid: String
    /// The signal's label, which data queries name.
    let label: String
    /// The signal's description.
    let description: String
    /// The iSCP 1.0 data type read.
    let dataType: Int
    /// The data ID read.
    let dataID: String
    /// The channel read.
    let channel: Int
    /// How the payload is converted.
    let conversion: IntdashSignalConversionResource
    /// How a plot shows the values.
    let display: Display
    /// `sha256:` and the digest of what the signal reads and how.
    let hash: String
    /// When the signal was defined, as an ``IntdashTimestamp``.
    let createdAt: String
    /// When the signal last changed, as an ``IntdashTimestamp``.
    let updatedAt: String

    /// The wire names.
    enum CodingKeys: String, CodingKey {
        case uuid, label, description, channel, conversion, display, hash
        case dataType = "data_type"
        case dataID = "data_id"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    /// `signal` as intdash shows it.
    init(_ signal: Signal) {
        let conversion = IntdashSignalConversionResource(signal.conversion)
        let definition = Definition(
            channel: Int(signal.channel), conversion: conversion, dataID: signal.dataID, dataType: Int(signal.dataType)
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let digest = SHA256.hash(data: (try? encoder.encode(definition)) ?? Data())
        self.uuid = signal.uuid
        self.label = signal.label
        self.description = signal.description
        self.dataType = Int(signal.dataType)
        self.dataID = signal.dataID
        self.channel = Int(signal.channel)
        self.conversion = conversion
        self.display = Display(unit: signal.display.unit, min: signal.display.min, max: signal.display.max, format: signal.display.format)
        self.hash = "sha256:" + digest.map { String(format: "%02x", $0) }.joined()
        self.createdAt = IntdashTimestamp.string(signal.createdAt)
        self.updatedAt = IntdashTimestamp.string(signal.updatedAt)
    }
}
