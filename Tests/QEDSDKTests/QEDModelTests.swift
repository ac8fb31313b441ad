import Foundation
import QEDSDK
import Testing

/// The model is process-wide (one suite name), so its tests run one at a time.
@Suite(.serialized) struct QEDModelTests {
    /// Points the model at a suite kept in a file of its own (an absolute suite name), so the
    /// test writes neither to the standard defaults nor to the user's preferences.
    static func withTemporarySuite(_ body: () throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("qedsdk-defaults-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        QEDModel.suiteName = folder.appendingPathComponent("model").path
        defer { QEDModel.suiteName = nil }
        try body()
    }

    @Test func persistedFilesLoadBackWithEveryProperty() throws {
        TestStorage.prepare()
        try Self.withTemporarySuite {
            var reported = QEDFile(withName: "reported", extension: "mov", dateTaken: Date(timeIntervalSince1970: 1_700_000_000.5))
            reported.slug = "S1"
            reported.hash = String(repeating: "0f", count: 32)
            reported.note = "first"
            reported.proofStatus = .confirmed
            var elsewhere = QEDFile(withName: "elsewhere", extension: "jpg", dateTaken: Date(timeIntervalSince1970: 1_600_000_000))
            elsewhere.fileURL = URL(fileURLWithPath: "/somewhere/else/elsewhere.jpg")

            QEDModel.persist(filesArray: [reported, elsewhere])
            let loaded = QEDModel.loadFromStore()

            #expect(loaded.count == 2)
            #expect(loaded.map { $0.dictionaryRepresentation() } == [reported, elsewhere].map { $0.dictionaryRepresentation() })
            #expect(loaded.map(\.fileURL) == [reported.fileURL, elsewhere.fileURL])
            #expect(loaded.map(\.dateTaken) == [reported.dateTaken, elsewhere.dateTaken])
        }
    }

    @Test func persistReplacesTheStoredList() throws {
        TestStorage.prepare()
        try Self.withTemporarySuite {
            QEDModel.persist(filesArray: [QEDFile(withName: "one", extension: "jpg", dateTaken: Date())])
            QEDModel.persist(filesArray: [])
            #expect(QEDModel.loadFromStore().isEmpty)
        }
    }

    @Test func anEmptyStoreLoadsAsAnEmptyList() throws {
        try Self.withTemporarySuite {
            #expect(QEDModel.loadFromStore().isEmpty)
        }
    }
}
