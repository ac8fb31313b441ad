import Foundation
import QEDSDK
import Testing

@Suite struct QEDFileTests {
    /// A date with whole milliseconds, which ISO 8601 text keeps exactly.
    static let taken = Date(timeIntervalSince1970: 1_763_000_000)

    @Test func initWithAnExistingFileTakesItsNameExtensionAndDate() throws {
        let url = try TestStorage.file(named: "IMG_0042.jpg", contents: Data("photo".utf8))
        let modified = try #require(FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date)
        let file = try #require(QEDFile(with: url))
        #expect(file.name == "IMG_0042")
        #expect(file.ext == "jpg")
        #expect(file.fileURL == url)
        #expect(abs(file.dateTaken.timeIntervalSince(modified)) < 2)
        #expect(file.slug == nil && file.hash == nil && file.note == nil)
        #expect(file.proofStatus == .undefined)
        #expect(!file.isSynchedWithServer)
        #expect(file.hasLocalFile)
        #expect(file.localFileLocation == url)
    }

    @Test func initWithAMissingFileOrADirectoryFails() throws {
        let url = try TestStorage.file(named: "gone.mov", contents: Data())
        try FileManager.default.removeItem(at: url)
        #expect(QEDFile(with: url) == nil)
        #expect(QEDFile(with: url.deletingLastPathComponent()) == nil)
    }

    @Test func initWithNamePlacesTheFileInTheQEDDirectory() throws {
        let storage = TestStorage.prepare()
        let file = QEDFile(withName: "clip-\(UUID().uuidString)", extension: "mov", dateTaken: Self.taken)
        #expect(QEDFile.qedDirectory == storage.appendingPathComponent("Files", isDirectory: true))
        #expect(QEDFile.pdfDirectory == storage.appendingPathComponent("PDFs", isDirectory: true))
        #expect(file.fileURL == QEDFile.qedDirectory.appendingPathComponent("\(file.name).mov"))
        #expect(file.dateTaken == Self.taken)
        #expect(file.proofStatus == .undefined)

        #expect(!file.hasLocalFile)
        #expect(file.localFileLocation == nil)
        try Data("video".utf8).write(to: file.fileURL)
        #expect(file.hasLocalFile)
        #expect(file.localFileLocation == file.fileURL)

        #expect(file.pdfURL == QEDFile.pdfDirectory.appendingPathComponent("\(file.name).mov.pdf"))
        #expect(!file.hasLocalPDF)
        try Data("%PDF-1.7".utf8).write(to: file.pdfURL)
        #expect(file.hasLocalPDF)
    }

    @Test func aFileWithoutExtensionHasNoDotInItsPaths() {
        TestStorage.prepare()
        let file = QEDFile(withName: "README-\(UUID().uuidString)", extension: "", dateTaken: Self.taken)
        #expect(file.fileURL.lastPathComponent == file.name)
        #expect(file.pdfURL.lastPathComponent == "\(file.name).pdf")
    }

    @Test func twoReportedFilesOfTheSameNameHaveTheirOwnPDF() {
        TestStorage.prepare()
        var first = QEDFile(withName: "IMG_0042", extension: "jpg", dateTaken: Self.taken)
        var second = first
        #expect(first.pdfURL.lastPathComponent == "IMG_0042.jpg.pdf", "before a report, the file's own name")
        first.slug = "AAAAAAAAAA"
        second.slug = "BBBBBBBBBB"
        #expect(first.pdfURL.lastPathComponent == "IMG_0042.jpg-AAAAAAAAAA.pdf")
        #expect(first.pdfURL != second.pdfURL)
        #expect(first.pdfURL.deletingLastPathComponent() == QEDFile.pdfDirectory)
    }

    @Test func equalityIsBySlugAndWithoutOneByDateTaken() {
        TestStorage.prepare()
        var a = QEDFile(withName: "a", extension: "jpg", dateTaken: Self.taken)
        var b = QEDFile(withName: "b", extension: "png", dateTaken: Self.taken)
        #expect(a == b, "no slugs: the same date taken makes them equal, whatever the names")
        b.dateTaken = Self.taken.addingTimeInterval(1)
        #expect(a != b)

        a.slug = "AAA"
        #expect(a != b, "one slug: still compared by date taken")
        b.dateTaken = Self.taken
        #expect(a == b)

        b.slug = "BBB"
        #expect(a != b, "two slugs: they must match, even with the same date taken")
        b.slug = "AAA"
        b.dateTaken = Self.taken.addingTimeInterval(60)
        #expect(a == b, "two equal slugs: the same report, whatever the dates")
    }

    @Test func orderIsByDateTakenOnly() {
        TestStorage.prepare()
        var early = QEDFile(withName: "z", extension: "jpg", dateTaken: Self.taken)
        early.slug = "ZZZ"
        var late = QEDFile(withName: "a", extension: "jpg", dateTaken: Self.taken.addingTimeInterval(1))
        late.slug = "AAA"
        #expect(early < late)
        #expect(!(late < early))
        #expect([late, early].sorted().map(\.slug) == ["ZZZ", "AAA"])
    }

    @Test func dictionaryRepresentationUsesTheAttributeKeysAndRoundTrips() throws {
        TestStorage.prepare()
        var file = QEDFile(withName: "holiday-\(UUID().uuidString)", extension: "heic", dateTaken: Date(timeIntervalSince1970: 1_763_000_000.25))
        file.note = "the beach"
        file.slug = "U1FKSif"
        file.hash = String(repeating: "ab", count: 32)
        file.proofStatus = .confirmed

        let dictionary = file.dictionaryRepresentation()
        #expect(Set(dictionary.keys) == Set(QEDAPI.Attribute.allCases.map(\.rawValue)))
        #expect(dictionary["name"] == file.name)
        #expect(dictionary["ext"] == "heic")
        #expect(dictionary["dateTaken"] == "2025-11-13T02:13:20.250Z")
        #expect(dictionary["note"] == "the beach")
        #expect(dictionary["slug"] == "U1FKSif")
        #expect(dictionary["hash"] == file.hash)
        #expect(dictionary["status"] == "confirmed")

        let copy = try #require(QEDFile(fromQEDAPIResponseDict: dictionary))
        #expect(copy.name == file.name)
        #expect(copy.ext == file.ext)
        #expect(copy.dateTaken == file.dateTaken)
        #expect(copy.note == file.note)
        #expect(copy.slug == file.slug)
        #expect(copy.hash == file.hash)
        #expect(copy.proofStatus == .confirmed)
        #expect(copy.fileURL == file.fileURL, "without a fileURL, the file is assumed in qedDirectory")
    }

    @Test func dictionaryRepresentationLeavesOutWhatTheFileLacks() {
        TestStorage.prepare()
        let dictionary = QEDFile(withName: "new", extension: "jpg", dateTaken: Self.taken).dictionaryRepresentation()
        #expect(Set(dictionary.keys) == ["name", "ext", "dateTaken", "status"])
        #expect(dictionary["status"] == "undefined")
    }

    @Test func responseDictNeedsNameSlugHashDateTakenAndStatus() throws {
        TestStorage.prepare()
        let complete: [String: Any] = [
            "name": "doc", "slug": "S1", "hash": "00ff", "dateTaken": "2026-01-02T03:04:05Z", "status": "pending",
        ]
        let file = try #require(QEDFile(fromQEDAPIResponseDict: complete))
        #expect(file.dateTaken == Date(timeIntervalSince1970: 1_767_323_045))
        #expect(file.ext == "")
        #expect(file.proofStatus == .pending)
        for key in complete.keys {
            var partial = complete
            partial[key] = nil
            #expect(QEDFile(fromQEDAPIResponseDict: partial) == nil, "without \(key)")
        }
        var badDate = complete
        badDate["dateTaken"] = "yesterday"
        #expect(QEDFile(fromQEDAPIResponseDict: badDate) == nil)
    }

    @Test func responseDictAsTheServerSendsItReadsExtensionAndDateFromMetadata() throws {
        TestStorage.prepare()
        let location = URL(fileURLWithPath: "/var/mobile/elsewhere/clip.mov")
        let report: [String: Any] = [
            "slug": "G2p2eTgh1A", "status": "confirmed", "name": "clip", "note": NSNull(), "hash": "9f86d0",
            "provable_files": [["slug": "x", "hash": "9f86d0", "file_name": "clip.mov"]],
            "meta_data": ["ext": "mov", "dateTaken": "2026-11-21T15:10:53.727Z"],
            "tx": ["hash": "c934", "block_height": 0],
        ]
        let file = try #require(QEDFile(fromQEDAPIResponseDict: report, fileURL: location))
        #expect(file.ext == "mov")
        #expect(abs(file.dateTaken.timeIntervalSince1970 - 1_795_273_853.727) < 0.0005)
        #expect(file.note == nil)
        #expect(file.fileURL == location)
        #expect(file.proofStatus == .confirmed)
    }

    @Test func unknownStatusTextIsUndefined() {
        #expect(QEDFile.ProofStatus(fromAPIString: "confirmed") == .confirmed)
        #expect(QEDFile.ProofStatus(fromAPIString: "failed") == .failed)
        #expect(QEDFile.ProofStatus(fromAPIString: "Confirmed") == .undefined)
        #expect(QEDFile.ProofStatus(fromAPIString: "certified") == .undefined)
        #expect(QEDFile.ProofStatus.allCases.map(\.string) == ["undefined", "pending", "confirmed", "failed"])
    }

    @Test func mergeTakesTheOtherFilesValuesWhereItHasThem() {
        TestStorage.prepare()
        var local = QEDFile(withName: "local", extension: "jpg", dateTaken: Self.taken)
        local.note = "kept"
        local.hash = "aa"
        local.proofStatus = .pending
        local.fileURL = URL(fileURLWithPath: "/tmp/local.jpg")

        var server = QEDFile(withName: "server", extension: "png", dateTaken: Self.taken.addingTimeInterval(5))
        server.slug = "S"
        server.proofStatus = .confirmed

        let merged = local.merge(withFile: server)
        #expect(merged.name == "server")
        #expect(merged.ext == "png")
        #expect(merged.dateTaken == server.dateTaken)
        #expect(merged.fileURL == server.fileURL)
        #expect(merged.note == "kept", "nil in the other file keeps this file's value")
        #expect(merged.hash == "aa")
        #expect(merged.slug == "S")
        #expect(merged.proofStatus == .confirmed)

        server.proofStatus = .undefined
        #expect(local.merge(withFile: server).proofStatus == .pending, "undefined says nothing and does not win")
        server.note = "replaced"
        #expect(local.merge(withFile: server).note == "replaced")
    }

    @Test func codableKeepsEveryProperty() throws {
        TestStorage.prepare()
        var file = QEDFile(withName: "coded", extension: "mp4", dateTaken: Date(timeIntervalSince1970: 1_763_000_000.123456))
        file.note = "n"
        file.slug = "s"
        file.hash = "h"
        file.proofStatus = .failed
        let decoded = try JSONDecoder().decode(QEDFile.self, from: JSONEncoder().encode(file))
        #expect(decoded.dictionaryRepresentation() == file.dictionaryRepresentation())
        #expect(decoded.dateTaken == file.dateTaken, "sub-millisecond precision survives JSON coding")
        #expect(decoded.fileURL == file.fileURL)
    }
}
