import Foundation

extension IntdashClient {
    /// Reads stored data points: `GET …/api/v1/data`, in the protobuf form.
    public final class DataPointsAPI: Sendable {
        /// Orders by time.
        public enum OrderType: String, Sendable {
            /// Oldest first.
            case asc
            /// Newest first.
            case desc
        }

        /// Which data to read: a list of id queries (`idq`), `<data type>:<channel>/<id>`,
        /// where a missing channel or id is `*`.
        ///
        /// ```swift
        /// let filters = IntdashClient.DataPointsAPI.RequestFilters()
        /// filters.append(dataType: .float, channelNum: 1, id: "speed")   // 11:1/speed
        /// filters.append(dataType: .can, channelNum: nil, id: nil)       // 1:*/*
        /// ```
        public final class RequestFilters {
            /// The id queries, in order.
            private(set) var queries: [String] = []

            /// Creates an empty filter list; no filters means all data.
            public init() {}

            /// Adds the data of `dataType` on channel `channelNum` (`nil` for every channel)
            /// whose id is `id` (`nil` for every id). An id is a string, or for CAN, Generic,
            /// GeneralSensor, ControlPad and video types a number, shown as the API shows it.
            public func append(dataType: IntdashDataType, channelNum: Int?, id: Any?) {
                append(dataType: dataType, channelNum: channelNum, ids: id.map { [$0] })
            }

            /// Adds the data of `dataType` on channel `channelNum` whose id is one of `ids`
            /// (`nil` or empty for every id).
            public func append(dataType: IntdashDataType, channelNum: Int?, ids: [Any]?) {
                let type = Int(dataType.rawValue)
                guard let channelNum else {
                    queries.append("\(type):*/*")
                    return
                }
                guard let ids, !ids.isEmpty else {
                    queries.append("\(type):\(channelNum)/*")
                    return
                }
                for id in ids {
                    queries.append("\(type):\(channelNum)/\(Self.text(of: id, dataType: dataType))")
                }
            }

            /// An id as the API shows it: numbers in hexadecimal with the data type's width.
            static func text(of id: Any, dataType: IntdashDataType) -> String {
                if let text = id as? String { return text }
                guard let number = IntdashJSONField.integer(id, as: UInt64.self) else { return "\(id)" }
                let digits: Int =
                    switch dataType {
                    case .can, .generic: 8
                    case .generalSensor: 4
                    case .controlPad, .h264, .h265: 2
                    default: 0
                    }
                guard digits > 0 else { return String(number) }
                let hex = String(number, radix: 16)
                return String(repeating: "0", count: max(0, digits - hex.count)) + hex
            }
        }

        private let holder: SessionHolder

        /// The session the API uses.
        public var session: Session? {
            get { holder.session }
            set { holder.session = newValue }
        }

        /// Creates the API for `session`.
        public init(session: Session?) {
            holder = SessionHolder(session)
        }

        /// The data points of `name` between `start` and `end`.
        ///
        /// - Parameters:
        ///   - name: A measurement's UUID, an edge's UUID or an edge's name, tried in that order.
        ///   - filters: Which data; `nil` for all.
        ///   - start: The start of the range, in seconds since 1970.
        ///   - end: The end of the range, in seconds since 1970.
        ///   - limit: The most points to read; -1 for no limit.
        public func getDataPoints(
            name: String, filters: RequestFilters?, start: TimeInterval, end: TimeInterval, limit: Int = -1, order: OrderType = .asc
        ) async throws -> sending DataPointsGetDataPointsResponse {
            let records = try await records(name: name, queries: filters?.queries ?? [], start: start, end: end, limit: limit, order: order)
            return DataPointsGetDataPointsResponse(dataPoints: records.map(Self.dataPoint(of:)))
        }

        /// The data points of `name` between `start` and `end`; see ``getDataPoints(name:filters:start:end:limit:order:)``.
        public func getDataPoints(
            name: String, filters: RequestFilters?, start: TimeInterval, end: TimeInterval, limit: Int = -1, order: OrderType = .asc,
            completion: @escaping @Sendable (DataPointsGetDataPointsResponse?, RESTError?) -> Void
        ) {
            let queries = filters?.queries ?? []
            Task {
                do {
                    let records = try await self.records(name: name, queries: queries, start: start, end: end, limit: limit, order: order)
                    completion(DataPointsGetDataPointsResponse(dataPoints: records.map(Self.dataPoint(of:))), nil)
                } catch {
                    completion(nil, RESTError.wrapping(error))
                }
            }
        }

        /// The records the server gives for a query.
        private func records(
            name: String, queries: [String], start: TimeInterval, end: TimeInterval, limit: Int, order: OrderType
        ) async throws -> [DataResponseReader.Record] {
            var query: [(String, String)] = [
                ("name", name), ("start", Date(timeIntervalSince1970: start).rfc3339String), ("end", Date(timeIntervalSince1970: end).rfc3339String),
                ("order", order.rawValue),
            ]
            query += queries.map { ("idq", $0) }
            if limit >= 0 { query.append(("limit", String(limit))) }
            let body = try await holder.transport().send("GET", "/data", query: query, accept: "application/protobuf")
            do {
                return try DataResponseReader.records(in: [UInt8](body))
            } catch {
                throw RESTError(kind: .dataConversionFailed, message: "the data answer is not readable: \(error)", originError: error)
            }
        }

        /// The data point of a record, with its value read when its type is known.
        private static func dataPoint(of record: DataResponseReader.Record) -> DataPoint {
            let dataType = UInt8(record.dataType) ?? 0
            let model = try? IntdashData.decoded(rawDataType: dataType, payload: record.payload)
            return DataPoint(
                time: record.time, measurementUuid: record.measurementUUID, dataType: dataType, dataId: record.dataID,
                data: model?.jsonObject ?? [:], dataModel: model, createAt: record.createdAt
            )
        }
    }
}
