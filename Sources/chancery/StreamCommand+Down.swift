import ArgumentParser
import Foundation
import ISCP
import Intdash
import JSON

extension StreamCommand {
    /// `chancery stream down`: prints the points that nodes send, live.
    struct Down: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the points nodes send, live, one per line, until interrupted, --count or --duration.",
            discussion: """
                Each --filter is NODE:TYPE:NAME: the node (an edge's UUID), then a data type and \
                a data name in which # matches any rest and + one level (`1/#`, `+/speed`). \
                --format csv prints `elapsed,data_type,data_name,value`, the lines `stream up` \
                reads; ndjson prints {node, session, elapsed_time (ns), data_type, data_name, \
                value}. Once the server has accepted the filters, `watching FILTERS` is written to \
                standard error. The connection acts as --edge when given (needed for a client \
                secret) or --node.

                Examples:
                  CHANCERY_TOKEN=… chancery stream down --filter '6f1c…:#:#'
                  CHANCERY_TOKEN=… chancery stream down --filter '6f1c…:float64:1/+' --format ndjson --count 100
                """
        )

        @OptionGroup var connection: StreamConnection

        @Option(name: .customLong("filter"), help: ArgumentHelp("NODE:TYPE:NAME, with # and + wildcards; repeat for several.", valueName: "filter"))
        var filters: [String] = []

        @Option(help: "csv or ndjson.")
        var format = TelemetryPointFormat.csv

        @Option(
            help: ArgumentHelp(
                "The node id to connect as. (default: --edge, else a fresh UUID, which only an administrator may use; a person gives their user name)",
                valueName: "id"
            ))
        var node: String?

        @Option(help: ArgumentHelp("Stop after this many points.", valueName: "n"))
        var count: Int?

        @Option(help: ArgumentHelp("Stop after this many seconds.", valueName: "seconds"))
        var duration: Double?

        func validate() throws {
            guard !filters.isEmpty else { throw ValidationError("give at least one --filter NODE:TYPE:NAME") }
            _ = try downstreamFilters()
            if let count, count < 1 { throw ValidationError("--count must be at least 1") }
            if let duration, !(duration > 0) { throw ValidationError("--duration must be a positive number of seconds") }
        }

        func run() async throws {
            let (session, token) = try await connection.signIn()
            let node = try node ?? connection.edgeUUID() ?? UUID().uuidString.lowercased()
            let deadline = duration.map { ContinuousClock.now + .milliseconds(Int64($0 * 1000)) }
            try await StreamChannel.withChannel(session: session, token: token, nodeID: node) { channel in
                var open = ISCP2DownstreamOpenRequest()
                open.desiredStreamIDAlias = 1
                open.downstreamFilters = try downstreamFilters()
                open.expiryInterval = 1
                open.qos = .unreliable
                _ = try await channel.request(
                    { id in
                        open.requestID = id
                        return .downstreamOpenRequest(open)
                    }, answer: \.downstreamOpenResponse, doing: "open a downstream")
                FileHandle.standardError.write(Data("watching \(filters.joined(separator: " "))\n".utf8))
                try await withThrowingTaskGroup(of: Void.self) { tasks in
                    let connection = channel.connection
                    tasks.addTask { try await Self.keepAlive(connection) }
                    try await printPoints(from: &channel, until: deadline)
                    tasks.cancelAll()
                }
            }
        }

        /// Prints the points of the downstream chunks until `--count` points or the deadline.
        private func printPoints(from channel: inout StreamChannel, until deadline: ContinuousClock.Instant?) async throws {
            var printed = 0
            while count.map({ printed < $0 }) ?? true {
                if let deadline, ContinuousClock.now >= deadline { return }
                guard case .downstreamChunk(let chunk) = try await channel.receive() else { continue }
                let node = chunk.upstreamInfo.sourceNodeID
                let session = chunk.upstreamInfo.sessionID
                groups: for group in chunk.streamChunk.dataPointGroups {
                    guard case .dataID(let id)? = group.dataIDOrAlias else { continue }
                    for point in group.dataPoints {
                        print(line(node: node, session: session, dataID: id, point: point))
                        printed += 1
                        if let count, printed >= count { break groups }
                    }
                }
                fflush(nil)
            }
        }

        /// One output line for a point.
        private func line(node: String, session: String, dataID: ISCP2DataID, point: ISCP2DataPoint) -> String {
            let payload = Array(point.payload)
            switch format {
            case .csv:
                return TelemetryPointText.line(elapsedTime: point.elapsedTime, dataType: dataID.type, dataName: dataID.name, payload: payload)
            case .ndjson:
                return TelemetryPointJSON.line([
                    "node": .string(node), "session": .string(session), "elapsed_time": .integer(Int(point.elapsedTime)),
                    "data_type": .string(dataID.type), "data_name": .string(dataID.name),
                    "value": TelemetryPointJSON.value(type: dataID.type, payload: payload),
                ])
            }
        }

        /// The filters as the downstream open request carries them, one per node.
        private func downstreamFilters() throws -> [ISCP2DownstreamFilter] {
            var byNode: [(node: String, filters: [ISCP2DataFilter])] = []
            for text in filters {
                let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
                guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else {
                    throw ValidationError("--filter '\(text)' is not NODE:TYPE:NAME")
                }
                var filter = ISCP2DataFilter()
                filter.type = String(parts[1])
                filter.name = String(parts[2])
                let node = parts[0].lowercased()
                if let index = byNode.firstIndex(where: { $0.node == node }) {
                    byNode[index].filters.append(filter)
                } else {
                    byNode.append((node, [filter]))
                }
            }
            return byNode.map { entry in
                var filter = ISCP2DownstreamFilter()
                filter.sourceNodeID = entry.node
                filter.dataFilters = entry.filters
                return filter
            }
        }

        /// Pings the server every second, so that it keeps a quiet connection and the reading
        /// loop wakes up to check the deadline.
        private static func keepAlive(_ connection: ISCP2ClientConnection) async throws {
            while true {
                try await Task.sleep(for: .seconds(1))
                var ping = ISCP2Ping()
                ping.requestID = connection.nextRequestID()
                connection.send(.ping(ping))
            }
        }
    }
}
