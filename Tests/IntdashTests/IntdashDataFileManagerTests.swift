import ChanceryTestSupport
import Foundation
import Intdash
import Testing

/// The file manager stores units by second, groups them by elapsed time, and keeps its meta
/// properties across a reload.
@Suite struct IntdashDataFileManagerTests {
    /// The units of group `index` of second `second`, with their elapsed time.
    private func read(_ file: IntdashDataFileManager, second: Int, index: Int) throws -> ([IntdashData]?, TimeInterval?) {
        var result: ([IntdashData]?, TimeInterval?) = (nil, nil)
        var failure: (any Error)?
        file.read(elapsedTime: second, index: index) { error, units, elapsed in
            failure = error
            result = (units, elapsed)
        }
        if let failure { throw failure }
        return result
    }

    @Test func writesAndReadsUnitsBySecondAndGroup() async throws {
        try await TemporaryDirectory.with { directory in
            let path = directory + "/measurement"
            let file = try IntdashDataFileManager(parentPath: path)
            let speed = try IntdashData.DataFloat(id: "speed", data: 3.5)
            let can = IntdashData.DataCAN(id: 0x10, dlc: 1, data: [7])
            try file.write(units: [speed], elapsedTime: 0.5)
            try file.write(units: [can], elapsedTime: 0.25)
            try file.write(units: [speed, can], elapsedTime: 0.5)
            let size = try file.write(units: [speed], elapsedTime: 2.75)

            #expect(file.getDataDuration() == 3)
            #expect(file.getUnitSizePerSecond(elapsedTime: 0) == 2)
            #expect(file.getUnitSizePerSecond(elapsedTime: 1) == 0)
            #expect(file.getUnitSizePerSecond(elapsedTime: 2) == 1)
            let first = try read(file, second: 0, index: 0)
            #expect(first.1 == 0.25)
            #expect(first.0 == [can])
            let second = try read(file, second: 0, index: 1)
            #expect(second.1 == 0.5)
            #expect(second.0 == [speed, speed, can])
            let beyond = try read(file, second: 0, index: 2)
            #expect(beyond.0 == nil && beyond.1 == nil)
            #expect(try read(file, second: 2, index: 0).1 == 2.75)
            #expect(size == Int(file.dataSize))
            #expect(size > 0)
        }
    }

    @Test func metaPropertiesSurviveAReload() async throws {
        try await TemporaryDirectory.with { directory in
            let path = directory + "/m"
            let file = try IntdashDataFileManager(parentPath: path)
            try file.setBaseTime(time: 1_700_000_000.5)
            try file.setMeasurementId(id: "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee")
            try file.setStreamChannels(channels: 3)
            file.duration = 12.5
            file.isUploaded = true
            file.string = "note"
            try file.write(units: [IntdashData.DataJPEG(data: [1, 2, 3])], timestamp: 1_700_000_001.0)

            let loaded = try IntdashDataFileManager.load(parentPath: path)
            #expect(loaded.parentPath == path)
            #expect(loaded.baseTime == 1_700_000_000.5)
            #expect(loaded.measurementId == "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee")
            #expect(loaded.streamChannels == 3)
            #expect(loaded.duration == 12.5)
            #expect(loaded.isUploaded)
            #expect(loaded.string == "note")
            #expect(loaded.dataSize == file.dataSize)
            #expect(try read(loaded, second: 0, index: 0).1 == 0.5)
        }
    }

    @Test func overwritingIsOnlyOnRequest() async throws {
        try await TemporaryDirectory.with { directory in
            let path = directory + "/m"
            let file = try IntdashDataFileManager(parentPath: path)
            try file.write(units: [IntdashData.DataAAC(data: [1])], elapsedTime: 5)
            #expect(throws: IntdashDataFileError.alreadyExists(path)) { try IntdashDataFileManager(parentPath: path) }
            let fresh = try IntdashDataFileManager(parentPath: path, isOverwrite: true)
            #expect(fresh.getDataDuration() == 0)
            #expect(fresh.dataSize == 0)
        }
    }

    @Test func timestampsNeedABaseTime() async throws {
        try await TemporaryDirectory.with { directory in
            let file = try IntdashDataFileManager(parentPath: directory + "/m")
            #expect(throws: IntdashDataFileError.baseTimeNotSet) { try file.write(units: [], timestamp: 10) }
            #expect(throws: IntdashDataFileError.invalidElapsedTime(-1)) { try file.write(units: [], elapsedTime: -1) }
        }
    }

    @Test func clearMoveCopyAndRemove() async throws {
        try await TemporaryDirectory.with { directory in
            let file = try IntdashDataFileManager(parentPath: directory + "/a")
            try file.write(units: [IntdashData.DataAAC(data: [1])], elapsedTime: 1)
            try file.copy(toParentPath: directory + "/b")
            #expect(IntdashDataFileManager.getDataDuration(parentPath: directory + "/b") == 2)
            try file.move(toParentPath: directory + "/c")
            #expect(file.parentPath == directory + "/c")
            #expect(!FileManager.default.fileExists(atPath: directory + "/a"))
            #expect(throws: IntdashDataFileError.alreadyExists(directory + "/b")) { try file.copy(toParentPath: directory + "/b") }
            try file.clear()
            #expect(file.getDataDuration() == 0)
            #expect(file.dataSize == 0)
            try file.remove()
            #expect(throws: IntdashDataFileError.notFound(directory + "/c")) { try IntdashDataFileManager.load(parentPath: directory + "/c") }
        }
    }

    @Test func damagedFilesAreReportedAsErrors() async throws {
        try await TemporaryDirectory.with { directory in
            let file = try IntdashDataFileManager(parentPath: directory + "/m")
            try Data([1, 2, 3]).write(to: URL(fileURLWithPath: directory + "/m/Units/0.units"))
            #expect(throws: IntdashDataFileError.self) { try read(file, second: 0, index: 0) }
        }
    }
}
