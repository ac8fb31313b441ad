import Foundation

extension IntdashClient {
    /// Reads and makes measurements: `GET|POST …/api/v1/measurements`, `GET …/measurements/{uuid}`.
    public final class MeasurementsAPI: Sendable {
        /// Sort orders.
        public enum OrderType: String, Sendable {
            /// Ascending.
            case asc
            /// Descending.
            case desc
        }

        /// The states of a measurement.
        public enum Status: String, Sendable {
            /// Data is arriving in real time.
            case measuring
            /// Data is arriving late.
            case resending
            /// All data has arrived.
            case finished
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

        /// A page of the measurements the caller may see.
        ///
        /// - Parameters:
        ///   - start: Only measurements whose base time is at or after this (seconds since 1970).
        ///   - end: Only measurements whose base time is before this (seconds since 1970).
        ///   - durationStart: Only measurements at least this long (seconds).
        ///   - durationEnd: Only measurements at most this long (seconds).
        ///   - order: The order of their base times.
        public func list(
            uuid: String? = nil, name: String? = nil, edgeUuid: String? = nil, start: TimeInterval? = nil, end: TimeInterval? = nil,
            durationStart: TimeInterval? = nil, durationEnd: TimeInterval? = nil, status: Status? = nil, limit: Int? = nil, page: Int? = nil,
            order: OrderType = .asc
        ) async throws -> MeasurementsListResponse {
            var query: [(String, String)] = [("order", order.rawValue)]
            func microseconds(_ seconds: TimeInterval) -> String { String(Int64((seconds * 1_000_000).rounded())) }
            if let uuid { query.append(("uuid", uuid)) }
            if let name { query.append(("name", name)) }
            if let edgeUuid { query.append(("edge_uuid", edgeUuid)) }
            if let start { query.append(("start", microseconds(start))) }
            if let end { query.append(("end", microseconds(end))) }
            if let durationStart { query.append(("duration_start", microseconds(durationStart))) }
            if let durationEnd { query.append(("duration_end", microseconds(durationEnd))) }
            if let status { query.append(("status", status.rawValue)) }
            if let limit { query.append(("limit", String(limit))) }
            if let page { query.append(("page", String(page))) }
            let json = try await holder.transport().object("GET", "/measurements", query: query)
            return MeasurementsListResponse(
                items: json.objects("items").map(MeasurementItem.init(json:)), page: json.object("page").map(MeasurementsPage.init(json:)))
        }

        /// A page of measurements; see ``list(uuid:name:edgeUuid:start:end:durationStart:durationEnd:status:limit:page:order:)``.
        public func list(
            uuid: String? = nil, name: String? = nil, edgeUuid: String? = nil, start: TimeInterval? = nil, end: TimeInterval? = nil,
            durationStart: TimeInterval? = nil, durationEnd: TimeInterval? = nil, status: Status? = nil, limit: Int? = nil, page: Int? = nil,
            order: OrderType = .asc, completion: @escaping @Sendable (MeasurementsListResponse?, RESTError?) -> Void
        ) {
            complete(completion) {
                try await self.list(
                    uuid: uuid, name: name, edgeUuid: edgeUuid, start: start, end: end, durationStart: durationStart, durationEnd: durationEnd,
                    status: status, limit: limit, page: page, order: order
                )
            }
        }

        /// The measurement `uuid` (an addition to the 1.x SDK).
        public func get(uuid: String) async throws -> MeasurementItem {
            MeasurementItem(json: try await holder.transport().object("GET", "/measurements/\(RESTTransport.escaped(uuid))"))
        }

        /// Makes a measurement of edge `edgeUuid` (an addition to the 1.x SDK).
        ///
        /// - Parameters:
        ///   - baseTime: The time its elapsed times count from.
        ///   - baseTimeType: Where the base time came from, such as `edge_rtc`.
        public func create(
            edgeUuid: String, name: String = "", description: String = "", baseTime: Date, baseTimeType: String = "edge_rtc", protected: Bool = false
        ) async throws -> MeasurementItem {
            let body: [String: Any] = [
                "edge_uuid": edgeUuid, "name": name, "description": description, "basetime": baseTime.rfc3339String,
                "basetime_type": baseTimeType, "protected": protected,
            ]
            return MeasurementItem(json: try await holder.transport().object("POST", "/measurements", json: body))
        }
    }
}
