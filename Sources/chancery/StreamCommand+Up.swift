import ArgumentParser
import Foundation
import ISCP
import Intdash
import JSON

extension StreamCommand {
    /// `chancery stream up`: sends the points on standard input as an edge, stored in a
    /// measurement.
    struct Up: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Send the points on standard input as an edge and print {measurement, points_sent, points_acknowledged} as JSON.",
            discussion: """
                Reads every line first (a bad line stops the command before anything is sent, \
                naming the line), then opens an upstream that stores its chunks (persist) in the \
                measurement, sends the points in chunks of --batch, waits until the server has \
                acknowledged every chunk, and closes the upstream, ending the measurement unless \
                --no-end. Blank lines, lines starting with # and the header \
                `elapsed,data_type,data_name,value` are skipped.

                Examples:
                  CHANCERY_EDGE_SECRET=… chancery stream up --url http://127.0.0.1:8080 --edge 6f1c… --name run-1 < points.csv
                  CHANCERY_TOKEN=… chancery stream up --edge 6f1c… --measurement 0b7d… --no-end < more.csv
                """
        )

        @OptionGroup var connection: StreamConnection

        @Option(help: ArgumentHelp("'new' to create a measurement, or the UUID of one of the edge's measurements.", valueName: "new|uuid"))
        var measurement = "new"

        @Option(help: ArgumentHelp("The name of the new measurement.", valueName: "text"))
        var name = ""

        @Option(help: ArgumentHelp("Points per chunk.", valueName: "n"))
        var batch = 100

        @Option(help: ArgumentHelp("Chunks sent but not yet acknowledged, at most.", valueName: "n"))
        var window = 16

        @Flag(inversion: .prefixedNo, help: "End the measurement when the points are sent.")
        var end = true

        func validate() throws {
            guard batch > 0 else { throw ValidationError("--batch must be at least 1") }
            guard window > 0 else { throw ValidationError("--window must be at least 1") }
            guard measurement == "new" || UUID(uuidString: measurement) != nil else {
                throw ValidationError("--measurement must be 'new' or a UUID, not '\(measurement)'")
            }
        }

        func run() async throws {
            let points = try Self.readPoints()
            let (session, token) = try await connection.signIn()
            let edge = try await edgeUUID(session)
            let measurementUUID = try await measurementUUID(session, edge: edge)
            let summary = try await StreamChannel.withChannel(session: session, token: token, nodeID: edge) { channel in
                try await send(points, to: measurementUUID, over: &channel)
            }
            try JSONOutput.print(
                .object([
                    "measurement": .string(measurementUUID), "edge": .string(edge), "chunks": .integer(summary.chunks),
                    "points_sent": .integer(points.count), "points_acknowledged": .integer(summary.acknowledgedPoints),
                ]))
        }

        /// Every point on standard input.
        ///
        /// - Throws: ``ConfigurationError`` naming the first bad line.
        private static func readPoints() throws -> [TelemetryPointText.Line] {
            var points: [TelemetryPointText.Line] = []
            var number = 0
            while let line = readLine(strippingNewline: true) {
                number += 1
                do {
                    if let point = try TelemetryPointText.parse(Substring(line)) { points.append(point) }
                } catch {
                    throw ConfigurationError("standard input, line \(number): \(error)")
                }
            }
            guard !points.isEmpty else { throw ConfigurationError("standard input holds no points") }
            return points
        }

        /// The edge to send as: `--edge`, else the edge the token belongs to.
        private func edgeUUID(_ session: IntdashClient.Session) async throws -> String {
            if let edge = try connection.edgeUUID() { return edge }
            let me: EdgesMeResponse
            do {
                me = try await IntdashClient.EdgesAPI(session: session).me()
            } catch let error as RESTError where error.statusCode != nil {
                throw ConfigurationError("the token is not an edge's (\(error.reason)): pass --edge")
            }
            guard !me.uuid.isEmpty else { throw ConfigurationError("the token is not an edge's: pass --edge") }
            return me.uuid
        }

        /// The measurement to store into: a new one, or the one given once it is found.
        private func measurementUUID(_ session: IntdashClient.Session, edge: String) async throws -> String {
            let measurements = IntdashClient.MeasurementsAPI(session: session)
            if measurement == "new" {
                let created: MeasurementItem
                do {
                    created = try await measurements.create(edgeUuid: edge, name: name, baseTime: Date(), baseTimeType: "manual")
                } catch let error as RESTError where error.statusCode != nil {
                    throw ConfigurationError("cannot create a measurement of edge \(edge): \(error.reason)")
                }
                guard !created.uuid.isEmpty else { throw ConfigurationError("the new measurement has no uuid") }
                return created.uuid
            }
            let uuid = measurement.lowercased()
            do {
                _ = try await measurements.get(uuid: uuid)
            } catch let error as RESTError where error.kind == .notFound {
                throw ConfigurationError("--measurement: \(error.reason)")
            }
            return uuid
        }

        /// What the server acknowledged.
        private struct Summary: Sendable {
            var chunks = 0
            var acknowledgedPoints = 0
        }

        /// Opens the upstream, sends `points` within the window, waits for every ack, closes.
        private func send(_ points: [TelemetryPointText.Line], to measurement: String, over channel: inout StreamChannel) async throws -> Summary {
            var open = ISCP2UpstreamOpenRequest()
            open.sessionID = measurement
            open.ackInterval = 100
            open.expiryInterval = 10
            open.qos = .reliable
            open.extensionFields.persist = true
            let opened = try await channel.request(
                { id in
                    open.requestID = id
                    return .upstreamOpenRequest(open)
                }, answer: \.upstreamOpenResponse, doing: "open an upstream into measurement \(measurement)")
            var summary = Summary()
            var pending: [UInt32: Int] = [:]
            for start in stride(from: 0, to: points.count, by: batch) {
                while pending.count >= window {
                    summary.acknowledgedPoints += try await nextAcknowledgement(&channel, alias: opened.assignedStreamIDAlias, pending: &pending)
                }
                let slice = points[start..<min(start + batch, points.count)]
                summary.chunks += 1
                var chunk = ISCP2UpstreamChunk()
                chunk.streamIDAlias = opened.assignedStreamIDAlias
                chunk.streamChunk.sequenceNumber = UInt32(summary.chunks)
                chunk.streamChunk.dataPointGroups = Self.groups(of: slice)
                pending[UInt32(summary.chunks)] = slice.count
                guard channel.connection.send(.upstreamChunk(chunk)) else {
                    throw StreamChannelError.disconnected("the connection closed while sending")
                }
            }
            while !pending.isEmpty {
                summary.acknowledgedPoints += try await nextAcknowledgement(&channel, alias: opened.assignedStreamIDAlias, pending: &pending)
            }
            var close = ISCP2UpstreamCloseRequest()
            close.streamID = opened.assignedStreamID
            close.totalDataPoints = UInt64(points.count)
            close.finalSequenceNumber = UInt32(summary.chunks)
            close.extensionFields.closeSession = end
            _ = try await channel.request(
                { id in
                    close.requestID = id
                    return .upstreamCloseRequest(close)
                }, answer: \.upstreamCloseResponse, doing: "close the upstream")
            return summary
        }

        /// Reads until an ack of the upstream and returns how many points it acknowledges.
        ///
        /// - Throws: ``StreamChannelError/refused(_:_:)`` when it refuses a chunk.
        private func nextAcknowledgement(_ channel: inout StreamChannel, alias: UInt32, pending: inout [UInt32: Int]) async throws -> Int {
            while true {
                guard case .upstreamChunkAck(let ack) = try await channel.receive(), ack.streamIDAlias == alias else { continue }
                var points = 0
                for result in ack.results {
                    guard let count = pending.removeValue(forKey: result.sequenceNumber) else { continue }
                    guard result.resultCode == .succeeded else {
                        throw StreamChannelError.refused("store chunk \(result.sequenceNumber)", result.resultString)
                    }
                    points += count
                }
                return points
            }
        }

        /// The points as data point groups, one per run of points with the same data id.
        private static func groups(of points: ArraySlice<TelemetryPointText.Line>) -> [ISCP2DataPointGroup] {
            var groups: [ISCP2DataPointGroup] = []
            for point in points {
                var dataPoint = ISCP2DataPoint()
                dataPoint.elapsedTime = point.elapsedTime
                dataPoint.payload = Data(point.payload)
                if let last = groups.last, last.dataID.name == point.dataName, last.dataID.type == point.dataType {
                    groups[groups.count - 1].dataPoints.append(dataPoint)
                    continue
                }
                var group = ISCP2DataPointGroup()
                group.dataID.name = point.dataName
                group.dataID.type = point.dataType
                group.dataPoints = [dataPoint]
                groups.append(group)
            }
            return groups
        }
    }
}
