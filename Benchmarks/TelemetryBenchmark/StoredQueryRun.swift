import AsyncHTTPClient
import BenchmarkSupport
import Conversion
import Foundation
import NIOCore
import NIOHTTP1
import Telemetry

/// Measures reading back one stored measurement of many points.
///
/// The measurement is filled through the data store, as the recorder fills it (chunks of
/// ``pointsPerChunk`` points over four float64 data ids, one microsecond apart, each chunk
/// durable before the next), and then read back whole, each way timed:
/// - the segment files read raw, in 1 MiB blocks: the reference, the same bytes at the speed
///   of the disk or page cache, with no decoding at all;
/// - the store's point cursor (`TelemetryDataStore.points`), every point decoded;
/// - `GET /intdash/api/v1/data` over HTTP with the length-prefixed protobuf answer, as the
///   official clients fetch it, and as JSON lines;
/// - the JSON lines again, fetched by curl in a process of its own (when curl is installed):
///   the client above runs in this process and shares Swift's task threads with the server,
///   which a client on another machine does not.
///
/// Then a query of one hundredth of the measurement's time, from its middle, and one of a
/// thousandth from nine tenths in (a window of recent data, whose first index page must not
/// read the rows before it), show what the chunk index saves.
struct StoredQueryRun {
    /// What the run measured.
    struct Result {
        /// The points stored.
        let points: Int
        /// Points per stored chunk.
        let pointsPerChunk: Int
        /// Points stored per second while filling.
        let fillPointsPerSecond: Double
        /// Bytes of segment files.
        let fileBytes: Int
        /// Seconds to read the segment files raw.
        let rawSeconds: Double
        /// Seconds to iterate every point through the store's cursor.
        let cursorSeconds: Double
        /// Seconds to fetch every point over HTTP.
        let httpSeconds: Double
        /// Processor seconds (client and server) the fetch over HTTP took.
        let httpProcessorSeconds: Double
        /// Bytes of the HTTP answer.
        let httpBytes: Int
        /// Seconds to fetch every point over HTTP as JSON lines.
        let jsonLinesSeconds: Double
        /// Processor seconds (client and server) the fetch as JSON lines took.
        let jsonLinesProcessorSeconds: Double
        /// Bytes of the JSON lines answer.
        let jsonLinesBytes: Int
        /// Seconds for curl to fetch every point as JSON lines; `nil` when curl is not installed.
        let curlJSONLinesSeconds: Double?
        /// Points in the range query's answer.
        let rangePoints: Int
        /// Seconds for the range query over HTTP.
        let rangeSeconds: Double
        /// Points in the late window's answer.
        let lateWindowPoints: Int
        /// Seconds for the late window's query over HTTP.
        let lateWindowSeconds: Double
    }

    /// The four data ids the points cycle through.
    static let dataIDs = (1...4).map { TelemetryDataID(name: "1/sensor\($0)", type: "float64") }
    /// Points per stored chunk when the command line gives no number.
    static let defaultPointsPerChunk = 40_000
    /// The measurement's base time: 2026-01-01T00:00:00Z, in nanoseconds.
    static let baseTime: Int64 = 1_767_225_600_000_000_000

    /// The telemetry capability of the running server.
    let telemetry: TelemetryCapability
    /// `http://HOST:PORT` of the running server.
    let baseURL: String
    /// An administrator's API key.
    let token: String
    /// Points per stored chunk: a device streaming live sends chunks of hundreds or thousands,
    /// a bulk upload far larger ones.
    let pointsPerChunk: Int

    /// Stores `points` points (a multiple of 2,000, so that the range queries' hundredth and
    /// thousandth are whole) in a new measurement and times reading them back.
    func run(points: Int) async throws -> Result {
        guard points > 0, points % 2_000 == 0 else { throw BenchmarkError("the stored points must be a multiple of 2,000") }
        let measurement = try await telemetry.measurements.create(
            edgeUUID: UUID().uuidString.lowercased(), name: "query benchmark", basetime: Self.baseTime, basetimeType: .manual
        )
        guard let uuid = UUID(uuidString: measurement.uuid) else { throw BenchmarkError("the measurement has no UUID") }
        let fillSeconds = try await seconds { try await fill(uuid, points: points) }

        let directory = telemetry.data.directory + "/" + measurement.uuid
        var fileBytes = 0
        let rawSeconds = try await seconds { fileBytes = try Self.readRaw(directory) }

        var cursorPoints = 0
        let cursorSeconds = try await seconds {
            for try await _ in telemetry.data.points(measurement: uuid) { cursorPoints += 1 }
        }
        guard cursorPoints == points else { throw BenchmarkError("the cursor read \(cursorPoints) of \(points) points") }

        let client = HTTPClient.shared
        var whole = (points: 0, bytes: 0)
        let (httpSeconds, httpProcessorSeconds) = try await timed { whole = try await fetch(uuid, query: "", client: client) }
        guard whole.points == points else { throw BenchmarkError("/v1/data answered \(whole.points) of \(points) points") }
        var lines = (points: 0, bytes: 0)
        let (jsonLinesSeconds, jsonLinesProcessorSeconds) = try await timed { lines = try await fetchJSONLines(uuid, client: client) }
        guard lines.points == points else { throw BenchmarkError("/v1/data answered \(lines.points) of \(points) JSON lines") }
        let curlJSONLinesSeconds = try await fetchJSONLinesWithCurl(uuid, expectedBytes: lines.bytes)

        // One hundredth of the time, from the middle (`start` and `end` in microseconds).
        let span = Int64(points)
        let start = Self.baseTime / 1_000 + span / 2
        var range = (points: 0, bytes: 0)
        let rangeSeconds = try await seconds {
            range = try await fetch(uuid, query: "&start=\(start)&end=\(start + span / 100)", client: client)
        }
        guard range.points == points / 100 else { throw BenchmarkError("the range query answered \(range.points) of \(points / 100) points") }
        let lateStart = Self.baseTime / 1_000 + span / 10 * 9
        var late = (points: 0, bytes: 0)
        let lateWindowSeconds = try await seconds {
            late = try await fetch(uuid, query: "&start=\(lateStart)&end=\(lateStart + span / 1_000)", client: client)
        }
        guard late.points == points / 1_000 else { throw BenchmarkError("the late window answered \(late.points) of \(points / 1_000) points") }

        return Result(
            points: points, pointsPerChunk: pointsPerChunk, fillPointsPerSecond: Double(points) / fillSeconds, fileBytes: fileBytes,
            rawSeconds: rawSeconds,
            cursorSeconds: cursorSeconds, httpSeconds: httpSeconds, httpProcessorSeconds: httpProcessorSeconds, httpBytes: whole.bytes,
            jsonLinesSeconds: jsonLinesSeconds, jsonLinesProcessorSeconds: jsonLinesProcessorSeconds, jsonLinesBytes: lines.bytes,
            curlJSONLinesSeconds: curlJSONLinesSeconds,
            rangePoints: range.points,
            rangeSeconds: rangeSeconds, lateWindowPoints: late.points, lateWindowSeconds: lateWindowSeconds
        )
    }

    /// Appends `points` points to `measurement`, one chunk at a time.
    private func fill(_ measurement: UUID, points: Int) async throws {
        let upstream = TelemetryUpstream(streamID: UUID(), sessionID: measurement.uuidString.lowercased(), sourceNodeID: "benchmark")
        let payload: [UInt8] = [0x40, 0x09, 0x21, 0xFB, 0x54, 0x44, 0x2D, 0x18]  // π as a big-endian float64
        var first = 0
        var sequence: UInt32 = 1
        while first < points {
            let count = min(pointsPerChunk, points - first)
            var groups = Self.dataIDs.map { (dataID: $0, points: [TelemetryDataPoint]()) }
            for index in first..<(first + count) {
                groups[index % groups.count].points.append(TelemetryDataPoint(elapsedTime: Int64(index) * 1_000, payload: payload))
            }
            let chunk = TelemetryChunk(
                upstream: upstream, sequenceNumber: sequence,
                groups: groups.filter { !$0.points.isEmpty }.map { TelemetryDataPointGroup(dataID: $0.dataID, dataPoints: $0.points) }
            )
            try await telemetry.data.append(chunk, measurement: measurement)
            first += count
            sequence += 1
        }
    }

    /// Reads every file in `directory` in 1 MiB blocks and returns the bytes read.
    private static func readRaw(_ directory: String) throws -> Int {
        var total = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: directory).sorted() {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: directory + "/" + name))
            defer { try? handle.close() }
            while let block = try handle.read(upToCount: 1 << 20), !block.isEmpty {
                total += block.count
            }
        }
        guard total > 0 else { throw BenchmarkError("no segment files in \(directory)") }
        return total
    }

    /// Fetches `/v1/data` of `measurement` with `query` appended as length-prefixed protobuf,
    /// and counts the points and bytes of the answer as it streams in.
    private func fetch(_ measurement: UUID, query: String, client: HTTPClient) async throws -> (points: Int, bytes: Int) {
        var request = HTTPClientRequest(url: "\(baseURL)/intdash/api/v1/data?name=\(measurement.uuidString.lowercased())\(query)")
        request.headers.add(name: "X-Intdash-Token", value: token)
        request.headers.add(name: "Accept", value: "application/protobuf")
        let response = try await client.execute(request, timeout: .hours(1))
        guard response.status == .ok else { throw BenchmarkError("/v1/data answered \(response.status)") }
        var counter = LengthPrefixedCounter()
        var bytes = 0
        for try await buffer in response.body {
            bytes += buffer.readableBytes
            buffer.withUnsafeReadableBytes { counter.consume($0) }
        }
        guard counter.isAtBoundary else { throw BenchmarkError("/v1/data ended inside a message") }
        return (counter.messages, bytes)
    }

    /// Fetches `/v1/data` of all of `measurement` as JSON lines, and counts the lines and bytes
    /// of the answer as it streams in.
    private func fetchJSONLines(_ measurement: UUID, client: HTTPClient) async throws -> (points: Int, bytes: Int) {
        var request = HTTPClientRequest(url: "\(baseURL)/intdash/api/v1/data?name=\(measurement.uuidString.lowercased())")
        request.headers.add(name: "X-Intdash-Token", value: token)
        request.headers.add(name: "Accept", value: "application/x-ndjson")
        let response = try await client.execute(request, timeout: .hours(1))
        guard response.status == .ok else { throw BenchmarkError("/v1/data answered \(response.status)") }
        var lines = 0
        var bytes = 0
        var last: UInt8 = UInt8(ascii: "\n")
        for try await buffer in response.body {
            bytes += buffer.readableBytes
            // memchr finds a line's end many bytes at a time: the client, which shares the
            // processor with the server, spends less of it than a loop over every byte would.
            buffer.withUnsafeReadableBytes { raw in
                guard var cursor = raw.baseAddress else { return }
                let end = cursor + raw.count
                while let found = memchr(cursor, Int32(UInt8(ascii: "\n")), end - cursor) {
                    lines += 1
                    cursor = UnsafeRawPointer(found) + 1
                }
            }
            last = buffer.readableBytesView.last ?? last
        }
        guard last == UInt8(ascii: "\n") else { throw BenchmarkError("/v1/data ended inside a JSON line") }
        return (lines, bytes)
    }

    /// Fetches `/v1/data` of all of `measurement` as JSON lines with curl, which throws the
    /// answer away, and returns the seconds it took (starting curl included); `nil` when curl is
    /// not installed.
    ///
    /// - Throws: ``BenchmarkError`` unless curl got status 200 and `expectedBytes` bytes, as many
    ///   as the client in this process read.
    private func fetchJSONLinesWithCurl(_ measurement: UUID, expectedBytes: Int) async throws -> Double? {
        guard let curl = InstalledProgram.path(of: "curl", knownPlaces: ["/usr/bin/curl"]) else { return nil }
        let directory = FileManager.default.temporaryDirectory
        let outputFile = directory.appendingPathComponent("chancery-benchmark-curl-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: outputFile) }
        let child = ChildProcess(
            executable: curl,
            arguments: [
                "--silent", "--show-error", "--output", "/dev/null", "--write-out", "%{http_code} %{size_download}",
                "--header", "X-Intdash-Token: \(token)", "--header", "Accept: application/x-ndjson",
                "\(baseURL)/intdash/api/v1/data?name=\(measurement.uuidString.lowercased())",
            ],
            environment: ProcessInfo.processInfo.environment, directory: directory, outputFile: outputFile
        )
        var termination = ChildProcess.Termination.timedOut
        let seconds = try await seconds { termination = try await child.run(timeLimit: .seconds(600)) }
        let output = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
        guard termination == .exited(0), output == "200 \(expectedBytes)" else {
            throw BenchmarkError("curl fetching the JSON lines ended \(termination) with \"\(output)\", not 200 and \(expectedBytes) bytes")
        }
        return seconds
    }

    /// The seconds `body` takes.
    private func seconds(_ body: () async throws -> Void) async throws -> Double {
        try await timed(body).seconds
    }

    /// The seconds `body` takes, and the processor seconds (all threads, client and server)
    /// the process spends meanwhile.
    private func timed(_ body: () async throws -> Void) async throws -> (seconds: Double, processorSeconds: Double) {
        let start = ContinuousClock.now
        let processorStart = LoadMeasurement.processorTime()
        try await body()
        return ((ContinuousClock.now - start).seconds, LoadMeasurement.processorTime() - processorStart)
    }
}

/// Counts the messages of a stream of `[u64 little-endian length][message]` records that
/// arrives in pieces of any size.
struct LengthPrefixedCounter {
    /// Whole messages seen.
    private(set) var messages = 0
    /// The length prefix read so far (its bytes arrive in order, least significant first).
    private var prefix: UInt64 = 0
    private var prefixBytes = 0
    /// Bytes of the current message still to skip.
    private var remaining = 0

    /// Whether the stream so far ends between two records.
    var isAtBoundary: Bool { prefixBytes == 0 && remaining == 0 }

    /// Reads the next piece of the stream.
    ///
    /// It goes through the raw bytes, skipping each message's body whole: the client shares
    /// the processor with the server, and should take as little of it as it can.
    mutating func consume(_ bytes: UnsafeRawBufferPointer) {
        var index = 0
        while index < bytes.count {
            if remaining > 0 {
                let skip = min(remaining, bytes.count - index)
                index += skip
                remaining -= skip
                if remaining == 0 { messages += 1 }
                continue
            }
            if prefixBytes == 0, bytes.count - index >= 8 {
                remaining = Int(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
                index += 8
                if remaining == 0 { messages += 1 }
                continue
            }
            prefix |= UInt64(bytes[index]) << (8 * UInt64(prefixBytes))
            prefixBytes += 1
            index += 1
            if prefixBytes == 8 {
                remaining = Int(prefix)
                prefix = 0
                prefixBytes = 0
                if remaining == 0 { messages += 1 }
            }
        }
    }
}
