import Accounts
import Foundation
import Storage
import Telemetry
import Testing

@Suite struct SignalStoreTests {
    private let accel = SignalConversion.fixedPoint(startBit: 2, bitSize: 8, endian: .little, isSigned: false, scale: 0.3, offset: -1.5)

    @Test func aSignalRoundTripsWithItsConversionAndDisplayAndChangesOnlyWhatIsGiven() async throws {
        try await CatalogFixture.with { fixture in
            let signals = SignalStore(database: fixture.database)
            let created = try await signals.create(
                label: "ACCEL", description: "pedal", dataType: 1, channel: 3, dataID: "0000014A", conversion: accel,
                display: SignalDisplay(unit: "%", min: 0, max: 76.5, format: "%0.1f"), by: fixture.alice
            )
            #expect(created.uuid == created.uuid.lowercased() && created.createdBy == fixture.alice.userID)
            #expect(try await signals.signal(uuid: created.uuid.uppercased()) == created)
            #expect(try await signals.signal(labelled: "ACCEL") == created)
            #expect(try await signals.signal(labelled: "accel") == nil)

            let json = SignalConversion.json(fieldPath: "a.b", valueType: .text)
            let updated = try await signals.update(uuid: created.uuid, SignalUpdate(label: "PEDAL", conversion: json), by: fixture.alice)
            #expect(updated.label == "PEDAL" && updated.conversion == json)
            #expect(updated.dataType == 1 && updated.channel == 3 && updated.dataID == "0000014A" && updated.display.max == 76.5)
            #expect(updated.updatedAt >= created.updatedAt && updated.createdAt == created.createdAt)
            #expect(try await signals.signal(labelled: "ACCEL") == nil)

            #expect(try await signals.delete(uuid: created.uuid, by: fixture.alice) == updated)
            await #expect(throws: CatalogError.signalNotFound(created.uuid)) { try await signals.signal(uuid: created.uuid) }
            await #expect(throws: CatalogError.signalNotFound(created.uuid)) { try await signals.delete(uuid: created.uuid, by: fixture.admin) }
        }
    }

    @Test func labelsAreUniqueOnCreateAndOnChange() async throws {
        try await CatalogFixture.with { fixture in
            let signals = SignalStore(database: fixture.database)
            try await signals.create(label: "speed", dataType: 11, channel: 1, dataID: "speed", by: fixture.alice)
            let other = try await signals.create(label: "rpm", dataType: 11, channel: 1, dataID: "rpm", by: fixture.bob)
            await #expect(throws: CatalogError.signalLabelTaken("speed")) {
                try await signals.create(label: "speed", dataType: 12, channel: 2, dataID: "x", by: fixture.bob)
            }
            await #expect(throws: CatalogError.signalLabelTaken("speed")) {
                try await signals.update(uuid: other.uuid, SignalUpdate(label: "speed"), by: fixture.bob)
            }
            // Keeping one's own label is no clash.
            #expect(try await signals.update(uuid: other.uuid, SignalUpdate(label: "rpm", channel: 9), by: fixture.bob).channel == 9)
        }
    }

    @Test func concurrentRequestsForOneLabelMakeOneSignalAndClashesForTheRest() async throws {
        try await CatalogFixture.with { fixture in
            let signals = SignalStore(database: fixture.database)
            let alice = fixture.alice
            let outcomes = try await withThrowingTaskGroup(of: CatalogError?.self) { group in
                for channel in 0..<8 {
                    group.addTask {
                        do {
                            try await signals.create(label: "shared", dataType: 11, channel: UInt8(channel), dataID: "v", by: alice)
                            return nil
                        } catch let error as CatalogError {
                            return error
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 == nil }.count == 1)
            #expect(outcomes.compactMap { $0 } == Array(repeating: .signalLabelTaken("shared"), count: 7))
            let stored = try await signals.list(SignalQuery()).totalCount
            #expect(stored == 1)
        }
    }

    @Test func peopleChangeTheirOwnAdministratorsAnyAndEdgesNone() async throws {
        try await CatalogFixture.with { fixture in
            let signals = SignalStore(database: fixture.database)
            let alices = try await signals.create(label: "a", dataType: 11, channel: 1, dataID: "a", by: fixture.alice)
            let edge = try await fixture.edges.create(name: "car", ownerUserID: fixture.alice.userID).edge
            let device = try await fixture.principal(of: edge)

            await #expect(throws: CatalogError.self) { try await signals.update(uuid: alices.uuid, SignalUpdate(label: "b"), by: fixture.bob) }
            await #expect(throws: CatalogError.self) { try await signals.delete(uuid: alices.uuid, by: fixture.bob) }
            await #expect(throws: CatalogError.forbidden("an edge may read signals but not define, change or delete them")) {
                try await signals.create(label: "d", dataType: 11, channel: 1, dataID: "d", by: device)
            }
            await #expect(throws: CatalogError.self) { try await signals.delete(uuid: alices.uuid, by: device) }
            #expect(try await signals.list(SignalQuery()).items == [alices])

            #expect(try await signals.update(uuid: alices.uuid, SignalUpdate(description: "checked"), by: fixture.admin).description == "checked")
            try await signals.delete(uuid: alices.uuid, by: fixture.admin)
            #expect(try await signals.list(SignalQuery()).totalCount == 0)
        }
    }

    /// The catalog error with which `signals` refuses a definition `principal` makes, or `nil`
    /// when it accepts it.
    private static func refusal(
        _ signals: SignalStore, _ principal: Principal, label: String = "x", dataType: UInt8 = 1, dataID: String = "id",
        conversion: SignalConversion = .none, display: SignalDisplay = SignalDisplay()
    ) async -> CatalogError? {
        do {
            try await signals.create(
                label: label, dataType: dataType, channel: 1, dataID: dataID, conversion: conversion, display: display, by: principal)
            return nil
        } catch {
            return error as? CatalogError
        }
    }

    @Test func badDefinitionsAreRefusedWithTheReason() async throws {
        try await CatalogFixture.with { fixture in
            let signals = SignalStore(database: fixture.database)
            #expect(await Self.refusal(signals, fixture.alice, label: "  ") == .invalid("a signal needs a label"))
            #expect(
                await Self.refusal(signals, fixture.alice, label: String(repeating: "é", count: 128))
                    == .invalid("label is longer than 255 bytes of UTF-8"))
            #expect(
                await Self.refusal(signals, fixture.alice, dataType: 6)
                    == .invalid("data_type 6 is not the number of an iSCP 1.0 data type of points"))
            #expect(
                await Self.refusal(signals, fixture.alice, dataType: 0x87)
                    == .invalid("data_type 135 is not the number of an iSCP 1.0 data type of points"))
            #expect(await Self.refusal(signals, fixture.alice, dataID: "a\u{0}b") == .invalid("data_id contains control characters"))
            #expect(
                await Self.refusal(
                    signals, fixture.alice, conversion: .fixedPoint(startBit: 0, bitSize: 65, endian: .big, isSigned: true, scale: 1, offset: 0))
                    == .invalid("conversion: bitsize must be from 1 to 64, not 65"))
            #expect(
                await Self.refusal(signals, fixture.alice, conversion: .floatingPoint(startByte: 0, endian: .big, precision: 16))
                    == .invalid("conversion: precision must be 32 or 64, not 16"))
            #expect(
                await Self.refusal(signals, fixture.alice, conversion: .subBytes(startByte: -1, byteSize: 1))
                    == .invalid("conversion: startbyte must be from 0 to 1073741824, not -1"))
            #expect(
                await Self.refusal(signals, fixture.alice, conversion: .csv(delimiters: [""], index: 0, valueType: .text))
                    == .invalid("conversion: delimiters must be a list of texts that are not empty"))
            #expect(
                await Self.refusal(signals, fixture.alice, conversion: .json(fieldPath: "", valueType: .number))
                    == .invalid("conversion: fieldpath must not be empty"))
            #expect(
                await Self.refusal(signals, fixture.alice, display: SignalDisplay(min: .infinity)) == .invalid("display.min must be a finite number"))
            let stored = try await signals.list(SignalQuery()).totalCount
            #expect(stored == 0)
        }
    }

    @Test func theListFiltersByLabelSortsAndPages() async throws {
        try await CatalogFixture.with { fixture in
            let signals = SignalStore(database: fixture.database)
            for (index, label) in ["json_ACCX", "json_ACCY", "sp_ACCX", "nmea_speed"].enumerated() {
                try await signals.create(label: label, dataType: 10, channel: UInt8(index), dataID: "d", by: fixture.alice)
            }
            func labels(_ configure: (inout SignalQuery) -> Void) async throws -> [String] {
                var query = SignalQuery()
                configure(&query)
                return try await signals.list(query).items.map(\.label)
            }
            #expect(try await labels { _ in } == ["json_ACCX", "json_ACCY", "nmea_speed", "sp_ACCX"])
            #expect(try await labels { $0.label = .containing("accx") } == ["json_ACCX", "sp_ACCX"])
            #expect(try await labels { $0.label = .exactly("json_ACC") }.isEmpty)
            #expect(
                try await labels {
                    $0.sort = .channel
                    $0.order = .descending
                } == ["nmea_speed", "sp_ACCX", "json_ACCY", "json_ACCX"])
            #expect(try await labels { $0.page = PageRequest(page: 2, limit: 3) } == ["sp_ACCX"])
        }
    }
}
