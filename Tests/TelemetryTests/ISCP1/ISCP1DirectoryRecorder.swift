import Foundation
import Telemetry

/// A ``TelemetryRecording`` over a directory: each measurement is a folder holding its edge,
/// its chunks (one file per stream and sequence number, written atomically, never twice), its
/// base times and an end mark. Removing a measurement's folder makes the next write fail, as a
/// full disk would.
///
/// The iSCP 1.0 endpoint tests now run on the capability's own `TelemetryRecorder`; the iSCP v2
/// persistence tests still use this one.
actor ISCP1DirectoryRecorder: TelemetryRecording {
    /// The folder that holds one folder per measurement.
    let root: URL

    /// Creates a recorder over the existing folder `root`.
    init(root: URL) {
        self.root = root
    }

    func createMeasurement(edgeID: String) async throws -> UUID {
        let measurement = UUID()
        try create(measurement.uuidString.lowercased(), of: edgeID)
        return measurement
    }

    func prepare(_ upstream: TelemetryUpstream) async throws {
        guard UUID(uuidString: upstream.sessionID) != nil else {
            throw TelemetryRecordingError("the session id \(upstream.sessionID) is not a measurement UUID")
        }
        if let edge = edge(of: upstream.sessionID) {
            guard edge == upstream.sourceNodeID else {
                throw TelemetryRecordingError("measurement \(upstream.sessionID) belongs to another edge")
            }
            return
        }
        try create(upstream.sessionID, of: upstream.sourceNodeID)
    }

    func record(_ chunk: TelemetryChunk) async throws {
        let file = folder(of: chunk.upstream.sessionID)
            .appendingPathComponent("\(chunk.upstream.streamID.uuidString.lowercased())-\(chunk.sequenceNumber).chunk")
        if FileManager.default.fileExists(atPath: file.path) { return }
        let lines = chunk.groups.flatMap { group in
            group.dataPoints.map { point in
                [group.dataID.name, group.dataID.type, "\(point.elapsedTime)", point.payload.map { String(format: "%02x", $0) }.joined()]
                    .joined(separator: "\t")
            }
        }
        try Data(lines.joined(separator: "\n").utf8).write(to: file, options: .atomic)
    }

    func record(_ baseTime: TelemetryBaseTime) async throws {
        let file = folder(of: baseTime.sessionID).appendingPathComponent("basetime-\(baseTime.name)")
        try Data("\(baseTime.priority)\t\(baseTime.elapsedTime)\t\(baseTime.baseTime)".utf8).write(to: file, options: .atomic)
    }

    func endSession(_ sessionID: String) async throws {
        try Data().write(to: folder(of: sessionID).appendingPathComponent("ended"), options: .atomic)
    }

    func declare(_ upstream: TelemetryUpstream, totalDataPoints: UInt64, finalSequenceNumber: UInt32) async throws {}

    func progress(of upstream: TelemetryUpstream) async throws -> TelemetryStreamProgress {
        throw TelemetryRecordingError("iSCP 1.0 upstreams are not taken over")
    }

    // MARK: Reading back

    /// A stored data point as the files hold it.
    struct StoredPoint: Hashable {
        let dataID: TelemetryDataID
        let elapsedTime: Int64
        let payload: [UInt8]
    }

    /// The edge measurement `sessionID` belongs to, or `nil` when it does not exist.
    func edge(of sessionID: String) -> String? {
        guard let data = FileManager.default.contents(atPath: folder(of: sessionID).appendingPathComponent("edge").path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The stored chunks of `sessionID`, by file name (`<stream>-<sequence>.chunk`).
    func chunks(of sessionID: String) throws -> [String: [StoredPoint]] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder(of: sessionID).path).filter { $0.hasSuffix(".chunk") }
        var chunks: [String: [StoredPoint]] = [:]
        for name in names {
            let text = try String(contentsOf: folder(of: sessionID).appendingPathComponent(name), encoding: .utf8)
            chunks[name] = text.split(separator: "\n").map { line in
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                let hex = Array(fields[3])
                let payload = stride(from: 0, to: hex.count, by: 2).map { UInt8(String(hex[$0...$0 + 1]), radix: 16)! }
                return StoredPoint(dataID: TelemetryDataID(name: fields[0], type: fields[1]), elapsedTime: Int64(fields[2])!, payload: payload)
            }
        }
        return chunks
    }

    /// The stored base time of `sessionID` from clock `name`, as `(elapsedTime, baseTime)`.
    func baseTime(of sessionID: String, name: String) -> (elapsedTime: UInt64, baseTime: Int64)? {
        guard let data = FileManager.default.contents(atPath: folder(of: sessionID).appendingPathComponent("basetime-\(name)").path) else {
            return nil
        }
        let fields = String(decoding: data, as: UTF8.self).split(separator: "\t")
        return (UInt64(fields[1])!, Int64(fields[2])!)
    }

    /// Whether `sessionID` was ended.
    func isEnded(_ sessionID: String) -> Bool {
        FileManager.default.fileExists(atPath: folder(of: sessionID).appendingPathComponent("ended").path)
    }

    /// Removes the folder of `sessionID`, so that writes into it fail.
    func removeFolder(of sessionID: String) throws {
        try FileManager.default.removeItem(at: folder(of: sessionID))
    }

    private func folder(of sessionID: String) -> URL {
        root.appendingPathComponent(sessionID, isDirectory: true)
    }

    private func create(_ sessionID: String, of edgeID: String) throws {
        try FileManager.default.createDirectory(at: folder(of: sessionID), withIntermediateDirectories: false)
        try Data(edgeID.utf8).write(to: folder(of: sessionID).appendingPathComponent("edge"), options: .atomic)
    }
}
